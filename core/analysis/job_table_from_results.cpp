#include "core/analysis/cluster_capacity.hpp"
#include "core/analysis/cluster_series_sampler.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "core/util/input_error.hpp"

#include <algorithm>
#include <unordered_map>

namespace clens {

JobTable jobTableFromJobResults(const JobResultsFile& file, const Topology* cluster, std::int64_t seriesStep_s)
{
    JobTable t;
    t.source = JobTableSource::Simulation;
    t.label = file.path;
    t.gpuTimeNote = "GPU time = the file's gpu_seconds (every GPU-second held), else GPUs x run time";
    t.utilNote = kSimulatedUtilNote;
    if (cluster) {
        t.clusterGpus = cluster->gpuCount();
        t.clusterServers = cluster->serverCount();
        const auto capacities = serverCapacities(*cluster, {}); // the scenario's defaults are not in jobs.csv
        t.clusterCpuCores = totalCapacity(capacities.cpuCores);
        t.clusterMemGb = totalCapacity(capacities.memGb);
    }
    std::unordered_map<std::string, std::int32_t> vcIndex;
    std::vector<HeldInterval> held;
    std::vector<WaitingInterval> waiting;
    std::int64_t firstSubmit = 0, lastEnd = 0;
    bool anyEnd = false;
    t.ids.reserve(file.rows.size());
    t.jobs.reserve(file.rows.size());
    for (const auto& row : file.rows) {
        JobRecord r;
        const auto [it, added] = vcIndex.try_emplace(row.vc, static_cast<std::int32_t>(t.vcs.size()));
        if (added)
            t.vcs.push_back(row.vc);
        r.vc = it->second;
        r.gpus = row.gpus;
        r.submit_s = row.submit_s;
        r.status = row.status;
        r.start_s = row.start_s;
        r.end_s = row.end_s;
        r.queueDelay_s = row.queueDelay_s;
        r.fairshareDelay_s = row.fairshareDelay_s;
        r.fragmentationDelay_s = row.fragmentationDelay_s;
        r.capacityDelay_s = row.capacityDelay_s;
        r.powerDelay_s = row.powerDelay_s;
        if (row.end_s)
            r.runTime_s = row.queueDelay_s ? *row.end_s - row.submit_s - *row.queueDelay_s : *row.end_s - *row.start_s;
        if (row.start_s) {
            r.servers = row.servers;
            r.racks = row.racks;
            r.level = row.level;
            if (row.effectiveUtil)
                r.util = *row.effectiveUtil;
        }
        r.gpuSeconds = row.gpuSeconds ? *row.gpuSeconds
                                      : static_cast<double>(row.gpus) * static_cast<double>(r.runTime_s.value_or(0));
        firstSubmit = t.jobs.empty() ? row.submit_s : std::min(firstSubmit, row.submit_s);
        if (row.end_s) {
            lastEnd = anyEnd ? std::max(lastEnd, *row.end_s) : *row.end_s;
            anyEnd = true;
            held.push_back({*row.start_s, *row.end_s, row.gpus, r.util, -1});
        }
        t.ids.push_back(row.id);
        t.jobs.push_back(r);
    }
    // Jobs that never started wait until the last event.
    for (std::size_t i = 0; i < t.jobs.size(); ++i) {
        const auto& r = t.jobs[i];
        if (r.start_s)
            waiting.push_back({r.submit_s, *r.start_s});
        else if (anyEnd)
            waiting.push_back({r.submit_s, std::max(lastEnd, r.submit_s)});
    }
    t.refreshFlags();
    if (!held.empty()) {
        t.series = sampleClusterSeries(held, waiting, firstSubmit, seriesStep_s, {t.clusterGpus, std::nullopt});
        t.series->origin = "recomputed from jobs.csv start/end (restarts and held-idle GPUs are not in the file; "
                           "fully-free servers need the simulator's series)";
    }
    return t;
}

void checkResultMatchesTrace(const JobResultsFile& file, const Trace& trace)
{
    std::unordered_map<std::string_view, std::size_t> byId;
    byId.reserve(trace.jobs.size());
    for (std::size_t i = 0; i < trace.jobs.size(); ++i)
        byId.emplace(trace.jobs[i].id, i);
    for (const auto& row : file.rows) {
        const auto it = byId.find(row.id);
        if (it == byId.end())
            throw InputError(file.path, row.line, "job_id",
                             "job '" + row.id + "' is not in the trace " + trace.meta.source + ": the result is for another trace");
        const Job& job = trace.jobs[it->second];
        if (job.gpus != row.gpus)
            throw InputError(file.path, row.line, "gpus",
                             "job '" + row.id + "' asks for " + std::to_string(row.gpus) + " GPUs here but " +
                                 std::to_string(job.gpus) + " in the trace: the result is for another trace");
        if (job.submit_s != row.submit_s)
            throw InputError(file.path, row.line, "submit_s",
                             "job '" + row.id + "' is submitted at " + std::to_string(row.submit_s) + " here but at " +
                                 std::to_string(job.submit_s) + " in the trace: the result is for another trace");
    }
}

} // namespace clens
