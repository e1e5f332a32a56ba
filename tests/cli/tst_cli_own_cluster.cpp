// "Your own cluster in two commands" end to end: `clusterlens-cli info` and `simulate` on the
// Slurm and Kubernetes samples, and the import options' usage errors.
// docs/formats.md "Your own cluster in two commands", docs/cli.md "Import options for Slurm and Kubernetes"
#include "tests/cli/cli_runner.hpp"
#include "tests/common/test_support.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <filesystem>

using namespace clens::test;

namespace {

bool haveTzdb() { return std::filesystem::exists("/usr/share/zoneinfo/Europe/Berlin") || std::getenv("TZDIR"); }

const QStringList kSlurm{"--trace", sample("slurm/sacct_jobs.txt"), "--timezone", "Europe/Berlin", "--cluster",
                         sample("slurm/scontrol_nodes.txt"), "--topology", sample("slurm/topology.conf")};
const QStringList kKubernetes{"--trace", sample("kubernetes/pods.json"), "--cluster", sample("kubernetes/nodes.json")};

} // namespace

class TestCliOwnCluster : public QObject {
    Q_OBJECT
private slots:
    void slurmInfo();
    void kubernetesInfo();
    void simulate_data();
    void simulate();
    void quotasFromTheCluster();
    void usageErrors_data();
    void usageErrors();
    void badInputNamesLineAndField();
    void clusterHelpNamesEveryFormat_data();
    void clusterHelpNamesEveryFormat();
};

void TestCliOwnCluster::slurmInfo()
{
    if (!haveTzdb())
        QSKIP("no tz database in /usr/share/zoneinfo");
    const auto o = infoJson(kSlurm);
    QCOMPARE(o["format"].toString(), QString("slurm"));
    QCOMPARE(o["jobs"].toInt(), 30);
    QCOMPARE(o["simulated_jobs"].toInt(), 28);
    QCOMPARE(o["vcs"].toInt(), 3);
    QCOMPARE(o["servers"].toInt(), 14);
    QCOMPARE(o["gpus"].toInt(), 80);
    QCOMPARE(o["racks"].toInt(), 3);
    QCOMPARE(o["first_submit_s"].toInteger(), 1711825500); // 2024-03-30 20:05 CET
    QCOMPARE(o["not_simulated"].toObject()["pending"].toInt(), 1);
    QCOMPARE(o["gpus_by_model"].toObject()["a100"].toInt(), 64);
    QCOMPARE(o["cluster_notes"].toArray().size() > 0, true);
    // Every NodeList host is a node of the list: no "not in the cluster" note.
    for (const auto& n : o["cluster_notes"].toArray())
        QVERIFY2(!n.toString().contains("not in the cluster"), qPrintable(n.toString()));
}

void TestCliOwnCluster::kubernetesInfo()
{
    const auto o = infoJson(kKubernetes);
    QCOMPARE(o["format"].toString(), QString("kubernetes"));
    QCOMPARE(o["jobs"].toInt(), 19);
    QCOMPARE(o["simulated_jobs"].toInt(), 16);
    QCOMPARE(o["vcs"].toInt(), 4);
    QCOMPARE(o["servers"].toInt(), 6);
    QCOMPARE(o["gpus"].toInt(), 36);
    QCOMPARE(o["racks"].toInt(), 2);
    QCOMPARE(o["tenant_note"].toString(), QString("tenants are Kubernetes namespaces"));
    const auto nodes = infoJson({"--trace", sample("kubernetes/nodes.json"), "--rack-label", "kubernetes.io/hostname"});
    QCOMPARE(nodes["kind"].toString(), QString("cluster"));
    QCOMPARE(nodes["racks"].toInt(), 6);
}

void TestCliOwnCluster::simulate_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("simulated");
    QTest::addColumn<QByteArray>("leftOut"); // what stderr says was left out
    // The Slurm sample: 1 job PENDING at the time of the export, 1 never started (30 jobs, 28
    // simulated); the pods: 2 Pending, 1 asking nothing (19 pods, 16 simulated).
    QTest::newRow("slurm") << kSlurm << 28 << QByteArray("1 job not simulated (pending)");
    QTest::newRow("kubernetes") << kKubernetes << 16 << QByteArray("2 jobs not simulated (pending)");
}

void TestCliOwnCluster::simulate()
{
    QFETCH(QStringList, args);
    QFETCH(int, simulated);
    QFETCH(QByteArray, leftOut);
    if (args.contains("Europe/Berlin") && !haveTzdb())
        QSKIP("no tz database in /usr/share/zoneinfo");
    QTemporaryDir dir;
    const auto jobs = dir.filePath("jobs.csv");
    const auto r = runCli(QStringList{"simulate", "-q", "--jobs-out", jobs} + args);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto lines = readAll(jobs).trimmed().split('\n');
    QCOMPARE(lines.size(), simulated + 1); // header + one row per simulated job
    QVERIFY2(r.err.contains(leftOut), r.err.constData());
}

