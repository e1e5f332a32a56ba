#include "core/analysis/cluster_capacity.hpp"
#include "core/analysis/job_table_builders.hpp"

#include <algorithm>
#include <cmath>

namespace clens {

namespace {

ClusterSeries copySeries(const TimeSeries& ts, const std::string& origin)
{
    ClusterSeries s;
    s.step_s = ts.step_s;
    s.t_s = ts.t_s;
    const auto toDouble = [](const auto& v) { return std::vector<double>(v.begin(), v.end()); };
    s.allocatedGpus = toDouble(ts.allocatedGpus);
    s.effectiveUtil = ts.effectiveUtil;
    s.queuedJobs = toDouble(ts.queuedJobs);
    s.freeServers = toDouble(ts.freeServers);
    s.cpuReserved = ts.cpuReserved;
    s.memReserved = ts.memReserved;
    s.shareFragmentation = ts.shareFragmentation;
    s.cpuUsed = ts.cpuUsed;
    s.memUsed = ts.memUsed;
    s.poweredServers = toDouble(ts.poweredServers);
    s.powerKw = ts.powerKw;
    const auto n = s.t_s.size();
    for (auto* v : {&s.allocatedGpus, &s.effectiveUtil, &s.queuedJobs, &s.freeServers, &s.cpuReserved, &s.memReserved,
                    &s.shareFragmentation, &s.cpuUsed, &s.memUsed, &s.poweredServers, &s.powerKw})
        v->resize(n, std::nan(""));
    s.origin = origin;
    return s;
}

} // namespace

void useSimulatorSeries(JobTable& table, const TimeSeries& series, const std::string& origin)
{
    table.series = copySeries(series, origin);
}

void noteTraceUtilization(JobTable& table, const Trace& trace)
{
    for (const auto& j : trace.jobs)
        if (!std::isnan(j.gpuUtil))
            return;
    table.utilNote += " The trace has no measured utilization, so the simulator assumed 100%: these figures show "
                      "only the modelled locality penalty (1 / slowdown).";
}

JobTable jobTableFromSimResult(const SimResult& result)
{
    JobTable t;
    t.source = JobTableSource::Simulation;
    t.label = "simulation";
    t.gpuTimeNote = "GPU time = every GPU-second held (trials, lost work and held-idle GPUs included)";
    t.utilNote = kSimulatedUtilNote;
    if (!result.trace)
        return t;
    const Trace& trace = *result.trace;
    if (!trace.meta.source.empty())
        t.label = "simulation of " + trace.meta.source;
    for (const auto& tenant : trace.tenants)
        t.vcs.push_back(tenant.name);
    if (result.cluster) {
        t.clusterGpus = result.cluster->gpuCount();
        t.clusterServers = result.cluster->serverCount();
        const auto capacities = serverCapacities(*result.cluster, result.scenario.resources.serverDefaults);
        t.clusterCpuCores = totalCapacity(capacities.cpuCores);
        t.clusterMemGb = totalCapacity(capacities.memGb);
    }
    std::int64_t notSimulated = 0;
    bool anyUtil = false;
    for (const auto& jr : result.jobs) {
        if (!jr.simulated || jr.job < 0 || static_cast<std::size_t>(jr.job) >= trace.jobs.size()) {
            ++notSimulated;
            continue;
        }
        const Job& job = trace.jobs[static_cast<std::size_t>(jr.job)];
        JobRecord r;
        r.vc = job.tenant;
        r.gpus = job.gpus;
        r.submit_s = job.submit_s;
        r.status = jr.status;
        r.start_s = jr.start_s;
        r.end_s = jr.end_s;
        r.queueDelay_s = jr.queueDelay_s;
        r.fairshareDelay_s = jr.fairshareDelay_s;
        r.fragmentationDelay_s = jr.fragmentationDelay_s;
        r.capacityDelay_s = jr.capacityDelay_s;
        r.powerDelay_s = jr.powerDelay_s;
        if (jr.end_s)
            r.runTime_s = *jr.end_s - job.submit_s - jr.queueDelay_s;
        if (jr.start_s) {
            r.servers = jr.servers;
            r.racks = jr.racks;
            r.level = jr.level;
            r.util = jr.effectiveUtil;
            anyUtil |= jr.effectiveUtil > 0;
        }
        r.gpuSeconds = static_cast<double>(jr.gpuSeconds);
        t.ids.push_back(job.id);
        t.jobs.push_back(r);
    }
    if (!anyUtil) // the engine models no utilization for this trace
        for (auto& r : t.jobs)
            r.util = std::nan("");
    t.refreshFlags();
    if (notSimulated)
        t.notes.push_back(std::to_string(notSimulated) + " jobs of the trace were not simulated and are left out");
    noteTraceUtilization(t, trace);
    if (!result.series.t_s.empty())
        useSimulatorSeries(t, result.series, "the simulator's time series");
    const auto& sum = result.summary;
    if (result.scenario.autoscaler.usage != UsageModel::None)
        t.autoscale = JobTable::AutoscaleTotals{sum.cpuReservedCoreH, sum.cpuUsedCoreH, sum.memReservedGbH, sum.memUsedGbH,
                                                sum.cpuUnderPct,      sum.memUnderPct,  static_cast<double>(sum.oomKills),
                                                sum.throttled_s};
    if (result.scenario.power.enabled)
        t.power = JobTable::PowerTotals{sum.energyKwh, sum.poweredServerH, sum.powerDelay_s};
    return t;
}

} // namespace clens
