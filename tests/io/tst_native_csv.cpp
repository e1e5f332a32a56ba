#include "core/io/native_csv.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <sstream>

using namespace clens;
using namespace clens::test;

class TestNativeCsv : public QObject {
    Q_OBJECT
private slots:
    void demoSample();
    void roundTrip();
    void badJobs_data();
    void badJobs();
    void badCluster_data();
    void badCluster();
};

void TestNativeCsv::demoSample()
{
    const auto trace = loadTrace(samplePath("demo/jobs.csv"));
    QCOMPARE(trace.meta.format, std::string("csv"));
    QCOMPARE(trace.jobs.size(), std::size_t{24});
    QCOMPARE(trace.tenants.size(), std::size_t{3});
    QCOMPARE(trace.jobs[6].gpus, 8);
    QVERIFY(trace.jobs[8].status == JobStatus::Failed);
    const auto cluster = loadCluster(samplePath("demo/cluster.csv"));
    QCOMPARE(cluster.gpuCount(), 16);
    QCOMPARE(cluster.rackCount(), 2);
}

void TestNativeCsv::roundTrip()
{
    QTemporaryDir dir;
    const auto jobs = writeFile(dir, "jobs.csv",
                                "job_id,vc,user,submit_s,gpus,duration_s,status,extra\n"
                                "a,\"v,1\",u,10,2,3.6,Killed,x\n"
                                "b,v2,u,5,0,100,,y\n");
    const auto trace = readNativeJobs(jobs);
    QCOMPARE(trace.jobs[0].duration_s, 4); // 3.6 s rounds to 4
    QVERIFY(trace.jobs[1].status == JobStatus::Pass); // empty status = Pass
    QVERIFY(trace.jobs[1].skip == SkipReason::ZeroGpus);
    std::ostringstream out;
    writeNativeJobs(out, trace);
    const auto again = writeFile(dir, "again.csv", out.str());
    const auto back = readNativeJobs(again);
    QCOMPARE(back.tenants[0].name, std::string("v,1"));
    QVERIFY(back.jobs[0].status == JobStatus::Killed);
    QCOMPARE(back.jobs[1].submit_s, 5);
}

void TestNativeCsv::badJobs_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = "job_id,vc,user,submit_s,gpus,duration_s,status\n";
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("missing column") << "job_id,vc,user,submit_s,duration_s\n" << qint64(1) << "gpus";
    QTest::newRow("truncated row") << h + "a,v,u,0,1,10,Pass\nb,v,u,0\n" << qint64(3) << "gpus";
    QTest::newRow("wrong type") << h + "a,v,u,0,two,10,Pass\n" << qint64(2) << "gpus";
    QTest::newRow("negative duration") << h + "a,v,u,0,1,-10,Pass\n" << qint64(2) << "duration_s";
    QTest::newRow("huge gpus") << h + "a,v,u,0,99999999,10,Pass\n" << qint64(2) << "gpus";
    QTest::newRow("duplicate id") << h + "a,v,u,0,1,10,Pass\na,v,u,1,1,10,Pass\n" << qint64(3) << "job_id";
    QTest::newRow("bad timestamp") << h + "a,v,u,yesterday,1,10,Pass\n" << qint64(2) << "submit_s";
    QTest::newRow("unknown status") << h + "a,v,u,0,1,10,Done\n" << qint64(2) << "status";
    QTest::newRow("empty vc") << h + "a,,u,0,1,10,Pass\n" << qint64(2) << "vc";
    QTest::newRow("unterminated quote") << h + "a,\"v,u,0,1,10,Pass\n" << qint64(2) << "";
}

void TestNativeCsv::badJobs()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv", text.toStdString());
    expectInputError([&] { readNativeJobs(path); }, path, line, field.toStdString());
}

void TestNativeCsv::badCluster_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = "server,rack,gpus\n";
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("header only") << h << qint64(0) << "";
    QTest::newRow("missing gpus column") << "server,rack\nm1,r\n" << qint64(1) << "gpus";
    QTest::newRow("negative gpus") << h + "m1,r,-2\n" << qint64(2) << "gpus";
    QTest::newRow("wrong type") << h + "m1,r,eight\n" << qint64(2) << "gpus";
    QTest::newRow("duplicate server") << h + "m1,r,8\nm1,r,8\n" << qint64(3) << "server";
    QTest::newRow("mixed racks") << h + "m1,r,8\nm2,,8\n" << qint64(0) << "rack";
}

void TestNativeCsv::badCluster()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "cluster.csv", text.toStdString());
    expectInputError([&] { readNativeCluster(path); }, path, line, field.toStdString());
}

QTEST_APPLESS_MAIN(TestNativeCsv)
#include "tst_native_csv.moc"
