// The CRBM encoding of the AI4DL reference model reproduces the reference activations exactly.
#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/phase_model.hpp"
#include "core/phases/phase_model_json.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <cmath>

using namespace clens;
using namespace clens::test;

class TestCrbmParity : public QObject {
    Q_OBJECT
private slots:
    void referenceModelLoads();
    void goldenActivations();
};

void TestCrbmParity::referenceModelLoads()
{
    const auto m = loadPhaseModel(dataPath("ai4dl/ai4dl_pretrained_params.json"));
    QCOMPARE(m.features.size(), std::size_t{8});
    QCOMPARE(m.features[1], std::string("cpu.usage.cores"));
    QCOMPARE(m.crbm.nVis, std::size_t{8});
    QCOMPARE(m.crbm.nHid, std::size_t{10});
    QCOMPARE(m.crbm.nHis, std::size_t{3});
    QCOMPARE(m.crbm.A.rows, std::size_t{8});
    QCOMPARE(m.crbm.A.cols, std::size_t{24});
    QCOMPARE(m.crbm.B.rows, std::size_t{10});
    QCOMPARE(m.crbm.B.cols, std::size_t{24});
    QCOMPARE(m.k(), 5);
    QCOMPARE(m.training.epochsTrained, 1000);
    QCOMPARE(m.training.errorPerEpoch.size(), std::size_t{1000});
    QCOMPARE(m.kmeansTrainingLabelsCount.front(), std::int64_t{15846});
    QCOMPARE(m.scaler.samplesSeen, std::int64_t{28948});
    QVERIFY(m.phaseStats.empty());
    // Biases are stored as column vectors [[x], [y], ...]: the first h_bias entry of the file.
    QCOMPARE(m.crbm.hBias[0], -0.04606117680668831);
}

void TestCrbmParity::goldenActivations()
{
    const auto model = loadPhaseModel(dataPath("ai4dl/ai4dl_pretrained_params.json"));
    const auto metrics = readAi4dlMetrics(samplePath("ai4dl/sample-dlaas.csv"));
    const auto phases = assignPhases(model, metrics);

    const std::string golden = dataPath("ai4dl/golden_crbm_activations_sample-dlaas.csv");
    CsvReader reader(golden);
    QVERIFY(reader.next());
    const CsvHeader header(reader);
    std::size_t compared = 0, rowsCompared = 0;
    double worst = 0;
    std::vector<std::size_t> goldenRows(metrics.containers.size(), 0);
    while (reader.next()) {
        const auto line = reader.line();
        const std::string pod(reader.field(header.require("pod.id")));
        std::size_t ci = 0;
        while (ci < metrics.containers.size() && metrics.containers[ci].podId != pod)
            ++ci;
        QVERIFY2(ci < metrics.containers.size(), pod.c_str());
        const auto row = static_cast<std::size_t>(parseInt(reader.field(header.require("row")), {golden, line, "row"}));
        const auto ts = parseInt(reader.field(header.require("timestamp")), {golden, line, "timestamp"});
        QVERIFY(row >= 3);
        QCOMPARE(metrics.containers[ci].timestamps[row], ts);
        const auto& act = phases.containers[ci].activations;
        QVERIFY(row - 3 < act.rows);
        for (std::size_t j = 0; j < 10; ++j) {
            const auto name = "h" + std::to_string(j);
            const double want = parseDouble(reader.field(header.require(name)), {golden, line, name});
            const double got = act(row - 3, j);
            worst = std::max(worst, std::abs(got - want));
            if (std::abs(got - want) > 1e-9)
                QFAIL(qPrintable(QString("%1 row %2 h%3: got %4, golden %5")
                                     .arg(QString::fromStdString(pod)).arg(row).arg(j).arg(got, 0, 'g', 17).arg(want, 0, 'g', 17)));
            ++compared;
        }
        ++goldenRows[ci];
        ++rowsCompared;
    }
    // 4 containers of 65/52/59/28 rows, 3 history rows each without an encoding: 62+49+56+25 = 192.
    QCOMPARE(rowsCompared, std::size_t{192});
    QCOMPARE(compared, std::size_t{1920});
    for (std::size_t ci = 0; ci < metrics.containers.size(); ++ci)
        QCOMPARE(goldenRows[ci], phases.containers[ci].activations.rows);
    qInfo("largest |difference| from the golden activations: %.3g", worst);
}

QTEST_APPLESS_MAIN(TestCrbmParity)
#include "tst_crbm_parity.moc"
