// The committed project files of every schema version in tests/data/projects
// (docs/project-file.md "Committed files of every version"): each was written by the ClusterLens
// of its version, so they pin the real on-disk format. Today's loader must open every one, read
// what was stored, give what each upgrade step adds its defaults and leave the file as it was; a
// re-save with today's writer must read back as the same project.
#include "core/store/project_file.hpp"
#include "core/store/schema.hpp"
#include "tests/common/test_support.hpp"
#include "tests/store/project_compare.hpp"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <cmath>
#include <cstdint>
#include <optional>

using namespace clens;
using namespace clens::test;

namespace {

// What the committed file vN.clens holds, read by hand with the sqlite3 shell (the queries are in
// the comments of kFixtures). Values the upgrade steps add are derived from `version` in the test.
struct FixtureFacts {
    int version = 0;
    // result "current", job j05 (jobs.idx 4): result_jobs row 4
    std::int64_t j05Start_s = 0, j05End_s = 0, j05QueueDelay_s = 0;
    std::int64_t makespan_s = 0;      // results.sum_makespan_s
    std::int64_t occupancyRows = 0;   // count(*) FROM result_occupancy
    std::int64_t waitRows = 0;        // count(*) FROM result_waits
    int containers = 0;               // count(*) FROM containers (0: no phase_metrics row / no table)
    int scaledLevels = 0;             // levels in result_scaled_runs (sum of length(levels) / 16)
    int knownPhases = 0;              // of those, with a phase >= 0 (schema 4+)
    int preemptions = 0;              // sum(preemptions) FROM result_jobs (schema 5+)
    int queueKeys = 0;                // count(queue_key) FROM result_jobs (schema 9)
    double j13QueueKey = std::nan(""); // result_jobs.queue_key of row 12, j13 (schema 9)
    std::int64_t sweepMakespan_s = 0;  // makespan_s in sweep_runs.summary_json of run 0 (schema 7+)
};

// sqlite3 vN.clens "SELECT start_s, end_s, queue_delay_s FROM result_jobs WHERE idx = 4;
//   SELECT sum_makespan_s FROM results; SELECT count(*) FROM result_occupancy; SELECT count(*) FROM result_waits;
//   SELECT count(*) FROM containers; SELECT sum(length(levels)) / 16 FROM result_scaled_runs;
//   SELECT sum(preemptions) FROM result_jobs; SELECT count(queue_key) FROM result_jobs;
//   SELECT queue_key FROM result_jobs WHERE idx = 12; SELECT summary_json FROM sweep_runs WHERE idx = 0"
// knownPhases: the int32 BLOBs of result_scaled_runs.phases decoded (Python's struct.unpack);
// every level of 4 and later has a known phase.
const FixtureFacts kFixtures[] = {
    // v, j05 start/end/delay, makespan, occupancy, waits, containers, levels, known, preemptions, keys, j13 key, sweep
    {1, 1920, 4728, 1800, 16140, 66, 17, 0, 0, 0, 0, 0},
    {2, 1920, 4728, 1800, 16140, 66, 17, 4, 0, 0, 0, 0},
    {3, 1920, 6998, 1800, 29254, 210, 21, 4, 657, 0, 0, 0},
    {4, 1920, 7031, 1800, 25543, 184, 26, 4, 602, 602, 0, 0},
    {5, 1200, 3053, 1080, 24069, 209, 20, 4, 524, 524, 14, 0},
    {6, 1200, 3053, 1080, 24069, 209, 20, 4, 524, 524, 14, 0},
    {7, 1200, 3053, 1080, 24069, 209, 20, 4, 524, 524, 14, 0, std::nan(""), 13800},
    {8, 1200, 3053, 1080, 24069, 209, 20, 4, 524, 524, 14, 0, std::nan(""), 13800},
    {9, 1200, 3053, 1080, 24069, 209, 20, 4, 524, 524, 14, 24, 2.0, 13800},
};

const FixtureFacts* factsOf(int version)
{
    for (const auto& f : kFixtures)
        if (f.version == version)
            return &f;
    return nullptr;
}

std::string fixturePath(int version) { return dataPath("projects/v" + std::to_string(version) + ".clens"); }

QByteArray sha256(const std::string& path)
{
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// PRAGMA user_version / application_id of a file, read with SQLite itself (read-only).
std::int64_t pragmaOf(const std::string& path, const char* pragma)
{
    sqlite3* db = nullptr;
    std::int64_t value = -1;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, (std::string("PRAGMA ") + pragma).c_str(), -1, &st, nullptr) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_ROW)
            value = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return value;
}

} // namespace

