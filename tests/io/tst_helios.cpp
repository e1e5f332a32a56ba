#include "core/io/helios_csv.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <cmath>

using namespace clens;
using namespace clens::test;

class TestHelios : public QObject {
    Q_OBJECT
private slots:
    void sampleCounts();
    void mapping();
    void cpuNum_data();
    void cpuNum();
    void malformed_data();
    void malformed();
};

// tests/data/helios/cluster_log.csv: 7 hand-made jobs (see its README).
void TestHelios::sampleCounts()
{
    const auto path = dataPath("helios/cluster_log.csv");
    QVERIFY(detectTraceFormat(path) == TraceFormat::Helios);
    const auto t = loadTrace(path);
    QCOMPARE(t.meta.format, std::string("helios"));
    QVERIFY(t.meta.timeBase == TimeBase::UnixUtc);
    QCOMPARE(t.jobs.size(), std::size_t{7});
    QCOMPARE(t.tenants.size(), std::size_t{3});
    QCOMPARE(t.users.size(), std::size_t{3});
    QCOMPARE(t.simulatedJobCount(), std::size_t{7}); // 1004 has no GPU but asks for 2 CPUs
    int pass = 0, failed = 0, killed = 0;
    for (const auto& j : t.jobs) {
        pass += j.status == JobStatus::Pass;
        failed += j.status == JobStatus::Failed;
        killed += j.status == JobStatus::Killed;
    }
    QCOMPARE(pass, 2);   // COMPLETED: 1001 1004
    QCOMPARE(failed, 3); // FAILED 1002, TIMEOUT 1005, NODE_FAIL 1006
    QCOMPARE(killed, 2); // CANCELLED: 1003 1007
}

void TestHelios::mapping()
{
    const auto t = loadTrace(dataPath("helios/cluster_log.csv"));
    // 2020-06-09 18:41:01 in China Standard Time (UTC+8) = 1591699261
    // (TZ=Asia/Shanghai date -d '2020-06-09 18:41:01' +%s); ends 2020-06-10 04:55:09 = 1591736109.
    const auto& j = t.jobs[0];
    QCOMPARE(j.id, std::string("1001"));
    QCOMPARE(j.submit_s, std::int64_t{1591699261});
    QCOMPARE(*j.recordedStart_s, std::int64_t{1591699261});
    QCOMPARE(*j.recordedEnd_s, std::int64_t{1591736109});
    QCOMPARE(j.duration_s, std::int64_t{36848}); // the duration column = end - start
    QCOMPARE(j.gpus, 1);
    QCOMPARE(t.tenants[static_cast<std::size_t>(j.tenant)].name, std::string("vcX"));
    QCOMPARE(t.users[static_cast<std::size_t>(j.user)], std::string("uA"));
    QCOMPARE(*t.jobs[1].recordedQueueDelay(), std::int64_t{213}); // 18:41:27 -> 18:45:00
    QCOMPARE(j.cpuCores, 4.0);
    QCOMPARE(t.jobs[2].cpuCores, 64.0); // 1003: 16 GPUs on 2 nodes, 64 CPUs for the whole job
    QCOMPARE(t.jobs[3].gpus, 0);        // 1004: a CPU job, simulated for its 2 CPUs
    QCOMPARE(t.jobs[3].cpuCores, 2.0);
    QVERIFY(t.jobs[3].simulated());
    QVERIFY(std::isnan(t.jobs[3].memGb)); // Helios has no memory column
    // Cancelled before it started: no start, no end, 0 s.
    const auto& c = t.jobs[6];
    QVERIFY(!c.recordedStart_s && !c.recordedEnd_s);
    QCOMPARE(c.duration_s, std::int64_t{0});
    QCOMPARE(c.submit_s, std::int64_t{1591711200}); // 2020-06-09 22:00:00 +08:00

    // Without a duration column, service = end - start.
    QTemporaryDir dir;
    const auto path = writeFile(dir, "log.csv",
                                "job_id,vc,gpu_num,state,submit_time,start_time,end_time\n"
                                "1,v,2,COMPLETED,2020-06-09 10:00:00,2020-06-09 10:00:05,2020-06-09 11:00:05\n");
    QCOMPARE(readHeliosLog(path).jobs[0].duration_s, std::int64_t{3600});
}

