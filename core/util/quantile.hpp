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

// The same quantile of values in any order, reordering them (two selections instead of a sort:
// what the simulation summary needs of ten million delays).
inline double quantileSelect(std::span<double> values, double p)
{
    if (values.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const double h = static_cast<double>(values.size() - 1) * std::clamp(p, 0.0, 1.0);
    const auto lo = static_cast<std::size_t>(std::floor(h));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(lo), values.end());
    const double low = values[lo];
    // The next in order is the least of those after it (nth_element leaves none smaller there).
    const double high = lo + 1 < values.size() ? *std::min_element(values.begin() + static_cast<std::ptrdiff_t>(lo) + 1, values.end()) : low;
    return low + (h - static_cast<double>(lo)) * (high - low);
}

} // namespace clens
