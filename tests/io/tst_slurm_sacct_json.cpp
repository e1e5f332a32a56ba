#include "core/io/slurm_sacct.hpp"
#include "core/io/slurm_sacct_json.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <cmath>
#include <filesystem>

using namespace clens;
using namespace clens::test;

// docs/formats.md "Slurm jobs (`sacct --json`)"
class TestSlurmSacctJson : public QObject {
    Q_OBJECT
private slots:
    void sameJobsAsTheTextSample();
    void variants();
    void malformed_data();
    void malformed();
};

namespace {

bool haveTzdb() { return std::filesystem::exists("/usr/share/zoneinfo/Europe/Berlin") || std::getenv("TZDIR"); }

// One completed job: 4 a100 GPUs, 16 CPUs, 65536 MB; submitted 2024-01-01T00:00:00Z = 1704067200.
const char* kJob = R"({"meta": {}, "jobs": [
{"job_id": 7, "account": "phys", "partition": "gpu", "qos": "normal", "user": "ann", "nodes": "n[1-2]", "allocation_nodes": 2,
 "array": {"job_id": 0, "task_id": {"set": false, "infinite": false, "number": 0}, "task": ""},
 "het": {"job_id": 0, "job_offset": {"set": false, "infinite": false, "number": 0}},
 "state": {"current": ["COMPLETED"], "reason": "None"},
 "time": {"submission": 1704067200, "start": {"set": true, "infinite": false, "number": 1704067260}, "end": 1704070860, "elapsed": 3600},
 "tres": {"allocated": [{"type": "cpu", "name": "", "id": 1, "count": 16}, {"type": "mem", "count": 65536},
                        {"type": "gres", "name": "gpu", "count": 4}, {"type": "gres", "name": "gpu:a100", "count": 4}],
          "requested": [{"type": "gres", "name": "gpu:a100", "count": 4}]}}
], "warnings": [], "errors": []})";

std::string write(QTemporaryDir& dir, const QString& text) { return writeFile(dir, "sacct.json", text.toStdString()); }

} // namespace

// sample_traces/slurm/sacct_jobs.json holds the jobs of sacct_jobs.txt (make_sample.py writes both).
void TestSlurmSacctJson::sameJobsAsTheTextSample()
{
    if (!haveTzdb())
        QSKIP("no tz database in /usr/share/zoneinfo");
    const auto path = samplePath("slurm/sacct_jobs.json");
    QVERIFY(detectTraceFormat(path) == TraceFormat::SlurmJson);
    const auto json = loadTrace(path);
    ImportOptions o;
    o.timeZone = "Europe/Berlin";
    const auto text = readSlurmSacct(samplePath("slurm/sacct_jobs.txt"), o);
    QCOMPARE(json.meta.format, std::string("slurm-json"));
    QCOMPARE(json.jobs.size(), text.jobs.size());
    QCOMPARE(json.simulatedJobCount(), std::size_t{28});
    for (std::size_t i = 0; i < text.jobs.size(); ++i) {
        const auto& a = json.jobs[i];
        const auto& b = text.jobs[i];
        QCOMPARE(a.id, b.id); // 4130_1 and 4140+1 rebuilt from the array and het objects
        QCOMPARE(json.tenants[static_cast<std::size_t>(a.tenant)].name, text.tenants[static_cast<std::size_t>(b.tenant)].name);
        QCOMPARE(json.users[static_cast<std::size_t>(a.user)], text.users[static_cast<std::size_t>(b.user)]);
        QCOMPARE(a.gpus, b.gpus);
        QCOMPARE(a.cpuCores, b.cpuCores);
        QCOMPARE(a.memGb, b.memGb);
        QCOMPARE(a.submit_s, b.submit_s);
        QCOMPARE(a.recordedStart_s, b.recordedStart_s);
        QCOMPARE(a.recordedEnd_s, b.recordedEnd_s);
        QCOMPARE(a.duration_s, b.duration_s);
        QVERIFY(a.status == b.status);
        QVERIFY(a.skip == b.skip);
        QCOMPARE(json.gpuModelSets[static_cast<std::size_t>(a.gpuModels)], text.gpuModelSets[static_cast<std::size_t>(b.gpuModels)]);
        QCOMPARE(a.attempts.size(), b.attempts.size());
        if (!a.attempts.empty())
            QCOMPARE(a.attempts[0].placement.size(), b.attempts[0].placement.size());
    }
}

