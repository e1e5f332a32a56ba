#include "core/io/slurm_sacct.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <filesystem>

using namespace clens;
using namespace clens::test;

// docs/formats.md "Slurm jobs (`sacct`)"
class TestSlurmSacct : public QObject {
    Q_OBJECT
private slots:
    void sample();
    void sampleTimesAcrossDst();
    void states_data();
    void states();
    void tenantOption_data();
    void tenantOption();
    void stepsAndRequests();
    void malformed_data();
    void malformed();
};

namespace {

bool haveTzdb() { return std::filesystem::exists("/usr/share/zoneinfo/Europe/Berlin") || std::getenv("TZDIR"); }

const Job& job(const Trace& t, const std::string& id)
{
    const auto it = std::find_if(t.jobs.begin(), t.jobs.end(), [&](const Job& j) { return j.id == id; });
    if (it == t.jobs.end())
        throw std::runtime_error("no job " + id);
    return *it;
}

std::string tenant(const Trace& t, const Job& j) { return t.tenants[static_cast<std::size_t>(j.tenant)].name; }

Trace sampleTrace(const std::string& zone)
{
    ImportOptions o;
    o.timeZone = zone;
    return loadTrace(samplePath("slurm/sacct_jobs.txt"), TraceFormat::Auto, o);
}

} // namespace