// cpu_num: absent column or empty value = unknown; a job with no GPU and no CPU asks nothing.
void TestHelios::cpuNum_data()
{
    QTest::addColumn<QString>("header");
    QTest::addColumn<QString>("row"); // gpu_num first, then cpu_num when the header has it
    QTest::addColumn<double>("cpu");  // NaN = unknown
    QTest::addColumn<bool>("simulated");
    const QString withCpu = "job_id,vc,gpu_num,cpu_num,state,submit_time\n";
    const QString withoutCpu = "job_id,vc,gpu_num,state,submit_time\n";
    const double nan = std::nan("");
    QTest::newRow("GPU job with CPUs") << withCpu << "8,32" << 32.0 << true;
    QTest::newRow("CPU job") << withCpu << "0,6" << 6.0 << true;
    QTest::newRow("no GPU, 0 CPUs") << withCpu << "0,0" << 0.0 << false;
    QTest::newRow("no GPU, empty cpu_num") << withCpu << "0," << nan << false;
    QTest::newRow("GPU job, empty cpu_num") << withCpu << "1," << nan << true;
    QTest::newRow("no cpu_num column, no GPU") << withoutCpu << "0" << nan << false;
}

void TestHelios::cpuNum()
{
    QFETCH(QString, header);
    QFETCH(QString, row);
    QFETCH(double, cpu);
    QFETCH(bool, simulated);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "log.csv", (header + "1,v," + row + ",COMPLETED,2020-06-09 10:00:00\n").toStdString());
    const auto trace = readHeliosLog(path); // the job lives in it (a reference into the temporary dangled)
    const auto& j = trace.jobs.at(0);
    QVERIFY2((std::isnan(cpu) && std::isnan(j.cpuCores)) || j.cpuCores == cpu, qPrintable(QString::number(j.cpuCores)));
    QCOMPARE(j.simulated(), simulated);
    if (!simulated)
        QVERIFY(j.skip == SkipReason::ZeroGpus);
}

void TestHelios::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = "job_id,user,vc,gpu_num,cpu_num,node_num,state,submit_time,start_time,end_time,duration,queue\n";
    const QString ok = "1,u,v,1,1,1,COMPLETED,2020-06-09 18:41:01,2020-06-09 18:41:01,2020-06-09 18:42:01,60,0\n";
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("header only") << h << qint64(0) << "";
    QTest::newRow("missing column") << "job_id,user,vc,cpu_num,state,submit_time\n" << qint64(1) << "gpu_num";
    QTest::newRow("truncated row") << h + ok + "2,u,v,1,1\n" << qint64(3) << "node_num";
    QTest::newRow("wrong type") << h + "2,u,v,x,1,1,COMPLETED,2020-06-09 18:41:01,,,,\n" << qint64(2) << "gpu_num";
    QTest::newRow("negative gpus") << h + "2,u,v,-1,1,1,COMPLETED,2020-06-09 18:41:01,,,,\n" << qint64(2) << "gpu_num";
    QTest::newRow("huge duration") << h + "2,u,v,1,1,1,COMPLETED,2020-06-09 18:41:01,,,1e30,\n" << qint64(2) << "duration";
    QTest::newRow("negative duration") << h + "2,u,v,1,1,1,COMPLETED,2020-06-09 18:41:01,,,-3,\n" << qint64(2) << "duration";
    QTest::newRow("duplicate id") << h + ok + ok << qint64(3) << "job_id";
    QTest::newRow("unknown state") << h + "2,u,v,1,1,1,RUNNING,2020-06-09 18:41:01,,,,\n" << qint64(2) << "state";
    QTest::newRow("bad submit time") << h + "2,u,v,1,1,1,FAILED,2020/06/09 18:41,,,,\n" << qint64(2) << "submit_time";
    QTest::newRow("empty submit time") << h + "2,u,v,1,1,1,FAILED,,,,,\n" << qint64(2) << "submit_time";
    QTest::newRow("bad end time") << h + "2,u,v,1,1,1,FAILED,2020-06-09 18:41:01,2020-06-09 18:41:01,2020-06-31 00:00:00,,\n"
                                  << qint64(2) << "end_time";
    QTest::newRow("empty vc") << h + "2,u,,1,1,1,FAILED,2020-06-09 18:41:01,,,,\n" << qint64(2) << "vc";
    QTest::newRow("negative cpu_num") << h + "2,u,v,1,-4,1,FAILED,2020-06-09 18:41:01,,,,\n" << qint64(2) << "cpu_num";
    QTest::newRow("cpu_num not a number") << h + "2,u,v,1,many,1,FAILED,2020-06-09 18:41:01,,,,\n" << qint64(2) << "cpu_num";
}

void TestHelios::malformed()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "cluster_log.csv", text.toStdString());
    expectInputError([&] { readHeliosLog(path); }, path, line, field.toStdString());
}

QTEST_APPLESS_MAIN(TestHelios)
#include "tst_helios.moc"
