#pragma once
// Which pods arrive, in what order, in a packing experiment (docs/packing.md "Arrivals"):
// every pod of the trace that asks for something (its recorded phase and times ignored),
// shuffled by the seed; then copies drawn uniformly with replacement are appended while the GPU
// request stays within inflate × the cluster's GPU capacity — or, when the pods already ask for
// more, pods drawn at random are removed until they no longer do.
#include "core/model/trace.hpp"
#include "core/sim/resource_model.hpp"

#include <cstdint>
#include <vector>

namespace clens {

// The trace as a packing experiment sees it: pods never scheduled before the trace ended
// (SkipReason::Pending) are pods like any other.
Trace packingTrace(Trace trace);

// GPU capacity a pod asks for, in thousandths of a GPU (a share: its part; whole GPUs: 1000 each).
std::int64_t podGpuMilli(const JobRequest& pod);

// Copies stop here even below the target (a trace of many CPU-only pods and a few GPU ones).
inline constexpr std::size_t kMaxPackingArrivals = 10'000'000;

// Indices into trace.jobs, in arrival order (a pod may appear more than once).
std::vector<std::int32_t> packingArrivals(const Trace& trace, const ResourceModel& model, std::int64_t capacityMilli,
                                          double inflate, std::uint64_t seed);

} // namespace clens
