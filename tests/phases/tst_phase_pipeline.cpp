// Training the phase pipeline: k-means on planted clusters, CD-1 on the AI4DL sample, phase
// labelling rules, and the model file round trip.
#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/crbm.hpp"
#include "core/phases/kmeans.hpp"
#include "core/phases/phase_model.hpp"
#include "core/phases/phase_model_json.hpp"
#include "core/phases/zscore_scaler.hpp"
#include "tests/common/test_support.hpp"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>

#include <QTest>

#include <map>
#include <set>

using namespace clens;
using namespace clens::test;

namespace {

// n points around each centre with spread sigma, in centre order.
Matrix plantedClusters(const std::vector<std::vector<double>>& centres, std::size_t n, double sigma, std::uint64_t seed)
{
    boost::random::mt19937_64 rng(seed);
    boost::random::normal_distribution<double> noise(0.0, sigma);
    const auto dim = centres.front().size();
    Matrix x(centres.size() * n, dim);
    for (std::size_t c = 0; c < centres.size(); ++c)
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t d = 0; d < dim; ++d)
                x(c * n + i, d) = centres[c][d] + noise(rng);
    return x;
}

std::vector<Matrix> sampleZ(const ContainerMetrics& m)
{
    std::vector<std::size_t> cols;
    for (const auto& f : defaultPhaseFeatures())
        cols.push_back(m.columnIndex(f));
    std::vector<Matrix> x;
    for (const auto& s : m.containers)
        x.push_back(featureMatrix(m, s, cols));
    const auto scaler = ZScoreScaler::fit(x);
    for (auto& v : x)
        v = scaler.transform(v);
    return x;
}

PhaseTrainOptions quickOptions(std::uint64_t seed)
{
    PhaseTrainOptions o;
    o.seed = seed;
    o.crbm.maxEpochs = 20;
    return o;
}

} // namespace

class TestPhasePipeline : public QObject {
    Q_OBJECT
private slots:
    void scalerMatchesPopulationStd();
    void kmeansRecoversPlantedClusters_data();
    void kmeansRecoversPlantedClusters();
    void kmeansIsDeterministicPerSeed();
    void kmeansRejectsTooFewPoints();
    void cd1ReducesReconstructionError();
    void cd1IsDeterministicPerSeed();
    void earlyStoppingHonoursPatience();
    void firstHistoryRowsHaveNoPhase();
    void phasesOrderedByCpu();
    void modelJsonRoundTrip();
    void trainingNeedsEnoughRows();
    void badModelFiles_data();
    void badModelFiles();
};

void TestPhasePipeline::scalerMatchesPopulationStd()
{
    // Column 0: 1, 2, 3, 6 -> mean 3, variance (4 + 1 + 0 + 9) / 4 = 3.5. Column 1 constant -> scale 1.
    Matrix a(2, 2), b(2, 2);
    a(0, 0) = 1, a(1, 0) = 2, b(0, 0) = 3, b(1, 0) = 6;
    a(0, 1) = a(1, 1) = b(0, 1) = b(1, 1) = 7;
    const auto s = ZScoreScaler::fit({a, b});
    QCOMPARE(s.mean[0], 3.0);
    QCOMPARE(s.scale[0], std::sqrt(3.5));
    QCOMPARE(s.scale[1], 1.0);
    QCOMPARE(s.samplesSeen, std::int64_t{4});
    QCOMPARE(s.transform(b)(1, 0), 3.0 / std::sqrt(3.5));
    QCOMPARE(s.transform(b)(1, 1), 0.0);
}

void TestPhasePipeline::kmeansRecoversPlantedClusters_data()
{
    QTest::addColumn<int>("k");
    QTest::addColumn<quint64>("seed");
    QTest::newRow("3 clusters, seed 1") << 3 << quint64(1);
    QTest::newRow("5 clusters, seed 7") << 5 << quint64(7);
    QTest::newRow("5 clusters, seed 123") << 5 << quint64(123);
}

void TestPhasePipeline::kmeansRecoversPlantedClusters()
{
    QFETCH(int, k);
    QFETCH(quint64, seed);
    // Centres 10 apart in 4-D, spread 0.5: every point is far closer to its own centre.
    const std::vector<std::vector<double>> all{{0, 0, 0, 0}, {10, 0, 0, 0}, {0, 10, 0, 0}, {0, 0, 10, 10}, {10, 10, 10, 10}};
    const std::vector<std::vector<double>> centres(all.begin(), all.begin() + k);
    const std::size_t n = 40;
    const auto x = plantedClusters(centres, n, 0.5, seed);
    KMeansOptions o;
    o.k = k;
    o.seed = seed;
    const auto r = fitKMeans(x, o);
    // Every planted cluster maps to exactly one label, and no two clusters share one.
    std::set<int> used;
    for (int c = 0; c < k; ++c) {
        const int label = r.labels[static_cast<std::size_t>(c) * n];
        for (std::size_t i = 0; i < n; ++i)
            QCOMPARE(r.labels[static_cast<std::size_t>(c) * n + i], label);
        QVERIFY(used.insert(label).second);
        // Its centre is the mean of its points (what Lloyd converges to), near the planted one.
        for (std::size_t d = 0; d < 4; ++d) {
            double mean = 0;
            for (std::size_t i = 0; i < n; ++i)
                mean += x(static_cast<std::size_t>(c) * n + i, d) / static_cast<double>(n);
            QVERIFY(std::abs(r.centres(static_cast<std::size_t>(label), d) - mean) < 1e-9);
            QVERIFY(std::abs(mean - centres[static_cast<std::size_t>(c)][d]) < 0.5);
        }
    }
}

