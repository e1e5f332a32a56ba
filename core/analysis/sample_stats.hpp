#pragma once
// Summary statistics of a sample, with ONE quantile definition for the whole product:
// linear interpolation between closest ranks — numpy's default ("linear", Hyndman & Fan
// type 7): for n sorted values x[0..n-1] and p in [0,1], h = (n-1)·p and
// q(p) = x[floor h] + (h - floor h)·(x[floor h + 1] - x[floor h]).
#include <cstddef>
#include <span>
#include <vector>

namespace clens {

// Quantile of already sorted values (see above). NaN for an empty sample.
double quantileSorted(std::span<const double> sorted, double p);

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
