#include "core/analysis/cluster_series_sampler.hpp"
#include "core/analysis/job_table_builders.hpp"

#include <algorithm>
#include <unordered_set>

namespace clens {

namespace {

// Servers and racks of the last recorded placement.
void fillPlacement(const Job& job, const Topology* cluster, JobRecord& r)
{
    for (auto a = job.attempts.rbegin(); a != job.attempts.rend(); ++a) {
        if (a->placement.empty())
            continue;
        std::unordered_set<std::string_view> servers;
        std::unordered_set<std::int32_t> racks;
        bool racksKnown = cluster != nullptr;
        for (const auto& p : a->placement) {
            servers.insert(p.server);
            if (!cluster)
                continue;
            if (const auto s = cluster->findServer(p.server))
                racks.insert(cluster->servers()[static_cast<std::size_t>(*s)].rack);
            else
                racksKnown = false;
        }
        r.servers = static_cast<std::int32_t>(servers.size());
        if (racksKnown)
            r.racks = static_cast<std::int32_t>(racks.size());
        return;
    }
}

// GPUs held per recorded attempt (per server when the placement is known and in the cluster).
void addHeld(const Job& job, const Topology* cluster, std::vector<HeldInterval>& held)
{
    const double util = job.gpuUtil;
    bool any = false;
    for (std::size_t i = 0; i < job.attempts.size(); ++i) {
        const auto& a = job.attempts[i];
        const bool last = i + 1 == job.attempts.size();
        const std::optional<std::int64_t> end = a.end_s ? a.end_s : last ? std::optional<std::int64_t>(job.recordedEnd_s) : std::nullopt;
        if (!a.start_s || !end)
            continue;
        any = true;
        if (a.placement.empty() || !cluster) {
            held.push_back({*a.start_s, *end, job.gpus, util, -1});
            continue;
        }
        for (const auto& p : a.placement) {
            const auto s = cluster->findServer(p.server);
            held.push_back({*a.start_s, *end, static_cast<std::int32_t>(p.gpus.size()), util, s ? *s : -1});
        }
    }
    if (!any && job.recordedStart_s && job.recordedEnd_s)
        held.push_back({*job.recordedStart_s, *job.recordedEnd_s, job.gpus, util, -1});
}

} // namespace

JobTable jobTableFromTrace(const Trace& trace, const Topology* cluster, std::int64_t seriesStep_s)
{
    JobTable t;
    t.source = JobTableSource::Trace;
    t.label = trace.meta.source;
    for (const auto& tenant : trace.tenants)
        t.vcs.push_back(tenant.name);
    t.gpuTimeNote = "GPU time = GPUs requested x service time (sum of attempt durations) as recorded";
    t.utilNote = "measured utilization recorded in the trace";
    t.notes = trace.meta.notes;
    if (cluster) {
        t.clusterGpus = cluster->gpuCount();
        t.clusterServers = cluster->serverCount();
    }
    t.ids.reserve(trace.jobs.size());
    t.jobs.reserve(trace.jobs.size());
    std::vector<HeldInterval> held;
    std::vector<WaitingInterval> waiting;
    std::int64_t startedBeforeSubmit = 0, firstSubmit = 0;
    bool anySubmit = false;
    for (const auto& job : trace.jobs) {
        JobRecord r;
        r.vc = job.tenant;
        r.gpus = job.gpus;
        r.submit_s = job.submit_s;
        r.status = job.status;
        r.start_s = job.recordedStart_s;
        r.end_s = job.recordedEnd_s;
        if (const auto d = job.recordedQueueDelay()) {
            if (*d < 0)
                ++startedBeforeSubmit;
            r.queueDelay_s = std::max<std::int64_t>(*d, 0);
        }
        if (job.skip == SkipReason::None)
            r.runTime_s = job.duration_s;
        r.gpuSeconds = static_cast<double>(job.gpus) * static_cast<double>(job.duration_s);
        r.util = job.gpuUtil;
        fillPlacement(job, cluster, r);
        firstSubmit = anySubmit ? std::min(firstSubmit, job.submit_s) : job.submit_s;
        anySubmit = true;
        if (job.recordedStart_s) {
            addHeld(job, cluster, held);
            waiting.push_back({job.submit_s, *job.recordedStart_s});
        }
        t.ids.push_back(job.id);
        t.jobs.push_back(r);
    }
    t.refreshFlags();
    if (!t.hasDelays)
        t.notes.push_back("the trace records no start times (" + trace.meta.format +
                          "): queueing-delay figures and the cluster time series need a trace with recorded "
                          "starts (Philly job log, Alibaba pods, Helios) or a simulation result");
    if (startedBeforeSubmit)
        t.notes.push_back(std::to_string(startedBeforeSubmit) +
                          " jobs are recorded starting before their submission; their delay is taken as 0");
    if (!held.empty()) {
        t.series = sampleClusterSeries(held, waiting, firstSubmit, seriesStep_s,
                                       {t.clusterGpus, t.clusterServers});
        t.series->origin = "recomputed from the trace's recorded attempts (start/end)";
    }
    return t;
}

} // namespace clens
