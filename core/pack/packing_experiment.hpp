#pragma once
// The arrival-only packing experiment of the FGD evaluation (docs/packing.md): pods arrive one by
// one and never leave; each is placed once by the simulator's placement policy and feasibility
// rules (core/sim/placement, resource_placement) on a single server, or counted as failed and
// dropped. After every pod the GPU capacity allocated, the GPU capacity arrived (failed pods
// included) and the cluster's fragmentation (core/sim/fragmentation) are recorded.
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/fragmentation.hpp"
#include "core/sim/scenario.hpp"
#include "core/util/progress.hpp"

#include <cstdint>
#include <vector>

namespace clens {

// The order of the servers where a policy takes the lowest index (docs/packing.md "Node order"):
// the cluster file's, or a random permutation drawn from the seed, as the FGD artifact does.
enum class NodeOrder : std::uint8_t { File, Shuffled };

struct PackOptions {
    PlacementPolicy placement = PlacementPolicy::BestFit;
    NodeOrder nodeOrder = NodeOrder::File;
    double inflate = 1.3;
    std::uint64_t seed = 42;
    // Server and job defaults for CPU and memory a file leaves unknown (docs/resources.md).
    Scenario::Resources resources;
};

// One pod's arrival and the cluster after it.
struct PackStep {
    std::int32_t job = 0;    // index into the trace's jobs
    std::int32_t server = -1; // -1: failed (no server could take it)
    std::int32_t gpuMilli = 0; // on each of its GPUs (a share: its part; 0: a CPU-only pod)
    std::int32_t firstGpu = 0, gpuCount = 0; // its GPUs: PackResult::gpus[firstGpu, firstGpu + gpuCount)
    std::int64_t cpuMilli = 0, memMiB = 0;   // what it reserves on its server (its request)
    std::int64_t arrivedMilli = 0;   // GPU capacity asked so far, failed pods included
    std::int64_t allocatedMilli = 0; // GPU capacity held by placed pods
    double fragmentedMilli = 0;      // Σ over servers of F_s
    std::int32_t failed = 0;         // pods failed so far
};

struct PackResult {
    std::int64_t capacityMilli = 0; // the cluster's GPUs × 1000
    std::vector<TaskClass> classes;
    std::vector<PackStep> steps;
    std::vector<std::int32_t> gpus; // GPU ids of the placed pods, step by step
    double fragmentationBefore = 0; // of the empty cluster
};

// One experiment; with NodeOrder::Shuffled it runs on the servers in their shuffled order and
// reports servers and GPUs by their index in `cluster`. Throws InputError (field "inflate") when
// inflate is not a positive number, Cancelled when progress returns false.
PackResult runPacking(const Topology& cluster, const Trace& trace, const PackOptions& options, const ProgressFn& progress = {});

// The same with the pods in a given order (indices into trace.jobs, each a pod the experiment
// would use): hand-made experiments.
PackResult runPackingInOrder(const Topology& cluster, const Trace& trace, PlacementPolicy placement,
                             const Scenario::Resources& resources, const std::vector<std::int32_t>& arrivals);

} // namespace clens
