#include "core/analysis/pareto_front.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace clens {

std::vector<std::size_t> paretoFront(const std::vector<ParetoPoint>& points, bool xLowerIsBetter, bool yLowerIsBetter)
{
    // Flip signs so that smaller is better on both, sort by (x, y), and keep each point whose y
    // beats every y seen at a strictly smaller x (and equals the best y at its own x).
    const double sx = xLowerIsBetter ? 1 : -1, sy = yLowerIsBetter ? 1 : -1;
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (!std::isnan(points[i].x) && !std::isnan(points[i].y))
            order.push_back(i);
    const auto key = [&](std::size_t i) { return std::pair{sx * points[i].x, sy * points[i].y}; };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
    std::vector<std::size_t> front;
    double bestY = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < order.size();) {
        // The points sharing this x: the smallest y among them is first.
        const auto x = key(order[k]).first;
        const auto y = key(order[k]).second;
        std::size_t end = k;
        while (end < order.size() && key(order[end]).first == x)
            ++end;
        if (y < bestY)
            for (std::size_t m = k; m < end && key(order[m]).second == y; ++m)
                front.push_back(order[m]);
        bestY = std::min(bestY, y);
        k = end;
    }
    std::sort(front.begin(), front.end(), [&](std::size_t a, std::size_t b) {
        return points[a].x != points[b].x ? points[a].x < points[b].x : a < b;
    });
    return front;
}

} // namespace clens
