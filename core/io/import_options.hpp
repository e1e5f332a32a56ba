#pragma once
#include "core/model/topology.hpp"
#include "core/util/progress.hpp"

#include <cstdint>
#include <string>

namespace clens {

struct ImportOptions {
    ProgressFn progress;          // optional; return false to cancel
    std::string machinesPath;     // Philly: cluster_machine_list used to fix GPU counts (optional)
    std::string gpuUtilPath;      // Philly: cluster_gpu_util (optional)
    std::int32_t rackSize = kDefaultRackSize; // racks for cluster files without a rack column
    std::int32_t processorsPerGpu = 1; // SWF: processors that make one GPU (GPUs = ceil(procs / this))
    // Slurm sacct: zone of its local times ("" = UTC, an offset, or an IANA name) and the column
    // that names the tenant: account, partition or qos (docs/formats.md "Slurm jobs (`sacct`)").
    std::string timeZone;
    std::string slurmTenant = "account";
    // Slurm cluster: topology.conf whose leaf switches become racks (optional).
    std::string topologyPath;
    // Kubernetes nodes: the node label that names the rack (docs/formats.md "Kubernetes nodes").
    std::string k8sRackLabel = "topology.kubernetes.io/zone";
};

} // namespace clens
