#include "core/phases/crbm.hpp"

#include "core/util/error.hpp"
#include "core/util/shuffle.hpp"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace clens {

namespace {

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

struct Window {
    std::size_t series, row; // row >= nHis
};

std::vector<Window> windowsOf(const std::vector<Matrix>& zSeries, std::size_t nHis)
{
    std::vector<Window> w;
    for (std::size_t s = 0; s < zSeries.size(); ++s)
        for (std::size_t r = nHis; r < zSeries[s].rows; ++r)
            w.push_back({s, r});
    return w;
}

// CD-1 with mean-field reconstruction on one window: positive hidden means, reconstructed
// visible means, their hidden means. apply() then takes one SGD step of size lr.
struct Cd1 {
    explicit Cd1(const Crbm& m) : hPos(m.nHid), vNeg(m.nVis), hNeg(m.nHid), dv(m.nVis), dh(m.nHid) {}
    std::vector<double> hPos, vNeg, hNeg, dv, dh;

    // Returns the reconstruction error ||v - v_neg||_2.
    double compute(const Crbm& m, const double* v, const double* c)
    {
        m.hiddenMeans(v, c, hPos.data());
        m.visibleMeans(hPos.data(), c, vNeg.data());
        m.hiddenMeans(vNeg.data(), c, hNeg.data());
        double err = 0;
        for (std::size_t i = 0; i < m.nVis; ++i) {
            dv[i] = v[i] - vNeg[i];
            err += dv[i] * dv[i];
        }
        for (std::size_t j = 0; j < m.nHid; ++j)
            dh[j] = hPos[j] - hNeg[j];
        return std::sqrt(err);
    }

    // dW = h v^T - h' v'^T; dA = (v - v') c^T; dB = (h - h') c^T; dvBias = v - v'; dhBias = h - h'
    void apply(Crbm& m, const double* v, const double* c, double lr) const
    {
        addOuter(m.W, lr, hPos.data(), v);
        addOuter(m.W, -lr, hNeg.data(), vNeg.data());
        addOuter(m.A, lr, dv.data(), c);
        addOuter(m.B, lr, dh.data(), c);
        for (std::size_t i = 0; i < m.nVis; ++i)
            m.vBias[i] += lr * dv[i];
        for (std::size_t j = 0; j < m.nHid; ++j)
            m.hBias[j] += lr * dh[j];
    }
};

} // namespace

void Crbm::hiddenMeans(const double* v, const double* history, double* h) const
{
    for (std::size_t j = 0; j < nHid; ++j)
        h[j] = hBias[j];
    addProduct(W, v, h);
    addProduct(B, history, h);
    for (std::size_t j = 0; j < nHid; ++j)
        h[j] = sigmoid(h[j]);
}

void Crbm::visibleMeans(const double* h, const double* history, double* v) const
{
    for (std::size_t i = 0; i < nVis; ++i)
        v[i] = vBias[i];
    addTransposedProduct(W, h, v);
    addProduct(A, history, v);
}

Matrix Crbm::encode(const Matrix& z) const
{
    if (z.cols != nVis)
        throw ValueError("Crbm::encode: series has " + std::to_string(z.cols) + " features, model expects " +
                                    std::to_string(nVis));
    if (z.rows <= nHis)
        return Matrix(0, nHid);
    Matrix h(z.rows - nHis, nHid);
    // Rows t-nHis..t-1 are contiguous in a row-major matrix: the history vector, oldest first.
    for (std::size_t t = nHis; t < z.rows; ++t)
        hiddenMeans(z.row(t), z.row(t - nHis), h.row(t - nHis));
    return h;
}

Crbm trainCrbm(const std::vector<Matrix>& zSeries, const CrbmTrainOptions& o, CrbmTrainReport* report,
               const ProgressFn& progress)
{
    if (zSeries.empty())
        throw ValueError("no series to train the CRBM on");
    auto windows = windowsOf(zSeries, o.nHistory);
    if (windows.empty())
        throw ValueError("no container has more than " + std::to_string(o.nHistory) +
                                    " rows, so there is no window to train the CRBM on");
    Crbm m;
    m.nVis = zSeries.front().cols;
    m.nHid = o.nHidden;
    m.nHis = o.nHistory;
    m.W = Matrix(m.nHid, m.nVis);
    m.A = Matrix(m.nVis, m.historyLength());
    m.B = Matrix(m.nHid, m.historyLength());
    m.vBias.assign(m.nVis, 0.0);
    m.hBias.assign(m.nHid, 0.0);

    boost::random::mt19937_64 rng(o.seed);
    boost::random::normal_distribution<double> normal(0.0, o.initSigma);
    const double scale = 1.0 / static_cast<double>(m.nVis * m.nHis);
    for (auto* mat : {&m.W, &m.A, &m.B})
        for (auto& x : mat->data)
            x = scale * normal(rng);

    CrbmTrainReport local;
    auto& rep = report ? *report : local;
    rep = {};
    Cd1 cd(m);
    double best = std::numeric_limits<double>::infinity();
    int sinceBest = 0;
    for (int epoch = 0; epoch < o.maxEpochs; ++epoch) {
        shuffleInPlace(windows, rng);
        double sum = 0;
        for (const auto& w : windows) {
            const auto& z = zSeries[w.series];
            const double* v = z.row(w.row);
            const double* c = z.row(w.row - m.nHis);
            sum += cd.compute(m, v, c);
            cd.apply(m, v, c, o.learningRate);
        }
        const double err = sum / static_cast<double>(windows.size());
        rep.errorPerEpoch.push_back(err);
        rep.epochsTrained = epoch + 1;
        if (progress && !progress(static_cast<double>(epoch + 1) / o.maxEpochs))
            throw Cancelled();
        if (err < best) {
            best = err;
            sinceBest = 0;
        } else if (++sinceBest >= o.patience) {
            rep.stoppedEarly = true;
            break;
        }
    }
    return m;
}

double crbmReconstructionError(const Crbm& crbm, const std::vector<Matrix>& zSeries)
{
    const auto windows = windowsOf(zSeries, crbm.nHis);
    if (windows.empty())
        return 0;
    Cd1 cd(crbm);
    double sum = 0;
    for (const auto& w : windows)
        sum += cd.compute(crbm, zSeries[w.series].row(w.row), zSeries[w.series].row(w.row - crbm.nHis));
    return sum / static_cast<double>(windows.size());
}

} // namespace clens
