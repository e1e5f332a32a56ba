#include "core/sim/sim_summary.hpp"

#include "core/util/quantile.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace clens {

SimSummary computeSummary(const SimResult& r)
{
    SimSummary s;
    std::vector<double> delays;
    delays.reserve(r.jobs.size());
    double jct = 0, slowdown = 0;
    std::int64_t scaledIntervals = 0, cpuUnder = 0, memUnder = 0;
    std::int64_t lastEnd = r.firstSubmit_s;
    bool anyEnd = false, heldByUnfinished = false;
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
        const auto& u = r.resourcesOf(static_cast<std::size_t>(j.job));
        s.cpuReservedCoreH += u.cpuReservedCoreS / 3600.0;
        s.cpuUsedCoreH += u.cpuUsedCoreS / 3600.0;
        s.memReservedGbH += u.memReservedGbS / 3600.0;
        s.memUsedGbH += u.memUsedGbS / 3600.0;
        s.oomKills += u.oomKills;
        s.throttled_s += u.throttled_s;
        scaledIntervals += u.scaledIntervals;
        cpuUnder += u.cpuUnderIntervals;
        memUnder += u.memUnderIntervals;
        if (j.end_s) {
            lastEnd = anyEnd ? std::max(lastEnd, *j.end_s) : *j.end_s;
            anyEnd = true;
        }
        if (j.status == JobStatus::Unfinished) {
            ++s.unfinishedJobs;
            heldByUnfinished = heldByUnfinished || j.gpuSeconds > 0;
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
        s.p50QueueDelay_s = quantileSelect(delays, 0.5);
        s.p95QueueDelay_s = quantileSelect(delays, 0.95);
        s.meanJct_s = jct / n;
        s.meanSlowdown = slowdown / n;
    }
    if (scaledIntervals > 0) {
        s.cpuUnderPct = 100.0 * static_cast<double>(cpuUnder) / static_cast<double>(scaledIntervals);
        s.memUnderPct = 100.0 * static_cast<double>(memUnder) / static_cast<double>(scaledIntervals);
    }
    // Over the makespan; when unfinished jobs held GPUs (a run stopped at its horizon), over the
    // whole run, as their GPU time is (else the fraction could exceed 1).
    const auto span = heldByUnfinished ? std::max(s.makespan_s, r.lastEvent_s - r.firstSubmit_s) : s.makespan_s;
    const double capacity = r.cluster ? static_cast<double>(r.cluster->gpuCount()) * static_cast<double>(span) : 0;
    s.gpuAllocFraction = capacity > 0 ? s.allocatedGpuSeconds / capacity : 0;
    s.gpuEffectiveUtil = s.allocatedGpuSeconds > 0 ? s.effectiveGpuSeconds / s.allocatedGpuSeconds : 0;
    return s;
}

namespace {

// Every summary key with its field, in summary.json's order: the one list behind summaryToJson
// and summaryFromJson. S is SimSummary or const SimSummary.
template <class S, class F>
void forEachSummaryField(S& s, F&& f)
{
    f("jobs", s.jobs);
    f("finished_jobs", s.finishedJobs);
    f("unfinished_jobs", s.unfinishedJobs);
    f("makespan_s", s.makespan_s);
    f("mean_queue_delay_s", s.meanQueueDelay_s);
    f("p50_queue_delay_s", s.p50QueueDelay_s);
    f("p95_queue_delay_s", s.p95QueueDelay_s);
    f("mean_jct_s", s.meanJct_s);
    f("gpu_alloc_fraction", s.gpuAllocFraction);
    f("gpu_effective_util", s.gpuEffectiveUtil);
    f("fairshare_delay_s", s.fairshareDelay_s);
    f("fragmentation_delay_s", s.fragmentationDelay_s);
    f("capacity_delay_s", s.capacityDelay_s);
    f("held_idle_gpu_seconds", s.heldIdleGpuSeconds);
    f("mean_slowdown", s.meanSlowdown);
    f("distributed_jobs", s.distributedJobs);
    f("allocated_gpu_seconds", s.allocatedGpuSeconds);
    f("effective_gpu_seconds", s.effectiveGpuSeconds);
    f("preemptions", s.preemptions);
    f("server_failures", s.serverFailures);
    f("cpu_alloc_fraction", s.cpuAllocFraction); // NaN (null): some server's CPU is unlimited
    f("mem_alloc_fraction", s.memAllocFraction);
    f("gpu_share_fragmentation", s.gpuShareFragmentation);
    f("cpu_reserved_core_h", s.cpuReservedCoreH);
    f("cpu_used_core_h", s.cpuUsedCoreH);
    f("mem_reserved_gb_h", s.memReservedGbH);
    f("mem_used_gb_h", s.memUsedGbH);
    f("cpu_under_pct", s.cpuUnderPct);
    f("mem_under_pct", s.memUnderPct);
    f("oom_kills", s.oomKills);
    f("throttled_s", s.throttled_s);
    f("energy_kwh", s.energyKwh);
    f("powered_server_h", s.poweredServerH);
    f("power_delay_s", s.powerDelay_s);
}

} // namespace

boost::json::object summaryToJson(const SimSummary& s)
{
    boost::json::object o;
    forEachSummaryField(s, [&](const char* key, const auto& v) {
        if constexpr (std::is_floating_point_v<std::remove_cvref_t<decltype(v)>>)
            o[key] = std::isnan(v) ? boost::json::value(nullptr) : boost::json::value(v);
        else
            o[key] = v;
    });
    return o;
}

SimSummary summaryFromJson(const boost::json::object& o)
{
    SimSummary s;
    forEachSummaryField(s, [&](const char* key, auto& v) {
        using T = std::remove_cvref_t<decltype(v)>;
        const auto* found = o.if_contains(key);
        if (!found)
            return;
        if constexpr (std::is_floating_point_v<T>) {
            if (found->is_null())
                v = std::nan("");
            else if (found->is_number())
                v = found->to_number<double>();
        } else if (found->is_int64()) {
            v = found->get_int64();
        }
    });
    return s;
}

} // namespace clens
