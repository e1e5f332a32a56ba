#include "core/analysis/cluster_series_sampler.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace clens {

namespace {

constexpr std::int64_t kMaxSamples = 2'000'000;

struct Event {
    std::int64_t t = 0;
    std::uint32_t index = 0; // into held (kind Held) or waiting
    bool held = false;
    bool begins = false;
};

} // namespace

ClusterSeries sampleClusterSeries(std::span<const HeldInterval> held, std::span<const WaitingInterval> waiting,
                                  std::int64_t start_s, std::int64_t step_s, const SeriesCluster& cluster)
{
    ClusterSeries s;
    step_s = std::max<std::int64_t>(step_s, 1);
    std::vector<Event> events;
    events.reserve(2 * (held.size() + waiting.size()));
    std::int64_t last = start_s;
    bool serversKnown = cluster.servers.has_value();
    for (std::uint32_t i = 0; i < held.size(); ++i) {
        if (held[i].to_s <= held[i].from_s)
            continue;
        events.push_back({held[i].from_s, i, true, true});
        events.push_back({held[i].to_s, i, true, false});
        last = std::max(last, held[i].to_s);
        if (held[i].server < 0 || (cluster.servers && held[i].server >= *cluster.servers))
            serversKnown = false;
    }
    for (std::uint32_t i = 0; i < waiting.size(); ++i) {
        if (waiting[i].to_s <= waiting[i].from_s)
            continue;
        events.push_back({waiting[i].from_s, i, false, true});
        events.push_back({waiting[i].to_s, i, false, false});
        last = std::max(last, waiting[i].to_s);
    }
    std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.t < b.t; });
    while ((last - start_s) / step_s > kMaxSamples)
        step_s *= 2;
    s.step_s = step_s;

    std::vector<std::int32_t> busyOnServer(serversKnown ? static_cast<std::size_t>(*cluster.servers) : 0, 0);
    std::int64_t allocated = 0, queued = 0, unknownUtil = 0, busyServers = 0;
    double utilGpus = 0;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::size_t e = 0;
    for (std::int64_t t = start_s; t <= last; t += step_s) {
        for (; e < events.size() && events[e].t <= t; ++e) {
            const auto& ev = events[e];
            const int sign = ev.begins ? 1 : -1;
            if (!ev.held) {
                queued += sign;
                continue;
            }
            const auto& h = held[ev.index];
            allocated += sign * h.gpus;
            if (std::isnan(h.util))
                unknownUtil += sign;
            else
                utilGpus += sign * h.gpus * h.util;
            if (serversKnown) {
                auto& busy = busyOnServer[static_cast<std::size_t>(h.server)];
                const bool wasBusy = busy > 0;
                busy += sign * h.gpus;
                busyServers += int(busy > 0) - int(wasBusy);
            }
        }
        s.t_s.push_back(t);
        s.allocatedGpus.push_back(static_cast<double>(allocated));
        s.queuedJobs.push_back(static_cast<double>(queued));
        const bool utilKnown = cluster.gpus && *cluster.gpus > 0 && unknownUtil == 0;
        s.effectiveUtil.push_back(utilKnown ? std::max(0.0, utilGpus) / *cluster.gpus : nan);
        s.freeServers.push_back(serversKnown ? static_cast<double>(*cluster.servers - busyServers) : nan);
        // Reservations and shares are not in recorded start/end times.
        s.cpuReserved.push_back(nan);
        s.memReserved.push_back(nan);
        s.shareFragmentation.push_back(nan);
        s.cpuUsed.push_back(nan);
        s.memUsed.push_back(nan);
        s.poweredServers.push_back(nan);
        s.powerKw.push_back(nan);
    }
    return s;
}

} // namespace clens
