#pragma once
// The Pareto front of points on two metrics, each to be made smaller or larger: the points no
// other point beats on one metric without losing on the other (the Sweep page's best settings,
// docs/gui.md "The Sweep page").
#include <cstddef>
#include <vector>

namespace clens {

struct ParetoPoint {
    double x = 0;
    double y = 0;
};

// Indices of the points on the front, by increasing x. A point is dominated when another is at
// least as good on both metrics and better on one; points with a NaN coordinate take no part;
// equal points are all on the front or all off it.
std::vector<std::size_t> paretoFront(const std::vector<ParetoPoint>& points, bool xLowerIsBetter, bool yLowerIsBetter);

} // namespace clens
