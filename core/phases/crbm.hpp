#pragma once
// Conditional RBM (Taylor et al.) as used by AI4DL: Gaussian visible units with unit variance,
// Bernoulli hidden units, conditioned on the previous nHis visible vectors.
//   hidden means   h = sigmoid(W v + B c + hBias)
//   visible means  v = W^T h + A c + vBias
// where c = [z_{t-nHis}; ...; z_{t-1}] (oldest first, each block the features in model order).
#include "core/phases/matrix.hpp"
#include "core/util/error.hpp"
#include "core/util/progress.hpp"

#include <cstdint>
#include <vector>

namespace clens {

struct Crbm {
    std::size_t nVis = 0, nHid = 0, nHis = 0;
    Matrix W; // nHid x nVis
    Matrix A; // nVis x (nVis * nHis)
    Matrix B; // nHid x (nVis * nHis)
    std::vector<double> vBias; // nVis
    std::vector<double> hBias; // nHid

    std::size_t historyLength() const { return nVis * nHis; }
    // v: nVis values, history: nVis*nHis values (oldest first); writes nHid values.
    void hiddenMeans(const double* v, const double* history, double* h) const;
    // h: nHid values; writes nVis values.
    void visibleMeans(const double* h, const double* history, double* v) const;
    // Hidden activations of every row t >= nHis of one z-scored series (rows x nVis): result row
    // r is the encoding of series row r + nHis. Empty when the series has <= nHis rows.
    Matrix encode(const Matrix& z) const;
    bool operator==(const Crbm&) const = default;
};

struct CrbmTrainOptions {
    std::size_t nHidden = 10;
    std::size_t nHistory = 3;
    double learningRate = 1e-3;
    int maxEpochs = 100;
    int patience = 3;      // stop after this many epochs in a row without a new best error
    double initSigma = 0.2; // initial weights ~ N(0, initSigma) / (nVis * nHis), as the reference
    std::uint64_t seed = 1;
};

struct CrbmTrainReport {
    std::vector<double> errorPerEpoch; // mean over windows of ||v - v_reconstructed||_2
    int epochsTrained = 0;
    bool stoppedEarly = false;
};

// Trains on every window (t-nHis..t) of every series, one SGD step per window (CD-1, mean-field
// reconstruction), windows shuffled each epoch. Deterministic for a given seed (Boost.Random).
// Throws ValueError when no series is longer than nHistory rows.
Crbm trainCrbm(const std::vector<Matrix>& zSeries, const CrbmTrainOptions& options, CrbmTrainReport* report = nullptr,
               const ProgressFn& progress = {});

// Mean reconstruction error of the model over all windows (no training).
double crbmReconstructionError(const Crbm& crbm, const std::vector<Matrix>& zSeries);

} // namespace clens
