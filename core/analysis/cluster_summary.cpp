#include "core/analysis/cluster_summary.hpp"

namespace clens {

ClusterSummary summarizeCluster(const Topology& cluster)
{
    ClusterSummary s;
    s.servers = cluster.serverCount();
    s.gpus = cluster.gpuCount();
    s.racks = cluster.rackCount();
    for (const auto& server : cluster.servers()) {
        s.serversWithoutGpus += server.gpus == 0;
        s.serversWithCpu += server.cpuCores > 0;
        s.serversWithMem += server.memGb > 0;
        if (server.gpus > 0)
            s.gpusByModel[server.gpuModel.empty() ? "unknown" : server.gpuModel] += server.gpus;
    }
    return s;
}

} // namespace clens
