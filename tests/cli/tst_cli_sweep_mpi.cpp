// clusterlens-cli sweep --mpi under `mpirun -np 2`
// (docs/simulation.md "Sweeps across machines (MPI)"): rank 0 writes the same CSV, byte for byte, as the threaded sweep — also when a
// scenario fails (its row carries the error, the others go on, exit 1); --mpi with --threads is
// a usage error.
#include "tests/cli/cli_runner.hpp"
#include "tests/common/test_support.hpp"

#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace clens::test;

namespace {

const char* kGrid = R"({"base": {"gang": {"policy": "strict"}},
  "vary": {"locality.relax_to_any_after_s": [0, 1800, null], "placement": ["best-fit", "spread"]}})";
// Run 1 fails: servers failing every 3.6 s over a long horizon exceed the failure budget.
const char* kFailingGrid = R"({"base": {"failures": {"horizon_s": 100000000}}, "vary": {"failures.server_mtbf_h": [0.001, 10000]}})";

CliRun runMpi(int ranks, const QStringList& args)
{
    QStringList mpi{"-np", QString::number(ranks), "--oversubscribe"};
    if (geteuid() == 0)
        mpi << "--allow-run-as-root"; // CI containers run as root
    QProcess p;
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert("OMPI_MCA_btl_vader_single_copy_mechanism", "none"); // containers often forbid the kernel copy
    env.insert("ASAN_OPTIONS", "detect_leaks=0"); // Open MPI's own allocations, in the asan preset
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CLENS_MPIEXEC), mpi + QStringList{QStringLiteral(CLENS_CLI_PATH)} + args);
    return finishCli(p);
}

} // namespace

class TestCliSweepMpi : public QObject {
    Q_OBJECT
private slots:
    void sameCsvAsThreads_data();
    void sameCsvAsThreads();
    void threadsAndMpiExcludeEachOther();
};

void TestCliSweepMpi::sameCsvAsThreads_data()
{
    QTest::addColumn<QByteArray>("grid");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("6 runs, 2 ranks") << QByteArray(kGrid) << 2 << 0;
    QTest::newRow("6 runs, 3 ranks") << QByteArray(kGrid) << 3 << 0;
    QTest::newRow("6 runs, 1 rank") << QByteArray(kGrid) << 1 << 0;
    QTest::newRow("a failing run") << QByteArray(kFailingGrid) << 2 << 1;
}

void TestCliSweepMpi::sameCsvAsThreads()
{
    QFETCH(QByteArray, grid);
    QFETCH(int, ranks);
    QFETCH(int, exitCode);
    QTemporaryDir dir;
    const auto gridPath = QString::fromStdString(writeFile(dir, "grid.json", grid.toStdString()));
    const QStringList common{"sweep", "-q", "--cluster", sample("demo/cluster.csv"), "--trace", sample("demo/jobs.csv"), "--grid", gridPath};
    const auto threaded = runCli(common + QStringList{"--out", dir.filePath("threads.csv")});
    QCOMPARE(threaded.exitCode, exitCode);
    const auto mpi = runMpi(ranks, common + QStringList{"--mpi", "--out", dir.filePath("mpi.csv")});
    QVERIFY2(mpi.exitCode == exitCode, (mpi.err + mpi.out).constData());
    const auto expected = readAll(dir.filePath("threads.csv"));
    QVERIFY(expected.startsWith("run,"));
    QCOMPARE(readAll(dir.filePath("mpi.csv")), expected);
    if (exitCode != 0) {
        QVERIFY(mpi.err.contains("1 of 2 scenarios failed"));
        QVERIFY(expected.contains("failures.server_mtbf_h"));          // the failed row's error
        QVERIFY(expected.split('\n')[2].startsWith("2,10000,24,24,")); // the other run went on
    }
}

void TestCliSweepMpi::threadsAndMpiExcludeEachOther()
{
    QTemporaryDir dir;
    const auto gridPath = QString::fromStdString(writeFile(dir, "grid.json", kGrid));
    const auto r = runCli({"sweep", "--mpi", "--threads", "2", "--cluster", sample("demo/cluster.csv"), "--trace", sample("demo/jobs.csv"),
                           "--grid", gridPath, "--out", dir.filePath("o.csv")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("--mpi"));
}

QTEST_GUILESS_MAIN(TestCliSweepMpi)
#include "tst_cli_sweep_mpi.moc"
