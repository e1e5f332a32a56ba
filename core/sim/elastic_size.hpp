#pragma once
// The one home of the elastic minimum size (docs/simulation.md "Gang"): an elastic job of g GPUs
// may start on any size in [ceil(min_fraction·g), g], and never on fewer than 1. The 1e-9 keeps a
// product that should be an integer (0.5·6) from rounding up when floating point lands a hair
// above it.
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace clens {

inline std::int32_t elasticMinimumSize(double minFraction, std::int32_t gpus)
{
    return std::clamp(static_cast<std::int32_t>(std::ceil(minFraction * gpus - 1e-9)), 1, std::max(1, gpus));
}

} // namespace clens
