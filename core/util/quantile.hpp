#pragma once
// The one quantile definition of the product (docs/analysis.md): linear interpolation between
// closest ranks — numpy's default ("linear", Hyndman & Fan type 7): for n sorted values
// x[0..n-1] and p in [0,1], h = (n-1)·p and q(p) = x[floor h] + (h - floor h)·(x[floor h + 1] -
// x[floor h]). Used by the simulation summary's delay percentiles and the figures' statistics.
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

namespace clens {

// Quantile of already sorted values (ascending). NaN for an empty sample.
inline double quantileSorted(std::span<const double> sorted, double p)
{
    if (sorted.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const double h = static_cast<double>(sorted.size() - 1) * std::clamp(p, 0.0, 1.0);
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const auto hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

} // namespace clens
