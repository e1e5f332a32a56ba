#include "core/pack/packing_state.hpp"

#include <algorithm>
#include <cmath>

namespace clens {

void packingStateAt(const PackResult& run, const Topology& cluster, std::size_t arrivals, ClusterState& out)
{
    const auto gpus = static_cast<std::size_t>(cluster.gpuCount());
    const auto servers = static_cast<std::size_t>(cluster.serverCount());
    out.t_s = static_cast<std::int64_t>(arrivals);
    out.gpu.assign(gpus, GpuState::Idle);
    out.job.assign(gpus, -1);
    out.util.assign(gpus, 0.0f);
    out.used.assign(gpus, 0);
    out.sharers.assign(gpus, 0);
    out.cpuReserved.assign(servers, 0.0f);
    out.memReserved.assign(servers, 0.0f);
    out.serverPower.assign(servers, 0);
    out.queuedJobs = 0;
    arrivals = std::min(arrivals, run.steps.size());
    for (std::size_t i = 0; i < arrivals; ++i) {
        const auto& s = run.steps[i];
        if (s.server < 0)
            continue;
        const bool share = s.gpuMilli < 1000;
        for (std::int32_t k = 0; k < s.gpuCount; ++k) {
            const auto g = static_cast<std::size_t>(run.gpus[static_cast<std::size_t>(s.firstGpu + k)]);
            out.gpu[g] = GpuState::Busy;
            if (out.job[g] < 0)
                out.job[g] = s.job; // the first to arrive, as the simulation's "started first"
            out.used[g] = static_cast<std::uint16_t>(std::min(1000, out.used[g] + s.gpuMilli));
            out.util[g] = static_cast<float>(out.used[g]) / 1000.0f;
            if (share)
                ++out.sharers[g];
        }
        const auto server = static_cast<std::size_t>(s.server);
        out.cpuReserved[server] += static_cast<float>(s.cpuMilli) / 1000.0f;
        out.memReserved[server] += static_cast<float>(s.memMiB) / 1024.0f;
    }
    out.cpuUsed = out.cpuReserved;
    out.memUsed = out.memReserved;
}

std::size_t arrivalsUpToPct(const PackResult& run, std::int32_t pct)
{
    if (run.capacityMilli <= 0)
        return run.steps.size();
    const auto cap = static_cast<double>(run.capacityMilli);
    const auto after = std::partition_point(run.steps.begin(), run.steps.end(), [&](const PackStep& s) {
        return std::lround(100.0 * static_cast<double>(s.arrivedMilli) / cap) <= pct;
    });
    return static_cast<std::size_t>(after - run.steps.begin());
}

} // namespace clens
