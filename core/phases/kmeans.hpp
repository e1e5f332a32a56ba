#pragma once
// k-means (Lloyd) with greedy k-means++ seeding and several restarts; the run with the lowest
// inertia wins. Deterministic for a given seed (Boost.Random).
#include "core/phases/matrix.hpp"
#include "core/util/error.hpp"

#include <cstdint>
#include <vector>

namespace clens {

struct KMeansOptions {
    int k = 5;
    int restarts = 10;
    int maxIterations = 300;
    std::uint64_t seed = 1;
};

struct KMeansResult {
    Matrix centres;          // k x dim
    std::vector<int> labels; // one per point
    double inertia = 0;      // sum of squared distances to the assigned centre
};

// Throws ValueError when there are fewer points than k or k < 1.
KMeansResult fitKMeans(const Matrix& points, const KMeansOptions& options);

// Index of the nearest centre (ties: the lowest index).
int nearestCentre(const Matrix& centres, const double* point);

} // namespace clens
