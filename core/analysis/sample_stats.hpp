#pragma once
// Summary statistics of a sample, with the product's one quantile definition
// (quantileSorted, core/util/quantile.hpp).
#include "core/util/quantile.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace clens {

struct SampleStats {
    std::size_t n = 0;
    double mean = 0; // all NaN when n == 0
    double min = 0;
    double p50 = 0;
    double p90 = 0;
    double p95 = 0;
    double p99 = 0;
    double max = 0;
};

// Statistics of sorted values.
SampleStats statsOfSorted(std::span<const double> sorted);
// Sorts values in place, then statsOfSorted.
SampleStats statsOf(std::vector<double>& values);

} // namespace clens
