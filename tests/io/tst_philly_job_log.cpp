#include "core/io/philly_job_log.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <cmath>

using namespace clens;
using namespace clens::test;

namespace {

// Unix times of US-Pacific wall-clock values, computed independently with
// `TZ=America/Los_Angeles date -d '...' +%s`.
constexpr std::int64_t k20171007_011139 = 1507363899;
constexpr std::int64_t k20171007_011209 = 1507363929;
constexpr std::int64_t k20171009_065312 = 1507557192;
constexpr std::int64_t k20171009_030723 = 1507543643;
constexpr std::int64_t k20171009_031512 = 1507544112;
constexpr std::int64_t k20171222_070000 = 1513954800; // PST
constexpr std::int64_t k20171105_013000 = 1509870600; // ambiguous hour, read as PDT
constexpr std::int64_t k20171105_023000 = 1509877800; // PST
constexpr std::int64_t k20170312_033000 = 1489314600; // PDT, just after the spring change

// One job record on one line.
std::string job(const std::string& id, const std::string& attempts, const std::string& submitted = "\"2017-10-07 01:00:00\"")
{
    return R"({"status": "Pass", "vc": "vc1", "jobid": ")" + id + R"(", "user": "u", "submitted_time": )" + submitted
        + R"(, "attempts": [)" + attempts + "]}";
}

std::string attempt(const std::string& start, const std::string& end, const std::string& detail = R"([{"ip": "m1", "gpus": ["gpu0"]}])")
{
    return R"({"start_time": )" + start + R"(, "end_time": )" + end + R"(, "detail": )" + detail + "}";
}

Trace load(const QTemporaryDir& dir, const std::string& text)
{
    return readPhillyJobLog(writeFile(dir, "cluster_job_log", text));
}

} // namespace

class TestPhillyJobLog : public QObject {
    Q_OBJECT
private slots:
    void exampleLoadsEveryJob();
    void gpusComeFromTheFirstAttempt();
    void serviceSumsAttemptDurations();
    void missingTimeAddsNothing_data();
    void missingTimeAddsNothing();
    void stillRunningEndsAtLogEnd();
    void jobsWithoutAttemptsAreCountedNotSimulated();
    void pacificTimesBecomeUtc();
    void recordedStartEndAndPlacementKept();
    void unknownKeysAndOrderAreIgnored();
    void malformed_data();
    void malformed();
    void errorsNameTheRecord();
    void progressAndCancel();
};

// The example log (sample_traces/philly/cluster_job_log.example.json) has 6 records.
void TestPhillyJobLog::exampleLoadsEveryJob()
{
    const auto trace = loadTrace(samplePath("philly/cluster_job_log.example.json"));
    QCOMPARE(trace.meta.format, std::string("philly"));
    QVERIFY(trace.meta.timeBase == TimeBase::UnixUtc);
    QCOMPARE(trace.jobs.size(), std::size_t{6});
    QCOMPARE(trace.simulatedJobCount(), std::size_t{5});
    QCOMPARE(trace.tenants.size(), std::size_t{4}); // ee9e8c 2869ce 6214e9 11cb48
    QCOMPARE(trace.users.size(), std::size_t{6});
    QCOMPARE(trace.jobs[0].id, std::string("application_1506638472019_14199"));
    QVERIFY(trace.jobs[1].status == JobStatus::Failed);
    QVERIFY(trace.jobs[2].status == JobStatus::Killed);
}

void TestPhillyJobLog::gpusComeFromTheFirstAttempt()
{
    const auto trace = loadTrace(samplePath("philly/cluster_job_log.example.json"));
    QCOMPARE(trace.jobs[0].gpus, 8);  // 8 then 8
    QCOMPARE(trace.jobs[2].gpus, 16); // two servers x 8 in one attempt
    QCOMPARE(trace.jobs[3].gpus, 1);
    QCOMPARE(trace.jobs[4].gpus, 2);
    QCOMPARE(trace.jobs[5].gpus, 4); // gpu0-3, retried on gpu4-7: still 4, not 8
    // A first attempt on 1 GPU and a second on 2: the first attempt decides.
    QTemporaryDir dir;
    const auto t = load(dir, "[" + job("a", attempt("\"2017-10-07 01:00:00\"", "\"2017-10-07 01:00:10\"") + ","
                                                 + attempt("\"2017-10-07 01:01:00\"", "\"2017-10-07 01:01:10\"",
                                                           R"([{"ip": "m1", "gpus": ["gpu0", "gpu1"]}])"))
                                 + "]");
    QCOMPARE(t.jobs[0].gpus, 1);
}

