#include "core/sim/sim_summary.hpp"

#include "core/util/quantile.hpp"

#include <algorithm>
#include <cmath>

namespace clens {

SimSummary computeSummary(const SimResult& r)
{
    SimSummary s;
    std::vector<double> delays;
    double jct = 0, slowdown = 0;
    std::int64_t scaledIntervals = 0, cpuUnder = 0, memUnder = 0;
    std::int64_t lastEnd = r.firstSubmit_s;
    bool anyEnd = false;
    for (const auto& j : r.jobs) {
        if (!j.simulated)
            continue;
        ++s.jobs;
        s.allocatedGpuSeconds += static_cast<double>(j.gpuSeconds);
        s.effectiveGpuSeconds += j.effectiveGpuSeconds;
        s.heldIdleGpuSeconds += static_cast<double>(j.heldIdleGpuSeconds);
        s.fairshareDelay_s += static_cast<double>(j.fairshareDelay_s);
        s.fragmentationDelay_s += static_cast<double>(j.fragmentationDelay_s);
        s.capacityDelay_s += static_cast<double>(j.capacityDelay_s);
        s.powerDelay_s += static_cast<double>(j.powerDelay_s);
        s.cpuReservedCoreH += j.cpuReservedCoreS / 3600.0;
        s.cpuUsedCoreH += j.cpuUsedCoreS / 3600.0;
        s.memReservedGbH += j.memReservedGbS / 3600.0;
        s.memUsedGbH += j.memUsedGbS / 3600.0;
        s.oomKills += j.oomKills;
        s.throttled_s += j.throttled_s;
        scaledIntervals += j.scaledIntervals;
        cpuUnder += j.cpuUnderIntervals;
        memUnder += j.memUnderIntervals;
        if (j.end_s) {
            lastEnd = anyEnd ? std::max(lastEnd, *j.end_s) : *j.end_s;
            anyEnd = true;
        }
        if (j.status == JobStatus::Unfinished) {
            ++s.unfinishedJobs;
            continue;
        }
        ++s.finishedJobs;
        delays.push_back(static_cast<double>(j.queueDelay_s));
        const auto& job = r.trace->jobs[static_cast<std::size_t>(j.job)];
        jct += static_cast<double>(*j.end_s - job.submit_s);
        slowdown += j.slowdown;
        if (j.servers > 1)
            ++s.distributedJobs;
    }
    s.makespan_s = anyEnd ? lastEnd - r.firstSubmit_s : 0;
    if (!delays.empty()) {
        double sum = 0;
        for (const auto d : delays)
            sum += d;
        const auto n = static_cast<double>(delays.size());
        s.meanQueueDelay_s = sum / n;
        std::sort(delays.begin(), delays.end());
        s.p50QueueDelay_s = quantileSorted(delays, 0.5);
        s.p95QueueDelay_s = quantileSorted(delays, 0.95);
        s.meanJct_s = jct / n;
        s.meanSlowdown = slowdown / n;
    }
    if (scaledIntervals > 0) {
        s.cpuUnderPct = 100.0 * static_cast<double>(cpuUnder) / static_cast<double>(scaledIntervals);
        s.memUnderPct = 100.0 * static_cast<double>(memUnder) / static_cast<double>(scaledIntervals);
    }
    const double capacity = r.cluster ? static_cast<double>(r.cluster->gpuCount()) * static_cast<double>(s.makespan_s) : 0;
    s.gpuAllocFraction = capacity > 0 ? s.allocatedGpuSeconds / capacity : 0;
    s.gpuEffectiveUtil = s.allocatedGpuSeconds > 0 ? s.effectiveGpuSeconds / s.allocatedGpuSeconds : 0;
    return s;
}

boost::json::object summaryToJson(const SimSummary& s)
{
    boost::json::object o;
    o["jobs"] = s.jobs;
    o["finished_jobs"] = s.finishedJobs;
    o["unfinished_jobs"] = s.unfinishedJobs;
    o["makespan_s"] = s.makespan_s;
    o["mean_queue_delay_s"] = s.meanQueueDelay_s;
    o["p50_queue_delay_s"] = s.p50QueueDelay_s;
    o["p95_queue_delay_s"] = s.p95QueueDelay_s;
    o["mean_jct_s"] = s.meanJct_s;
    o["gpu_alloc_fraction"] = s.gpuAllocFraction;
    o["gpu_effective_util"] = s.gpuEffectiveUtil;
    o["fairshare_delay_s"] = s.fairshareDelay_s;
    o["fragmentation_delay_s"] = s.fragmentationDelay_s;
    o["capacity_delay_s"] = s.capacityDelay_s;
    o["held_idle_gpu_seconds"] = s.heldIdleGpuSeconds;
    o["mean_slowdown"] = s.meanSlowdown;
    o["distributed_jobs"] = s.distributedJobs;
    o["allocated_gpu_seconds"] = s.allocatedGpuSeconds;
    o["effective_gpu_seconds"] = s.effectiveGpuSeconds;
    o["preemptions"] = s.preemptions;
    o["server_failures"] = s.serverFailures;
    const auto orNull = [](double v) { return std::isnan(v) ? boost::json::value(nullptr) : boost::json::value(v); };
    o["cpu_alloc_fraction"] = orNull(s.cpuAllocFraction); // null: some server's CPU is unlimited
    o["mem_alloc_fraction"] = orNull(s.memAllocFraction);
    o["gpu_share_fragmentation"] = s.gpuShareFragmentation;
    o["cpu_reserved_core_h"] = s.cpuReservedCoreH;
    o["cpu_used_core_h"] = s.cpuUsedCoreH;
    o["mem_reserved_gb_h"] = s.memReservedGbH;
    o["mem_used_gb_h"] = s.memUsedGbH;
    o["cpu_under_pct"] = s.cpuUnderPct;
    o["mem_under_pct"] = s.memUnderPct;
    o["oom_kills"] = s.oomKills;
    o["throttled_s"] = s.throttled_s;
    o["energy_kwh"] = s.energyKwh;
    o["powered_server_h"] = s.poweredServerH;
    o["power_delay_s"] = s.powerDelay_s;
    return o;
}

} // namespace clens
