#pragma once
// The cluster after the first n arrivals of a packing experiment, as the cluster map draws a
// simulation's instant (core/sim/cluster_state.hpp): placed pods' GPUs busy (a share filled to
// its part, several sharers marked), their CPU and memory reserved on their server. Nothing is
// ever idle-held, failed or powered off; t_s is n.
#include "core/model/topology.hpp"
#include "core/pack/packing_experiment.hpp"
#include "core/sim/cluster_state.hpp"

#include <cstddef>

namespace clens {

void packingStateAt(const PackResult& run, const Topology& cluster, std::size_t arrivals, ClusterState& out);

// How many arrivals have happened when `pct` percent of the cluster's GPU capacity has arrived
// (the steps whose arrived capacity rounds to at most pct; all of them past the end).
std::size_t arrivalsUpToPct(const PackResult& run, std::int32_t pct);

} // namespace clens