void TestPhillyJobLog::serviceSumsAttemptDurations()
{
    const auto trace = loadTrace(samplePath("philly/cluster_job_log.example.json"));
    // 01:12:09 -> 01:13:23 = 74 s, plus 2017-10-07 01:13:30 -> 2017-10-09 06:53:12 = 2 d 5 h 39 m 42 s = 193182 s.
    QCOMPARE(trace.jobs[0].duration_s, 74 + 193182);
    QCOMPARE(trace.jobs[2].duration_s, 7200); // 03:10 -> 05:10
    QCOMPARE(trace.jobs[5].duration_s, 600);  // 5 min + 5 min; the 2-min gap between attempts is not service
}

void TestPhillyJobLog::missingTimeAddsNothing_data()
{
    QTest::addColumn<QString>("missingEnd");
    // Each form of a missing end on the first of two attempts; the second runs 10 s.
    QTest::newRow("None string") << R"("end_time": "None")";
    QTest::newRow("empty string") << R"("end_time": "")";
    QTest::newRow("null") << R"("end_time": null)";
    QTest::newRow("key absent") << "";
}

void TestPhillyJobLog::missingTimeAddsNothing()
{
    QFETCH(QString, missingEnd);
    QTemporaryDir dir;
    const std::string first = R"({"start_time": "2017-10-07 01:00:00", )" + missingEnd.toStdString()
        + (missingEnd.isEmpty() ? "" : ", ") + R"("detail": [{"ip": "m1", "gpus": ["gpu0"]}]})";
    const auto t = load(dir, "[" + job("a", first + "," + attempt("\"2017-10-07 02:00:00\"", "\"2017-10-07 02:00:10\"")) + "]");
    QCOMPARE(t.jobs[0].duration_s, 10);
    QVERIFY(!t.jobs[0].attempts[0].end_s);

    // The example: "None" end on attempt 1 (0 s), 03:11:14 -> 03:11:57 (43 s), null start on the last (0 s).
    const auto example = loadTrace(samplePath("philly/cluster_job_log.example.json"));
    QCOMPARE(example.jobs[3].duration_s, 43);
}

void TestPhillyJobLog::stillRunningEndsAtLogEnd()
{
    // The example's still-running job starts at the log's latest timestamp (2017-12-22 07:00 PST),
    // so it has run 0 s when the log ends.
    const auto example = loadTrace(samplePath("philly/cluster_job_log.example.json"));
    QCOMPARE(example.jobs[4].duration_s, 0);
    QCOMPARE(*example.jobs[4].recordedEnd_s, k20171222_070000);

    // Job a starts at 10:00 and never ends; job b ends at 12:30, the log's last timestamp:
    // a ran 2 h 30 min = 9000 s.
    QTemporaryDir dir;
    const auto t = load(dir, "[\n" + job("a", attempt("\"2017-10-07 10:00:00\"", "\"\"")) + ",\n"
                                 + job("b", attempt("\"2017-10-07 12:00:00\"", "\"2017-10-07 12:30:00\"")) + "\n]");
    QCOMPARE(t.jobs[0].duration_s, 9000);
    QCOMPARE(*t.jobs[0].recordedEnd_s, *t.jobs[1].recordedEnd_s);
    // A missing end on an attempt that is not the last is not "still running": 0 s.
    const auto t2 = load(dir, "[" + job("a", attempt("\"2017-10-07 10:00:00\"", "null") + ","
                                                 + attempt("\"2017-10-07 11:00:00\"", "\"2017-10-07 11:00:05\""))
                                  + "]");
    QCOMPARE(t2.jobs[0].duration_s, 5);
}

void TestPhillyJobLog::jobsWithoutAttemptsAreCountedNotSimulated()
{
    const auto example = loadTrace(samplePath("philly/cluster_job_log.example.json"));
    const auto& j = example.jobs[1];
    QCOMPARE(j.id, std::string("example_no_attempts"));
    QVERIFY(j.skip == SkipReason::NoAttempts);
    QVERIFY(!j.simulated());
    QCOMPARE(j.gpus, 0);
    QCOMPARE(j.duration_s, 0);
    QVERIFY(!j.recordedStart_s);
    // "attempts": null is no attempt too.
    QTemporaryDir dir;
    const auto t = load(dir, R"([{"status": "Failed", "vc": "v", "jobid": "x", "submitted_time": "2017-10-07 01:00:00", "attempts": null}])");
    QVERIFY(t.jobs[0].skip == SkipReason::NoAttempts);
}

