#include "core/io/slurm_sacct_builder.hpp"

#include "core/io/empty_request.hpp"
#include "core/io/slurm_hostlist.hpp"
#include "core/io/slurm_sacct.hpp"
#include "core/util/counted_text.hpp"
#include "core/util/input_error.hpp"

#include <algorithm>
#include <stdexcept>

namespace clens {

namespace {
constexpr double kMaxCpuCores = 1e6;
constexpr double kMaxMemGb = 1e9;
} // namespace

SacctTraceBuilder::SacctTraceBuilder(const std::string& path, const ImportOptions& options, std::string format) : path_(path)
{
    trace_.meta.source = path;
    trace_.meta.format = std::move(format);
    trace_.meta.timeBase = TimeBase::UnixUtc;
    if (options.slurmTenant == "partition" || options.slurmTenant == "qos")
        trace_.meta.tenantNote = "tenants are Slurm " + options.slurmTenant + "s (import option), not accounts";
}

void SacctTraceBuilder::add(SacctRecord r, const Where& where)
{
    const auto fail = [&](std::string_view field, const std::string& reason) {
        throw InputError(path_, where.line, where.field(field), reason);
    };
    Job j;
    j.id = std::move(r.id);
    if (j.id.empty())
        fail("JobID", "value is empty");
    if (ids_.insert(j.id, static_cast<std::uint32_t>(trace_.jobs.size()), [&](std::uint32_t i) -> std::string_view { return trace_.jobs[i].id; }))
        fail("JobID", "duplicate job id '" + j.id + "'");
    if (r.tenant.empty()) {
        ++emptyTenant_;
        r.tenant = "(none)";
    }
    j.tenant = vcs_.get(r.tenant, [&](std::string n) { return trace_.internTenant(n); });
    j.user = users_.get(r.user, [&](std::string n) { return trace_.internUser(n); });

    const auto state = slurmState(r.state);
    if (!state)
        fail("State", "unknown state '" + r.state.substr(0, 40)
                          + "' (expected COMPLETED, CANCELLED, FAILED, TIMEOUT, NODE_FAIL, OUT_OF_MEMORY, PREEMPTED, "
                            "BOOT_FAIL, DEADLINE, PENDING, REQUEUED, RUNNING, SUSPENDED, RESIZING or REVOKED)");
    j.status = state->status;

    // Requests: AllocTRES, else ReqTRES (a job never allocated has an empty AllocTRES).
    const bool useReq = r.alloc.empty();
    reqTresUsed_ += useReq && !r.req.empty();
    noTres_ += useReq && r.req.empty();
    const auto& tres = useReq ? r.req : r.alloc;
    j.gpus = static_cast<std::int32_t>(tres.gpus.value_or(0));
    if (tres.cpus)
        j.cpuCores = std::min(*tres.cpus, kMaxCpuCores);
    else if (r.ncpus)
        j.cpuCores = std::min(*r.ncpus, kMaxCpuCores);
    if (tres.memGb) {
        if (*tres.memGb > kMaxMemGb)
            fail(useReq ? "ReqTRES" : "AllocTRES", "memory above 10^9 GB");
        j.memGb = *tres.memGb;
    }
    if (!r.req.gpuTypes.empty() && j.gpus > 0) {
        std::string list;
        for (const auto& t : r.req.gpuTypes)
            list += (list.empty() ? "" : "|") + t;
        j.gpuModels = trace_.internGpuModels(list);
        ++modelRestricted_;
    }
    if (asksForNothing(j))
        j.skip = SkipReason::ZeroGpus;

    j.submit_s = r.submit_s;
    j.recordedStart_s = r.start_s;
    j.recordedEnd_s = r.end_s;
    for (const auto& t : {OptionalSeconds(j.submit_s), j.recordedStart_s, j.recordedEnd_s})
        if (t)
            lastTime_ = std::max(lastTime_, *t);
    if (j.recordedStart_s && *j.recordedStart_s < j.submit_s)
        ++startsEarly_;

    if (state->kind == SlurmStateKind::Pending || (state->kind == SlurmStateKind::Running && !j.recordedStart_s)) {
        ++pending_;
        j.skip = SkipReason::Pending;
        j.recordedStart_s.reset();
        j.recordedEnd_s.reset();
    } else if (!j.recordedStart_s) {
        ++neverStarted_;
        j.skip = SkipReason::NoAttempts;
        j.recordedEnd_s.reset();
    } else if (state->kind == SlurmStateKind::Running) {
        ++runningCount_;
        j.recordedEnd_s.reset();
        running_.push_back(trace_.jobs.size());
    } else if (j.recordedEnd_s) {
        endsEarly_ += *j.recordedEnd_s < *j.recordedStart_s;
        j.duration_s = std::max<std::int64_t>(0, *j.recordedEnd_s - *j.recordedStart_s);
    } else if (r.elapsed_s)
        j.duration_s = std::max<std::int64_t>(0, *r.elapsed_s);

    // Recorded placement: the hosts of NodeList (GPU indices are not in sacct).
    if (j.recordedStart_s && !r.nodes.empty() && r.nodes != "None assigned" && r.nodes != "(null)") {
        RecordedAttempt a;
        a.start_s = j.recordedStart_s;
        a.end_s = j.recordedEnd_s;
        try {
            for (auto& host : expandSlurmHostList(r.nodes))
                a.placement.push_back({std::move(host), {}});
        } catch (const ValueError& e) {
            fail("NodeList", e.what());
        }
        nodeCountMismatch_ += r.nnodes && *r.nnodes != static_cast<std::int64_t>(a.placement.size());
        j.attempts.push_back(std::move(a));
    }
    trace_.jobs.push_back(std::move(j));
}

Trace SacctTraceBuilder::finish(std::vector<std::string> notes)
{
    if (trace_.jobs.empty())
        throw InputError(path_, 0, "", "file holds no job allocation");
    for (const auto r : running_) {
        auto& j = trace_.jobs[r];
        j.recordedEnd_s = std::max(lastTime_, *j.recordedStart_s);
        j.duration_s = *j.recordedEnd_s - *j.recordedStart_s;
        if (!j.attempts.empty())
            j.attempts.back().end_s = j.recordedEnd_s;
    }
    addCountedNote(notes, steps_, "job step line", "job step lines", " (JobID with '.') skipped: the allocation line is the job (use sacct --allocations)");
    addCountedNote(notes, pending_, "job", "jobs", " PENDING or REQUEUED at the end of the log: kept, not simulated");
    addCountedNote(notes, runningCount_, "job", "jobs", " RUNNING, SUSPENDED or RESIZING at the end of the log: they end at the last time in the file");
    addCountedNote(notes, neverStarted_, "job", "jobs", " ended without a Start (cancelled while pending): kept, not simulated");
    addCountedNote(notes, startsEarly_, "job starts", "jobs start", " before their Submit time (kept as recorded)");
    addCountedNote(notes, endsEarly_, "job ends", "jobs end", " before they start: 0 s of service");
    addCountedNote(notes, noTres_, "job has", "jobs have", " neither AllocTRES nor ReqTRES: no GPU, CPU or memory request");
    addCountedNote(notes, reqTresUsed_, "job has", "jobs have", " no AllocTRES (never allocated): their request is read from ReqTRES");
    addCountedNote(notes, modelRestricted_, "job asks", "jobs ask", " for a GPU type (gres/gpu:TYPE in ReqTRES): restricted to that model");
    addCountedNote(notes, nodeCountMismatch_, "job lists", "jobs list", " a NodeList whose host count differs from NNodes");
    addCountedNote(notes, arrayRanges_, "pending array record", "pending array records", " ('123_[4-9]') kept as one job each");
    addCountedNote(notes, emptyTenant_, "job has", "jobs have", " an empty tenant column: tenant '(none)'");
    trace_.meta.notes = std::move(notes);
    return std::move(trace_);
}

} // namespace clens
