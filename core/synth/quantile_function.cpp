#include "core/synth/quantile_function.hpp"
#include "core/util/error.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace clens::synth {

QuantileFunction::QuantileFunction(std::span<const double> probabilities, std::span<const double> values)
    : probabilities_(probabilities.begin(), probabilities.end())
{
    if (probabilities.size() != values.size() || probabilities.size() < 2 || probabilities.front() != 0.0
        || probabilities.back() != 1.0)
        throw ValueError("quantile grid must run from 0 to 1 with one value per probability");
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!(values[i] > 0) || (i > 0 && (values[i] < values[i - 1] || probabilities[i] <= probabilities[i - 1])))
            throw ValueError("quantiles must be positive and non-decreasing on an increasing grid");
        logValues_.push_back(std::log(values[i]));
    }
    // On a segment the value is exp(a + (b - a) s), s in [0, 1]; its mean is (e^b - e^a) / (b - a).
    for (std::size_t i = 0; i + 1 < values.size(); ++i) {
        const double a = logValues_[i], b = logValues_[i + 1];
        const double segmentMean = b - a < 1e-12 ? values[i] : (values[i + 1] - values[i]) / (b - a);
        mean_ += (probabilities[i + 1] - probabilities[i]) * segmentMean;
    }
}

double QuantileFunction::value(double p) const
{
    p = std::clamp(p, 0.0, 1.0);
    auto hi = static_cast<std::size_t>(std::upper_bound(probabilities_.begin(), probabilities_.end(), p) - probabilities_.begin());
    if (hi >= probabilities_.size())
        return std::exp(logValues_.back());
    const auto lo = hi - 1;
    const double s = (p - probabilities_[lo]) / (probabilities_[hi] - probabilities_[lo]);
    return std::exp(logValues_[lo] + s * (logValues_[hi] - logValues_[lo]));
}

} // namespace clens::synth