void TestPhillyJobLog::pacificTimesBecomeUtc()
{
    const auto example = loadTrace(samplePath("philly/cluster_job_log.example.json"));
    QCOMPARE(example.jobs[0].submit_s, k20171007_011139); // PDT: UTC-7
    QCOMPARE(example.jobs[4].submit_s, k20171222_070000 - 60); // 06:59 PST: UTC-8

    QTemporaryDir dir;
    const auto t = load(dir, "[" + job("a", "", "\"2017-11-05 01:30:00\"") + "," + job("b", "", "\"2017-11-05 02:30:00\"")
                                 + "," + job("c", "", "\"2017-03-12 03:30:00\"") + "]");
    QCOMPARE(t.jobs[0].submit_s, k20171105_013000);
    QCOMPARE(t.jobs[1].submit_s, k20171105_023000);
    QCOMPARE(t.jobs[2].submit_s, k20170312_033000);
}

void TestPhillyJobLog::recordedStartEndAndPlacementKept()
{
    const auto example = loadTrace(samplePath("philly/cluster_job_log.example.json"));
    const auto& j0 = example.jobs[0];
    QCOMPARE(*j0.recordedStart_s, k20171007_011209);
    QCOMPARE(*j0.recordedEnd_s, k20171009_065312);
    QCOMPARE(*j0.recordedQueueDelay(), 30);
    QCOMPARE(j0.attempts.size(), std::size_t{2});
    QCOMPARE(j0.attempts[1].placement[0].server, std::string("m412"));
    QCOMPARE(j0.attempts[1].placement[0].gpus.size(), std::size_t{8});
    QCOMPARE(j0.attempts[1].placement[0].gpus[7], 7);

    const auto& j2 = example.jobs[2];
    QCOMPARE(j2.attempts[0].placement.size(), std::size_t{2});
    QCOMPARE(j2.attempts[0].placement[1].server, std::string("m52"));

    // First start = the first attempt's; last end = the last attempt's end (its start is null).
    const auto& j3 = example.jobs[3];
    QCOMPARE(*j3.recordedStart_s, k20171009_030723);
    QCOMPARE(*j3.recordedEnd_s, k20171009_031512);
    QVERIFY(!j3.attempts[2].start_s);
    QVERIFY(!j3.attempts[0].end_s);
    QVERIFY(std::isnan(j3.gpuUtil));
}

void TestPhillyJobLog::unknownKeysAndOrderAreIgnored()
{
    QTemporaryDir dir;
    const auto t = load(dir, R"([{"attempts": [{"detail": [{"gpus": ["gpu3"], "ip": "m9", "x": [1, {"y": null}]}],
        "end_time": "2017-10-07 01:00:05", "start_time": "2017-10-07 01:00:00", "extra": {"a": [true]}}],
        "user": "u", "extra": 3.5, "submitted_time": "2017-10-07 00:59:00", "jobid": "k", "vc": "v", "status": "Killed"}])");
    QCOMPARE(t.jobs.size(), std::size_t{1});
    QCOMPARE(t.jobs[0].gpus, 1);
    QCOMPARE(t.jobs[0].attempts[0].placement[0].gpus[0], 3);
    QCOMPARE(t.jobs[0].duration_s, 5);
    QVERIFY(t.jobs[0].status == JobStatus::Killed);
}

