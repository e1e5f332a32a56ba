#include "core/phases/step_durations.hpp"

#include <algorithm>

namespace clens {

std::vector<double> stepDurations(const ContainerSeries& s)
{
    std::vector<double> d(s.rows(), 0.0);
    if (s.rows() < 2)
        return d;
    std::vector<double> gaps;
    for (std::size_t r = 0; r + 1 < s.rows(); ++r)
        gaps.push_back(d[r] = static_cast<double>(s.timestamps[r + 1] - s.timestamps[r]));
    std::sort(gaps.begin(), gaps.end());
    const auto n = gaps.size();
    d.back() = n % 2 ? gaps[n / 2] : 0.5 * (gaps[n / 2 - 1] + gaps[n / 2]);
    return d;
}

} // namespace clens
