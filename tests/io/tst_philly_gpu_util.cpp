#include "core/io/philly_gpu_util.hpp"
#include "core/io/philly_job_log.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <cmath>

using namespace clens;
using namespace clens::test;

namespace {

// Four jobs (US-Pacific wall clock, all on 2017-10-03 except e):
//   a: m1 gpu0+gpu1, 00:00 -> 00:03          b: m1 gpu0, 00:03 -> 00:05
//   c: m2 gpu0, 00:01 -> 00:02 (its sample sits in a glued row)
//   d: no attempt                            e: m3 gpu0, 2017-12-01 00:00 -> 00:01 (PST)
const char* kLog = R"([
{"status": "Pass", "vc": "v", "jobid": "a", "submitted_time": "2017-10-03 00:00:00", "attempts": [
  {"start_time": "2017-10-03 00:00:00", "end_time": "2017-10-03 00:03:00", "detail": [{"ip": "m1", "gpus": ["gpu0", "gpu1"]}]}]},
{"status": "Pass", "vc": "v", "jobid": "b", "submitted_time": "2017-10-03 00:00:00", "attempts": [
  {"start_time": "2017-10-03 00:03:00", "end_time": "2017-10-03 00:05:00", "detail": [{"ip": "m1", "gpus": ["gpu0"]}]}]},
{"status": "Pass", "vc": "v", "jobid": "c", "submitted_time": "2017-10-03 00:00:00", "attempts": [
  {"start_time": "2017-10-03 00:01:00", "end_time": "2017-10-03 00:02:00", "detail": [{"ip": "m2", "gpus": ["gpu0"]}]}]},
{"status": "Failed", "vc": "v", "jobid": "d", "submitted_time": "2017-10-03 00:00:00", "attempts": []},
{"status": "Pass", "vc": "v", "jobid": "e", "submitted_time": "2017-12-01 00:00:00", "attempts": [
  {"start_time": "2017-12-01 00:00:00", "end_time": "2017-12-01 00:01:00", "detail": [{"ip": "m3", "gpus": ["gpu0"]}]}]}
])";

// Per-minute samples with the real file's quirks: trailing commas, NA, PDT/PST suffixes, a row
// holding two glued records (line 4), empty values.
const char* kUtil =
    "time,machineId,gpu0_util,gpu1_util,gpu2_util,gpu3_util,gpu4_util,gpu5_util,gpu6_util,gpu7_util\n"
    "2017-10-03 00:00:00 PDT,m1,10,20,NA,NA,NA,NA,NA,NA,\n"
    "2017-10-03 00:01:00 PDT,m1,30,NA,NA,NA,NA,NA,NA,NA,2017-10-03 00:01:00 PDT,m2,50,7,NA,NA,NA,NA,NA,NA,\n"
    "2017-10-03 00:02:00 PDT,m1,40,60,,,,,,,\n"
    "2017-10-03 00:03:00 PDT,m1,80,0,NA,NA,NA,NA,NA,NA,\n"
    "2017-10-03 00:04:00 PDT,m1,100,NA,NA,NA,NA,NA,NA,NA,\n"
    "2017-10-03 00:05:00 PDT,m1,5,5,NA,NA,NA,NA,NA,NA,\n"
    "2017-12-01 00:00:00 PST,m3,70,NA,\n"
    "2017-12-01 00:00:00 PDT,m3,1,NA,\n"; // an hour earlier in UTC: before e started

} // namespace

class TestPhillyGpuUtil : public QObject {
    Q_OBJECT
private slots:
    void meanOfHeldGpusWhileRunning();
    void malformed_data();
    void malformed();
};

void TestPhillyGpuUtil::meanOfHeldGpusWhileRunning()
{
    QTemporaryDir dir;
    ImportOptions o;
    o.gpuUtilPath = writeFile(dir, "cluster_gpu_util", kUtil);
    const auto trace = loadTrace(writeFile(dir, "cluster_job_log", kLog), TraceFormat::Philly, o);
    // a: gpu0 at 00:00 00:01 00:02 = 10 30 40; gpu1 = 20 (NA) 60 -> (10+30+40+20+60)/5 = 32%.
    QCOMPARE(trace.jobs[0].gpuUtil, 0.32f);
    // b: gpu0 at 00:03 00:04 = 80 100 (00:05 is its end, excluded) -> 90%.
    QCOMPARE(trace.jobs[1].gpuUtil, 0.9f);
    // c: m2 gpu0 at 00:01 from the glued record = 50% (m2 gpu1's 7 is not c's).
    QCOMPARE(trace.jobs[2].gpuUtil, 0.5f);
    QVERIFY(std::isnan(trace.jobs[3].gpuUtil));
    // e: only the PST sample falls in its run.
    QCOMPARE(trace.jobs[4].gpuUtil, 0.7f);
    QVERIFY(!trace.meta.notes.empty());
}

void TestPhillyGpuUtil::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = "time,machineId,gpu0_util,gpu1_util\n";
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("wrong header") << "when,machine,u\n" << qint64(1) << "time";
    QTest::newRow("bad time") << h + "2017-10-03 00:00:00 PDT,m1,1,2,\nyesterday,m1,1,2,\n" << qint64(3) << "time";
    QTest::newRow("unknown zone") << h + "2017-10-03 00:00:00 CET,m1,1,2,\n" << qint64(2) << "time";
    QTest::newRow("bad value") << h + "2017-10-03 00:00:00 PDT,m1,1,busy,\n" << qint64(2) << "gpu1_util";
    QTest::newRow("negative value") << h + "2017-10-03 00:00:00 PDT,m1,-4,1,\n" << qint64(2) << "gpu0_util";
    QTest::newRow("no machine") << h + "2017-10-03 00:00:00 PDT\n" << qint64(2) << "machineId";
    QTest::newRow("empty machine") << h + "2017-10-03 00:00:00 PDT,,1,1,\n" << qint64(2) << "machineId";
}

void TestPhillyGpuUtil::malformed()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "util.csv", text.toStdString());
    Trace trace;
    expectInputError([&] { applyPhillyGpuUtil(trace, path); }, path, line, field.toStdString());
}

QTEST_APPLESS_MAIN(TestPhillyGpuUtil)
#include "tst_philly_gpu_util.moc"
