#pragma once
// Points of an empirical CDF: (x, fraction of the sample <= x) at distinct values of the
// sample. Every point is exact (no interpolation); a large sample is thinned so that at most
// about maxPoints points remain, keeping the first point at or after each 1/maxPoints step of
// the fraction, and always the smallest and largest values.
#include <cstddef>
#include <span>
#include <vector>

namespace clens {

struct CdfPoint {
    double x = 0;
    double fraction = 0;
};

std::vector<CdfPoint> empiricalCdf(std::span<const double> sorted, std::size_t maxPoints = 1000);

} // namespace clens
