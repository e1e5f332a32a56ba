#include "core/analysis/sample_stats.hpp"

#include <boost/accumulators/accumulators.hpp>
#include <boost/accumulators/statistics/stats.hpp>
#include <boost/accumulators/statistics/sum_kahan.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace clens {

SampleStats statsOfSorted(std::span<const double> sorted)
{
    namespace acc = boost::accumulators;
    SampleStats s;
    s.n = sorted.size();
    if (sorted.empty()) {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        s.mean = s.min = s.p50 = s.p90 = s.p95 = s.p99 = s.max = nan;
        return s;
    }
    // Kahan summation: means of ~10^5 durations of up to 10^6 s stay exact to the last digit.
    acc::accumulator_set<double, acc::stats<acc::tag::sum_kahan>> sum;
    for (double v : sorted)
        sum(v);
    s.mean = acc::sum_kahan(sum) / static_cast<double>(s.n);
    s.min = sorted.front();
    s.max = sorted.back();
    s.p50 = quantileSorted(sorted, 0.50);
    s.p90 = quantileSorted(sorted, 0.90);
    s.p95 = quantileSorted(sorted, 0.95);
    s.p99 = quantileSorted(sorted, 0.99);
    return s;
}

SampleStats statsOf(std::vector<double>& values)
{
    std::sort(values.begin(), values.end());
    return statsOfSorted(values);
}

} // namespace clens
