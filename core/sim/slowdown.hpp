#pragma once
// docs/simulation.md "Slowdown and utilization": a gang of a GPUs on k servers in r racks runs
// min(max_factor, (1 + per_extra_server·(k − k0)) · (1 + cross_rack·(r − r0))) times longer than
// on its tightest possible placement (k0, r0 for a), and its GPU utilization drops by the same
// factor.
#include "core/sim/scenario.hpp"

#include <cstdint>

namespace clens {

inline double slowdownFactor(const Scenario::Slowdown& s, std::int32_t servers, std::int32_t k0, std::int32_t racks,
                             std::int32_t r0)
{
    const double f = (1.0 + s.perExtraServer * (servers - k0)) * (1.0 + s.crossRack * (racks - r0));
    return f < s.maxFactor ? f : s.maxFactor;
}

} // namespace clens