void TestPhillyJobLog::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const auto ok = QString::fromStdString(job("ok", attempt("\"2017-10-07 01:00:00\"", "\"2017-10-07 01:00:10\"")));
    const auto one = [](const std::string& s) { return QString::fromStdString(s); };
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("blank file") << "  \n\n" << qint64(0) << "";
    QTest::newRow("object, not array") << "{\"jobs\": []}" << qint64(1) << "";
    QTest::newRow("truncated") << "[\n" + ok + ",\n{\"status\": \"Pass\", \"vc\"" << qint64(3) << "";
    QTest::newRow("syntax error") << "[\n" + ok + ",\n{\"status\": Pass}]" << qint64(3) << "";
    QTest::newRow("text after the array") << "[" + ok + "]\nmore" << qint64(2) << "";
    QTest::newRow("record is a number") << "[\n1\n]" << qint64(2) << "";
    QTest::newRow("vc wrong type") << "[\n" + ok + ",\n" + one(R"({"status": "Pass", "vc": 5, "jobid": "b"})") + "\n]" << qint64(3) << "vc";
    QTest::newRow("unknown status") << "[" + one(R"({"status": "Done", "vc": "v", "jobid": "b"})") + "]" << qint64(1) << "status";
    QTest::newRow("missing vc")
        << "[\n" + one(R"({"status": "Pass", "jobid": "b", "submitted_time": "2017-10-07 01:00:00",)") + "\n\"attempts\": []}]"
        << qint64(2) << "vc";
    QTest::newRow("missing jobid") << "[" + one(R"({"status": "Pass", "vc": "v", "submitted_time": "2017-10-07 01:00:00"})") + "]"
                                   << qint64(1) << "jobid";
    QTest::newRow("duplicate id") << "[\n" + ok + ",\n" + ok + "\n]" << qint64(3) << "jobid";
    QTest::newRow("bad submitted_time") << "[" + one(job("b", "", "\"2017-13-45 00:00:00\"")) + "]" << qint64(1) << "submitted_time";
    QTest::newRow("submitted_time a number") << "[" + one(job("b", "", "1507363899")) + "]" << qint64(1) << "submitted_time";
    QTest::newRow("no submit and no start") << "[" + one(job("b", attempt("null", "null"), "\"None\"")) + "]" << qint64(1)
                                            << "submitted_time";
    QTest::newRow("bad end_time on line 4")
        << "[\n" + ok + ",\n{\"status\": \"Pass\", \"vc\": \"v\", \"jobid\": \"b\", \"attempts\": [\n"
               + one(attempt("\"2017-10-07 01:00:00\"", "\"yesterday\"")) + "]}\n]"
        << qint64(4) << "attempts[0].end_time";
    QTest::newRow("attempts not an array") << "[" + one(R"({"status": "Pass", "vc": "v", "jobid": "b", "attempts": "none"})") + "]"
                                           << qint64(1) << "attempts";
    QTest::newRow("gpus not an array") << "[" + one(job("b", attempt("null", "null", R"([{"ip": "m1", "gpus": "gpu0"}])"))) + "]"
                                       << qint64(1) << "attempts[0].detail[0].gpus";
    QTest::newRow("bad gpu name") << "[" + one(job("b", attempt("null", "null", R"([{"ip": "m1", "gpus": ["gpu0", "gpuX"]}])"))) + "]"
                                  << qint64(1) << "attempts[0].detail[0].gpus[1]";
    QTest::newRow("huge gpu index") << "[" + one(job("b", attempt("null", "null", R"([{"ip": "m1", "gpus": ["gpu99999"]}])"))) + "]"
                                    << qint64(1) << "attempts[0].detail[0].gpus[0]";
    QTest::newRow("negative gpu index") << "[" + one(job("b", attempt("null", "null", R"([{"ip": "m1", "gpus": [-1]}])"))) + "]"
                                        << qint64(1) << "attempts[0].detail[0].gpus[0]";
    QTest::newRow("missing ip") << "[" + one(job("b", attempt("null", "null", R"([{"gpus": ["gpu0"]}])"))) + "]" << qint64(1)
                                << "attempts[0].detail[0].ip";
    QTest::newRow("detail entry not an object") << "[" + one(job("b", attempt("null", "null", R"(["m1"])"))) + "]" << qint64(1)
                                                << "attempts[0].detail[0]";
}

void TestPhillyJobLog::malformed()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "cluster_job_log", text.toStdString());
    expectInputError([&] { readPhillyJobLog(path); }, path, line, field.toStdString());
}

void TestPhillyJobLog::errorsNameTheRecord()
{
    QTemporaryDir dir;
    const auto a = attempt("\"2017-10-07 01:00:00\"", "\"2017-10-07 01:00:10\"");
    const auto path = writeFile(dir, "log", "[\n" + job("j1", a) + ",\n" + job("j2", a) + ",\n" + job("bad", attempt("\"soon\"", "null")) + "\n]");
    const auto message = expectInputError([&] { readPhillyJobLog(path); }, path, 4, "attempts[0].start_time");
    QVERIFY2(message.find("job record 3 (jobid 'bad')") != std::string::npos, message.c_str());
}

void TestPhillyJobLog::progressAndCancel()
{
    std::vector<double> seen;
    ImportOptions o;
    o.progress = [&](double f) {
        seen.push_back(f);
        return true;
    };
    loadTrace(samplePath("philly/cluster_job_log.example.json"), TraceFormat::Philly, o);
    QVERIFY(!seen.empty());
    QCOMPARE(seen.back(), 1.0);
    o.progress = [](double) { return false; };
    QVERIFY_THROWS_EXCEPTION(Cancelled, loadTrace(samplePath("philly/cluster_job_log.example.json"), TraceFormat::Philly, o));
}

QTEST_APPLESS_MAIN(TestPhillyJobLog)
#include "tst_philly_job_log.moc"
