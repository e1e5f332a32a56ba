#pragma once
// An empirical distribution given by its quantiles on a probability grid, interpolated
// log-linearly between grid points (run times span seconds to weeks, so a segment is closer to
// geometric than to uniform). Sampling is by inversion: value(u) for u uniform in [0, 1).
#include <span>
#include <vector>

namespace clens::synth {

class QuantileFunction {
public:
    // probabilities strictly increasing from 0 to 1; values positive and non-decreasing.
    QuantileFunction(std::span<const double> probabilities, std::span<const double> values);

    double value(double p) const;
    // The exact mean of the interpolated distribution.
    double mean() const { return mean_; }

private:
    std::vector<double> probabilities_;
    std::vector<double> logValues_;
    double mean_ = 0;
};

} // namespace clens::synth
