#include "core/sim/series_recorder.hpp"

#include <algorithm>

namespace clens {

void SeriesRecorder::init(std::int64_t first_s, std::int64_t step_s, std::int32_t clusterGpus, std::size_t vcs)
{
    c_ = SeriesCounters{};
    c_.queuedByVc.assign(vcs, 0);
    s_ = TimeSeries{};
    s_.step_s = step_s;
    s_.queuedByVc.assign(vcs, {});
    next_ = first_s;
    gpus_ = clusterGpus;
    max_ = maxSamples(vcs);
    started_ = true;
}

std::size_t SeriesRecorder::maxSamples(std::size_t vcs)
{
    constexpr std::size_t kValues = std::size_t{1} << 24, kColumns = 13;
    return std::clamp(kValues / (kColumns + vcs), std::size_t{4096}, std::size_t{1} << 18);
}

void SeriesRecorder::halve()
{
    const auto keepEven = [](auto& v) {
        std::size_t out = 0;
        for (std::size_t i = 0; i < v.size(); i += 2)
            v[out++] = v[i];
        v.resize(out);
    };
    keepEven(s_.t_s);
    keepEven(s_.allocatedGpus);
    keepEven(s_.effectiveUtil);
    keepEven(s_.queuedJobs);
    keepEven(s_.freeServers);
    keepEven(s_.heldIdleGpus);
    for (auto& v : s_.queuedByVc)
        keepEven(v);
    keepEven(s_.cpuReserved);
    keepEven(s_.memReserved);
    keepEven(s_.shareFragmentation);
    keepEven(s_.cpuUsed);
    keepEven(s_.memUsed);
    keepEven(s_.poweredServers);
    keepEven(s_.powerKw);
    // The kept samples lie 2 steps apart; the next one follows the last kept.
    s_.step_s *= 2;
    next_ = s_.t_s.back() + s_.step_s;
}

void SeriesRecorder::emitWhile(std::int64_t t, bool inclusive, const Levels& now)
{
    if (!started_)
        return;
    while (inclusive ? next_ <= t : next_ < t) {
        s_.t_s.push_back(next_);
        s_.allocatedGpus.push_back(static_cast<double>(c_.allocatedMilli) / 1000.0);
        s_.effectiveUtil.push_back(gpus_ > 0 ? static_cast<double>(c_.utilMicro) / 1e6 / gpus_ : 0.0);
        s_.queuedJobs.push_back(c_.queuedJobs);
        s_.freeServers.push_back(now.freeServers);
        s_.cpuReserved.push_back(static_cast<double>(now.cpuReservedMilli) / 1000.0);
        s_.memReserved.push_back(static_cast<double>(now.memReservedMib) / 1024.0);
        s_.shareFragmentation.push_back(now.shareFragmentation);
        s_.cpuUsed.push_back(now.cpuUsedCores);
        s_.memUsed.push_back(now.memUsedMib / 1024.0);
        s_.poweredServers.push_back(now.poweredServers);
        s_.powerKw.push_back(now.powerKw);
        s_.heldIdleGpus.push_back(c_.heldIdleGpus);
        for (std::size_t v = 0; v < c_.queuedByVc.size(); ++v)
            s_.queuedByVc[v].push_back(c_.queuedByVc[v]);
        next_ += s_.step_s;
        if (s_.t_s.size() >= max_)
            halve();
    }
}

} // namespace clens
