#include "core/phases/zscore_scaler.hpp"
#include "core/util/error.hpp"

#include <cmath>
#include <stdexcept>

namespace clens {

ZScoreScaler ZScoreScaler::fit(const std::vector<Matrix>& rows)
{
    if (rows.empty())
        throw ValueError("ZScoreScaler::fit: no rows");
    const auto n = rows.front().cols;
    ZScoreScaler s;
    s.mean.assign(n, 0.0);
    s.scale.assign(n, 0.0);
    // Two passes (mean, then squared deviations) keep the variance accurate for byte counts ~1e10.
    for (const auto& m : rows)
        for (std::size_t r = 0; r < m.rows; ++r)
            for (std::size_t c = 0; c < n; ++c)
                s.mean[c] += m(r, c);
    for (const auto& m : rows)
        s.samplesSeen += static_cast<std::int64_t>(m.rows);
    if (s.samplesSeen == 0)
        throw ValueError("ZScoreScaler::fit: no rows");
    for (auto& v : s.mean)
        v /= static_cast<double>(s.samplesSeen);
    for (const auto& m : rows)
        for (std::size_t r = 0; r < m.rows; ++r)
            for (std::size_t c = 0; c < n; ++c) {
                const double d = m(r, c) - s.mean[c];
                s.scale[c] += d * d;
            }
    for (auto& v : s.scale) {
        v = std::sqrt(v / static_cast<double>(s.samplesSeen));
        if (!(v > 0))
            v = 1.0;
    }
    return s;
}

Matrix ZScoreScaler::transform(const Matrix& x) const
{
    Matrix z(x.rows, x.cols);
    for (std::size_t r = 0; r < x.rows; ++r)
        for (std::size_t c = 0; c < x.cols; ++c)
            z(r, c) = (x(r, c) - mean[c]) / scale[c];
    return z;
}

} // namespace clens
