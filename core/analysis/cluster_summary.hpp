#pragma once
// The headline numbers of a cluster (what `clusterlens-cli info` prints for one).
#include "core/model/topology.hpp"

#include <cstdint>
#include <map>
#include <string>

namespace clens {

struct ClusterSummary {
    std::int64_t servers = 0;
    std::int64_t gpus = 0;
    std::int64_t racks = 0;
    std::int64_t serversWithoutGpus = 0;
    std::int64_t serversWithCpu = 0; // CPU cores known (> 0)
    std::int64_t serversWithMem = 0; // memory known (> 0)
    std::map<std::string, std::int64_t> gpusByModel; // "unknown" for servers without a model
};

ClusterSummary summarizeCluster(const Topology& cluster);

} // namespace clens
