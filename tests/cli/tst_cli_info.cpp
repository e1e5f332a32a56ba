#include "tests/cli/cli_runner.hpp"
#include "tests/common/test_support.hpp"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace clens::test;

class TestCliInfo : public QObject {
    Q_OBJECT
private slots:
    void demoJson();
    void resourcesJson_data();
    void resourcesJson();
    void resourcesText();
    void resourcesWithoutCluster();
    void usageErrors_data();
    void usageErrors();
    void badInputNamesFileAndLine();
};

void TestCliInfo::demoJson()
{
    const auto r = runCli({"info", "--json", "--trace", QString::fromStdString(samplePath("demo/jobs.csv")), "--cluster",
                           QString::fromStdString(samplePath("demo/cluster.csv"))});
    QCOMPARE(r.exitCode, 0);
    const auto o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o["jobs"].toInt(), 24);
    QCOMPARE(o["vcs"].toInt(), 3);
    QCOMPARE(o["servers"].toInt(), 4);
    QCOMPARE(o["gpus"].toInt(), 16);
    QCOMPARE(o["first_submit_s"].toInt(), 0);
    QCOMPARE(o["last_submit_s"].toInt(), 9500);
    // Sizes in jobs.csv: 1 GPU: j06 j08 j09 j11 j17 j19 j21 j23 (8); 5-8: j07 j18 (2); 2-4: the other 14.
    const auto bySize = o["jobs_by_size"].toObject();
    QCOMPARE(bySize["1"].toInt(), 8);
    QCOMPARE(bySize["2-4"].toInt(), 14);
    QCOMPARE(bySize["5-8"].toInt(), 2);
    QCOMPARE(bySize[">8"].toInt(), 0);
    const auto status = o["status"].toObject();
    QCOMPARE(status["Pass"].toInt(), 21);
    QCOMPARE(status["Failed"].toInt(), 2);
    QCOMPARE(status["Killed"].toInt(), 1);
}

namespace {

// Five jobs and four servers whose requests and resources are counted by hand below.
struct ResourceFiles {
    QTemporaryDir dir;
    QString jobs, cluster;
    ResourceFiles()
    {
        jobs = QString::fromStdString(writeFile(dir, "jobs.csv",
                                                "job_id,vc,user,submit_s,gpus,duration_s,status,cpu_cores,mem_gb,gpu_milli,gpu_models\n"
                                                "a,v,u,0,1,60,Pass,4,16,500,T4\n"
                                                "b,v,u,0,2,60,Pass,8,,,\n"
                                                "c,v,u,0,0,60,Pass,2,4,,\n"
                                                "d,v,u,0,0,60,Pass,,,,\n"
                                                "e,v,u,0,8,60,Pass,0,64,,A100|H100\n"));
        cluster = QString::fromStdString(writeFile(dir, "cluster.csv",
                                                   "server,rack,gpus,gpu_model,cpu_cores,mem_gb\n"
                                                   "m0,r0,8,A100,96,768\n"
                                                   "m1,r0,4,T4,,512\n"
                                                   "m2,r1,0,,64,256\n"
                                                   "m3,r1,2,,,\n"));
    }
};

} // namespace

void TestCliInfo::resourcesJson_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("expected");
    QTest::newRow("jobs") << "jobs" << 5;
    QTest::newRow("simulated_jobs") << "simulated_jobs" << 4;           // d asks for nothing
    QTest::newRow("jobs_with_cpu") << "jobs_with_cpu" << 3;             // a b c (e says 0)
    QTest::newRow("jobs_with_mem") << "jobs_with_mem" << 3;             // a c e
    QTest::newRow("jobs_with_gpu_share") << "jobs_with_gpu_share" << 1; // a
    QTest::newRow("fractional_gpu_jobs") << "fractional_gpu_jobs" << 1; // a, the older key
    QTest::newRow("jobs_with_gpu_models") << "jobs_with_gpu_models" << 2; // a e
    QTest::newRow("zero_gpu_jobs_simulated") << "zero_gpu_jobs_simulated" << 1; // c
    QTest::newRow("servers") << "servers" << 4;
    QTest::newRow("gpus") << "gpus" << 14;                            // 8 + 4 + 0 + 2
    QTest::newRow("servers_with_cpu") << "servers_with_cpu" << 2;     // m0 m2
    QTest::newRow("servers_with_mem") << "servers_with_mem" << 3;     // m0 m1 m2
    QTest::newRow("servers_without_gpus") << "servers_without_gpus" << 1; // m2
}

