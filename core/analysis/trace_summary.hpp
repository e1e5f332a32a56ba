#pragma once
// The headline numbers of a trace (what `clusterlens-cli info` prints).
#include "core/analysis/cluster_summary.hpp"
#include "core/model/job_size.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace clens {

struct TraceSummary {
    std::int64_t jobs = 0;          // every job in the file
    std::int64_t simulatedJobs = 0; // jobs the simulator replays
    std::int64_t vcs = 0;
    std::int64_t users = 0;
    std::optional<ClusterSummary> cluster; // when a cluster is known
    std::optional<std::int64_t> firstSubmit_s;
    std::optional<std::int64_t> lastSubmit_s;
    std::array<std::int64_t, kSizeBuckets> jobsBySize{}; // jobs asking for >= 1 GPU
    std::map<std::string, std::int64_t> status;          // by final status name
    std::map<std::string, std::int64_t> skipped;         // by skip reason name
    std::int64_t fractionalGpuJobs = 0; // GPU jobs asking for a share of one GPU (gpu_milli < 1000)
    std::int64_t jobsWithCpu = 0;       // asking for CPU cores (> 0)
    std::int64_t jobsWithMem = 0;       // asking for memory (> 0)
    std::int64_t jobsWithGpuModels = 0; // restricted to a set of GPU models
    std::int64_t zeroGpuJobsSimulated = 0; // no GPU, simulated for their CPU or memory
    double totalGpuHours = 0; // gpus x service time over all jobs
};

TraceSummary summarizeTrace(const Trace& trace, const Topology* cluster);

} // namespace clens