class TestProjectFixtures : public QObject {
    Q_OBJECT
private slots:
    void committedFixtureOpens_data();
    void committedFixtureOpens();
    void consecutiveVersionsReadTheSame_data();
    void consecutiveVersionsReadTheSame();
};

void TestProjectFixtures::committedFixtureOpens_data()
{
    QTest::addColumn<int>("version");
    // One row per schema version this build reads: a new schema version needs its own committed
    // file (written by that version) and facts, or the row fails.
    for (int v = 1; v <= static_cast<int>(store::kSchemaVersion); ++v)
        QTest::newRow(qPrintable(QString("v%1").arg(v))) << v;
}

void TestProjectFixtures::committedFixtureOpens()
{
    QFETCH(int, version);
    const FixtureFacts* facts = factsOf(version);
    QVERIFY2(facts, qPrintable(QString("no facts for schema %1: commit tests/data/projects/v%1.clens written by that "
                                       "version and describe it in kFixtures").arg(version)));
    const auto committed = fixturePath(version);
    QVERIFY2(QFileInfo::exists(QString::fromStdString(committed)), committed.c_str());
    const auto committedHash = sha256(committed);

    // The committed file is what its version wrote: its stamp says so.
    QCOMPARE(pragmaOf(committed, "user_version"), std::int64_t{version});
    QCOMPARE(pragmaOf(committed, "application_id"), std::int64_t{0x434C6E73});

    // Load a copy (the loader must not touch it: bytes and modification time are checked).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto file = dir.path().toStdString() + "/v" + std::to_string(version) + ".clens";
    QVERIFY(QFile::copy(QString::fromStdString(committed), QString::fromStdString(file)));
    const auto before = readAll(QString::fromStdString(file));
    const auto mtimeBefore = QFileInfo(QString::fromStdString(file)).lastModified();
    Project p;
    try {
        p = loadProject(file);
    } catch (const std::exception& e) {
        QFAIL(qPrintable(QString("today's loader refuses the schema-%1 file: %2").arg(version).arg(e.what())));
    }
    QCOMPARE(readAll(QString::fromStdString(file)), before);
    QCOMPARE(QFileInfo(QString::fromStdString(file)).lastModified(), mtimeBefore);

    // The cluster: sample_traces/demo/cluster.csv, 4 servers x 4 P100 in 2 racks.
    QVERIFY(p.cluster);
    QCOMPARE(p.cluster->serverCount(), 4);
    QCOMPARE(p.cluster->gpuCount(), 16);
    QCOMPARE(p.cluster->racks().size(), std::size_t{2});
    QCOMPARE(p.cluster->racks()[1].name, std::string("rackB"));
    QCOMPARE(p.cluster->servers()[2].name, std::string("s3"));
    QCOMPARE(p.cluster->servers()[2].gpuModel, std::string("P100"));
    QCOMPARE(p.cluster->servers()[2].cpuCores, 24.0);
    QCOMPARE(p.cluster->servers()[2].memGb, 256.0);

    // The trace: sample_traces/demo/jobs.csv, 24 jobs of 3 VCs.
    QVERIFY(p.trace);
    const Trace& t = *p.trace;
    QCOMPARE(t.meta.source, std::string("sample_traces/demo/jobs.csv"));
    QCOMPARE(t.meta.format, std::string("csv"));
    QVERIFY(t.meta.timeBase == TimeBase::Relative);
    QCOMPARE(t.jobs.size(), std::size_t{24});
    QCOMPARE(t.tenants.size(), std::size_t{3});
    QCOMPARE(t.users.size(), std::size_t{6});
    const Job& j05 = t.jobs[4];
    QCOMPARE(j05.id, std::string("j05"));
    QCOMPARE(t.tenants[static_cast<std::size_t>(j05.tenant)].name, std::string("nlp"));
    QCOMPARE(t.users[static_cast<std::size_t>(j05.user)], std::string("chen"));
    QCOMPARE(j05.submit_s, std::int64_t{120});
    QCOMPARE(j05.gpus, 4);
    QCOMPARE(j05.duration_s, std::int64_t{1800});
    QVERIFY(j05.status == JobStatus::Pass);
    QCOMPARE(t.jobs[23].id, std::string("j24"));
    QCOMPARE(t.jobs[23].submit_s, std::int64_t{9500});
    // No CPU, memory or GPU model in the trace (before schema 3 there were no such columns).
    QVERIFY(std::isnan(j05.cpuCores) && std::isnan(j05.memGb));
    QCOMPARE(j05.gpuModels, 0);

    // One scenario and its result, both named "current".
    QCOMPARE(p.scenarios.size(), std::size_t{1});
    QCOMPARE(p.scenarios[0].name, std::string("current"));
    QVERIFY(p.scenarios[0].json.find("\"locality\"") != std::string::npos);
    QCOMPARE(p.results.size(), std::size_t{1});
    QCOMPARE(p.results[0].name, std::string("current"));
    const SimResult& r = *p.results[0].result;
    QCOMPARE(r.trace.get(), p.trace.get());     // the result reads the project's trace
    QCOMPARE(r.cluster.get(), p.cluster.get()); // and shares its cluster
    QCOMPARE(r.jobs.size(), std::size_t{24});
    const JobResult& rj = r.jobs[4];
    QCOMPARE(rj.job, 4);
    QVERIFY(rj.status == JobStatus::Pass);
    QCOMPARE(rj.start_s, std::optional<std::int64_t>(facts->j05Start_s));
    QCOMPARE(rj.end_s, std::optional<std::int64_t>(facts->j05End_s));
    QCOMPARE(rj.queueDelay_s, facts->j05QueueDelay_s);
    QCOMPARE(rj.allocatedGpus, 4);
    QCOMPARE(r.summary.jobs, std::int64_t{24});
    QCOMPARE(r.summary.makespan_s, facts->makespan_s);
    QCOMPARE(static_cast<std::int64_t>(r.occupancy.size()), facts->occupancyRows);
    QCOMPARE(static_cast<std::int64_t>(r.waits.size()), facts->waitRows);

    // What each version stored, or what the upgrade steps give files that predate it.
    const Scenario& sc = r.scenario;
    // 2 -> 3: no slowdown cap (the largest a scenario accepts), no resource defaults; the fixtures
    // of 3 and later were simulated with the autoscaler preset (usage phases, power on, 4 cores and
    // 5 GB per GPU).
    if (version <= 2) {
        QCOMPARE(sc.slowdown.maxFactor, 1e6);
        QVERIFY(sc.resources == Scenario::Resources{});
        QVERIFY(sc.autoscaler.usage == UsageModel::None);
        QVERIFY(sc.power == Scenario::Power{});
        QCOMPARE(sc.arrivals.speedup, 1.0);
    } else {
        QCOMPARE(sc.slowdown.maxFactor, 2.0);
        QVERIFY(sc.autoscaler.usage == UsageModel::Phases);
        QCOMPARE(sc.autoscaler.policy, std::string("phase.rule"));
        QVERIFY(sc.power.enabled);
        QCOMPARE(sc.resources.jobDefaults.cpuPerGpu, std::optional<double>(4));
        QCOMPARE(sc.resources.jobDefaults.memGbPerGpu, std::optional<double>(5));
    }
    // 1 -> 2: no container metrics; the fixtures of 2 and later hold sample-dlaas.csv and the
    // pretrained AI4DL model.
    if (version == 1) {
        QVERIFY(!p.phases);
    } else {
        QVERIFY(p.phases);
        QCOMPARE(p.phases->metrics->source, std::string("sample_traces/ai4dl/sample-dlaas.csv"));
        QCOMPARE(static_cast<int>(p.phases->metrics->containers.size()), facts->containers);
        QVERIFY(!p.phases->modelJson.empty());
    }
    // 3 -> 4: autoscaled levels keep their values and read their phase as unknown.
    QCOMPARE(static_cast<int>(r.scaledLevels.size()), facts->scaledLevels);
    int known = 0;
    for (const auto& l : r.scaledLevels)
        known += l.phase >= 0;
    QCOMPARE(known, version <= 3 ? 0 : facts->knownPhases);
    if (version == 3)
        QVERIFY(facts->scaledLevels > 0);
    // 4 -> 5: fifo with the default knobs and no preemptions; the fixtures of 5 and later ran las.
    int preemptions = 0;
    for (const auto& j : r.jobs)
        preemptions += j.preemptions;
    QCOMPARE(preemptions, facts->preemptions);
    if (version <= 4) {
        QVERIFY(sc.queue == Scenario::Queue{});
        QCOMPARE(preemptions, 0);
    } else {
        QVERIFY(sc.queue.policy == QueuePolicyKind::Las);
        QCOMPARE(sc.queue.lasThresholdsGpuS, (std::vector<double>{3600, 36000}));
        QVERIFY(p.scenarios[0].json.find(R"("queue":{"policy":"las")") != std::string::npos);
    }
    // 5 -> 6: no jobs recorded as never startable (none is, on the demo, in any version).
    QVERIFY(r.neverStartable.empty());
    // 6 -> 7: no sweep and no view state; the fixtures of 7 and later hold a two-run sweep (the
    // second cancelled) and a view (tools: tests/data/projects/README.md).
    if (version <= 6) {
        QVERIFY(!p.sweep);
        QVERIFY(!p.view);
    } else {
        QVERIFY(p.sweep);
        QCOMPARE(p.sweep->gridJson, std::string(R"({"base":{},"vary":{"locality.relax_to_any_after_s":[0,600]}})"));
        QCOMPARE(p.sweep->runs.size(), std::size_t{2});
        QCOMPARE(p.sweep->back, (std::vector<char>{1, 0}));
        QVERIFY(p.sweep->runs[0].ok);
        QCOMPARE(p.sweep->runs[0].summary.jobs, std::int64_t{24});
        QCOMPARE(p.sweep->runs[0].summary.makespan_s, facts->sweepMakespan_s);
        QVERIFY(!p.sweep->runs[1].ok);
        QVERIFY(p.view);
        QCOMPARE(p.view->time_s, std::optional<std::int64_t>(180));
        QCOMPARE(p.view->selectedJob, std::optional<std::int64_t>(4));
        QCOMPARE(p.view->colorMode, std::string("tenant"));
        QCOMPARE(p.view->page, std::string("cluster"));
        // 7 -> 8: the whole trace shown.
        QCOMPARE(p.view->windowFrom_s, version <= 7 ? std::nullopt : std::optional<std::int64_t>(0));
        QCOMPARE(p.view->windowTo_s, version <= 7 ? std::nullopt : std::optional<std::int64_t>(3600));
    }
    // 8 -> 9: no queue keys (NaN).
    int keys = 0;
    for (const auto& j : r.jobs)
        keys += !std::isnan(j.queueKey);
    QCOMPARE(keys, version <= 8 ? 0 : facts->queueKeys);
    if (version >= 9) {
        QVERIFY(facts->queueKeys > 0);
        QCOMPARE(r.jobs[12].queueKey, facts->j13QueueKey); // las: the queue level
    }

    // Re-saved by today's writer, it reads back as the same project, in today's schema.
    const auto resaved = dir.path().toStdString() + "/resaved.clens";
    saveProject(resaved, p);
    QCOMPARE(pragmaOf(resaved, "user_version"), store::kSchemaVersion);
    const Project q = loadProject(resaved);
    compareProject(p, q);

    // The committed file itself is as it was.
    QCOMPARE(sha256(committed), committedHash);
}

