#include "core/synth/arrival_pattern.hpp"
#include "core/util/error.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace clens::synth {

namespace {
constexpr double kHour_s = 3600.0;
}

ArrivalPattern::ArrivalPattern(const std::array<double, 24>& hourFactor, const std::array<double, 7>& weekdayFactor)
{
    const double hourMean = std::accumulate(hourFactor.begin(), hourFactor.end(), 0.0) / 24.0;
    const double dayMean = std::accumulate(weekdayFactor.begin(), weekdayFactor.end(), 0.0) / 7.0;
    for (int d = 0; d < 7; ++d)
        for (int h = 0; h < 24; ++h) {
            const double f = (weekdayFactor[static_cast<std::size_t>(d)] / dayMean) * (hourFactor[static_cast<std::size_t>(h)] / hourMean);
            if (!(f > 0) || !std::isfinite(f))
                throw ValueError("arrival factors must be positive");
            factor_[static_cast<std::size_t>(d * 24 + h)] = f;
        }
    for (int i = 0; i < kSlots; ++i)
        cumulative_[static_cast<std::size_t>(i + 1)] = cumulative_[static_cast<std::size_t>(i)] + kHour_s * factor_[static_cast<std::size_t>(i)];
    // Make a whole week exactly one week of operational time (removes rounding in the tables).
    const double scale = static_cast<double>(kWeek_s) / cumulative_.back();
    for (auto& f : factor_)
        f *= scale;
    for (auto& c : cumulative_)
        c *= scale;
    cumulative_.back() = static_cast<double>(kWeek_s);
}

double ArrivalPattern::factor(double t) const
{
    const double inWeek = t - std::floor(t / kWeek_s) * kWeek_s;
    const auto slot = std::min(kSlots - 1, static_cast<int>(inWeek / kHour_s));
    return factor_[static_cast<std::size_t>(slot)];
}

double ArrivalPattern::operationalTime(double t) const
{
    const double weeks = std::floor(t / kWeek_s);
    const double inWeek = t - weeks * kWeek_s;
    const auto slot = std::min(kSlots - 1, static_cast<int>(inWeek / kHour_s));
    const auto s = static_cast<std::size_t>(slot);
    return weeks * kWeek_s + cumulative_[s] + (inWeek - slot * kHour_s) * factor_[s];
}

double ArrivalPattern::calendarTime(double operational) const
{
    const double weeks = std::floor(operational / kWeek_s);
    const double inWeek = operational - weeks * kWeek_s;
    const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), inWeek);
    const auto slot = std::clamp(static_cast<int>(it - cumulative_.begin()) - 1, 0, kSlots - 1);
    const auto s = static_cast<std::size_t>(slot);
    return weeks * kWeek_s + slot * kHour_s + (inWeek - cumulative_[s]) / factor_[s];
}

} // namespace clens::synth
