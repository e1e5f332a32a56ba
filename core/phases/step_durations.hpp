#pragma once
// How long each metric row (a "step") lasts: until the next row of its container; the last row
// lasts the container's median gap (0 s for a single-row container).
#include "core/model/container_metrics.hpp"

#include <vector>

namespace clens {

std::vector<double> stepDurations(const ContainerSeries& series);

} // namespace clens