void TestProjectFixtures::consecutiveVersionsReadTheSame_data()
{
    QTest::addColumn<int>("older");
    // Pairs of files whose writers simulated the same inputs with the same scenario to the same
    // result (checked below): read by today's loader, they differ only in what the newer schema
    // added. 2 -> 3 and 4 -> 5 changed the scenario, 3 -> 4 the simulation.
    for (const int v : {1, 5, 6, 7, 8})
        QTest::newRow(qPrintable(QString("v%1 v%2").arg(v).arg(v + 1))) << v;
}

void TestProjectFixtures::consecutiveVersionsReadTheSame()
{
    QFETCH(int, older);
    const Project a = loadProject(fixturePath(older));
    Project b = loadProject(fixturePath(older + 1));
    // What version older + 1 stores that older does not.
    if (older == 1)
        b.phases.reset();
    if (older == 6) {
        b.sweep.reset();
        b.view.reset();
    }
    if (older == 7)
        b.view->windowFrom_s = b.view->windowTo_s = std::nullopt;
    if (older == 8)
        for (auto& j : std::const_pointer_cast<SimResult>(b.results[0].result)->jobs)
            j.queueKey = std::nan("");
    compareProject(a, b);
}

QTEST_GUILESS_MAIN(TestProjectFixtures)
#include "tst_project_fixtures.moc"
