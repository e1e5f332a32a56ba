// clusterlens-cli sweep: cartesian product of the `vary` keys, one row per scenario in a fixed
// order whatever the thread count, errors naming the key.
#include "tests/cli/cli_runner.hpp"
#include "tests/common/test_support.hpp"

#include <cmath>

#include <QFile>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

using namespace clens::test;

namespace {
const char* kGrid = R"({"base": {"gang": {"policy": "strict"}},
  "vary": {"locality.relax_to_any_after_s": [0, 1800, null], "placement": ["best-fit", "spread"]}})";
} // namespace

class TestCliSweep : public QObject {
    Q_OBJECT
private slots:
    void gridRowsInOrder();
    void badGridNamesKey_data();
    void badGridNamesKey();
    void readmeSweepShowsTheTradeOff();
    void knobsThatChangeNothingAreNoted();
};

void TestCliSweep::gridRowsInOrder()
{
    QTemporaryDir dir;
    const auto grid = QString::fromStdString(writeFile(dir, "grid.json", kGrid));
    QByteArray first;
    for (const auto* threads : {"1", "3"}) {
        const auto out = dir.filePath(QString("r%1.csv").arg(threads));
        const auto r = runCli({"sweep", "-q", "--cluster", sample("demo/cluster.csv"), "--trace", sample("demo/jobs.csv"), "--grid",
                               grid, "--out", out, "--threads", threads});
        QCOMPARE(r.exitCode, 0);
        const auto text = readAll(out);
        if (first.isEmpty())
            first = text;
        else
            QCOMPARE(text, first); // same rows, same order, with 1 or 3 threads
    }
    const auto lines = first.split('\n');
    QCOMPARE(lines.size(), 3 * 2 + 2); // header, 6 runs, final empty
    QVERIFY(lines[0].startsWith("run,locality.relax_to_any_after_s,placement,jobs,finished_jobs,unfinished_jobs,makespan_s,"
                                "mean_queue_delay_s,"));
    // First key slowest: (0, best-fit), (0, spread), (1800, best-fit), ..., (null, spread).
    QVERIFY(lines[1].startsWith("1,0,best-fit,24,"));
    QVERIFY(lines[2].startsWith("2,0,spread,24,"));
    QVERIFY(lines[3].startsWith("3,1800,best-fit,24,"));
    QVERIFY(lines[6].startsWith("6,,spread,24,"));
    // Relaxing at once removes the demo's fragmentation delay (j05 and j07 start at once).
    QVERIFY(lines[1] != lines[3]);
}

void TestCliSweep::badGridNamesKey_data()
{
    QTest::addColumn<QString>("grid");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown scenario key") << R"({"vary": {"locality.relax_after": [1, 2]}})" << "locality.relax_after";
    QTest::newRow("bad value") << R"({"vary": {"placement": ["best-fit", "worst-fit"]}})" << "placement";
    QTest::newRow("empty list") << R"({"vary": {"seed": []}})" << "vary.seed";
    QTest::newRow("unknown grid key") << R"({"vari": {}})" << "vari";
    QTest::newRow("unknown VC") << R"({"vary": {"quota.vc.nosuch": [4]}})" << "quota.vc.nosuch";
}

void TestCliSweep::badGridNamesKey()
{
    QFETCH(QString, grid);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const auto path = QString::fromStdString(writeFile(dir, "grid.json", grid.toStdString()));
    const auto r = runCli({"sweep", "--cluster", sample("demo/cluster.csv"), "--trace", sample("demo/jobs.csv"), "--grid", path, "--out",
                           dir.filePath("out.csv")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
}

// The README's sweep (docs/sweeps/philly_5x_relax_by_quota_mode.json on the Philly sample) must
// show a choice, not twelve equal rows (what the former example, strict quotas at the trace's own
// pace, gave). Figures: docs/simulation.md "Study: locality thresholds (the ATC'19 trade-off)".
void TestCliSweep::readmeSweepShowsTheTradeOff()
{
    QTemporaryDir dir;
    const auto out = dir.filePath("sweep.csv");
    const auto r = runCli({"sweep", "--cluster", sample("philly/cluster_machine_list"), "--trace", sample("philly/philly_jobs_pollux.csv"),
                           "--grid", QString::fromStdString(sampleDir() + "/../docs/sweeps/philly_5x_relax_by_quota_mode.json"), "--out", out});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(!r.err.contains("changes no metric of any scenario"), r.err.constData()); // both knobs matter
    auto lines = readAll(out).split('\n');
    QCOMPARE(lines.size(), 12 + 2); // header, 4 thresholds x 3 modes, final empty
    const auto header = lines[0].split(',');
    const auto waitColumn = header.indexOf("mean_queue_delay_s");
    QVERIFY(waitColumn > 0);
    QMap<QByteArray, double> wait; // "threshold/mode" -> mean wait
    for (int i = 1; i <= 12; ++i) {
        const auto f = lines[i].split(',');
        wait[f[1] + "/" + f[2]] = f[waitColumn].toDouble();
    }
    // Never relaxing with borrowing waits least (6,686 s); strict quotas barely feel the
    // threshold (19,509-19,683 s); without quotas relaxing at once waits 2.6x longer than never.
    for (auto it = wait.cbegin(); it != wait.cend(); ++it)
        if (it.key() != "/borrow")
            QVERIFY2(wait["/borrow"] < it.value(), it.key().constData());
    QVERIFY(std::abs(wait["0/strict"] - wait["/strict"]) < 0.05 * wait["/strict"]);
    QVERIFY(wait["0/none"] > 2 * wait["/none"]);
}

// At the trace's own pace with strict VC quotas nothing ever waits for a placement: each
// threshold changes no scenario, and the sweep says so (every row identical:
// docs/simulation.md "Study: locality thresholds (the ATC'19 trade-off)").
void TestCliSweep::knobsThatChangeNothingAreNoted()
{
    QTemporaryDir dir;
    const auto r = runCli({"sweep", "--cluster", sample("philly/cluster_machine_list"), "--trace", sample("philly/philly_jobs_pollux.csv"),
                           "--grid", QString::fromStdString(sampleDir() + "/../docs/sweeps/philly_quotas_strict.json"), "--out",
                           dir.filePath("sweep.csv")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("clusterlens-cli: note: locality.relax_to_rack_after_s changes no metric of any scenario\n"
                            "clusterlens-cli: note: locality.relax_to_any_after_s changes no metric of any scenario\n"),
             r.err.constData());
    // Quiet: no note.
    const auto quiet = runCli({"sweep", "-q", "--cluster", sample("philly/cluster_machine_list"), "--trace", sample("philly/philly_jobs_pollux.csv"),
                               "--grid", QString::fromStdString(sampleDir() + "/../docs/sweeps/philly_quotas_strict.json"), "--out",
                               dir.filePath("quiet.csv")});
    QCOMPARE(quiet.exitCode, 0);
    QVERIFY(quiet.err.isEmpty());
}

QTEST_GUILESS_MAIN(TestCliSweep)
#include "tst_cli_sweep.moc"