// sample_traces/slurm/sacct_jobs.txt: 30 allocations (see its README).
void TestSlurmSacct::sample()
{
    if (!haveTzdb())
        QSKIP("no tz database in /usr/share/zoneinfo");
    const auto t = sampleTrace("Europe/Berlin");
    QCOMPARE(t.meta.format, std::string("slurm"));
    QVERIFY(t.meta.timeBase == TimeBase::UnixUtc);
    QCOMPARE(t.jobs.size(), std::size_t{30});
    QCOMPARE(t.tenants.size(), std::size_t{3}); // accounts vision, nlp, speech
    QCOMPARE(t.users.size(), std::size_t{8});
    QCOMPARE(t.simulatedJobCount(), std::size_t{28}); // 4123 PENDING, 4124 cancelled before it started
    int pass = 0, failed = 0, killed = 0;
    for (const auto& j : t.jobs) {
        pass += j.status == JobStatus::Pass;
        failed += j.status == JobStatus::Failed;
        killed += j.status == JobStatus::Killed;
    }
    QCOMPARE(failed, 6); // TIMEOUT 4103, FAILED 4105 4113 4130_3, NODE_FAIL 4108, OUT_OF_MEMORY 4109
    QCOMPARE(killed, 4); // CANCELLED by 1003 (4104), CANCELLED 4114, PREEMPTED 4118, CANCELLED by 1004 (4124)
    QCOMPARE(pass, 20);

    // 4101: submitted 2024-03-30 20:05 CET = 19:05 UTC = 1711825500; 8 a100, 32 CPUs, 256 GiB.
    const auto& a = job(t, "4101");
    QCOMPARE(a.submit_s, std::int64_t{1711825500});
    QCOMPARE(a.gpus, 8);
    QCOMPARE(a.cpuCores, 32.0);
    QCOMPARE(a.memGb, 256.0);
    QCOMPARE(tenant(t, a), std::string("vision"));
    QCOMPARE(t.users[static_cast<std::size_t>(a.user)], std::string("alice"));
    QCOMPARE(t.gpuModelSets[static_cast<std::size_t>(a.gpuModels)], std::string("a100")); // ReqTRES gres/gpu:a100=8
    QCOMPARE(job(t, "4102").gpuModels, 0); // typed in AllocTRES only: any model
    // Array tasks and heterogeneous components are jobs of their own.
    QCOMPARE(job(t, "4130_3").status == JobStatus::Failed, true);
    const auto& het = job(t, "4140+1");
    QCOMPARE(het.gpus, 0);
    QCOMPARE(het.cpuCores, 16.0);
    QVERIFY(het.simulated()); // CPU-only component
    // Multi-node placement from NodeList gpu[01,03-04].
    const auto& clip = job(t, "4120");
    QCOMPARE(clip.gpus, 24);
    QCOMPARE(clip.attempts.size(), std::size_t{1});
    QStringList hosts;
    for (const auto& p : clip.attempts[0].placement)
        hosts << QString::fromStdString(p.server);
    QCOMPARE(hosts, (QStringList{"gpu01", "gpu03", "gpu04"}));
    // RUNNING: ends at the latest time in the file, 4118's End 11:20 CEST = 09:20 UTC = 1711876800;
    // it started 09:00 CEST = 07:00 UTC = 1711868400: 8400 s.
    QCOMPARE(*clip.recordedStart_s, std::int64_t{1711868400});
    QCOMPARE(*clip.recordedEnd_s, std::int64_t{1711876800});
    QCOMPARE(clip.duration_s, std::int64_t{8400});
    QCOMPARE(*clip.attempts[0].end_s, std::int64_t{1711876800});
    // PENDING: kept, not simulated; its request read from ReqTRES (48 GPUs, a100).
    const auto& pending = job(t, "4123");
    QVERIFY(pending.skip == SkipReason::Pending);
    QCOMPARE(pending.gpus, 48);
    QVERIFY(!pending.recordedStart_s && pending.attempts.empty());
    // Cancelled while pending (Start None): kept, not simulated, Killed.
    const auto& never = job(t, "4124");
    QVERIFY(never.skip == SkipReason::NoAttempts);
    QVERIFY(never.status == JobStatus::Killed);
    QCOMPARE(never.gpus, 1);
    QCOMPARE(never.duration_s, std::int64_t{0});
    const auto hasNote = [&](const char* text) {
        return std::any_of(t.meta.notes.begin(), t.meta.notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
    };
    QVERIFY(hasNote("Europe/Berlin"));
    QVERIFY(hasNote("1 job PENDING"));
    QVERIFY(hasNote("2 jobs RUNNING"));
    QVERIFY(hasNote("1 job ended without a Start"));
}

// 4111 runs 01:40 -> 03:05 local on 2024-03-31, when Berlin skips 02:00-03:00: 25 minutes.
// Read as UTC (the default) the same text is 85 minutes.
void TestSlurmSacct::sampleTimesAcrossDst()
{
    if (!haveTzdb())
        QSKIP("no tz database in /usr/share/zoneinfo");
    const auto berlin = sampleTrace("Europe/Berlin");
    const auto& j = job(berlin, "4111");
    QCOMPARE(*j.recordedStart_s, std::int64_t{1711845600}); // 00:40 UTC
    QCOMPARE(*j.recordedEnd_s, std::int64_t{1711847100});   // 01:05 UTC
    QCOMPARE(j.duration_s, std::int64_t{1500});
    const auto utc = sampleTrace("");
    QCOMPARE(job(utc, "4111").duration_s, std::int64_t{5100});
    QCOMPARE(job(utc, "4101").submit_s, std::int64_t{1711825500 + 3600});
    QVERIFY(std::any_of(utc.meta.notes.begin(), utc.meta.notes.end(), [](const std::string& n) { return n.find("UTC") != std::string::npos; }));
    // A fixed offset gives the same as Berlin in winter.
    QCOMPARE(job(sampleTrace("+01:00"), "4101").submit_s, std::int64_t{1711825500});
}

void TestSlurmSacct::states_data()
{
    QTest::addColumn<QString>("state");
    QTest::addColumn<QString>("start");
    QTest::addColumn<QString>("end");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("skip");
    QTest::addColumn<qint64>("duration");
    const int pass = int(JobStatus::Pass), killed = int(JobStatus::Killed), failed = int(JobStatus::Failed);
    const int none = int(SkipReason::None), pending = int(SkipReason::Pending), never = int(SkipReason::NoAttempts);
    const QString s = "2024-01-01T00:00:10", e = "2024-01-01T01:00:10"; // one hour
    QTest::newRow("COMPLETED") << "COMPLETED" << s << e << pass << none << qint64(3600);
    QTest::newRow("CANCELLED") << "CANCELLED" << s << e << killed << none << qint64(3600);
    QTest::newRow("CANCELLED by uid") << "CANCELLED by 1234" << s << e << killed << none << qint64(3600);
    QTest::newRow("PREEMPTED") << "PREEMPTED" << s << e << killed << none << qint64(3600);
    QTest::newRow("REVOKED") << "REVOKED" << s << e << killed << none << qint64(3600);
    QTest::newRow("FAILED") << "FAILED" << s << e << failed << none << qint64(3600);
    QTest::newRow("TIMEOUT") << "TIMEOUT" << s << e << failed << none << qint64(3600);
    QTest::newRow("NODE_FAIL") << "NODE_FAIL" << s << e << failed << none << qint64(3600);
    QTest::newRow("OUT_OF_MEMORY") << "OUT_OF_MEMORY" << s << e << failed << none << qint64(3600);
    QTest::newRow("BOOT_FAIL") << "BOOT_FAIL" << s << e << failed << none << qint64(3600);
    QTest::newRow("DEADLINE") << "DEADLINE" << s << e << failed << none << qint64(3600);
    QTest::newRow("PENDING") << "PENDING" << "Unknown" << "Unknown" << pass << pending << qint64(0);
    QTest::newRow("REQUEUED") << "REQUEUED" << "Unknown" << "Unknown" << pass << pending << qint64(0);
    // Running: ends at the latest time in the file, the other row's end 02:00:00: 7190 s.
    QTest::newRow("RUNNING") << "RUNNING" << s << "Unknown" << pass << none << qint64(7190);
    QTest::newRow("SUSPENDED") << "SUSPENDED" << s << "Unknown" << pass << none << qint64(7190);
    QTest::newRow("RESIZING") << "RESIZING" << s << "Unknown" << pass << none << qint64(7190);
    QTest::newRow("RUNNING without Start = pending") << "RUNNING" << "Unknown" << "Unknown" << pass << pending << qint64(0);
    QTest::newRow("CANCELLED before start") << "CANCELLED by 7" << "None" << e << killed << never << qint64(0);
    QTest::newRow("end before start") << "COMPLETED" << e << s << pass << none << qint64(0);
}

void TestSlurmSacct::states()
{
    QFETCH(QString, state);
    QFETCH(QString, start);
    QFETCH(QString, end);
    QFETCH(int, status);
    QFETCH(int, skip);
    QFETCH(qint64, duration);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "sacct.txt",
                                "JobID|Account|Submit|Start|End|State|AllocTRES\n"
                                "1|a|2024-01-01T00:00:00|" + start.toStdString() + "|" + end.toStdString() + "|"
                                    + state.toStdString() + "|gres/gpu=1\n"
                                "2|a|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T02:00:00|COMPLETED|gres/gpu=1\n");
    const auto t = readSlurmSacct(path);
    const auto& j = t.jobs[0];
    QCOMPARE(int(j.status), status);
    QCOMPARE(int(j.skip), skip);
    QCOMPARE(j.duration_s, duration);
}