void TestPhasePipeline::kmeansIsDeterministicPerSeed()
{
    const auto x = plantedClusters({{0, 0}, {1, 1}, {2, 0}}, 30, 0.8, 5); // overlapping: restarts matter
    KMeansOptions o;
    o.k = 4;
    o.seed = 99;
    const auto a = fitKMeans(x, o), b = fitKMeans(x, o);
    QVERIFY(a.centres == b.centres);
    QVERIFY(a.labels == b.labels);
    QCOMPARE(a.inertia, b.inertia);
}

void TestPhasePipeline::kmeansRejectsTooFewPoints()
{
    KMeansOptions o;
    o.k = 5;
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, fitKMeans(Matrix(4, 2), o));
}

void TestPhasePipeline::cd1ReducesReconstructionError()
{
    const auto z = sampleZ(readAi4dlMetrics(samplePath("ai4dl/sample-dlaas.csv")));
    CrbmTrainOptions o;
    o.seed = 3;
    CrbmTrainReport report;
    const auto crbm = trainCrbm(z, o, &report);
    QVERIFY(report.epochsTrained >= 10);
    const double first = report.errorPerEpoch.front(), last = report.errorPerEpoch.back();
    qInfo("reconstruction error: epoch 1 %.4f, epoch %d %.4f", first, report.epochsTrained, last);
    QVERIFY2(last < 0.8 * first, "CD-1 should cut the reconstruction error on the sample");
    // The trained model reconstructs better than its untrained start (0 epochs = initial weights).
    CrbmTrainOptions none = o;
    none.maxEpochs = 0;
    const auto initial = trainCrbm(z, none);
    QVERIFY(crbmReconstructionError(crbm, z) < crbmReconstructionError(initial, z));
}

void TestPhasePipeline::cd1IsDeterministicPerSeed()
{
    const auto metrics = readAi4dlMetrics(samplePath("ai4dl/sample-dlaas.csv"));
    const auto a = trainPhaseModel(metrics, quickOptions(11));
    const auto b = trainPhaseModel(metrics, quickOptions(11));
    const auto c = trainPhaseModel(metrics, quickOptions(12));
    QVERIFY(a == b);
    QCOMPARE(phaseModelToJson(a), phaseModelToJson(b));
    QVERIFY(!(a.crbm == c.crbm));
}

void TestPhasePipeline::earlyStoppingHonoursPatience()
{
    const auto z = sampleZ(readAi4dlMetrics(samplePath("ai4dl/sample-dlaas.csv")));
    // A learning rate this large makes the error diverge at once: the best error stays at epoch 1,
    // so training stops after 1 + patience epochs.
    CrbmTrainOptions o;
    o.learningRate = 0.5;
    o.patience = 2;
    CrbmTrainReport report;
    trainCrbm(z, o, &report);
    QVERIFY(report.stoppedEarly);
    QCOMPARE(report.epochsTrained, 3);
}

void TestPhasePipeline::firstHistoryRowsHaveNoPhase()
{
    const auto metrics = readAi4dlMetrics(samplePath("ai4dl/sample-dlaas.csv"));
    const auto model = trainPhaseModel(metrics, quickOptions(1));
    const auto phases = assignPhases(model, metrics);
    QCOMPARE(phases.history, 3);
    for (std::size_t ci = 0; ci < metrics.containers.size(); ++ci) {
        const auto& labels = phases.containers[ci].labels;
        QCOMPARE(labels.size(), metrics.containers[ci].rows());
        for (std::size_t r = 0; r < labels.size(); ++r)
            QVERIFY(r < 3 ? labels[r] == -1 : (labels[r] >= 0 && labels[r] < 5));
        QCOMPARE(phases.containers[ci].activations.rows, metrics.containers[ci].rows() - 3);
    }
    // The stats cover the phased steps only: 204 rows - 4 * 3 = 192.
    std::size_t steps = 0;
    double share = 0;
    for (const auto& s : model.phaseStats) {
        steps += s.steps;
        share += s.share;
    }
    QCOMPARE(steps, std::size_t{192});
    QVERIFY(std::abs(share - 1.0) < 1e-12);
}

