#pragma once
// A hand-computed cluster for the views of resources beyond GPUs, run through the real core.
//
// Servers (one rack): s0 = 2 V100 GPUs, 8 cores, 32 GB; s1 = no GPU, 16 cores, 64 GB; s2 = 2
// T4 GPUs, CPU and memory unknown. Jobs, all submitted at 0 (models pin the GPU jobs to s0):
//   j0  a 0.5 share of a V100,  2 cores,  8 GB, 100 s
//   j1  one whole V100,         4 cores, 16 GB,  50 s
//   j2  a 0.3 share of a V100,  1 core,   4 GB,  30 s  (joins j0's GPU: the other is held whole)
//   j3  no GPU (a CPU pod),    10 cores,  8 GB, 100 s  (only s1 has 10 cores free)
// So over [0,30) j0's GPU is 0.8 used by 2 jobs, s0 has 7 of 8 cores and 28 of 32 GB reserved,
// s1 10 of 16 cores and 8 of 64 GB; over [30,50) the GPU is 0.5 used by j0 alone (s0: 6 cores,
// 24 GB); over [50,100) j1's GPU is free (s0: 2 cores, 8 GB).
//
// Cluster series (free GPU capacity on shared GPUs ÷ all free GPU capacity, 4 GPUs in all):
//   [0,30)   reserved 17 cores, 36 GB; 0.2 free on the shared GPU of 2.2 free -> 1/11
//   [30,50)  16 cores, 32 GB;          0.5 of 2.5 -> 0.2
//   [50,100) 12 cores, 16 GB;          0.5 of 3.5 -> 1/7
// With resources.server_defaults = 8 cores, 32 GB (s2's), the cluster has 32 cores and 128 GB:
// CPU allocation = (17·30 + 16·20 + 12·50) / (32 · 100) = 1430 / 3200; memory (36·30 + 32·20 +
// 16·50) / (128 · 100) = 2520 / 12800; GPU-share fragmentation (30/11 + 0.2·20 + 50/7) / 100.
// Without them s2's capacity is unknown: CPU and memory allocation are NaN.
#include "core/sim/simulator.hpp"
#include "tests/sim/sim_test_support.hpp"

#include <memory>

namespace clens::test {

inline std::shared_ptr<const Topology> resourceCluster()
{
    return makeClusterWith({{"r0", 2, "V100", 8, 32}, {"r0", 0, "", 16, 64}, {"r0", 2, "T4", 0, 0}});
}

inline std::shared_ptr<const Trace> resourceTrace()
{
    return makeTrace({{"v", 0, 1, 100}, {"v", 0, 1, 50}, {"v", 0, 1, 30}, {"w", 0, 0, 100}},
                     {{2, 8, 500, "V100"}, {4, 16, 1000, "V100"}, {1, 4, 300, "V100"}, {10, 8}});
}

// s2's CPU and memory from the scenario.
inline Scenario withServerDefaults()
{
    Scenario s;
    s.seriesStep_s = 10;
    s.resources.serverDefaults.cpuCores = 8;
    s.resources.serverDefaults.memGb = 32;
    return s;
}

inline Scenario withoutServerDefaults()
{
    Scenario s;
    s.seriesStep_s = 10;
    return s;
}

inline std::shared_ptr<const SimResult> resourceResult(const Scenario& scenario)
{
    return std::make_shared<const SimResult>(simulate(resourceCluster(), resourceTrace(), scenario));
}

inline constexpr std::int32_t kSharedJob = 0, kWholeJob = 1, kSecondSharer = 2, kCpuPod = 3;
inline constexpr std::int32_t kGpuServer = 0, kCpuServer = 1, kUnknownServer = 2;

} // namespace clens::test
