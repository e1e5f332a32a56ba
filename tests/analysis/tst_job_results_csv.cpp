#include "core/io/job_results_csv_reader.hpp"
#include "core/io/series_csv_reader.hpp"
#include "tests/analysis/tiny_result.hpp"
#include "tests/common/test_support.hpp"

#include <QTemporaryDir>
#include <QTest>

using namespace clens;
using namespace clens::test;

class TestJobResultsCsv : public QObject {
    Q_OBJECT
private slots:
    void readsSimulatorOutput();
    void minimalColumns();
    void powerDelayIsACause();
    void badInput_data();
    void badInput();
    void readsSeries();
    void badSeries_data();
    void badSeries();
};

void TestJobResultsCsv::readsSimulatorOutput()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv", tinyJobsCsv());
    const auto f = readJobResultsCsv(path);
    QCOMPARE(f.rows.size(), std::size_t{6});
    QVERIFY(f.hasDelayCauses);
    const auto& j4 = f.rows[3];
    QCOMPARE(j4.id, std::string("j4"));
    QCOMPARE(j4.line, std::int64_t{5});
    QCOMPARE(j4.vc, std::string("b"));
    QCOMPARE(j4.gpus, 8);
    QCOMPARE(*j4.start_s, std::int64_t{320});
    QCOMPARE(*j4.fragmentationDelay_s, std::int64_t{200});
    QCOMPARE(*j4.servers, 2);
    QVERIFY(*j4.level == LocalityLevel::Rack);
    QVERIFY(j4.status == JobStatus::Failed);
    QCOMPARE(*j4.gpuSeconds, 8000.0);
    QCOMPARE(*j4.effectiveUtil, 0.4);
    QCOMPARE(*j4.duration_s, std::int64_t{1000});
    const auto& j5 = f.rows[4]; // empty fields = missing
    QVERIFY(!j5.start_s && !j5.end_s && !j5.servers && !j5.level && !j5.effectiveUtil);
    QVERIFY(j5.status == JobStatus::Unfinished);
    QCOMPARE(*j5.capacityDelay_s, std::int64_t{1290});
}

void TestJobResultsCsv::minimalColumns()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv", "status,job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,note\n"
                                                 "Pass,x,v,2,10,15,20,5,anything\n");
    const auto f = readJobResultsCsv(path);
    QVERIFY(!f.hasDelayCauses);
    QCOMPARE(f.rows.size(), std::size_t{1});
    QVERIFY(!f.rows[0].fairshareDelay_s && !f.rows[0].gpuSeconds && !f.rows[0].servers);
    QCOMPARE(*f.rows[0].queueDelay_s, std::int64_t{5});
}

void TestJobResultsCsv::powerDelayIsACause()
{
    // With node power a job's causes are four: 60 + 0 + 40 + 500 = 600 s = queue_delay_s.
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv", "job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,fairshare_delay_s,"
                                                 "fragmentation_delay_s,capacity_delay_s,status,power_delay_s\n"
                                                 "p,v,1,0,600,700,600,60,0,40,Pass,500\n");
    const auto f = readJobResultsCsv(path);
    QCOMPARE(*f.rows[0].powerDelay_s, std::int64_t{500});
    QCOMPARE(*f.rows[0].capacityDelay_s, std::int64_t{40});
}

void TestJobResultsCsv::badInput_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("field");
    const QString h = "job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,fairshare_delay_s,fragmentation_delay_s,"
                      "capacity_delay_s,status,level,effective_util\n";
    QTest::newRow("missing column") << "job_id,vc,gpus,submit_s,start_s,end_s,status\n" << 1 << "queue_delay_s";
    QTest::newRow("only some cause columns") << "job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,status,"
                                                "fairshare_delay_s\n" << 1 << "fragmentation_delay_s";
    QTest::newRow("bad number") << h + "a,v,x,0,0,1,0,0,0,0,Pass,server,0.5\n" << 2 << "gpus";
    QTest::newRow("negative delay") << h + "a,v,1,0,5,6,-5,0,0,0,Pass,server,0.5\n" << 2 << "queue_delay_s";
    QTest::newRow("duplicate id") << h + "a,v,1,0,0,1,0,0,0,0,Pass,server,0.5\na,v,1,0,0,1,0,0,0,0,Pass,server,0.5\n" << 3
                                  << "job_id";
    QTest::newRow("start before submit") << h + "a,v,1,10,5,20,0,0,0,0,Pass,server,0.5\n" << 2 << "start_s";
    QTest::newRow("end before start") << h + "a,v,1,0,5,4,5,5,0,0,Pass,server,0.5\n" << 2 << "end_s";
    QTest::newRow("end without start") << h + "a,v,1,0,,4,0,0,0,0,Pass,server,0.5\n" << 2 << "start_s";
    QTest::newRow("causes do not sum") << h + "a,v,1,0,9,10,9,1,2,3,Pass,server,0.5\n" << 2 << "queue_delay_s";
    QTest::newRow("causes with power do not sum") << "job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,fairshare_delay_s,"
                                                     "fragmentation_delay_s,capacity_delay_s,status,power_delay_s\n"
                                                     "a,v,1,0,9,10,9,1,2,3,Pass,4\n" << 2 << "queue_delay_s";
    QTest::newRow("unknown status") << h + "a,v,1,0,0,1,0,0,0,0,Done,server,0.5\n" << 2 << "status";
    QTest::newRow("unknown level") << h + "a,v,1,0,0,1,0,0,0,0,Pass,node,0.5\n" << 2 << "level";
    QTest::newRow("utilization above 1") << h + "a,v,1,0,0,1,0,0,0,0,Pass,server,1.5\n" << 2 << "effective_util";
    QTest::newRow("empty vc") << h + "a,,1,0,0,1,0,0,0,0,Pass,server,0.5\n" << 2 << "vc";
}

void TestJobResultsCsv::badInput()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv", text.toStdString());
    expectInputError([&] { readJobResultsCsv(path); }, path, line, field.toStdString());
}

void TestJobResultsCsv::readsSeries()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "s.csv", "t_s,allocated_gpus,effective_util,queued_jobs,free_servers,held_idle_gpus,"
                                              "queue_a\n100,4,0.25,1,2,0,1\n400,8,0.5,0,1,0,0\n");
    const auto s = readSeriesCsv(path);
    QCOMPARE(s.t_s, (std::vector<std::int64_t>{100, 400}));
    QCOMPARE(s.step_s, std::int64_t{300});
    QCOMPARE(s.allocatedGpus[1], 8);
    QCOMPARE(s.effectiveUtil[0], 0.25);
    QCOMPARE(s.queuedJobs[0], 1);
    QCOMPARE(s.freeServers[1], 1);
}

void TestJobResultsCsv::badSeries_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("field");
    const QString h = "t_s,allocated_gpus,effective_util,queued_jobs,free_servers\n";
    QTest::newRow("missing column") << "t_s,allocated_gpus,effective_util,queued_jobs\n" << 1 << "free_servers";
    QTest::newRow("time goes back") << h + "10,1,0.5,0,0\n5,1,0.5,0,0\n" << 3 << "t_s";
    QTest::newRow("negative count") << h + "10,-1,0.5,0,0\n" << 2 << "allocated_gpus";
    QTest::newRow("utilization above 1") << h + "10,1,1.5,0,0\n" << 2 << "effective_util";
}

void TestJobResultsCsv::badSeries()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "s.csv", text.toStdString());
    expectInputError([&] { readSeriesCsv(path); }, path, line, field.toStdString());
}

QTEST_APPLESS_MAIN(TestJobResultsCsv)
#include "tst_job_results_csv.moc"
