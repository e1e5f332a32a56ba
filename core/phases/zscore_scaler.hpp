#pragma once
// Z-score scaling per feature, fitted on the training rows: z = (x - mean) / scale, where scale
// is the population standard deviation (as scikit-learn's StandardScaler), or 1 for a constant
// feature so that it maps to 0 instead of dividing by zero.
#include "core/phases/matrix.hpp"

#include <cstdint>
#include <vector>

namespace clens {

struct ZScoreScaler {
    std::vector<double> mean;
    std::vector<double> scale;
    std::int64_t samplesSeen = 0;

    // rows: one matrix per container, all with the same number of columns.
    static ZScoreScaler fit(const std::vector<Matrix>& rows);
    Matrix transform(const Matrix& x) const;
    bool operator==(const ZScoreScaler&) const = default;
};

} // namespace clens
