#include "core/store/trace_tables.hpp"

#include "core/store/blob_codec.hpp"
#include "core/store/project_file_error.hpp"
#include "core/store/table_reader.hpp"
#include "core/store/text_list_table.hpp"
#include "core/util/error.hpp"
#include "core/util/input_limits.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

namespace clens::store {

namespace {
// Stored values obey the importers' rules (docs/formats.md "Limits"): a file edited by hand or
// damaged must not make a re-simulation run for ever, overflow or index out of bounds.
std::int64_t seconds(TableReader& t, int col, std::int64_t lo = -kMaxSeconds)
{
    return t.integer(col, lo, kMaxSeconds);
}

std::optional<std::int64_t> optionalSeconds(TableReader& t, int col)
{
    if (t.isNull(col))
        return std::nullopt;
    return seconds(t, col);
}

// CPU cores or GB of memory: NaN (unknown), else finite and not negative.
double amount(TableReader& t, int col)
{
    const auto v = t.real(col);
    if (!std::isnan(v) && !(std::isfinite(v) && v >= 0))
        t.fail(col, "must be a finite amount >= 0 (or NULL: unknown)");
    return v;
}
} // namespace

std::int64_t traceRows(const Trace& trace)
{
    std::int64_t n = static_cast<std::int64_t>(trace.jobs.size());
    for (const auto& j : trace.jobs)
        for (const auto& a : j.attempts)
            n += 1 + static_cast<std::int64_t>(a.placement.size());
    return n;
}

void writeTrace(Database& db, const Trace& trace, RowProgress& progress)
{
    {
        Statement s(db, "INSERT INTO trace_meta (id, source, format, time_base, tenant_note, fractional_gpu_jobs) VALUES (1, ?, ?, ?, ?, ?)");
        s.bindText(1, trace.meta.source);
        s.bindText(2, trace.meta.format);
        s.bindText(3, storedName(trace.meta.timeBase));
        s.bindText(4, trace.meta.tenantNote);
        s.bindInt(5, trace.meta.fractionalGpuJobs);
        s.run();
    }
    writeTextList(db, "trace_notes", "note", trace.meta.notes);
    {
        Statement s(db, "INSERT INTO tenants (idx, name, quota_gpus) VALUES (?, ?, ?)");
        for (std::size_t i = 0; i < trace.tenants.size(); ++i) {
            s.bindInt(1, static_cast<std::int64_t>(i));
            s.bindText(2, trace.tenants[i].name);
            s.bindOptionalInt(3, trace.tenants[i].quotaGpus);
            s.run();
        }
    }
    writeTextList(db, "users", "name", trace.users);
    if (trace.gpuModelSets.empty() || !trace.gpuModelSets.front().empty())
        throw ValueError("the trace's first GPU model set must be the empty one (any model)");
    writeTextList(db, "gpu_model_sets", "models", {trace.gpuModelSets.begin() + 1, trace.gpuModelSets.end()});
    Statement job(db, "INSERT INTO jobs (idx, job_id, vc, user, submit_s, gpus, duration_s, status, skip, recorded_start_s, "
                      "recorded_end_s, gpu_util, gpu_milli, cpu_cores, mem_gb, gpu_models) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    const auto modelSets = static_cast<std::int64_t>(trace.gpuModelSets.size());
    Statement attempt(db, "INSERT INTO attempts (job, idx, start_s, end_s) VALUES (?, ?, ?, ?)");
    Statement server(db, "INSERT INTO attempt_servers (job, attempt, idx, server, gpus) VALUES (?, ?, ?, ?, ?)");
    const auto tenants = static_cast<std::int64_t>(trace.tenants.size());
    const auto users = static_cast<std::int64_t>(trace.users.size());
    for (std::size_t i = 0; i < trace.jobs.size(); ++i) {
        const auto& j = trace.jobs[i];
        const auto idx = static_cast<std::int64_t>(i);
        if (j.tenant < 0 || j.tenant >= tenants || j.user < 0 || j.user >= users || j.gpuModels < 0 || j.gpuModels >= modelSets)
            throw ValueError("job " + std::to_string(i) + " ('" + j.id + "') has a vc, user or GPU model set index out of range");
        job.bindInt(1, idx);
        job.bindText(2, j.id);
        job.bindInt(3, j.tenant);
        job.bindInt(4, j.user);
        job.bindInt(5, j.submit_s);
        job.bindInt(6, j.gpus);
        job.bindInt(7, j.duration_s);
        job.bindText(8, storedName(j.status));
        job.bindText(9, storedName(j.skip));
        job.bindOptionalInt(10, j.recordedStart_s);
        job.bindOptionalInt(11, j.recordedEnd_s);
        job.bindReal(12, static_cast<double>(j.gpuUtil));
        job.bindInt(13, j.gpuMilli);
        job.bindReal(14, j.cpuCores); // NaN (unknown) is stored as NULL
        job.bindReal(15, j.memGb);
        job.bindInt(16, j.gpuModels);
        job.run();
        progress.tick();
        for (std::size_t a = 0; a < j.attempts.size(); ++a) {
            const auto& at = j.attempts[a];
            attempt.bindInt(1, idx);
            attempt.bindInt(2, static_cast<std::int64_t>(a));
            attempt.bindOptionalInt(3, at.start_s);
            attempt.bindOptionalInt(4, at.end_s);
            attempt.run();
            progress.tick();
            for (std::size_t p = 0; p < at.placement.size(); ++p) {
                server.bindInt(1, idx);
                server.bindInt(2, static_cast<std::int64_t>(a));
                server.bindInt(3, static_cast<std::int64_t>(p));
                server.bindText(4, at.placement[p].server);
                server.bindBlob(5, encodeArray(at.placement[p].gpus));
                server.run();
                progress.tick();
            }
        }
    }
}

namespace {
// Job ids and tenant names are unique, as every importer makes them (a duplicate would make two
// jobs one in the job table, the inspector and a re-import of the exported results). Checked once
// the table is read: the names then stay where they are. The row is the 1-based position.
template <class Item, class NameOf>
void checkUnique(const std::vector<Item>& items, NameOf nameOf, const std::string& file, const char* field, const char* what)
{
    std::unordered_map<std::string_view, std::size_t> seen;
    seen.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i)
        if (!seen.emplace(nameOf(items[i]), i).second)
            throw ProjectFileError(ProjectFileError::Kind::BadContent, file, static_cast<std::int64_t>(i) + 1, field,
                                   std::string(what) + " '" + std::string(nameOf(items[i])) + "' is used twice");
}
} // namespace

Trace readTrace(Database& db, const std::string& file, std::int64_t jobRows, RowProgress& progress)
{
    Trace trace;
    trace.jobs.reserve(static_cast<std::size_t>(std::max<std::int64_t>(0, jobRows)));
    {
        TableReader t(db, file, "trace_meta", "SELECT source, format, time_base, tenant_note, fractional_gpu_jobs FROM trace_meta");
        if (!t.next())
            throw ProjectFileError(ProjectFileError::Kind::BadContent, file, 0, "trace_meta", "table trace_meta is empty");
        trace.meta.source = t.text(0);
        trace.meta.format = t.text(1);
        trace.meta.timeBase = t.enumValue<TimeBase>(2);
        trace.meta.tenantNote = t.text(3);
        trace.meta.fractionalGpuJobs = t.integer(4);
    }
    trace.meta.notes = readTextList(db, file, "trace_notes", "note");
    {
        TableReader t(db, file, "tenants", "SELECT idx, name, quota_gpus FROM tenants ORDER BY idx");
        while (t.next()) {
            t.expectPosition(0, static_cast<std::int64_t>(trace.tenants.size()));
            trace.tenants.push_back(Tenant{t.text(1), t.optionalInteger(2)});
        }
    }
    checkUnique(trace.tenants, [](const Tenant& x) -> std::string_view { return x.name; }, file, "tenants.name", "tenant");
    trace.users = readTextList(db, file, "users", "name");
    for (auto& models : readTextList(db, file, "gpu_model_sets", "models"))
        trace.gpuModelSets.push_back(std::move(models));
    {
        TableReader t(db, file, "jobs",
                      "SELECT idx, job_id, vc, user, submit_s, gpus, duration_s, status, skip, recorded_start_s, recorded_end_s, "
                      "gpu_util, gpu_milli, cpu_cores, mem_gb, gpu_models FROM jobs ORDER BY idx");
        const auto modelSets = static_cast<std::int64_t>(trace.gpuModelSets.size());
        const auto tenants = static_cast<std::int64_t>(trace.tenants.size());
        const auto users = static_cast<std::int64_t>(trace.users.size());
        while (t.next()) {
            t.expectPosition(0, static_cast<std::int64_t>(trace.jobs.size()));
            Job j;
            j.id = t.text(1);
            if (tenants == 0)
                t.fail(2, "a job needs a VC but the tenants table is empty");
            j.tenant = static_cast<std::int32_t>(t.integer(2, 0, tenants - 1));
            if (users == 0)
                t.fail(3, "a job needs a user but the users table is empty");
            j.user = static_cast<std::int32_t>(t.integer(3, 0, users - 1));
            j.submit_s = seconds(t, 4);
            j.gpus = static_cast<std::int32_t>(t.integer(5, 0, kMaxGpusPerJob));
            j.duration_s = seconds(t, 6, 0);
            j.status = t.enumValue<JobStatus>(7);
            j.skip = t.enumValue<SkipReason>(8);
            j.recordedStart_s = optionalSeconds(t, 9);
            j.recordedEnd_s = optionalSeconds(t, 10);
            j.gpuUtil = static_cast<float>(t.real(11));
            j.gpuMilli = static_cast<std::int32_t>(t.integer(12, 1, 1000));
            j.cpuCores = amount(t, 13);
            j.memGb = amount(t, 14);
            j.gpuModels = static_cast<std::int32_t>(t.integer(15, 0, modelSets - 1));
            trace.jobs.push_back(std::move(j));
            progress.tick();
        }
    }
    checkUnique(trace.jobs, [](const Job& j) -> std::string_view { return j.id; }, file, "jobs.job_id", "job id");
    const auto jobCount = static_cast<std::int64_t>(trace.jobs.size());
    {
        TableReader t(db, file, "attempts", "SELECT job, idx, start_s, end_s FROM attempts ORDER BY job, idx");
        while (t.next()) {
            if (jobCount == 0)
                t.fail(0, "an attempt of a job that the jobs table does not have");
            auto& j = trace.jobs[static_cast<std::size_t>(t.integer(0, 0, jobCount - 1))];
            t.expectPosition(1, static_cast<std::int64_t>(j.attempts.size()));
            j.attempts.push_back(RecordedAttempt{optionalSeconds(t, 2), optionalSeconds(t, 3), {}});
            progress.tick();
        }
    }
    {
        TableReader t(db, file, "attempt_servers", "SELECT job, attempt, idx, server, gpus FROM attempt_servers ORDER BY job, attempt, idx");
        while (t.next()) {
            if (jobCount == 0)
                t.fail(0, "a placement of a job that the jobs table does not have");
            auto& j = trace.jobs[static_cast<std::size_t>(t.integer(0, 0, jobCount - 1))];
            const auto attempts = static_cast<std::int64_t>(j.attempts.size());
            if (attempts == 0)
                t.fail(1, "a placement of an attempt that the attempts table does not have");
            auto& a = j.attempts[static_cast<std::size_t>(t.integer(1, 0, attempts - 1))];
            t.expectPosition(2, static_cast<std::int64_t>(a.placement.size()));
            auto gpus = t.array<std::int32_t>(4);
            if (std::any_of(gpus.begin(), gpus.end(), [](std::int32_t g) { return g < 0; }))
                t.fail(4, "a GPU index on a server is never negative");
            a.placement.push_back(RecordedServerGpus{t.text(3), std::move(gpus)});
            progress.tick();
        }
    }
    return trace;
}

} // namespace clens::store