void TestSlurmSacct::tenantOption_data()
{
    QTest::addColumn<QString>("by");
    QTest::addColumn<QString>("tenant");
    QTest::newRow("account (default)") << "account" << "physics";
    QTest::newRow("partition") << "partition" << "gpu";
    QTest::newRow("qos") << "qos" << "high";
}

void TestSlurmSacct::tenantOption()
{
    QFETCH(QString, by);
    QFETCH(QString, tenant);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "s.txt",
                                "JobIDRaw|User|Account|Partition|QOS|Submit|Start|End|State|AllocTRES\n"
                                "7|u|physics|gpu|high|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T00:01:00|COMPLETED|cpu=1\n"
                                "8|u||gpu|high|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T00:01:00|COMPLETED|cpu=1\n");
    ImportOptions o;
    o.slurmTenant = by.toStdString();
    const auto t = readSlurmSacct(path, o);
    QCOMPARE(QString::fromStdString(t.tenants[static_cast<std::size_t>(t.jobs[0].tenant)].name), tenant);
    QCOMPARE(t.meta.tenantNote.empty(), by == "account");
    if (by == "account") // an empty account is tenant (none), noted
        QCOMPARE(t.tenants[static_cast<std::size_t>(t.jobs[1].tenant)].name, std::string("(none)"));
}