void TestCliInfo::resourcesJson()
{
    QFETCH(QString, key);
    QFETCH(int, expected);
    ResourceFiles f;
    const auto r = runCli({"info", "--json", "--trace", f.jobs, "--cluster", f.cluster});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto o = QJsonDocument::fromJson(r.out).object();
    QVERIFY2(o[key].isDouble(), qPrintable(key));
    QCOMPARE(o[key].toInt(), expected);
    const auto models = o["gpus_by_model"].toObject();
    QCOMPARE(models.keys(), (QStringList{"A100", "T4", "unknown"})); // m2 has no GPU, so no entry
    QCOMPARE(models["A100"].toInt(), 8);
    QCOMPARE(models["T4"].toInt(), 4);
    QCOMPARE(models["unknown"].toInt(), 2);
}

void TestCliInfo::resourcesText()
{
    ResourceFiles f;
    const auto r = runCli({"info", "--trace", f.jobs, "--cluster", f.cluster});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    for (const char* line : {"jobs:         5 (4 simulated)\n", "  not simulated (zero-gpus): 1\n",
                             "cluster:      4 servers, 14 GPUs, 2 racks\n",
                             "servers with: CPU known: 2  memory known: 3  no GPU: 1\n",
                             "GPUs by model:  A100: 8  T4: 4  unknown: 2\n",
                             "jobs asking:  CPU: 3  memory: 3  a GPU share: 1  GPU models: 2\n",
                             "no-GPU jobs:  1 simulated\n"})
        QVERIFY2(r.out.contains(line), (QByteArray(line) + "not in:\n" + r.out).constData());
    QVERIFY2(!r.out.contains("whole GPU"), r.out.constData());
}

// Without a cluster the cluster keys are null; every key of the older output is still there.
void TestCliInfo::resourcesWithoutCluster()
{
    ResourceFiles f;
    const auto r = runCli({"info", "--json", "--trace", f.jobs});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto o = QJsonDocument::fromJson(r.out).object();
    for (const char* key : {"servers", "gpus", "racks", "servers_with_cpu", "servers_with_mem", "servers_without_gpus",
                            "gpus_by_model"})
        QVERIFY2(o.contains(key) && o[key].isNull(), key);
    for (const char* key : {"trace", "kind", "format", "time_base", "jobs", "simulated_jobs", "vcs", "users", "first_submit_s",
                            "last_submit_s", "jobs_by_size", "status", "not_simulated", "fractional_gpu_jobs", "gpu_hours", "notes"})
        QVERIFY2(o.contains(key), key);
    QCOMPARE(o["jobs_with_cpu"].toInt(), 3);
}

void TestCliInfo::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no command") << QStringList{};
    QTest::newRow("unknown command") << QStringList{"frobnicate"};
    QTest::newRow("missing --trace") << QStringList{"info"};
    QTest::newRow("unknown option") << QStringList{"info", "--trace", "x", "--bogus"};
    QTest::newRow("bad format") << QStringList{"info", "--trace", "x", "--format", "xml"};
}

void TestCliInfo::usageErrors()
{
    QFETCH(QStringList, args);
    const auto r = runCli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("clusterlens-cli"), r.err.constData());
}

void TestCliInfo::badInputNamesFileAndLine()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv", "job_id,vc,user,submit_s,gpus,duration_s\na,v,u,0,x,1\n");
    const auto r = runCli({"info", "--trace", QString::fromStdString(path)});
    QCOMPARE(r.exitCode, 2);
    const QByteArray expected = "clusterlens-cli: error: " + QByteArray::fromStdString(path) + ":2: field 'gpus'";
    QVERIFY2(r.err.startsWith(expected), r.err.constData());
}

QTEST_APPLESS_MAIN(TestCliInfo)
#include "tst_cli_info.moc"
