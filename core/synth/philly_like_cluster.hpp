#pragma once
// A Philly-like cluster of a given number of servers. The revised Philly machine list is made of
// 8-GPU servers (264) and 4-GPU servers (271); a handful with 0, 2 or 3 GPUs are left out. The
// generated cluster keeps that 8:4 ratio in racks of 8 servers, each rack of one server kind
// (machines are bought and racked by SKU). Rack kinds alternate in proportion, starting with an
// 8-GPU rack: rack r is 8-GPU when ceil((r+1) p) > ceil(r p), p = 264 / 535.
#include "core/model/topology.hpp"

#include <cstdint>

namespace clens::synth {

constexpr std::int32_t kPhillyLikeRackSize = 8;

Topology makePhillyLikeCluster(std::int32_t servers);

} // namespace clens::synth
