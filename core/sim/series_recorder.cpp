#include "core/sim/series_recorder.hpp"

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
    started_ = true;
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
    }
}

} // namespace clens