// --quotas: the accounts' GrpTRES limits (nlp 40, speech 8, vision 24 GPUs) become quota.vc and
// mode none becomes strict, so jobs now wait for their tenant's quota (fairshare delay > 0;
// without the quotas the sample has none).
void TestCliOwnCluster::quotasFromTheCluster()
{
    if (!haveTzdb())
        QSKIP("no tz database in /usr/share/zoneinfo");
    QTemporaryDir dir;
    const auto summary = dir.filePath("summary.json");
    const auto run = [&](const QStringList& extra) {
        const auto r = runCli(QStringList{"simulate", "-q", "--summary-out", summary} + kSlurm + extra);
        return std::make_pair(r, QJsonDocument::fromJson(readAll(summary)).object());
    };
    const auto [plain, without] = run({});
    QVERIFY2(plain.exitCode == 0, plain.err.constData());
    QCOMPARE(without["fairshare_delay_s"].toDouble(), 0.0);
    const auto [r, with] = run({"--quotas", sample("slurm/sacctmgr_assoc.txt")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.err.contains("quotas of 3 tenants set from"), r.err.constData());
    QVERIFY2(r.err.contains("quota.mode none became strict"), r.err.constData());
    QVERIFY(with["fairshare_delay_s"].toDouble() > 0);
    const auto k = runCli(QStringList{"simulate", "-q"} + kKubernetes + QStringList{"--quotas", sample("kubernetes/resourcequotas.json")});
    QVERIFY2(k.exitCode == 0, k.err.constData());
    QVERIFY2(k.err.contains("quotas of 3 tenants set from"), k.err.constData());
    // sweep: every run gets the quotas; the varied quota.mode stays the grid's (none runs unlimited).
    const auto grid = writeFile(dir, "grid.json", R"({"base": {}, "vary": {"quota.mode": ["none", "borrow"]}})");
    const auto out = dir.filePath("sweep.csv");
    const auto s = runCli(QStringList{"sweep", "-q", "--grid", QString::fromStdString(grid), "--out", out, "--threads", "1"} + kSlurm
                          + QStringList{"--quotas", sample("slurm/sacctmgr_assoc.txt")});
    QVERIFY2(s.exitCode == 0, s.err.constData());
    const auto rows = readAll(out).trimmed().split('\n');
    QCOMPARE(rows.size(), 3); // header + 2 runs
    const auto header = rows[0].split(',');
    const auto fair = header.indexOf("fairshare_delay_s");
    QVERIFY(fair > 0);
    QCOMPARE(rows[1].split(',')[fair].toDouble(), 0.0); // quota.mode none: the quotas do not bind
}

void TestCliOwnCluster::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown zone") << QStringList{"info", "--trace", sample("slurm/sacct_jobs.txt"), "--timezone", "Mars/Base"}
                                  << "--timezone: unknown time zone 'Mars/Base'";
    QTest::newRow("bad tenant column") << QStringList{"info", "--trace", sample("slurm/sacct_jobs.txt"), "--slurm-tenant", "user"}
                                       << "--slurm-tenant must be account, partition or qos";
    QTest::newRow("simulate: bad zone") << QStringList{"simulate", "--cluster", sample("slurm/scontrol_nodes.txt"), "--trace",
                                                       sample("slurm/sacct_jobs.txt"), "--timezone", "+25:00"}
                                        << "--timezone";
    QTest::newRow("missing topology.conf") << QStringList{"info", "--trace", sample("slurm/scontrol_nodes.txt"), "--topology", "/nonexistent/topology.conf"}
                                           << "/nonexistent/topology.conf: cannot open file";
}

void TestCliOwnCluster::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const auto r = runCli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
}

void TestCliOwnCluster::badInputNamesLineAndField()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "sacct.txt",
                                "JobID|Account|Submit|State\n"
                                "1|a|2024-01-01T00:00:00|COMPLETED\n"
                                "2|a|2024-01-01T00:00:00|DONE\n");
    const auto r = runCli({"info", "--trace", QString::fromStdString(path)});
    QCOMPARE(r.exitCode, 2);
    const QByteArray expected = "clusterlens-cli: error: " + QByteArray::fromStdString(path) + ":3: field 'State': unknown state 'DONE'";
    QVERIFY2(r.err.startsWith(expected), r.err.constData());
    const auto pods = writeFile(dir, "pods.json", R"({"kind": "List", "items": [{"kind": "Pod", "metadata": {"name": "p"}}]})");
    const auto k = runCli({"info", "--trace", QString::fromStdString(pods)});
    QCOMPARE(k.exitCode, 2);
    QVERIFY2(k.err.contains("field 'items[0].metadata.creationTimestamp': missing"), k.err.constData());
}

void TestCliOwnCluster::clusterHelpNamesEveryFormat_data()
{
    QTest::addColumn<QString>("command");
    for (const char* c : {"simulate", "sweep", "info", "analyze", "pack", "project create"})
        QTest::newRow(c) << QString(c);
}

// Every command's --cluster help lists the Slurm and Kubernetes node lists beside the others
// (they said "native, Philly machine list or Alibaba node list" after both importers landed).
void TestCliOwnCluster::clusterHelpNamesEveryFormat()
{
    QFETCH(QString, command);
    const auto r = runCli(command.split(' ') + QStringList{"--help"});
    QCOMPARE(r.exitCode, 0);
    for (const char* format : {"native cluster.csv", "Philly machine list", "Alibaba node list", "scontrol show node", "kubectl get nodes"})
        QVERIFY2(r.out.simplified().contains(format), qPrintable(command + ": " + QString::fromUtf8(r.out)));
}

QTEST_APPLESS_MAIN(TestCliOwnCluster)
#include "tst_cli_own_cluster.moc"