void TestPhasePipeline::phasesOrderedByCpu()
{
    const auto metrics = readAi4dlMetrics(samplePath("ai4dl/sample-dlaas.csv"));
    const auto model = trainPhaseModel(metrics, quickOptions(2));
    QCOMPARE(model.phaseStats.size(), std::size_t{5});
    for (std::size_t p = 1; p < model.phaseStats.size(); ++p)
        QVERIFY(model.phaseStats[p - 1].columns.at("cpu.usage.cores").mean <=
                model.phaseStats[p].columns.at("cpu.usage.cores").mean);
    for (std::size_t p = 0; p < 5; ++p)
        QCOMPARE(model.kmeansTrainingLabelsCount[p], static_cast<std::int64_t>(model.phaseStats[p].steps));
}

void TestPhasePipeline::modelJsonRoundTrip()
{
    QTemporaryDir dir;
    const auto metrics = readAi4dlMetrics(samplePath("ai4dl/sample-dlaas.csv"));
    const auto model = trainPhaseModel(metrics, quickOptions(4));
    const auto path = dir.path().toStdString() + "/model.json";
    savePhaseModel(model, path);
    const auto back = loadPhaseModel(path);
    QVERIFY(back == model); // every double survives exactly
    QVERIFY(assignPhases(back, metrics).containers[2].labels == assignPhases(model, metrics).containers[2].labels);
    // The reference export round-trips too (it has no phase statistics).
    const auto ref = loadPhaseModel(dataPath("ai4dl/ai4dl_pretrained_params.json"));
    QVERIFY(parsePhaseModelJson(phaseModelToJson(ref), "again") == ref);
}

void TestPhasePipeline::trainingNeedsEnoughRows()
{
    QTemporaryDir dir;
    // Two containers of 3 rows each: with history 3, no step has a phase.
    std::string text = "timestamp,pod.id,cpu.num.cores,cpu.usage,cpu.usage.cores,cpu.usage.pct,"
                       "cpu.usage.pct.container.requested,mem.current,mem.limit,mem.usage.pct,mem.working.set\n";
    for (int t = 0; t < 3; ++t)
        for (const char* pod : {"a", "b"})
            text += std::to_string(t * 10) + "," + pod + ",4,1,1,1,1,1,1,1,1\n";
    const auto path = writeFile(dir, "short.csv", text);
    const auto metrics = readAi4dlMetrics(path);
    expectInputError([&] { trainPhaseModel(metrics, quickOptions(1)); }, path, 0, "");
}

void TestPhasePipeline::badModelFiles_data()
{
    QTest::addColumn<QString>("edit"); // a key path to break in the reference export
    QTest::addColumn<QString>("field");
    QTest::addColumn<qint64>("line");
    QTest::newRow("not JSON") << "syntax" << "" << qint64(1);
    QTest::newRow("trailing text") << "trailing" << "" << qint64(1);
    QTest::newRow("missing crbm") << "drop crbm" << "crbm" << qint64(0);
    QTest::newRow("W wrong shape") << "W row" << "crbm.W[2]" << qint64(0);
    QTest::newRow("scale zero") << "scale zero" << "scaler_scale[2]" << qint64(0);
    QTest::newRow("centres wrong width") << "centres" << "kmeans_centers[0]" << qint64(0);
    QTest::newRow("other format") << "format" << "format" << qint64(0);
}

void TestPhasePipeline::badModelFiles()
{
    QFETCH(QString, edit);
    QFETCH(QString, field);
    QFETCH(qint64, line);
    auto m = loadPhaseModel(dataPath("ai4dl/ai4dl_pretrained_params.json"));
    auto json = phaseModelToJson(m);
    const auto replaceOnce = [&](const std::string& from, const std::string& to) {
        const auto at = json.find(from);
        QVERIFY(at != std::string::npos);
        json.replace(at, from.size(), to);
    };
    if (edit == "syntax")
        json = "{\"features\": [1, 2";
    else if (edit == "trailing")
        json = "\"timestamp\",\"service\"\n1,2\n"; // a CSV given as the model: a JSON string, then more
    else if (edit == "drop crbm")
        replaceOnce("\"crbm\":", "\"crbx\":");
    else if (edit == "W row") {
        json = phaseModelToJson(m);
        const auto w = json.find("\"W\":");
        auto at = w;
        for (int i = 0; i < 4; ++i)
            at = json.find('[', at + 1); // the 4th '[' after "W": the outer one, then rows 0, 1, 2
        json.insert(at + 1, "0.5,");
    } else if (edit == "scale zero") {
        m.scaler.scale[2] = 0;
        json = phaseModelToJson(m);
    } else if (edit == "centres") {
        const auto at = json.find('[', json.find("\"kmeans_centers\":") + 1);
        json.insert(at + 2, "0.5,"); // at+1 is the '[' of row 0
    } else if (edit == "format")
        replaceOnce("\"format\":\"clusterlens-phase-model\"", "\"format\":\"something-else\"");
    QTemporaryDir dir;
    const auto path = writeFile(dir, "model.json", json);
    const auto msg = expectInputError([&] { loadPhaseModel(path); }, path, line, field.toStdString());
    qInfo("%s", msg.c_str());
}

QTEST_APPLESS_MAIN(TestPhasePipeline)
#include "tst_phase_pipeline.moc"
