#include "core/store/project_file.hpp"

#include "core/util/atomic_file.hpp"
#include "core/store/cluster_tables.hpp"
#include "core/store/phase_tables.hpp"
#include "core/store/sweep_tables.hpp"
#include "core/store/view_tables.hpp"
#include "core/store/result_tables.hpp"
#include "core/store/schema.hpp"
#include "core/store/table_reader.hpp"
#include "core/store/trace_tables.hpp"
#include "core/util/error.hpp"

#include <sqlite3.h>

#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace clens {

using namespace store;

namespace {

using Kind = ProjectFileError::Kind;

// The clusters a project stores: the project's own (id 0) and each distinct result cluster.
struct ClusterIds {
    std::vector<std::shared_ptr<const Topology>> clusters; // by id
    std::optional<std::int64_t> project;
    std::vector<std::optional<std::int64_t>> ofResult;
};

ClusterIds assignClusterIds(const Project& p)
{
    ClusterIds ids;
    const auto idOf = [&](const std::shared_ptr<const Topology>& c) -> std::optional<std::int64_t> {
        if (!c)
            return std::nullopt;
        for (std::size_t i = 0; i < ids.clusters.size(); ++i)
            if (ids.clusters[i] == c || sameTopology(*ids.clusters[i], *c))
                return static_cast<std::int64_t>(i);
        ids.clusters.push_back(c);
        return static_cast<std::int64_t>(ids.clusters.size() - 1);
    };
    ids.project = idOf(p.cluster);
    for (const auto& r : p.results)
        ids.ofResult.push_back(idOf(r.result->cluster));
    return ids;
}

void validateProject(const Project& p, const Trace& trace)
{
    for (const auto& nr : p.results) {
        if (!nr.result)
            throw ValueError("result '" + nr.name + "' is empty");
        if (nr.result->trace && nr.result->trace != p.trace && nr.result->trace->jobs.size() != trace.jobs.size())
            throw ValueError("result '" + nr.name + "' was simulated on another trace than the project's");
        validateResult(*nr.result, nr.name, trace.jobs.size());
    }
    if (p.view && p.view->selectedJob && (*p.view->selectedJob < 0 || static_cast<std::size_t>(*p.view->selectedJob) >= trace.jobs.size()))
        throw ValueError("the view's selected job is not a job of the trace");
}

void writeProject(Database& db, const Project& p, const Trace& trace, const ClusterIds& ids, const ProgressFn& progressFn)
{
    std::int64_t rows = traceRows(trace);
    for (const auto& r : p.results)
        rows += resultRows(*r.result);
    rows += phaseRows(p.phases);
    RowProgress progress(progressFn, rows);

    createSchema(db);
    Statement project(db, "INSERT INTO project (id, written_by, cluster) VALUES (1, ?, ?)");
    project.bindText(1, "ClusterLens (project schema " + std::to_string(kSchemaVersion) + ")");
    project.bindOptionalInt(2, ids.project);
    project.run();
    for (std::size_t i = 0; i < ids.clusters.size(); ++i)
        writeCluster(db, static_cast<std::int64_t>(i), *ids.clusters[i]);
    writeTrace(db, trace, progress);
    Statement scenario(db, "INSERT INTO scenarios (idx, name, json) VALUES (?, ?, ?)");
    for (std::size_t i = 0; i < p.scenarios.size(); ++i) {
        scenario.bindInt(1, static_cast<std::int64_t>(i));
        scenario.bindText(2, p.scenarios[i].name);
        scenario.bindText(3, p.scenarios[i].json);
        scenario.run();
    }
    for (std::size_t i = 0; i < p.results.size(); ++i)
        writeResult(db, static_cast<std::int64_t>(i), p.results[i].name, ids.ofResult[i], *p.results[i].result, progress);
    writePhases(db, p.phases, progress);
    writeSweep(db, p.sweep);
    writeView(db, p.view);
    progress.finish();
}

// Opens path read-only and checks it is a ClusterLens project this build can read; returns its
// schema version.
std::int64_t checkHeader(Database& db, const std::string& path, std::int64_t currentVersion)
{
    std::int64_t appId = 0, version = 0;
    try {
        appId = db.pragmaInt("application_id");
        version = db.pragmaInt("user_version");
        db.pragmaInt("schema_version"); // reads the schema: fails on a damaged first page
    } catch (const SqliteError& e) {
        if (e.code() == SQLITE_NOTADB)
            throw ProjectFileError(Kind::NotAProject, path, 0, "", "not a ClusterLens project (not an SQLite database)");
        throw ProjectFileError(Kind::Corrupt, path, 0, "", std::string("the project file is damaged: ") + e.what());
    }
    if (appId != kApplicationId) {
        std::error_code ec;
        if (std::filesystem::file_size(path, ec) == 0 && !ec)
            throw ProjectFileError(Kind::NotAProject, path, 0, "", "not a ClusterLens project (the file is empty)");
        throw ProjectFileError(Kind::NotAProject, path, 0, "", "not a ClusterLens project (an SQLite database of another application)");
    }
    if (version > currentVersion)
        throw ProjectFileError(Kind::NewerVersion, path, 0, "",
                               "written by a newer ClusterLens (project schema " + std::to_string(version)
                                   + "; this version reads schema " + std::to_string(currentVersion)
                                   + " and older): update ClusterLens to open it");
    if (version < kOldestReadableVersion)
        throw ProjectFileError(Kind::OldVersion, path, 0, "",
                               "project schema " + std::to_string(version) + " is not supported (the oldest readable is "
                                   + std::to_string(kOldestReadableVersion) + ")");
    return version;
}

std::int64_t countRows(Database& db, const std::string& path, const char* table)
{
    TableReader t(db, path, table, std::string("SELECT count(*) FROM ") + table);
    return t.next() ? t.integer(0) : 0;
}

Project readProject(Database& db, const std::string& path, const ProgressFn& progressFn)
{
    const std::int64_t jobRows = countRows(db, path, "jobs");
    std::int64_t rows = jobRows;
    for (const char* table : {"attempts", "attempt_servers", "result_jobs", "result_waits", "result_occupancy", "result_outages", "containers"})
        rows += countRows(db, path, table);
    RowProgress progress(progressFn, rows);

    Project p;
    const auto clusters = readClusters(db, path);
    {
        TableReader t(db, path, "project", "SELECT cluster FROM project WHERE id = 1");
        if (!t.next())
            throw ProjectFileError(Kind::BadContent, path, 0, "project", "table project is empty");
        if (const auto id = t.optionalInteger(0)) {
            const auto it = clusters.find(*id);
            if (it == clusters.end())
                t.fail(0, "cluster " + std::to_string(*id) + " is not in the clusters table");
            p.cluster = it->second;
        }
    }
    auto trace = std::make_shared<const Trace>(readTrace(db, path, jobRows, progress));
    p.trace = trace;
    {
        TableReader t(db, path, "scenarios", "SELECT idx, name, json FROM scenarios ORDER BY idx");
        while (t.next()) {
            t.expectPosition(0, static_cast<std::int64_t>(p.scenarios.size()));
            p.scenarios.push_back(NamedScenario{t.text(1), t.text(2)});
        }
    }
    for (auto& stored : readResults(db, path, trace->jobs.size(), clusters, progress)) {
        if (stored.clusterId)
            stored.result->cluster = clusters.at(*stored.clusterId);
        if (stored.hasTrace)
            stored.result->trace = trace;
        p.results.push_back(NamedResult{std::move(stored.name), std::move(stored.result)});
    }
    p.phases = readPhases(db, path, progress);
    p.sweep = readSweep(db, path);
    p.view = readView(db, path, trace->jobs.size());
    progress.finish();
    return p;
}

} // namespace

