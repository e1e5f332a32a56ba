#include "core/phases/kmeans.hpp"
#include "core/util/error.hpp"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_01.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace clens {

namespace {

using Rng = boost::random::mt19937_64;

// Index drawn with probability proportional to weights (total > 0).
std::size_t drawWeighted(const std::vector<double>& weights, double total, Rng& rng)
{
    const double u = boost::random::uniform_01<double>()(rng) * total;
    double acc = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        acc += weights[i];
        if (u < acc)
            return i;
    }
    for (std::size_t i = weights.size(); i-- > 0;) // rounding left u at the very end
        if (weights[i] > 0)
            return i;
    return weights.size() - 1;
}

// Greedy k-means++ (Arthur & Vassilvitskii; the greedy variant as in scikit-learn): each new
// centre is the best of 2 + floor(ln k) candidates drawn with probability ~ D^2.
Matrix seedCentres(const Matrix& x, int k, Rng& rng)
{
    const auto n = x.rows, dim = x.cols;
    Matrix c(static_cast<std::size_t>(k), dim);
    const auto first = boost::random::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
    std::copy(x.row(first), x.row(first) + dim, c.row(0));
    std::vector<double> d2(n), candidateD2(n), bestD2(n);
    double total = 0;
    for (std::size_t i = 0; i < n; ++i)
        total += d2[i] = squaredDistance(x.row(i), c.row(0), dim);
    const int trials = 2 + static_cast<int>(std::log(static_cast<double>(k)));
    for (int j = 1; j < k; ++j) {
        std::size_t chosen = 0;
        double chosenTotal = std::numeric_limits<double>::infinity();
        for (int t = 0; t < trials; ++t) {
            const auto cand = total > 0 ? drawWeighted(d2, total, rng)
                                        : boost::random::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
            double candTotal = 0;
            for (std::size_t i = 0; i < n; ++i)
                candTotal += candidateD2[i] = std::min(d2[i], squaredDistance(x.row(i), x.row(cand), dim));
            if (candTotal < chosenTotal) {
                chosenTotal = candTotal;
                chosen = cand;
                bestD2.swap(candidateD2);
            }
        }
        std::copy(x.row(chosen), x.row(chosen) + dim, c.row(static_cast<std::size_t>(j)));
        d2.swap(bestD2);
        total = chosenTotal;
    }
    return c;
}

KMeansResult lloyd(const Matrix& x, Matrix centres, int maxIterations)
{
    const auto n = x.rows, dim = x.cols, k = centres.rows;
    KMeansResult r;
    r.labels.assign(n, -1);
    std::vector<std::size_t> counts(k);
    for (int it = 0; it < maxIterations; ++it) {
        bool changed = false;
        for (std::size_t i = 0; i < n; ++i) {
            const int l = nearestCentre(centres, x.row(i));
            changed |= l != r.labels[i];
            r.labels[i] = l;
        }
        if (!changed && it > 0)
            break;
        Matrix sums(k, dim);
        std::fill(counts.begin(), counts.end(), 0);
        for (std::size_t i = 0; i < n; ++i) {
            const auto l = static_cast<std::size_t>(r.labels[i]);
            ++counts[l];
            for (std::size_t d = 0; d < dim; ++d)
                sums(l, d) += x(i, d);
        }
        for (std::size_t c = 0; c < k; ++c) {
            if (counts[c] == 0) {
                // An empty cluster takes the point farthest from its centre (first such point).
                std::size_t far = 0;
                double farD = -1;
                for (std::size_t i = 0; i < n; ++i) {
                    const double d = squaredDistance(x.row(i), centres.row(static_cast<std::size_t>(r.labels[i])), dim);
                    if (d > farD) {
                        farD = d;
                        far = i;
                    }
                }
                std::copy(x.row(far), x.row(far) + dim, centres.row(c));
                r.labels[far] = static_cast<int>(c);
                continue;
            }
            for (std::size_t d = 0; d < dim; ++d)
                centres(c, d) = sums(c, d) / static_cast<double>(counts[c]);
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        r.labels[i] = nearestCentre(centres, x.row(i));
        r.inertia += squaredDistance(x.row(i), centres.row(static_cast<std::size_t>(r.labels[i])), dim);
    }
    r.centres = std::move(centres);
    return r;
}

} // namespace

int nearestCentre(const Matrix& centres, const double* point)
{
    int best = 0;
    double bestD = std::numeric_limits<double>::infinity();
    for (std::size_t c = 0; c < centres.rows; ++c) {
        const double d = squaredDistance(point, centres.row(c), centres.cols);
        if (d < bestD) {
            bestD = d;
            best = static_cast<int>(c);
        }
    }
    return best;
}

KMeansResult fitKMeans(const Matrix& points, const KMeansOptions& o)
{
    if (o.k < 1)
        throw ValueError("k-means needs k >= 1");
    if (points.rows < static_cast<std::size_t>(o.k))
        throw ValueError("k-means with k = " + std::to_string(o.k) + " needs at least " +
                                    std::to_string(o.k) + " points, got " + std::to_string(points.rows));
    Rng rng(o.seed);
    KMeansResult best;
    best.inertia = std::numeric_limits<double>::infinity();
    for (int r = 0; r < std::max(1, o.restarts); ++r) {
        auto run = lloyd(points, seedCentres(points, o.k, rng), std::max(1, o.maxIterations));
        if (run.inertia < best.inertia)
            best = std::move(run);
    }
    return best;
}

} // namespace clens
