#pragma once
#include "core/util/progress.hpp"

#include <cstdint>
#include <string>

namespace clens {

struct ImportOptions {
    ProgressFn progress;          // optional; return false to cancel
    std::string machinesPath;     // Philly: cluster_machine_list used to fix GPU counts (optional)
    std::string gpuUtilPath;      // Philly: cluster_gpu_util (optional)
    std::int32_t rackSize = 8;    // racks for cluster files without a rack column
    std::int32_t processorsPerGpu = 1; // SWF: processors that make one GPU (GPUs = ceil(procs / this))
};

} // namespace clens
