#include "core/analysis/empirical_cdf.hpp"

#include <algorithm>
#include <cstdint>

namespace clens {

std::vector<CdfPoint> empiricalCdf(std::span<const double> sorted, std::size_t maxPoints)
{
    std::vector<CdfPoint> out;
    const std::size_t n = sorted.size();
    if (n == 0)
        return out;
    maxPoints = std::max<std::size_t>(maxPoints, 2);
    // Keep a point when its fraction j/n reaches the next level k/maxPoints (an integer test:
    // no drift from adding up 1/maxPoints).
    std::uint64_t nextLevel = 0;
    std::size_t i = 0;
    while (i < n) {
        std::size_t j = i + 1;
        while (j < n && sorted[j] == sorted[i])
            ++j;
        const auto reached = static_cast<std::uint64_t>(j) * maxPoints;
        if (i == 0 || j == n || reached >= nextLevel * n) {
            out.push_back({sorted[i], static_cast<double>(j) / static_cast<double>(n)});
            nextLevel = reached / n + 1;
        }
        i = j;
    }
    return out;
}

} // namespace clens