void saveProject(const std::string& path, const Project& project, const ProgressFn& progress)
{
    const Trace empty;
    const Trace& trace = project.trace ? *project.trace : empty;
    validateProject(project, trace);
    const auto ids = assignClusterIds(project);
    // Temporary files of earlier saves of this project that were killed before their rename
    // (docs/project-file.md "Stale temporary files") are removed first, freeing their space.
    removeStaleTemporaries(path, std::filesystem::file_time_type::clock::now());
    try {
        AtomicFile file(path);
        {
            Database db(file.tempPath(), Database::Mode::ReadWriteCreate);
            // The temporary file is discarded on any failure, so it needs no rollback journal.
            db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE; "
                    "PRAGMA cache_size = -65536; PRAGMA page_size = 16384");
            db.exec("BEGIN");
            writeProject(db, project, trace, ids, progress);
            db.exec("COMMIT");
        }
        file.commit();
    } catch (const SqliteError& e) {
        throw ProjectSaveError(path, e.what());
    } catch (const std::system_error& e) {
        throw ProjectSaveError(path, e.what());
    }
}

Project loadProject(const std::string& path, const ProgressFn& progress)
{
    return store::loadProjectAt(path, progress, kSchemaVersion, migrations());
}

Project store::loadProjectAt(const std::string& path, const ProgressFn& progress, std::int64_t currentVersion,
                             std::span<const Migration> steps)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        throw ProjectFileError(Kind::CannotOpen, path, 0, "", "cannot open: no such file");
    if (std::filesystem::is_directory(status))
        throw ProjectFileError(Kind::CannotOpen, path, 0, "", "cannot open: it is a directory");

    std::optional<Database> file;
    try {
        file.emplace(path, Database::Mode::ReadOnly);
    } catch (const SqliteError& e) {
        throw ProjectFileError(Kind::CannotOpen, path, 0, "", e.what());
    }
    const auto version = checkHeader(*file, path, currentVersion);
    Database* db = &*file;
    std::optional<Database> upgraded;
    if (version < currentVersion) {
        // Upgrade a copy in memory: the user's file is rewritten only when they save.
        try {
            upgraded.emplace(Database::inMemory());
            upgraded->copyFrom(*file);
            migrate(*upgraded, version, currentVersion, steps);
        } catch (const SqliteError& e) {
            throw ProjectFileError(Kind::Corrupt, path, 0, "",
                                   "cannot upgrade project schema " + std::to_string(version) + ": " + e.what());
        } catch (const std::logic_error& e) {
            throw ProjectFileError(Kind::OldVersion, path, 0, "", e.what());
        }
        db = &*upgraded;
    }
    try {
        db->exec("BEGIN");
    } catch (const SqliteError& e) {
        throw ProjectFileError(Kind::CannotOpen, path, 0, "", e.what());
    }
    Project p = readProject(*db, path, progress);
    db->execNoThrow("COMMIT");
    return p;
}

} // namespace clens