void TestSlurmSacct::stepsAndRequests()
{
    QTemporaryDir dir;
    // Without --allocations sacct prints steps: 10.batch, 10.extern, 10.0 are skipped.
    // ReqTRES is read only when AllocTRES is empty; without cpu= the NCPUS column gives CPUs.
    const auto path = writeFile(dir, "s.txt",
                                "JobID|Account|Submit|Start|End|State|NCPUS|AllocTRES|ReqTRES|NNodes|NodeList\n"
                                "10|a|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T00:10:00|COMPLETED|6|mem=512M,gres/gpu:t4=2|cpu=99,gres/gpu:t4=2|2|n[1-3]\n"
                                "10.batch|a|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T00:10:00|COMPLETED|6|||1|n1\n"
                                "10.extern|a|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T00:10:00|COMPLETED|6|||1|n1\n"
                                "10.0|a|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T00:10:00|COMPLETED|6|||1|n1\n"
                                "11|a|2024-01-01T00:00:00|Unknown|Unknown|PENDING|0||cpu=4,mem=8G|1|None assigned\n"
                                "12|a|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T00:10:00|COMPLETED|1|||1|(null)\n");
    const auto t = readSlurmSacct(path);
    QCOMPARE(t.jobs.size(), std::size_t{3});
    QCOMPARE(t.jobs[0].cpuCores, 6.0);
    QCOMPARE(t.jobs[0].memGb, 0.5);
    QCOMPARE(t.jobs[0].gpus, 2);
    QCOMPARE(t.jobs[0].attempts[0].placement.size(), std::size_t{3});
    QCOMPARE(t.jobs[1].cpuCores, 4.0); // from ReqTRES
    QCOMPARE(t.jobs[1].memGb, 8.0);
    QCOMPARE(t.jobs[2].cpuCores, 1.0);
    QVERIFY(t.jobs[2].attempts.empty()); // NodeList (null)
    const auto has = [&](const char* text) {
        return std::any_of(t.meta.notes.begin(), t.meta.notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
    };
    QVERIFY(has("3 job step lines"));
    QVERIFY(has("1 job lists a NodeList whose host count differs from NNodes"));
    QVERIFY(has("1 job has no AllocTRES"));
    QVERIFY(has("1 job has neither AllocTRES nor ReqTRES"));
    QVERIFY(has("1 job asks for a GPU type"));
}

void TestSlurmSacct::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = "JobID|Account|Submit|Start|End|State|AllocTRES|NodeList\n";
    const QString ok = "1|a|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T01:00:00|COMPLETED|gres/gpu=1|n1\n";
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("header only") << h << qint64(0) << "";
    QTest::newRow("no id column") << "Account|Submit|State\na|2024-01-01T00:00:00|COMPLETED\n" << qint64(1) << "";
    QTest::newRow("no Submit column") << "JobID|Account|State\n1|a|COMPLETED\n" << qint64(1) << "";
    QTest::newRow("no Account column") << "JobID|Submit|State\n1|2024-01-01T00:00:00|COMPLETED\n" << qint64(1) << "";
    QTest::newRow("unknown state") << h + ok.left(ok.indexOf("COMPLETED")) + "DONE|gres/gpu=1|n1\n" << qint64(2) << "State";
    QTest::newRow("bad date") << h + "1|a|2024-13-01T00:00:00|Unknown|Unknown|PENDING||\n" << qint64(2) << "Submit";
    QTest::newRow("date with a zone") << h + "1|a|2024-01-01T00:00:00 PST|Unknown|Unknown|PENDING||\n" << qint64(2) << "Submit";
    QTest::newRow("Submit Unknown") << h + "1|a|Unknown|Unknown|Unknown|PENDING||\n" << qint64(2) << "Submit";
    QTest::newRow("bad Start") << h + "1|a|2024-01-01T00:00:00|soon|Unknown|RUNNING||\n" << qint64(2) << "Start";
    QTest::newRow("bad TRES") << h + ok + "2|a|2024-01-01T00:00:00|Unknown|Unknown|PENDING|gres/gpu=x|\n" << qint64(3) << "AllocTRES";
    QTest::newRow("bad host list") << h + "1|a|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T01:00:00|COMPLETED|gres/gpu=1|n[3-1]\n"
                                   << qint64(2) << "NodeList";
    QTest::newRow("a '|' in a job name") << h + ok + "2|a|b|2024-01-01T00:00:00|Unknown|Unknown|PENDING||\n" << qint64(3) << "";
    QTest::newRow("duplicate id") << h + ok + "\n" + ok << qint64(4) << "JobID";
    QTest::newRow("empty id") << h + "|a|2024-01-01T00:00:00|Unknown|Unknown|PENDING||\n" << qint64(2) << "JobID";
}

void TestSlurmSacct::malformed()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "sacct.txt", text.toStdString());
    expectInputError([&] { readSlurmSacct(path); }, path, line, field.toStdString());
}

QTEST_APPLESS_MAIN(TestSlurmSacct)
#include "tst_slurm_sacct.moc"
