#pragma once
// The curve file of `clusterlens-cli pack` (docs/packing.md "Output"): one row per percent
// arrived, `arrived_pct,allocated_gpu_pct,fragmented_gpu_pct,failed_pods`, percentages and mean
// failed pods with 4 decimals. A grid of several cells puts `placement,inflate` in front.
#include "core/pack/packing_grid.hpp"

#include <ostream>
#include <vector>

namespace clens {

void writePackingCurveCsv(std::ostream& out, const std::vector<PackGridCell>& cells);

} // namespace clens
