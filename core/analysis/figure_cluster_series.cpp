#include "core/analysis/figures.hpp"

namespace clens {

Figure clusterSeriesFigure(const JobTable& t)
{
    Figure f;
    f.name = "cluster_series";
    f.title = "Cluster over time: allocated GPUs, effective utilization, queue, fully-free servers";
    f.kind = FigureKind::TimeSeries;
    f.x = {"Time", "s", {"t_s"}};
    f.y = {"Value", "", {"allocated_gpus", "effective_util", "queued_jobs", "free_servers"}};
    f.addNumberColumn("t_s", "s");
    f.addNumberColumn("allocated_gpus", "GPUs");
    f.addNumberColumn("effective_util", "fraction");
    f.addNumberColumn("queued_jobs", "jobs");
    f.addNumberColumn("free_servers", "servers");
    if (!t.series)
        return f;
    const auto& s = *t.series;
    for (std::size_t i = 0; i < s.t_s.size(); ++i)
        f.appendRow({static_cast<double>(s.t_s[i]), cell(s.allocatedGpus[i]), cell(s.effectiveUtil[i]),
                     cell(s.queuedJobs[i]), cell(s.freeServers[i])});
    f.notes.push_back("sampled every " + std::to_string(s.step_s) + " s; " + s.origin);
    f.notes.push_back("effective_util = mean utilization over all GPUs of the cluster (busy GPUs x their utilization)");
    return f;
}

} // namespace clens
