#pragma once
// A weekly arrival-rate profile: the rate in hour h of weekday d is
// mean_rate * hourFactor[h] * weekdayFactor[d] (each factor table normalised to mean 1, so the
// week's mean is mean_rate). Time 0 is Monday 00:00 local time.
//
// Arrivals form a non-homogeneous Poisson process sampled by time change: "operational" time
// advances at the profile's rate, so exponential gaps in operational time map to calendar time
// through the inverse of the cumulative profile.
#include <array>
#include <cstdint>

namespace clens::synth {

class ArrivalPattern {
public:
    static constexpr std::int64_t kWeek_s = 7 * 24 * 3600;

    ArrivalPattern(const std::array<double, 24>& hourFactor, const std::array<double, 7>& weekdayFactor);

    // Relative rate at calendar second t (mean 1 over a week).
    double factor(double t) const;
    // Integral of factor over [0, t]: equals t after whole weeks.
    double operationalTime(double t) const;
    // Inverse of operationalTime.
    double calendarTime(double operational) const;

private:
    static constexpr int kSlots = 7 * 24;
    std::array<double, kSlots> factor_{};
    std::array<double, kSlots + 1> cumulative_{}; // operational seconds at each slot start
};

} // namespace clens::synth
