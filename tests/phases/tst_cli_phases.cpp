// clusterlens-cli phases train / apply and autoscale, end to end on the real AI4DL sample.
#include "tests/cli/cli_runner.hpp"
#include "tests/common/test_support.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace clens::test;

namespace {

QString sample() { return QString::fromStdString(samplePath("ai4dl/sample-dlaas.csv")); }
QString referenceModel() { return QString::fromStdString(dataPath("ai4dl/ai4dl_pretrained_params.json")); }

QList<QByteArray> lines(const QString& path)
{
    auto all = readAll(path).split('\n');
    if (!all.isEmpty() && all.back().isEmpty())
        all.pop_back();
    for (auto& line : all)
        line = line.trimmed(); // the golden file has CRLF line ends
    return all;
}

} // namespace

class TestCliPhases : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void trainIsDeterministic();
    void applyWritesEveryOutput();
    void applyReferenceModelMatchesGolden();
    void autoscaleTable();
    void autoscaleConfig();
    void errors_data();
    void errors();

private:
    QTemporaryDir dir_;
    QString model_;
    QString path(const QString& name) const { return dir_.path() + "/" + name; }
};

void TestCliPhases::initTestCase()
{
    QVERIFY(dir_.isValid());
    model_ = path("model.json");
    const auto r = runCli({"phases", "train", "--metrics", sample(), "--model-out", model_, "--seed", "7"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("k-means: k = 5"));
}

void TestCliPhases::trainIsDeterministic()
{
    const auto again = path("again.json"), other = path("other.json");
    QCOMPARE(runCli({"phases", "train", "--metrics", sample(), "--model-out", again, "--seed", "7"}).exitCode, 0);
    QCOMPARE(runCli({"phases", "train", "--metrics", sample(), "--model-out", other, "--seed", "8"}).exitCode, 0);
    QCOMPARE(readAll(again), readAll(model_));
    QVERIFY(readAll(other) != readAll(model_));
    const auto o = QJsonDocument::fromJson(readAll(model_)).object();
    QCOMPARE(o["features"].toArray().size(), 8);
    QCOMPARE(o["crbm"].toObject()["W"].toArray().size(), 10);
    QCOMPARE(o["kmeans_centers"].toArray().size(), 5);
    QCOMPARE(o["phase_stats"].toArray().size(), 5);
}

void TestCliPhases::applyWritesEveryOutput()
{
    const auto r = runCli({"phases", "apply", "--metrics", sample(), "--model", model_, "--out", path("phases.csv"),
                           "--activations-out", path("act.csv"), "--graph-out", path("graph.json"), "--dot-out",
                           path("graph.dot")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto phases = lines(path("phases.csv"));
    QCOMPARE(phases.size(), 1 + 204);
    QCOMPARE(phases[0], QByteArray("pod.id,row,timestamp,phase"));
    QCOMPARE(phases[1], QByteArray("exec1,0,1565962220,")); // the first 3 rows have no phase
    QCOMPARE(phases[3], QByteArray("exec1,2,1565962300,"));
    QVERIFY(phases[4].startsWith("exec1,3,1565962340,") && phases[4].size() == QByteArray("exec1,3,1565962340,0").size());
    const auto act = lines(path("act.csv"));
    QCOMPARE(act.size(), 1 + 192);
    QCOMPARE(act[0], QByteArray("pod.id,row,timestamp,h0,h1,h2,h3,h4,h5,h6,h7,h8,h9"));
    QVERIFY(act[1].startsWith("exec1,3,1565962340,"));
    const auto g = QJsonDocument::fromJson(readAll(path("graph.json"))).object();
    QCOMPARE(g["nodes"].toArray().size(), 5);
    double share = 0;
    for (const auto& n : g["nodes"].toArray())
        share += n.toObject()["share"].toDouble();
    QVERIFY(std::abs(share - 1) < 1e-12);
    // Probabilities leaving each phase sum to 1.
    QVector<double> out(5, 0);
    for (const auto& e : g["edges"].toArray())
        out[e.toObject()["from"].toInt()] += e.toObject()["probability"].toDouble();
    for (double p : out)
        QVERIFY(std::abs(p - 1) < 1e-12);
    QCOMPARE(g["sequences"].toObject().keys(), (QStringList{"exec1", "exec2", "exec3", "exec4"}));
    QVERIFY(readAll(path("graph.dot")).startsWith("digraph"));
}

void TestCliPhases::applyReferenceModelMatchesGolden()
{
    const auto r = runCli({"phases", "apply", "--metrics", sample(), "--model", referenceModel(), "--out",
                           path("ref_phases.csv"), "--activations-out", path("ref_act.csv")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto got = lines(path("ref_act.csv"));
    const auto want = lines(QString::fromStdString(dataPath("ai4dl/golden_crbm_activations_sample-dlaas.csv")));
    QCOMPARE(got.size(), want.size());
    for (qsizetype i = 0; i < got.size(); ++i) {
        const auto g = got[i].split(','), w = want[i].split(',');
        QCOMPARE(g.size(), w.size());
        for (qsizetype j = 0; j < g.size(); ++j)
            if (i == 0 || j < 3)
                QCOMPARE(g[j], w[j]);
            else
                QVERIFY(std::abs(g[j].toDouble() - w[j].toDouble()) <= 1e-9);
    }
}

void TestCliPhases::autoscaleTable()
{
    const auto r = runCli({"autoscale", "--metrics", sample(), "--model", model_, "--out", path("table.csv"),
                           "--allocations-out", path("alloc.csv")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto t = lines(path("table.csv"));
    QCOMPARE(t.size(), 6);
    QVERIFY(t[0].startsWith("policy,oracle,containers,intervals,steps,hours,cpu_alloc_core_h"));
    const QStringList policies{"prev.step.max", "prev.step.rules", "phase.rule", "current.step.max", "current.step.rules"};
    for (int i = 0; i < 5; ++i) {
        const auto f = t[i + 1].split(',');
        QCOMPARE(QString(f[0]), policies[i]);
        QCOMPARE(f[4], QByteArray("204")); // every row is a step
    }
    QCOMPARE(t[1].split(',')[10], QByteArray("0")); // prev.step.max saves 0% against itself
    // 4 containers x 4 intervals of 300 s (each lasts 510..1110 s) except exec4 (2): 14 intervals.
    QCOMPARE(t[1].split(',')[3], QByteArray("14"));
    QCOMPARE(lines(path("alloc.csv")).size(), 1 + 5 * 14);
}

void TestCliPhases::autoscaleConfig()
{
    QTemporaryDir dir;
    const auto scenario = writeFile(dir, "scenario.json", R"({"autoscaler": {"interval_s": 600, "sigma": 1}})");
    const auto r = runCli({"autoscale", "--metrics", sample(), "--model", model_, "--config",
                           QString::fromStdString(scenario), "--out", path("t600.csv")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("interval 600 s, sigma 1"));
    // 600 s intervals: exec1 (1110 s) 2, exec2 (940 s) 2, exec3 (1020 s) 2, exec4 (510 s) 1 -> 7.
    QCOMPARE(lines(path("t600.csv"))[1].split(',')[3], QByteArray("7"));
    // A command-line value overrides the scenario.
    const auto r2 = runCli({"autoscale", "--metrics", sample(), "--model", model_, "--config",
                            QString::fromStdString(scenario), "--interval-s", "300", "--out", path("t300.csv")});
    QCOMPARE(r2.exitCode, 0);
    QCOMPARE(lines(path("t300.csv"))[1].split(',')[3], QByteArray("14"));
    // The reference model has no phase statistics: a note says the data's are used.
    const auto r3 = runCli({"autoscale", "--metrics", sample(), "--model", referenceModel(), "--out", path("tref.csv")});
    QCOMPARE(r3.exitCode, 0);
    QVERIFY(r3.err.contains("no phase statistics"));
}

void TestCliPhases::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("inStderr");
    QTest::newRow("no subcommand") << QStringList{"phases"} << "train or apply";
    QTest::newRow("bad subcommand") << QStringList{"phases", "fit"} << "fit";
    QTest::newRow("missing --model-out") << QStringList{"phases", "train", "--metrics", "x.csv"} << "model-out";
    QTest::newRow("missing metrics file") << QStringList{"phases", "train", "--metrics", "/nonexistent.csv", "--model-out", "m.json"}
                                          << "/nonexistent.csv";
    QTest::newRow("k zero") << QStringList{"phases", "train", "--metrics", "x.csv", "--model-out", "m.json", "--k", "0"}
                            << "--k";
    QTest::newRow("bad first interval") << QStringList{"autoscale", "--metrics", "x", "--model", "m", "--out", "t",
                                                       "--first-interval", "never"}
                                        << "first-interval";
    QTest::newRow("negative headroom") << QStringList{"autoscale", "--metrics", "x", "--model", "m", "--out", "t",
                                                      "--headroom", "-0.5"}
                                       << "headroom";
}

void TestCliPhases::errors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, inStderr);
    const auto r = runCli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("clusterlens-cli: error:"), r.err.constData());
    QVERIFY2(r.err.contains(inStderr.toUtf8()), r.err.constData());
}

QTEST_MAIN(TestCliPhases)
#include "tst_cli_phases.moc"
