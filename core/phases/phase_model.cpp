#include "core/phases/phase_model.hpp"

#include "core/phases/kmeans.hpp"
#include "core/util/input_error.hpp"

#include <algorithm>
#include <numeric>

namespace clens {

const std::vector<std::string>& defaultPhaseFeatures()
{
    static const std::vector<std::string> f{"cpu.usage",   "cpu.usage.cores", "cpu.usage.pct", "cpu.usage.pct.container.requested",
                                            "mem.current", "mem.limit",       "mem.usage.pct", "mem.working.set"};
    return f;
}

Matrix featureMatrix(const ContainerMetrics& metrics, const ContainerSeries& series,
                     const std::vector<std::size_t>& featureColumns)
{
    Matrix x(series.rows(), featureColumns.size());
    for (std::size_t r = 0; r < series.rows(); ++r)
        for (std::size_t f = 0; f < featureColumns.size(); ++f)
            x(r, f) = metrics.value(series, r, featureColumns[f]);
    return x;
}

namespace {

std::vector<std::size_t> featureColumns(const ContainerMetrics& metrics, const std::vector<std::string>& features)
{
    std::vector<std::size_t> cols;
    for (const auto& f : features)
        cols.push_back(metrics.requireColumn(f));
    return cols;
}

std::vector<Matrix> scaledSeries(const ContainerMetrics& metrics, const std::vector<std::size_t>& cols,
                                 const ZScoreScaler* scaler, ZScoreScaler* fitted)
{
    std::vector<Matrix> x;
    for (const auto& s : metrics.containers)
        x.push_back(featureMatrix(metrics, s, cols));
    if (fitted)
        *fitted = ZScoreScaler::fit(x);
    const auto& sc = fitted ? *fitted : *scaler;
    for (auto& m : x)
        m = sc.transform(m);
    return x;
}

PhaseAssignment labelSeries(const Crbm& crbm, const Matrix& centres, const std::vector<Matrix>& z)
{
    PhaseAssignment a;
    a.k = static_cast<int>(centres.rows);
    a.history = static_cast<int>(crbm.nHis);
    for (const auto& series : z) {
        ContainerPhases c;
        c.activations = crbm.encode(series);
        c.labels.assign(series.rows, -1);
        for (std::size_t r = 0; r < c.activations.rows; ++r)
            c.labels[r + crbm.nHis] = nearestCentre(centres, c.activations.row(r));
        a.containers.push_back(std::move(c));
    }
    return a;
}

} // namespace

PhaseModel trainPhaseModel(const ContainerMetrics& metrics, const PhaseTrainOptions& o, const ProgressFn& progress)
{
    const auto cols = featureColumns(metrics, o.features);
    std::size_t windows = 0;
    for (const auto& s : metrics.containers)
        windows += s.rows() > o.crbm.nHistory ? s.rows() - o.crbm.nHistory : 0;
    if (windows < static_cast<std::size_t>(std::max(o.k, 1)))
        throw InputError(metrics.source, 0, "",
                         "only " + std::to_string(windows) + " steps have a full history of " +
                             std::to_string(o.crbm.nHistory) + " rows, fewer than k = " + std::to_string(o.k) +
                             (windows == 0 ? " (every container has at most " + std::to_string(o.crbm.nHistory) + " rows)"
                                           : std::string()));

    PhaseModel m;
    m.source = metrics.source;
    m.features = o.features;
    const auto z = scaledSeries(metrics, cols, nullptr, &m.scaler);

    CrbmTrainOptions crbmOptions = o.crbm;
    crbmOptions.seed = o.seed;
    CrbmTrainReport report;
    const ProgressFn crbmProgress = progress ? ProgressFn([&](double f) { return progress(0.9 * f); }) : ProgressFn{};
    m.crbm = trainCrbm(z, crbmOptions, &report, crbmProgress);
    m.training.initSigma = o.crbm.initSigma;
    m.training.maxEpochs = o.crbm.maxEpochs;
    m.training.learningRate = o.crbm.learningRate;
    m.training.patience = o.crbm.patience;
    m.training.epochsTrained = report.epochsTrained;
    m.training.errorPerEpoch = report.errorPerEpoch;
    m.training.seed = o.seed;
    m.training.kmeansRestarts = o.kmeansRestarts;

    Matrix points(windows, m.crbm.nHid);
    std::size_t at = 0;
    for (const auto& series : z) {
        const auto h = m.crbm.encode(series);
        std::copy(h.data.begin(), h.data.end(), points.row(at));
        at += h.rows;
    }
    KMeansOptions km;
    km.k = o.k;
    km.restarts = o.kmeansRestarts;
    km.maxIterations = o.kmeansMaxIterations;
    km.seed = o.seed ^ 0x9E3779B97F4A7C15ull; // a stream independent of the CRBM's
    const auto fit = fitKMeans(points, km);

    // Order phases by the mean of orderByColumn over their training rows (then by size), so that
    // phase numbers read low -> high load and do not depend on k-means' arbitrary cluster order.
    const auto k = static_cast<std::size_t>(o.k);
    std::vector<double> key(k, 0.0);
    std::vector<std::int64_t> count(k, 0);
    const auto orderCol = metrics.columnIndex(o.orderByColumn);
    at = 0;
    for (const auto& s : metrics.containers)
        for (std::size_t r = o.crbm.nHistory; r < s.rows(); ++r, ++at) {
            const auto l = static_cast<std::size_t>(fit.labels[at]);
            ++count[l];
            if (orderCol < metrics.columns.size())
                key[l] += metrics.value(s, r, orderCol);
        }
    std::vector<std::size_t> order(k);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const double ka = count[a] ? key[a] / static_cast<double>(count[a]) : 0.0;
        const double kb = count[b] ? key[b] / static_cast<double>(count[b]) : 0.0;
        return ka != kb ? ka < kb : count[a] > count[b];
    });
    m.kmeansCentres = Matrix(k, fit.centres.cols);
    for (std::size_t p = 0; p < k; ++p) {
        std::copy(fit.centres.row(order[p]), fit.centres.row(order[p]) + fit.centres.cols, m.kmeansCentres.row(p));
        m.kmeansTrainingLabelsCount.push_back(count[order[p]]);
    }
    m.kmeansInertia = fit.inertia;
    m.phaseStats = computePhaseStats(metrics, labelSeries(m.crbm, m.kmeansCentres, z));
    if (progress && !progress(1.0))
        throw Cancelled();
    return m;
}

PhaseAssignment assignPhases(const PhaseModel& model, const ContainerMetrics& metrics)
{
    const auto cols = featureColumns(metrics, model.features);
    return labelSeries(model.crbm, model.kmeansCentres, scaledSeries(metrics, cols, &model.scaler, nullptr));
}

} // namespace clens
