// The .clens project file: exact round trip, atomic replacement, refusal of files it cannot
// trust (leaving them byte for byte as they were), schema upgrades.
#include "core/io/native_csv.hpp"
#include "core/io/trace_format.hpp"
#include "core/sim/simulator.hpp"
#include "core/store/project_file.hpp"
#include "core/store/schema.hpp"
#include "core/synth/philly_like_generator.hpp"
#include "tests/common/test_support.hpp"
#include "tests/store/project_compare.hpp"
#include "tests/store/project_fixture.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <boost/pfr/core.hpp>
#include <sqlite3.h>
#include <sys/wait.h>
#include <csignal>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace clens;
using namespace clens::test;

Q_DECLARE_METATYPE(ProjectFileError::Kind)

namespace {

// The fields of an aggregate, counting those of aggregates inside it (a nested struct's new
// field counts too); anything else (a string, a vector, an optional) is one field.
template <class T>
constexpr std::size_t leafFields()
{
    if constexpr (std::is_class_v<T> && std::is_aggregate_v<T>) {
        return []<std::size_t... I>(std::index_sequence<I...>) {
            return (std::size_t{0} + ... + leafFields<boost::pfr::tuple_element_t<I, T>>());
        }(std::make_index_sequence<boost::pfr::tuple_size_v<T>>{});
    } else {
        return 1;
    }
}

QByteArray readBytes(const std::string& path)
{
    QFile f(QString::fromStdString(path));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

void writeBytes(const std::string& path, const QByteArray& bytes)
{
    QFile f(QString::fromStdString(path));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

// Runs SQL on a file directly (to craft damaged or foreign files).
void execSql(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* err = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
    const QString msg = err ? err : "";
    sqlite3_free(err);
    sqlite3_close(db);
    QVERIFY2(rc == SQLITE_OK, qPrintable(msg));
}

QStringList dirEntries(const QTemporaryDir& dir)
{
    return QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

Project smallProject(int jobs)
{
    synth::GenerateOptions o;
    o.jobs = jobs;
    o.servers = 16;
    synth::PhillyLikeGenerator g(o);
    Project p;
    p.cluster = std::make_shared<const Topology>(g.cluster());
    p.trace = std::make_shared<const Trace>(synth::generatePhillyLikeTrace(g));
    p.scenarios = {{"default", "{}"}};
    return p;
}

// A child process saves `big` over `file` and is killed (SIGKILL, no cleanup) once half the rows
// are written: a crash mid-save. True when the child died of exactly that.
bool savedUntilKilledHalfway(const std::string& file, const Project& big)
{
    const pid_t child = fork();
    if (child < 0)
        return false;
    if (child == 0) {
        try {
            saveProject(file, big, [](double f) {
                if (f >= 0.5)
                    ::kill(::getpid(), SIGKILL);
                return true;
            });
        } catch (...) {
        }
        ::_exit(0); // not reached when killed
    }
    int status = 0;
    return ::waitpid(child, &status, 0) == child && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

} // namespace

class TestProjectFile : public QObject {
    Q_OBJECT
private slots:
    void roundTripEveryField();
    void roundTripSharesTheProjectCluster();
    void roundTripEmptyProject();
    void roundTripGeneratedTrace();
    void roundTripRealSimulation();
    void saveLeavesNoTemporaryFile();
    void saveOverwritesAndKeepsPermissions();
    void cancelledSaveLeavesTheOldFile();
    void killedSaveLeavesTheOldFile();
    void saveIntoMissingDirectoryFails();
    void staleTempFilesRemovedOnNextSave_data();
    void staleTempFilesRemovedOnNextSave();
    void killedSaveTempRemovedOnNextSave();
    void invalidResultIsNotSaved();
    void refusedFilesAreUntouched_data();
    void refusedFilesAreUntouched();
    void badContentNamesTableAndRow_data();
    void badContentNamesTableAndRow();
    void olderSchemaIsUpgradedInMemory();
    void version1FileOpensWithoutPhases();
    void version2ResultsHaveNoCapNorDefaults();
    void version3ResultsHaveNoPhases();
    void version4ResultsAreFifo();
    void version5ResultsHaveNoNeverStartable();
    void version6FileOpensWithoutSweep();
    void version7FileOpensWithoutTimeWindow();
    void version8ResultsHaveNoQueueKeys();
    void migrationStepsRunInOrder();
    void loadReportsProgressAndCancels();
    void storedStructsAreComplete();

private:
    QTemporaryDir dir_;
    std::string path(const std::string& name) const { return dir_.path().toStdString() + "/" + name; }
};

void TestProjectFile::roundTripEveryField()
{
    const auto p = makeRichProject();
    const auto file = path("rich.clens");
    saveProject(file, p);
    const auto q = loadProject(file);
    compareProject(p, q);
}

void TestProjectFile::roundTripSharesTheProjectCluster()
{
    const auto file = path("shared.clens");
    saveProject(file, makeRichProject());
    const auto q = loadProject(file);
    QCOMPARE(q.results.size(), std::size_t{3});
    QVERIFY(q.results[0].result->cluster == q.cluster); // same object, not a copy
    QVERIFY(q.results[1].result->cluster != q.cluster);
    QCOMPARE(q.results[1].result->cluster->rackSize(), 2);
    QVERIFY(q.results[0].result->trace == q.trace);
    QVERIFY(q.results[2].result->cluster == nullptr);
    QVERIFY(q.results[2].result->trace == nullptr);
}

void TestProjectFile::roundTripEmptyProject()
{
    const auto file = path("empty.clens");
    saveProject(file, Project{});
    const auto q = loadProject(file);
    QVERIFY(q.cluster == nullptr);
    QVERIFY(q.trace != nullptr);
    QCOMPARE(q.trace->jobs.size(), std::size_t{0});
    QVERIFY(q.scenarios.empty());
    QVERIFY(q.results.empty());
}

void TestProjectFile::roundTripGeneratedTrace()
{
    const auto p = smallProject(20'000);
    const auto file = path("generated.clens");
    saveProject(file, p);
    const auto q = loadProject(file);
    compareProject(p, q);
    std::ostringstream a, b;
    writeNativeJobs(a, *p.trace);
    writeNativeJobs(b, *q.trace);
    QVERIFY(a.str() == b.str());
}

void TestProjectFile::roundTripRealSimulation()
{
    // What the GUI saves: the teaching demo, simulated with the defaults and with a quota.
    Project p;
    p.cluster = std::make_shared<const Topology>(loadCluster(samplePath("demo/cluster.csv")));
    p.trace = std::make_shared<const Trace>(loadTrace(samplePath("demo/jobs.csv")));
    Scenario quota;
    quota.quota.mode = QuotaMode::Strict;
    quota.quota.vcGpus[p.trace->tenants[0].name] = 4;
    p.scenarios = {{"defaults", "{}"}, {"quota", "{\"quota\": {\"mode\": \"strict\"}}"}};
    p.results.push_back({"defaults", std::make_shared<const SimResult>(simulate(p.cluster, p.trace, Scenario{}))});
    p.results.push_back({"quota", std::make_shared<const SimResult>(simulate(p.cluster, p.trace, quota))});
    QVERIFY(!p.results[0].result->occupancy.empty());
    QVERIFY(!p.results[0].result->series.t_s.empty());
    const auto file = path("demo.clens");
    saveProject(file, p);
    const auto q = loadProject(file);
    compareProject(p, q);
    // GPUs only: no job asked anything else, and none of them carries the defaults after loading.
    QVERIFY(p.results[0].result->resources.empty());
    QVERIFY(q.results[0].result->resources.empty());
}

void TestProjectFile::saveLeavesNoTemporaryFile()
{
    QTemporaryDir dir;
    const auto file = dir.path().toStdString() + "/p.clens";
    saveProject(file, makeRichProject());
    saveProject(file, makeRichProject()); // over an existing file
    QCOMPARE(dirEntries(dir), QStringList{"p.clens"});
}

void TestProjectFile::saveOverwritesAndKeepsPermissions()
{
    const auto file = path("perm.clens");
    saveProject(file, smallProject(10));
    QFile::setPermissions(QString::fromStdString(file), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    saveProject(file, smallProject(30));
    QCOMPARE(loadProject(file).trace->jobs.size(), std::size_t{30});
    QCOMPARE(QFile::permissions(QString::fromStdString(file)),
             QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser | QFileDevice::WriteUser);
}

void TestProjectFile::cancelledSaveLeavesTheOldFile()
{
    QTemporaryDir dir;
    const auto file = dir.path().toStdString() + "/p.clens";
    saveProject(file, smallProject(100));
    const auto before = readBytes(file);
    double last = 0;
    // Cancel once half the rows are written: an error in the middle of a save.
    QVERIFY_THROWS_EXCEPTION(Cancelled, saveProject(file, smallProject(50'000), [&](double f) {
                                 last = f;
                                 return f < 0.5;
                             }));
    QVERIFY(last >= 0.5 && last < 1.0);
    QCOMPARE(readBytes(file), before);
    QCOMPARE(dirEntries(dir), QStringList{"p.clens"});
    QCOMPARE(loadProject(file).trace->jobs.size(), std::size_t{100});
}

void TestProjectFile::killedSaveLeavesTheOldFile()
{
    // A crash mid-save: a child process saves a big project and is killed (SIGKILL, no
    // cleanup) when half the rows are written. The target must still be the old project.
    QTemporaryDir dir;
    const auto file = dir.path().toStdString() + "/p.clens";
    saveProject(file, smallProject(100));
    const auto before = readBytes(file);
    const auto big = smallProject(50'000);
    QVERIFY(savedUntilKilledHalfway(file, big));
    QCOMPARE(readBytes(file), before);
    QCOMPARE(loadProject(file).trace->jobs.size(), std::size_t{100});
    // The killed save leaves its temporary file behind (hidden, beside the target), nothing else.
    const auto entries = dirEntries(dir);
    QCOMPARE(entries.size(), 2);
    QVERIFY2(entries[0].startsWith(".p.clens.tmp-"), qPrintable(entries.join(", ")));
}

namespace {
// The pid of a process that has exited and been reaped: no process has it (until reused).
pid_t deadPid()
{
    const pid_t child = fork();
    if (child == 0)
        ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
}
} // namespace

// Stale temporary files (docs/project-file.md "Stale temporary files"): a save of p.clens
// removes `.p.clens.tmp-PID-STAMP-N` files of earlier saves, and only those: the name must have
// the saver's pattern for this project (three runs of digits), the file must be older than the
// save (mtime before it starts) and PID must not be running. Each row plants one file beside
// p.clens, saves, and checks whether the file is still there.
void TestProjectFile::staleTempFilesRemovedOnNextSave_data()
{
    QTest::addColumn<QString>("name");   // %1 = a pid (dead or live, see below)
    QTest::addColumn<bool>("livePid");   // %1 is this test's parent process (running) instead of a reaped child
    QTest::addColumn<int>("ageSeconds"); // mtime = now - ageSeconds (negative: in the future)
    QTest::addColumn<bool>("removed");
    QTest::newRow("killed save, an hour old") << ".p.clens.tmp-%1-123456-0" << false << 3600 << true;
    QTest::newRow("killed save, 2 s old") << ".p.clens.tmp-%1-987-12" << false << 2 << true;
    QTest::newRow("another project's temp") << ".q.clens.tmp-%1-123456-0" << false << 3600 << false;
    QTest::newRow("project name is a prefix") << ".p.clens.bak.tmp-%1-1-0" << false << 3600 << false;
    QTest::newRow("not the saver's pattern (letters)") << ".p.clens.tmp-%1-abc-0" << false << 3600 << false;
    QTest::newRow("not the saver's pattern (suffix)") << ".p.clens.tmp-%1-1-0.keep" << false << 3600 << false;
    QTest::newRow("not hidden") << "p.clens.tmp-%1-1-0" << false << 3600 << false;
    QTest::newRow("creator still running") << ".p.clens.tmp-%1-1-0" << true << 3600 << false;
    QTest::newRow("newer than this save") << ".p.clens.tmp-%1-1-0" << false << -3600 << false;
}

void TestProjectFile::staleTempFilesRemovedOnNextSave()
{
    QFETCH(QString, name);
    QFETCH(bool, livePid);
    QFETCH(int, ageSeconds);
    QFETCH(bool, removed);
    QTemporaryDir dir;
    const auto file = dir.path().toStdString() + "/p.clens";
    saveProject(file, smallProject(10));
    const auto pid = livePid ? ::getppid() : deadPid();
    const auto stale = dir.path().toStdString() + "/" + name.arg(pid).toStdString();
    std::ofstream(stale, std::ios::binary) << "half a project";
    namespace fs = std::filesystem;
    fs::last_write_time(stale, fs::file_time_type::clock::now() - std::chrono::seconds(ageSeconds));
    saveProject(file, smallProject(20));
    QCOMPARE(QFileInfo::exists(QString::fromStdString(stale)), !removed);
    QCOMPARE(loadProject(file).trace->jobs.size(), std::size_t{20});
    // Nothing else is left beside the project: p.clens and, when kept, the planted file.
    QCOMPARE(dirEntries(dir).size(), removed ? 1 : 2);
}

// The real case: a save killed half-way (as in killedSaveLeavesTheOldFile) leaves one hidden
// temporary file; the next save of the same project removes it, so the directory holds p.clens
// alone (2 entries before the save, 1 after).
void TestProjectFile::killedSaveTempRemovedOnNextSave()
{
    QTemporaryDir dir;
    const auto file = dir.path().toStdString() + "/p.clens";
    saveProject(file, smallProject(100));
    const auto big = smallProject(20'000);
    QVERIFY(savedUntilKilledHalfway(file, big));
    QCOMPARE(dirEntries(dir).size(), 2);
    saveProject(file, smallProject(30));
    QCOMPARE(dirEntries(dir), QStringList{"p.clens"});
    QCOMPARE(loadProject(file).trace->jobs.size(), std::size_t{30});
}

void TestProjectFile::saveIntoMissingDirectoryFails()
{
    const auto file = path("no-such-dir/p.clens");
    try {
        saveProject(file, smallProject(5));
        QFAIL("expected ProjectSaveError");
    } catch (const ProjectSaveError& e) {
        QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(file));
        QVERIFY2(std::string(e.what()).find(file) != std::string::npos, e.what());
    }
}

void TestProjectFile::invalidResultIsNotSaved()
{
    auto p = makeRichProject();
    auto bad = makeRichResult(p.cluster, p.trace, 0);
    bad->occupancy.push_back({p.cluster->gpuCount(), 0, 0, 1, GpuUse::Running, 1000, 1.0f}); // GPU out of range
    p.results.push_back({"bad", bad});
    const auto file = path("invalid.clens");
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, saveProject(file, p));
    QVERIFY(!QFile::exists(QString::fromStdString(file)));
}

void TestProjectFile::refusedFilesAreUntouched_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<ProjectFileError::Kind>("kind");
    QTest::addColumn<QString>("mentions");
    using K = ProjectFileError::Kind;
    QTest::newRow("text file") << "text.clens" << K::NotAProject << "not an SQLite database";
    QTest::newRow("empty file") << "empty-file.clens" << K::NotAProject << "empty";
    QTest::newRow("another application's database") << "other.clens" << K::NotAProject << "another application";
    QTest::newRow("newer schema") << "newer.clens" << K::NewerVersion
                                  << QStringLiteral("newer ClusterLens (project schema %1").arg(store::kSchemaVersion + 1);
    QTest::newRow("schema version 0") << "v0.clens" << K::OldVersion << "schema 0";
    QTest::newRow("truncated to half") << "half.clens" << K::Corrupt << "";
    QTest::newRow("truncated to 100 bytes") << "header.clens" << K::Corrupt << "";
    QTest::newRow("truncated to one page") << "page.clens" << K::Corrupt << "";
    QTest::newRow("garbage pages") << "garbage.clens" << K::Corrupt << "";
    QTest::newRow("missing file") << "missing.clens" << K::CannotOpen << "no such file";
    QTest::newRow("directory") << "dir.clens" << K::CannotOpen << "directory";
}

void TestProjectFile::refusedFilesAreUntouched()
{
    QFETCH(QString, name);
    QFETCH(ProjectFileError::Kind, kind);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    const auto file = dir.path().toStdString() + "/" + name.toStdString();
    const auto saveGood = [&] { saveProject(file, smallProject(20'000)); };
    if (name == "text.clens")
        writeBytes(file, "job_id,vc,user,submit_s,gpus,duration_s\nj1,a,u,0,1,10\n");
    else if (name == "empty-file.clens")
        writeBytes(file, "");
    else if (name == "other.clens")
        execSql(file, "CREATE TABLE notes(x TEXT); INSERT INTO notes VALUES ('hello');");
    else if (name == "newer.clens") {
        saveGood();
        execSql(file, "PRAGMA user_version = " + std::to_string(store::kSchemaVersion + 1));
    } else if (name == "v0.clens") {
        // A v0 fixture: a database with the ClusterLens application id and schema tables but
        // no version stamp (no ClusterLens ever wrote one; refused as unsupported).
        saveGood();
        execSql(file, "PRAGMA user_version = 0");
    } else if (name == "half.clens" || name == "header.clens" || name == "page.clens") {
        saveGood();
        const auto bytes = readBytes(file);
        const qsizetype keep = name == "half.clens" ? bytes.size() / 2 : name == "header.clens" ? 100 : 4096;
        writeBytes(file, bytes.left(keep));
    } else if (name == "garbage.clens") {
        saveGood();
        auto bytes = readBytes(file);
        for (qsizetype i = bytes.size() / 3; i < bytes.size() / 3 + 8 * 4096; ++i)
            bytes[i] = static_cast<char>(0xA5 ^ (i * 131));
        writeBytes(file, bytes);
    } else if (name == "dir.clens") {
        QVERIFY(QDir().mkpath(QString::fromStdString(file)));
    }
    if (QTest::currentTestFailed())
        return;
    const bool exists = QFileInfo(QString::fromStdString(file)).isFile();
    const auto before = exists ? readBytes(file) : QByteArray();
    const auto mtime = QFileInfo(QString::fromStdString(file)).lastModified();
    try {
        loadProject(file);
        QFAIL("expected ProjectFileError");
    } catch (const ProjectFileError& e) {
        QVERIFY2(e.kind() == kind, qPrintable(QString("kind %1: %2").arg(static_cast<int>(e.kind())).arg(e.what())));
        QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(file));
        QVERIFY2(QString(e.what()).startsWith(QString::fromStdString(file) + ":"), e.what());
        QVERIFY2(QString(e.what()).contains(mentions), e.what());
    }
    if (exists) {
        QCOMPARE(readBytes(file), before);
        QCOMPARE(QFileInfo(QString::fromStdString(file)).lastModified(), mtime);
    }
    // No journal or other side file appeared.
    QCOMPARE(dirEntries(dir), exists ? QStringList{name} : QStringList{});
}

void TestProjectFile::badContentNamesTableAndRow_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<qint64>("row");
    QTest::addColumn<QString>("field");
    // Rows are 1-based in the order the table is read; fixture tables: 3 tenants, 9 jobs.
    QTest::newRow("unknown status") << "UPDATE jobs SET status = 'Maybe' WHERE idx = 2" << qint64{3} << "jobs.status";
    // Found by fuzz_project: a negative GPU count indexed the scheduler's memo out of bounds.
    QTest::newRow("negative GPUs") << "UPDATE jobs SET gpus = -39 WHERE idx = 2" << qint64{3} << "jobs.gpus";
    QTest::newRow("vc out of range") << "UPDATE jobs SET vc = 3 WHERE idx = 4" << qint64{5} << "jobs.vc";
    // The importers' rules (docs/formats.md "Limits"): times within ±2^40 s, durations not
    // negative, at most 10^6 GPUs, a share of 1..1000 thousandths, unique ids and tenants.
    QTest::newRow("submit past the limit") << "UPDATE jobs SET submit_s = 1099511627777 WHERE idx = 2" << qint64{3} << "jobs.submit_s";
    QTest::newRow("submit at the int64 minimum") << "UPDATE jobs SET submit_s = -9223372036854775808 WHERE idx = 0" << qint64{1}
                                                 << "jobs.submit_s";
    QTest::newRow("negative duration") << "UPDATE jobs SET duration_s = -1 WHERE idx = 3" << qint64{4} << "jobs.duration_s";
    QTest::newRow("too many GPUs") << "UPDATE jobs SET gpus = 1000001 WHERE idx = 1" << qint64{2} << "jobs.gpus";
    QTest::newRow("GPU share of 0") << "UPDATE jobs SET gpu_milli = 0 WHERE idx = 5" << qint64{6} << "jobs.gpu_milli";
    QTest::newRow("negative CPU") << "UPDATE jobs SET cpu_cores = -2 WHERE idx = 1" << qint64{2} << "jobs.cpu_cores";
    QTest::newRow("recorded end past the limit") << "UPDATE jobs SET recorded_end_s = 9223372036854775807 WHERE idx = 1"
                                                 << qint64{2} << "jobs.recorded_end_s";
    // Ids "j1" (row 1) and "a,b" (row 2): row 2 made a copy of row 1.
    QTest::newRow("duplicate job id") << "UPDATE jobs SET job_id = 'j1' WHERE idx = 1" << qint64{2} << "jobs.job_id";
    QTest::newRow("duplicate tenant") << "UPDATE tenants SET name = 'vcA' WHERE idx = 2" << qint64{3} << "tenants.name";
    QTest::newRow("attempt time past the limit") << "UPDATE attempts SET start_s = -1099511627777 WHERE job = 6 AND idx = 0"
                                                 << qint64{1} << "attempts.start_s";
    QTest::newRow("negative GPU index in a placement")
        << "UPDATE attempt_servers SET gpus = x'ffffffff' WHERE job = 6 AND attempt = 0 AND idx = 2" << qint64{3}
        << "attempt_servers.gpus";
    QTest::newRow("missing job row") << "DELETE FROM jobs WHERE idx = 5" << qint64{6} << "jobs.idx";
    // Attempts are read by (job, idx): (6,0) (6,1) (6,2) (7,0) (7,1) then the moved (99,2).
    QTest::newRow("attempt of no job") << "UPDATE attempts SET job = 99 WHERE job = 7 AND idx = 2" << qint64{6} << "attempts.job";
    QTest::newRow("attempt missing") << "DELETE FROM attempts WHERE job = 6 AND idx = 1" << qint64{2} << "attempts.idx";
    QTest::newRow("partial int32 array") << "UPDATE attempt_servers SET gpus = x'0102' WHERE job = 6 AND attempt = 0 AND idx = 0"
                                         << qint64{1} << "attempt_servers.gpus";
    QTest::newRow("unknown locality level") << "UPDATE result_jobs SET level = 'galaxy' WHERE result = 0 AND idx = 1"
                                            << qint64{2} << "result_jobs.level";
    // Result 0 records rows 4 then 2 as never startable (places 0 and 1).
    QTest::newRow("never-start place twice") << "UPDATE result_jobs SET never_start_order = 0 WHERE result = 0 AND idx = 2"
                                             << qint64{5} << "result_jobs.never_start_order";
    QTest::newRow("infinite queue key") << "UPDATE result_jobs SET queue_key = 9e999 WHERE result = 0 AND idx = 3"
                                        << qint64{4} << "result_jobs.queue_key";
    QTest::newRow("never-start place past the jobs") << "UPDATE result_jobs SET never_start_order = 9 WHERE result = 0 AND idx = 4"
                                                     << qint64{5} << "result_jobs.never_start_order";
    QTest::newRow("series step 0") << "UPDATE result_series SET step_s = 0 WHERE result = 0" << qint64{1} << "result_series.step_s";
    QTest::newRow("occupancy GPU out of range") << "UPDATE result_occupancy SET gpu = 44 WHERE result = 0 AND idx = 2"
                                                << qint64{3} << "result_occupancy.gpu";
    // A result's own values (docs/project-file.md "Loading and refusing"): times within the clock's
    // ±2^50 s, intervals forwards, delays and counts not negative, amounts finite, series columns
    // one value per sample. Result 0's job row 3 (idx 2) starts at 120 s and ends at 2^50 s.
    QTest::newRow("result end past the clock") << "UPDATE result_jobs SET end_s = 1125899906842625 WHERE result = 0 AND idx = 2"
                                               << qint64{3} << "result_jobs.end_s";
    QTest::newRow("result end before its start") << "UPDATE result_jobs SET end_s = 100 WHERE result = 0 AND idx = 2"
                                                 << qint64{3} << "result_jobs.end_s";
    QTest::newRow("negative queue delay") << "UPDATE result_jobs SET queue_delay_s = -1 WHERE result = 0 AND idx = 1"
                                          << qint64{2} << "result_jobs.queue_delay_s";
    QTest::newRow("infinite effective GPU-seconds")
        << "UPDATE result_jobs SET effective_gpu_seconds = 9e999 WHERE result = 0 AND idx = 1" << qint64{2}
        << "result_jobs.effective_gpu_seconds";
    // Wait 3 runs from -5 s to -1 s.
    QTest::newRow("wait backwards") << "UPDATE result_waits SET to_s = -10 WHERE result = 0 AND idx = 2" << qint64{3}
                                    << "result_waits.to_s";
    QTest::newRow("outage at the int64 maximum")
        << "UPDATE result_outages SET to_s = 9223372036854775807 WHERE result = 0 AND idx = 1" << qint64{2} << "result_outages.to_s";
    QTest::newRow("negative makespan") << "UPDATE results SET sum_makespan_s = -1 WHERE idx = 0" << qint64{1}
                                       << "results.sum_makespan_s";
    // Quota rows are read by name: "" is the first.
    QTest::newRow("negative quota") << "UPDATE result_quota SET gpus = -1 WHERE result = 0 AND vc = ''" << qint64{1}
                                    << "result_quota.gpus";
    // Three samples: one 4-byte value is short of three.
    QTest::newRow("series column short") << "UPDATE result_series SET queued_jobs = x'00000000' WHERE result = 0" << qint64{1}
                                         << "result_series.queued_jobs";
    QTest::newRow("infinite power in the series")
        << "UPDATE result_series SET power_kw = x'000000000000F07F000000000000F07F000000000000F07F' WHERE result = 0"
        << qint64{1} << "result_series.power_kw";
    QTest::newRow("missing table") << "DROP TABLE users" << qint64{0} << "users";
    // Container 0 has 3 rows of 2 metrics: 6 values.
    QTest::newRow("metric values short") << "UPDATE containers SET metric_values = x'0000000000000000' WHERE idx = 0"
                                         << qint64{1} << "containers.metric_values";
    QTest::newRow("container missing") << "DELETE FROM containers WHERE idx = 0" << qint64{1} << "containers.idx";
    QTest::newRow("container without rows")
        << "UPDATE containers SET timestamps = x'', metric_values = x'', file_lines = x'' WHERE idx = 1" << qint64{2}
        << "containers.timestamps";
    QTest::newRow("metrics without containers") << "DELETE FROM containers" << qint64{0} << "containers";
    QTest::newRow("containers without metrics") << "DELETE FROM phase_metrics" << qint64{0} << "containers";
    QTest::newRow("no trace_meta row") << "DELETE FROM trace_meta" << qint64{0} << "trace_meta";
    // The fixture's sweep: three runs, the first done.
    QTest::newRow("sweep run missing") << "DELETE FROM sweep_runs WHERE idx = 1" << qint64{2} << "sweep_runs.idx";
    QTest::newRow("sweep run done without summary") << "UPDATE sweep_runs SET summary_json = NULL WHERE idx = 0" << qint64{1}
                                                    << "sweep_runs.summary_json";
    QTest::newRow("sweep summary not JSON") << "UPDATE sweep_runs SET summary_json = '{oops' WHERE idx = 0" << qint64{1}
                                            << "sweep_runs.summary_json";
    // 9 jobs: the selected job is an index below 9.
    QTest::newRow("selected job past the trace") << "UPDATE view_state SET selected_job = 9" << qint64{1} << "view_state.selected_job";
    QTest::newRow("window with one end") << "UPDATE view_state SET window_to_s = NULL" << qint64{1} << "view_state.window_to_s";
    QTest::newRow("window backwards") << "UPDATE view_state SET window_to_s = 4000000" << qint64{1} << "view_state.window_to_s";
}

void TestProjectFile::badContentNamesTableAndRow()
{
    QFETCH(QString, sql);
    QFETCH(qint64, row);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto file = dir.path().toStdString() + "/bad.clens";
    saveProject(file, makeRichProject());
    execSql(file, sql.toStdString());
    const auto before = readBytes(file);
    try {
        loadProject(file);
        QFAIL("expected ProjectFileError");
    } catch (const ProjectFileError& e) {
        QVERIFY2(e.kind() == ProjectFileError::Kind::BadContent, e.what());
        QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(file));
        QCOMPARE(e.line(), row);
        QCOMPARE(QString::fromStdString(e.field()), field);
        QVERIFY2(QString(e.what()).startsWith(QString::fromStdString(file)), e.what());
    }
    QCOMPARE(readBytes(file), before);
}

namespace {
// What a v2 file lacks: the columns the 2 -> 3 step adds.
constexpr const char* kDropV9 = "ALTER TABLE result_jobs DROP COLUMN queue_key; ";
constexpr const char* kDropV8 = "ALTER TABLE view_state DROP COLUMN window_from_s; ALTER TABLE view_state DROP COLUMN window_to_s; ";
constexpr const char* kDropV7 = "DROP TABLE sweep; DROP TABLE sweep_runs; DROP TABLE view_state; ";
constexpr const char* kDropV6 = "ALTER TABLE result_jobs DROP COLUMN never_start_order; ";
constexpr const char* kDropV5 = "ALTER TABLE results DROP COLUMN sc_queue_policy; "
                                "ALTER TABLE results DROP COLUMN sc_queue_las_thresholds_gpu_s; "
                                "ALTER TABLE results DROP COLUMN sc_queue_starvation_factor; "
                                "ALTER TABLE results DROP COLUMN sc_queue_preempt_overhead_s; "
                                "ALTER TABLE result_jobs DROP COLUMN preemptions; ";
constexpr const char* kDropV4 = "ALTER TABLE result_scaled_runs DROP COLUMN phases; ";
constexpr const char* kDropV3 = "ALTER TABLE jobs DROP COLUMN cpu_cores; ALTER TABLE jobs DROP COLUMN mem_gb; "
                                "ALTER TABLE jobs DROP COLUMN gpu_models; DROP TABLE gpu_model_sets; "
                                "ALTER TABLE results DROP COLUMN sc_slowdown_max_factor; "
                                "ALTER TABLE results DROP COLUMN sc_server_cpu_cores; "
                                "ALTER TABLE results DROP COLUMN sc_server_mem_gb; "
                                "ALTER TABLE results DROP COLUMN sc_job_cpu_per_gpu; "
                                "ALTER TABLE results DROP COLUMN sc_job_mem_gb_per_gpu; "
                                "ALTER TABLE results DROP COLUMN sum_cpu_alloc_fraction; "
                                "ALTER TABLE results DROP COLUMN sum_mem_alloc_fraction; "
                                "ALTER TABLE results DROP COLUMN sum_gpu_share_fragmentation; "
                                "ALTER TABLE results DROP COLUMN sc_arrival_speedup; "
                                "ALTER TABLE result_jobs DROP COLUMN cpu_cores; ALTER TABLE result_jobs DROP COLUMN mem_gb; "
                                "ALTER TABLE result_jobs DROP COLUMN gpu_milli; ALTER TABLE result_occupancy DROP COLUMN milli; "
                                "ALTER TABLE result_waits DROP COLUMN resource; "
                                "DROP TABLE result_reservations; ALTER TABLE result_series DROP COLUMN cpu_reserved; "
                                "ALTER TABLE result_series DROP COLUMN mem_reserved; "
                                "ALTER TABLE result_series DROP COLUMN share_fragmentation; "
                                "ALTER TABLE results DROP COLUMN sc_autoscaler_usage; ALTER TABLE results DROP COLUMN sc_power_enabled; "
                                "ALTER TABLE results DROP COLUMN sc_power_idle_off_after_s; "
                                "ALTER TABLE results DROP COLUMN sc_power_spare_servers; ALTER TABLE results DROP COLUMN sc_power_boot_s; "
                                "ALTER TABLE results DROP COLUMN sc_power_server_idle_w; ALTER TABLE results DROP COLUMN sc_power_gpu_idle_w; "
                                "ALTER TABLE results DROP COLUMN sc_power_gpu_busy_w; ALTER TABLE results DROP COLUMN sc_power_off_w; "
                                "ALTER TABLE results DROP COLUMN sum_cpu_reserved_core_h; ALTER TABLE results DROP COLUMN sum_cpu_used_core_h; "
                                "ALTER TABLE results DROP COLUMN sum_mem_reserved_gb_h; ALTER TABLE results DROP COLUMN sum_mem_used_gb_h; "
                                "ALTER TABLE results DROP COLUMN sum_cpu_under_pct; ALTER TABLE results DROP COLUMN sum_mem_under_pct; "
                                "ALTER TABLE results DROP COLUMN sum_oom_kills; ALTER TABLE results DROP COLUMN sum_throttled_s; "
                                "ALTER TABLE results DROP COLUMN sum_energy_kwh; ALTER TABLE results DROP COLUMN sum_powered_server_h; "
                                "ALTER TABLE results DROP COLUMN sum_power_delay_s; "
                                "ALTER TABLE result_jobs DROP COLUMN power_delay_s; ALTER TABLE result_jobs DROP COLUMN throttled_s; "
                                "ALTER TABLE result_jobs DROP COLUMN oom_kills; ALTER TABLE result_jobs DROP COLUMN scaled_intervals; "
                                "ALTER TABLE result_jobs DROP COLUMN cpu_under_intervals; "
                                "ALTER TABLE result_jobs DROP COLUMN mem_under_intervals; "
                                "ALTER TABLE result_jobs DROP COLUMN cpu_reserved_core_s; ALTER TABLE result_jobs DROP COLUMN cpu_used_core_s; "
                                "ALTER TABLE result_jobs DROP COLUMN mem_reserved_gb_s; ALTER TABLE result_jobs DROP COLUMN mem_used_gb_s; "
                                "ALTER TABLE result_series DROP COLUMN cpu_used; ALTER TABLE result_series DROP COLUMN mem_used; "
                                "ALTER TABLE result_series DROP COLUMN powered_servers; ALTER TABLE result_series DROP COLUMN power_kw; "
                                "DROP TABLE result_power_off; DROP TABLE result_scaled_runs; ";
// Results before version 9 recorded no queue keys.
void forgetQueueKeys(Project& p)
{
    for (auto& r : p.results)
        for (auto& j : std::const_pointer_cast<SimResult>(r.result)->jobs)
            j.queueKey = std::nan("");
}
// A made-up next schema for the upgrade tests: adds a column with a default.
void addColourColumn(store::Database& db) { db.exec("ALTER TABLE scenarios ADD COLUMN colour TEXT NOT NULL DEFAULT 'blue'"); }
void failingStep(store::Database& db) { db.exec("ALTER TABLE no_such_table ADD COLUMN x INTEGER"); }
} // namespace

void TestProjectFile::olderSchemaIsUpgradedInMemory()
{
    // Pretend this build's schema is the next one: the current file on disk is an older one. It
    // must load through the upgrade step and stay byte for byte as it was (it is rewritten only by
    // a save).
    const auto now = store::kSchemaVersion, next = now + 1;
    const auto p = makeRichProject();
    const auto file = path("current.clens");
    saveProject(file, p);
    const auto before = readBytes(file);
    const store::Migration steps[] = {{now, addColourColumn}};
    const auto q = store::loadProjectAt(file, {}, next, steps);
    compareProject(p, q);
    QCOMPARE(readBytes(file), before);

    // Without a step from now, a next-schema build refuses the file as too old.
    try {
        store::loadProjectAt(file, {}, next, {});
        QFAIL("expected ProjectFileError");
    } catch (const ProjectFileError& e) {
        QVERIFY2(e.kind() == ProjectFileError::Kind::OldVersion, e.what());
    }
    // A step that fails reports the file and leaves it alone.
    const store::Migration broken[] = {{now, failingStep}};
    QVERIFY_THROWS_EXCEPTION(ProjectFileError, store::loadProjectAt(file, {}, next, broken));
    QCOMPARE(readBytes(file), before);
}

void TestProjectFile::version1FileOpensWithoutPhases()
{
    // A schema-1 file is a schema-2 file without the phase tables: it opens through the real
    // 1 -> 2 step with no container metrics, and is left as it was.
    auto p = makeRichProject();
    p.phases.reset();
    p.sweep.reset();
    p.view.reset();
    // v1 and v2 traces had no CPU, memory or GPU models, and results nothing of resources.
    auto trace = std::make_shared<Trace>(*p.trace);
    for (auto& j : trace->jobs) {
        j.cpuCores = j.memGb = std::nan("");
        j.gpuModels = 0;
    }
    trace->gpuModelSets.resize(1);
    p.trace = trace;
    for (auto& named : p.results) {
        auto r = std::make_shared<SimResult>(*named.result);
        r->resources.clear(); // every job's the defaults: no CPU or memory, whole GPUs, nothing scaled
        for (auto& o : r->occupancy)
            o.milli = 1000;
        for (auto& w : r->waits)
            w.resource = WaitResource::Gpus;
        r->reservations.clear();
        const auto samples = r->series.t_s.size();
        r->series.cpuReserved.assign(samples, 0.0);
        r->series.memReserved.assign(samples, 0.0);
        r->series.shareFragmentation.assign(samples, 0.0);
        r->series.cpuUsed.assign(samples, 0.0);
        r->series.memUsed.assign(samples, 0.0);
        r->series.poweredServers.assign(samples, 0);
        r->series.powerKw.assign(samples, 0.0);
        for (auto& j : r->jobs)
            j.powerDelay_s = j.preemptions = 0;
        r->powerOff.clear();
        r->neverStartable.clear();
        r->scaledRuns.clear();
        r->scaledLevels.clear();
        r->summary.cpuReservedCoreH = r->summary.cpuUsedCoreH = r->summary.memReservedGbH = r->summary.memUsedGbH = 0;
        r->summary.cpuUnderPct = r->summary.memUnderPct = r->summary.throttled_s = r->summary.energyKwh = 0;
        r->summary.poweredServerH = r->summary.powerDelay_s = 0;
        r->summary.oomKills = 0;
        r->summary.cpuAllocFraction = r->summary.memAllocFraction = std::nan("");
        r->summary.gpuShareFragmentation = 0;
        named.result = r;
    }
    const auto file = path("v1.clens");
    saveProject(file, p);
    execSql(file, std::string(kDropV9) + kDropV7 + kDropV6 + kDropV5 + kDropV4 + kDropV3 + "DROP TABLE phase_metrics; DROP TABLE phase_metric_columns; "
                  "DROP TABLE phase_metric_notes; DROP TABLE containers; PRAGMA user_version = 1");
    const auto before = readBytes(file);
    auto q = loadProject(file);
    QVERIFY(!q.phases);
    QVERIFY(!q.sweep);
    QCOMPARE(readBytes(file), before);
    // Results of v2 and older had no slowdown cap and no resource defaults (checked in
    // version2ResultsHaveNoCapNorDefaults); the rest is as saved.
    QCOMPARE(q.results.size(), p.results.size());
    for (std::size_t i = 0; i < q.results.size(); ++i) {
        auto& sc = std::const_pointer_cast<SimResult>(q.results[i].result)->scenario;
        QCOMPARE(sc.slowdown.maxFactor, 1e6);
        QVERIFY(sc.resources == Scenario::Resources{});
        QCOMPARE(sc.arrivals.speedup, 1.0);
        QVERIFY(sc.power == Scenario::Power{});
        QVERIFY(sc.autoscaler.usage == UsageModel::None);
        QVERIFY(sc.queue == Scenario::Queue{});
        sc.queue = p.results[i].result->scenario.queue;
        sc.slowdown.maxFactor = p.results[i].result->scenario.slowdown.maxFactor;
        sc.resources = p.results[i].result->scenario.resources;
        sc.arrivals = p.results[i].result->scenario.arrivals;
        sc.power = p.results[i].result->scenario.power;
        sc.autoscaler.usage = p.results[i].result->scenario.autoscaler.usage;
    }
    forgetQueueKeys(p);
    compareProject(p, q);
}

void TestProjectFile::version2ResultsHaveNoCapNorDefaults()
{
    // A schema-2 file opens through the real 2 -> 3 step: its results were simulated before the
    // slowdown cap and the resource defaults existed, so they read back as "no cap" (the largest
    // cap a scenario accepts) and "no defaults".
    auto p = makeRichProject();
    for (auto& r : p.results) {
        auto& sc = std::const_pointer_cast<SimResult>(r.result)->scenario;
        sc.resources.serverDefaults.cpuCores = 32;
        sc.resources.jobDefaults.memGbPerGpu = 12.5;
    }
    const auto file = path("v2.clens");
    saveProject(file, p);
    const auto current = loadProject(file);
    QCOMPARE(current.results.front().result->scenario.resources.serverDefaults.cpuCores, std::optional<double>(32));
    QCOMPARE(current.results.front().result->scenario.resources.jobDefaults.memGbPerGpu, std::optional<double>(12.5));
    QCOMPARE(current.results.front().result->scenario.slowdown.maxFactor, 3.5);
    execSql(file, std::string(kDropV9) + kDropV7 + kDropV6 + kDropV5 + kDropV4 + kDropV3 + "PRAGMA user_version = 2");
    const auto q = loadProject(file);
    QVERIFY(!q.results.empty());
    for (const auto& r : q.results) {
        QCOMPARE(r.result->scenario.slowdown.maxFactor, 1e6);
        QVERIFY(r.result->scenario.resources == Scenario::Resources{});
        QCOMPARE(r.result->scenario.arrivals.speedup, 1.0);
    }
}

void TestProjectFile::version3ResultsHaveNoPhases()
{
    // A schema-3 file opens through the real 3 -> 4 step: its autoscaled levels keep their
    // reservations and use, and their phase reads as unknown (-1).
    auto p = makeRichProject();
    const auto file = path("v3.clens");
    saveProject(file, p);
    const auto current = loadProject(file);
    bool someKnown = false;
    for (const auto& r : current.results)
        for (const auto& l : r.result->scaledLevels)
            someKnown = someKnown || l.phase >= 0;
    QVERIFY(someKnown);
    execSql(file, std::string(kDropV9) + kDropV7 + kDropV6 + kDropV5 + kDropV4 + "PRAGMA user_version = 3");
    const auto q = loadProject(file);
    QCOMPARE(q.results.size(), current.results.size());
    std::size_t levels = 0;
    for (std::size_t i = 0; i < q.results.size(); ++i) {
        const auto& was = current.results[i].result->scaledLevels;
        const auto& now = q.results[i].result->scaledLevels;
        QCOMPARE(now.size(), was.size());
        for (std::size_t k = 0; k < now.size(); ++k, ++levels) {
            QCOMPARE(now[k].phase, std::int16_t{-1});
            QCOMPARE(now[k].memReserved, was[k].memReserved);
        }
    }
    QVERIFY(levels > 0);
}

void TestProjectFile::version4ResultsAreFifo()
{
    // A schema-4 file opens through the real 4 -> 5 step: its results were simulated under fifo
    // with the default queue knobs, and no job's preemptions were counted.
    auto p = makeRichProject();
    const auto file = path("v4.clens");
    saveProject(file, p);
    const auto current = loadProject(file);
    QVERIFY(current.results.front().result->scenario.queue.policy == QueuePolicyKind::FairShare);
    QCOMPARE(current.results.front().result->scenario.queue.lasThresholdsGpuS, (std::vector<double>{0.1, 7200, 1e12}));
    execSql(file, std::string(kDropV9) + kDropV7 + kDropV6 + kDropV5 + "PRAGMA user_version = 4");
    const auto q = loadProject(file);
    QCOMPARE(q.results.size(), current.results.size());
    for (std::size_t i = 0; i < q.results.size(); ++i) {
        const auto& r = *q.results[i].result;
        QVERIFY(r.scenario.queue == Scenario::Queue{});
        for (const auto& j : r.jobs)
            QCOMPARE(j.preemptions, 0);
        QCOMPARE(r.summary.preemptions, current.results[i].result->summary.preemptions);
    }
}

void TestProjectFile::version5ResultsHaveNoNeverStartable()
{
    // A schema-5 file opens through the real 5 -> 6 step: it did not record which jobs could
    // never start, so none are said; the rest is as saved.
    auto p = makeRichProject();
    const auto file = path("v5.clens");
    saveProject(file, p);
    QVERIFY(!loadProject(file).results.front().result->neverStartable.empty());
    execSql(file, std::string(kDropV9) + kDropV7 + kDropV6 + "PRAGMA user_version = 5");
    const auto q = loadProject(file);
    QCOMPARE(q.results.size(), p.results.size());
    for (auto& r : p.results)
        std::const_pointer_cast<SimResult>(r.result)->neverStartable.clear();
    p.sweep.reset();
    p.view.reset();
    forgetQueueKeys(p);
    compareProject(p, q);
}

void TestProjectFile::version6FileOpensWithoutSweep()
{
    // A schema-6 file opens through the real 6 -> 7 step: no sweep, no view state; the rest is as
    // saved.
    auto p = makeRichProject();
    const auto file = path("v6.clens");
    saveProject(file, p);
    QVERIFY(loadProject(file).sweep);
    execSql(file, std::string(kDropV9) + kDropV7 + "PRAGMA user_version = 6");
    const auto q = loadProject(file);
    QVERIFY(!q.sweep);
    QVERIFY(!q.view);
    p.sweep.reset();
    p.view.reset();
    forgetQueueKeys(p);
    compareProject(p, q);
}

void TestProjectFile::version7FileOpensWithoutTimeWindow()
{
    // A schema-7 file opens through the real 7 -> 8 step: its view state, without a time window.
    auto p = makeRichProject();
    const auto file = path("v7.clens");
    saveProject(file, p);
    QCOMPARE(loadProject(file).view->windowTo_s, std::optional<std::int64_t>{4200000});
    execSql(file, std::string(kDropV9) + kDropV8 + "PRAGMA user_version = 7");
    const auto q = loadProject(file);
    QVERIFY(q.view);
    QVERIFY(!q.view->windowFrom_s && !q.view->windowTo_s);
    p.view->windowFrom_s.reset();
    p.view->windowTo_s.reset();
    forgetQueueKeys(p);
    compareProject(p, q);
}

void TestProjectFile::version8ResultsHaveNoQueueKeys()
{
    // A schema-8 file opens through the real 8 -> 9 step: its jobs' queue keys were not recorded
    // (NaN, no Queue row in the inspector); the rest is as saved.
    auto p = makeRichProject();
    const auto file = path("v8.clens");
    saveProject(file, p);
    QCOMPARE(loadProject(file).results.front().result->jobs[1].queueKey, 1e5 - 0.5);
    execSql(file, std::string(kDropV9) + "PRAGMA user_version = 8");
    const auto q = loadProject(file);
    for (const auto& r : q.results)
        for (const auto& j : r.result->jobs)
            QVERIFY(std::isnan(j.queueKey));
    forgetQueueKeys(p);
    compareProject(p, q);
}

void TestProjectFile::migrationStepsRunInOrder()
{
    auto db = store::Database::inMemory();
    db.exec("CREATE TABLE t (x INTEGER); PRAGMA user_version = 1");
    static std::vector<int> order;
    order.clear();
    const store::Migration steps[] = {
        {2, [](store::Database& d) { order.push_back(2); d.exec("ALTER TABLE t ADD COLUMN z INTEGER"); }},
        {1, [](store::Database& d) { order.push_back(1); d.exec("ALTER TABLE t ADD COLUMN y INTEGER"); }},
    };
    store::migrate(db, 1, 3, steps);
    QCOMPARE(order, (std::vector<int>{1, 2}));
    QCOMPARE(db.pragmaInt("user_version"), std::int64_t{3});
    db.exec("INSERT INTO t (x, y, z) VALUES (1, 2, 3)");
    QVERIFY_THROWS_EXCEPTION(std::logic_error, store::migrate(db, 3, 4, steps));
    QCOMPARE(db.pragmaInt("user_version"), std::int64_t{3});
}

void TestProjectFile::loadReportsProgressAndCancels()
{
    const auto file = path("progress.clens");
    saveProject(file, smallProject(50'000));
    std::vector<double> seen;
    loadProject(file, [&](double f) {
        seen.push_back(f);
        return true;
    });
    QVERIFY(seen.size() >= 3);
    QVERIFY(std::is_sorted(seen.begin(), seen.end()));
    QCOMPARE(seen.back(), 1.0);
    QVERIFY_THROWS_EXCEPTION(Cancelled, loadProject(file, [](double f) { return f < 0.3; }));
}

void TestProjectFile::storedStructsAreComplete()
{
    // The store writes these structs field by field. When one gains a field (or a struct inside
    // it does), this fails: store the new field in core/store (bump kSchemaVersion and add a
    // migration), extend the round-trip fixture and comparison, then update the count here.
    // Fields are counted by Boost.PFR, so the numbers hold on any compiler and standard library.
    QCOMPARE(leafFields<Job>(), std::size_t{16});
    QCOMPARE(leafFields<RecordedAttempt>(), std::size_t{3});
    QCOMPARE(leafFields<RecordedServerGpus>(), std::size_t{2});
    QCOMPARE(leafFields<Tenant>(), std::size_t{2});
    QCOMPARE(leafFields<TraceMeta>(), std::size_t{6});
    QCOMPARE(leafFields<Server>(), std::size_t{7});
    QCOMPARE(leafFields<ServerSpec>(), std::size_t{6});
    QCOMPARE(leafFields<Scenario>(), std::size_t{42});
    QCOMPARE(leafFields<JobResult>(), std::size_t{24});
    QCOMPARE(leafFields<JobResources>(), std::size_t{12});
    QCOMPARE(leafFields<WaitInterval>(), std::size_t{4});
    QCOMPARE(leafFields<GpuInterval>(), std::size_t{7});
    QCOMPARE(leafFields<ServerOutage>(), std::size_t{3});
    QCOMPARE(leafFields<TimeSeries>(), std::size_t{15});
    QCOMPARE(leafFields<SimSummary>(), std::size_t{34});
    QCOMPARE(leafFields<SimResult>(), std::size_t{106});
    QCOMPARE(leafFields<ContainerSeries>(), std::size_t{5});
    QCOMPARE(leafFields<ContainerMetrics>(), std::size_t{5});
}

QTEST_APPLESS_MAIN(TestProjectFile)
#include "tst_project_file.moc"