void TestSlurmSacctJson::variants()
{
    QTemporaryDir dir;
    auto t = readSlurmSacctJson(write(dir, kJob));
    QCOMPARE(t.jobs.size(), std::size_t{1});
    const auto& j = t.jobs[0];
    QCOMPARE(j.id, std::string("7"));
    QCOMPARE(j.gpus, 4);
    QCOMPARE(j.cpuCores, 16.0);
    QCOMPARE(j.memGb, 64.0); // 65536 MB
    QCOMPARE(j.submit_s, std::int64_t{1704067200});
    QCOMPARE(*j.recordedStart_s, std::int64_t{1704067260});
    QCOMPARE(j.duration_s, std::int64_t{3600});
    QCOMPARE(j.attempts.at(0).placement.size(), std::size_t{2});
    QCOMPARE(t.gpuModelSets[static_cast<std::size_t>(j.gpuModels)], std::string("a100"));

    // Older sacct: a plain state string; an array task, a pending array range, a het component.
    QString older = kJob;
    older.replace(R"("state": {"current": ["COMPLETED"], "reason": "None"})", R"("state": {"current": "FAILED", "reason": "None"})");
    older.replace(R"("task_id": {"set": false, "infinite": false, "number": 0})", R"("task_id": 3)");
    older.replace(R"("array": {"job_id": 0,)", R"("array": {"job_id": 5,)");
    t = readSlurmSacctJson(write(dir, older));
    QCOMPARE(t.jobs[0].id, std::string("5_3"));
    QVERIFY(t.jobs[0].status == JobStatus::Failed);
    QString range = kJob;
    range.replace(R"("array": {"job_id": 0,)", R"("array": {"job_id": 5,)");
    range.replace(R"("task": "")", R"("task": "4-9%2")");
    range.replace(R"(["COMPLETED"])", R"(["PENDING"])");
    t = readSlurmSacctJson(write(dir, range));
    QCOMPARE(t.jobs[0].id, std::string("5_[4-9%2]"));
    QVERIFY(t.jobs[0].skip == SkipReason::Pending);
    QString het = kJob;
    het.replace(R"("het": {"job_id": 0, "job_offset": {"set": false, "infinite": false, "number": 0}})",
                R"("het": {"job_id": 6, "job_offset": {"set": true, "infinite": false, "number": 1}})");
    QCOMPARE(readSlurmSacctJson(write(dir, het)).jobs[0].id, std::string("6+1"));
    // Not started (start 0): cancelled while pending.
    QString never = kJob;
    never.replace(R"({"set": true, "infinite": false, "number": 1704067260})", "0");
    never.replace(R"(["COMPLETED"])", R"(["CANCELLED"])");
    t = readSlurmSacctJson(write(dir, never));
    QVERIFY(t.jobs[0].skip == SkipReason::NoAttempts);
    QVERIFY(t.jobs[0].status == JobStatus::Killed);
    // The tenant option reads partition or qos.
    ImportOptions o;
    o.slurmTenant = "partition";
    t = readSlurmSacctJson(write(dir, kJob), o);
    QCOMPARE(t.tenants[0].name, std::string("gpu"));
}

void TestSlurmSacctJson::malformed_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    QTest::newRow("syntax") << R"("meta": {},)" << R"("meta": {})" << qint64(1) << "";
    QTest::newRow("no jobs") << R"("jobs": [)" << R"("jobz": [)" << qint64(0) << "jobs";
    QTest::newRow("no time") << R"("time":)" << R"("tiem":)" << qint64(0) << "jobs[0].time";
    QTest::newRow("no submission") << R"("submission": 1704067200,)" << "" << qint64(0) << "jobs[0].time.submission";
    QTest::newRow("unknown state") << R"(["COMPLETED"])" << R"(["DONE"])" << qint64(0) << "jobs[0].state.current";
    QTest::newRow("state of the wrong type") << R"(["COMPLETED"])" << "7" << qint64(0) << "jobs[0].state.current";
    QTest::newRow("fractional time") << "1704070860" << "1704070860.5" << qint64(0) << "jobs[0].time.end";
    QTest::newRow("count of the wrong type") << R"("count": 16)" << R"("count": "16")" << qint64(0) << "jobs[0].tres.allocated[0].count";
    QTest::newRow("negative count") << R"("count": 16)" << R"("count": -16)" << qint64(0) << "jobs[0].tres.allocated[0].count";
    QTest::newRow("bad host list") << R"("nodes": "n[1-2]")" << R"("nodes": "n[2-1]")" << qint64(0) << "jobs[0].nodes";
    QTest::newRow("no job_id") << R"("job_id": 7,)" << "" << qint64(0) << "jobs[0].job_id";
    QTest::newRow("a job that is no object") << R"("jobs": [)" << R"("jobs": [1, )" << qint64(0) << "jobs[0]";
}

void TestSlurmSacctJson::malformed()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QString text = kJob;
    QVERIFY2(text.contains(from), qPrintable(from));
    text.replace(from, to);
    QTemporaryDir dir;
    const auto path = write(dir, text);
    expectInputError([&] { readSlurmSacctJson(path); }, path, line, field.toStdString());
}

QTEST_APPLESS_MAIN(TestSlurmSacctJson)
#include "tst_slurm_sacct_json.moc"
