#include "core/io/slurm_sacct.hpp"

#include "core/io/duplicate_ids.hpp"
#include "core/io/empty_request.hpp"
#include "core/io/name_index.hpp"
#include "core/io/slurm_hostlist.hpp"
#include "core/io/slurm_tres.hpp"
#include "core/util/civil_time.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"
#include "core/util/line_reader.hpp"
#include "core/util/time_zone.hpp"

#include <algorithm>
#include <stdexcept>

namespace clens {

std::optional<SlurmState> slurmState(std::string_view state)
{
    // "CANCELLED by 1234": the uid that cancelled it follows.
    const auto word = state.substr(0, state.find(' '));
    using K = SlurmStateKind;
    if (word == "COMPLETED")
        return SlurmState{JobStatus::Pass, K::Finished};
    if (word == "CANCELLED" || word == "PREEMPTED" || word == "REVOKED")
        return SlurmState{JobStatus::Killed, K::Finished};
    if (word == "FAILED" || word == "TIMEOUT" || word == "NODE_FAIL" || word == "OUT_OF_MEMORY" || word == "BOOT_FAIL"
        || word == "DEADLINE")
        return SlurmState{JobStatus::Failed, K::Finished};
    if (word == "PENDING" || word == "REQUEUED")
        return SlurmState{JobStatus::Pass, K::Pending};
    if (word == "RUNNING" || word == "SUSPENDED" || word == "RESIZING")
        return SlurmState{JobStatus::Pass, K::Running};
    return std::nullopt;
}

namespace {

constexpr double kMaxCpuCores = 1e6;
constexpr double kMaxMemGb = 1e9;

struct Columns {
    std::optional<std::size_t> id, idRaw, name, user, account, partition, qos, submit, start, end, state, allocTres,
        reqTres, nnodes, nodeList, elapsedRaw, ncpus;
};

Columns findColumns(const std::vector<std::string>& names)
{
    Columns c;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto& n = names[i];
        auto* slot = n == "JobID" ? &c.id
            : n == "JobIDRaw"     ? &c.idRaw
            : n == "JobName"      ? &c.name
            : n == "User"         ? &c.user
            : n == "Account"      ? &c.account
            : n == "Partition"    ? &c.partition
            : n == "QOS"          ? &c.qos
            : n == "Submit"       ? &c.submit
            : n == "Start"        ? &c.start
            : n == "End"          ? &c.end
            : n == "State"        ? &c.state
            : n == "AllocTRES"    ? &c.allocTres
            : n == "ReqTRES"      ? &c.reqTres
            : n == "NNodes"       ? &c.nnodes
            : n == "NodeList"     ? &c.nodeList
            : n == "ElapsedRaw"   ? &c.elapsedRaw
            : n == "NCPUS" || n == "AllocCPUS" ? &c.ncpus
                                  : nullptr;
        if (slot && !*slot)
            *slot = i;
    }
    return c;
}

// What the notes count.
struct Counts {
    std::int64_t steps = 0, pending = 0, running = 0, neverStarted = 0, ambiguousTimes = 0, skippedTimes = 0,
                 startsEarly = 0, endsEarly = 0, noTres = 0, reqTresUsed = 0, modelRestricted = 0, nodeCountMismatch = 0,
                 arrayRanges = 0, emptyTenant = 0;
};

class SacctTimes {
public:
    SacctTimes(const std::string& path, const ImportOptions& options, Counts& counts) : counts_(counts)
    {
        try {
            zone_ = TimeZone::load(options.timeZone);
        } catch (const std::invalid_argument& e) {
            throw InputError(path, 0, "", std::string("time zone option: ") + e.what());
        }
    }
    const TimeZone& zone() const { return zone_; }
    // A sacct date-time in the import's zone as Unix UTC; nullopt for Unknown/None/empty.
    std::optional<std::int64_t> read(std::string_view text, const FieldRef& where)
    {
        const auto t = trim(text);
        if (t.empty() || t == "Unknown" || t == "None")
            return std::nullopt;
        std::string zone;
        const auto civil = parseDateTime(t, &zone);
        if (!civil || !zone.empty())
            failField(where, "expected a date-time 'YYYY-MM-DDTHH:MM:SS', 'Unknown' or 'None', got '"
                                 + std::string(t.substr(0, 40)) + "'");
        TimeZone::Fit fit = TimeZone::Fit::Normal;
        const auto unix = zone_.toUnix(*civil, &fit);
        counts_.ambiguousTimes += fit == TimeZone::Fit::Ambiguous;
        counts_.skippedTimes += fit == TimeZone::Fit::Skipped;
        return unix;
    }

private:
    TimeZone zone_;
    Counts& counts_;
};

std::optional<std::size_t> tenantColumn(const Columns& c, const ImportOptions& options, const std::string& path,
                                        std::int64_t headerLine)
{
    const auto& by = options.slurmTenant;
    const auto col = by == "account" || by.empty() ? c.account : by == "partition" ? c.partition : by == "qos" ? c.qos : std::nullopt;
    if (by != "account" && !by.empty() && by != "partition" && by != "qos")
        throw InputError(path, 0, "", "tenant option '" + by + "': expected account, partition or qos");
    if (!col)
        throw InputError(path, headerLine, "", std::string("missing column '")
                                                   + (by == "partition" ? "Partition" : by == "qos" ? "QOS" : "Account")
                                                   + "' (the tenant; add it to sacct --format, or choose another with the tenant option)");
    return col;
}

SlurmTres readTres(std::string_view text, const FieldRef& where)
{
    try {
        return parseSlurmTres(trim(text));
    } catch (const std::invalid_argument& e) {
        failField(where, e.what());
    }
}

void addNotes(Trace& trace, const Counts& n, const std::string& zone)
{
    auto& notes = trace.meta.notes;
    notes.push_back("sacct times read as " + zone + " local time");
    const auto add = [&](std::int64_t count, const std::string& text) {
        if (count)
            notes.push_back(std::to_string(count) + " " + text);
    };
    add(n.steps, "job step lines (JobID with '.') skipped: the allocation line is the job (use sacct --allocations)");
    add(n.pending, "jobs PENDING or REQUEUED at the end of the log: kept, not simulated");
    add(n.running, "jobs RUNNING, SUSPENDED or RESIZING at the end of the log: they end at the last time in the file");
    add(n.neverStarted, "jobs ended without a Start (cancelled while pending): kept, not simulated");
    add(n.ambiguousTimes, "times fall in a repeated hour (clocks set back): read as the first occurrence");
    add(n.skippedTimes, "times fall in a skipped hour (clocks set forward): read with the offset before the change");
    add(n.startsEarly, "jobs start before their Submit time (kept as recorded)");
    add(n.endsEarly, "jobs end before they start: 0 s of service");
    add(n.noTres, "jobs have neither AllocTRES nor ReqTRES: no GPU, CPU or memory request");
    add(n.reqTresUsed, "jobs have no AllocTRES (never allocated): their request is read from ReqTRES");
    add(n.modelRestricted, "jobs ask for a GPU type (gres/gpu:TYPE in ReqTRES): restricted to that model");
    add(n.nodeCountMismatch, "jobs list a NodeList whose host count differs from NNodes");
    add(n.arrayRanges, "pending array records ('123_[4-9]') kept as one job each");
    add(n.emptyTenant, "jobs have an empty tenant column: tenant '(none)'");
}

} // namespace

Trace readSlurmSacct(const std::string& path, const ImportOptions& options)
{
    LineReader in(path);
    std::string_view line;
    while (in.next(line) && trim(line).empty()) {
    }
    if (trim(line).empty())
        throw InputError(path, 0, "", "file is empty (expected sacct --parsable2 output with its header line)");
    std::vector<std::string> names;
    for (const auto f : splitFields(line, '|'))
        names.emplace_back(trim(f));
    const auto headerLine = in.line();
    const auto c = findColumns(names);
    const auto cId = c.id ? c.id : c.idRaw;
    if (!cId)
        throw InputError(path, headerLine, "", "missing column 'JobID' or 'JobIDRaw' (is this sacct --parsable2 output?)");
    if (!c.submit)
        throw InputError(path, headerLine, "", "missing column 'Submit'");
    if (!c.state)
        throw InputError(path, headerLine, "", "missing column 'State'");
    const auto cTenant = tenantColumn(c, options, path, headerLine);

    Counts counts;
    SacctTimes times(path, options, counts);
    Trace trace;
    trace.meta.source = path;
    trace.meta.format = "slurm";
    trace.meta.timeBase = TimeBase::UnixUtc;
    if (options.slurmTenant == "partition" || options.slurmTenant == "qos")
        trace.meta.tenantNote = "tenants are Slurm " + options.slurmTenant + "s (import option), not accounts";
    DuplicateIds ids;
    NameIndex vcs, users;
    std::vector<std::size_t> running;
    std::int64_t lastTime = 0;
    ProgressTicker ticker(options.progress);
    while (in.next(line)) {
        if (trim(line).empty())
            continue;
        const auto lineNo = in.line();
        const auto f = splitFields(line, '|');
        if (f.size() != names.size())
            throw InputError(path, lineNo, "",
                             "line has " + std::to_string(f.size()) + " '|'-separated fields, the header "
                                 + std::to_string(names.size()) + " (a '|' inside a job name? sacct cannot quote it)");
        const auto text = [&](const std::optional<std::size_t>& col) { return col ? trim(f[*col]) : std::string_view(); };
        const auto idText = requireText(f[*cId], {path, lineNo, names[*cId]});
        if (idText.find('.') != std::string_view::npos) { // a job step: 123.batch, 123.0, 123.extern
            ++counts.steps;
            continue;
        }
        Job j;
        j.id = std::string(idText);
        if (ids.insert(j.id, static_cast<std::uint32_t>(trace.jobs.size()), [&](std::uint32_t r) -> const std::string& { return trace.jobs[r].id; }))
            throw InputError(path, lineNo, names[*cId], "duplicate job id '" + j.id + "'");
        counts.arrayRanges += j.id.find("_[") != std::string::npos;
        auto tenant = text(cTenant);
        if (tenant.empty()) {
            ++counts.emptyTenant;
            tenant = "(none)";
        }
        j.vc = vcs.get(tenant, [&](std::string n) { return trace.internTenant(n); });
        j.user = users.get(text(c.user), [&](std::string n) { return trace.internUser(n); });

        const auto stateText = text(c.state);
        const auto state = slurmState(stateText);
        if (!state)
            throw InputError(path, lineNo, "State",
                             "unknown state '" + std::string(stateText.substr(0, 40))
                                 + "' (expected COMPLETED, CANCELLED, FAILED, TIMEOUT, NODE_FAIL, OUT_OF_MEMORY, PREEMPTED, "
                                   "BOOT_FAIL, DEADLINE, PENDING, REQUEUED, RUNNING, SUSPENDED, RESIZING or REVOKED)");
        j.status = state->status;

        // Requests: AllocTRES, else ReqTRES (a job never allocated has an empty AllocTRES).
        const auto alloc = readTres(text(c.allocTres), {path, lineNo, "AllocTRES"});
        const auto req = readTres(text(c.reqTres), {path, lineNo, "ReqTRES"});
        if (alloc.empty() && !req.empty())
            ++counts.reqTresUsed;
        if (alloc.empty() && req.empty())
            ++counts.noTres;
        const auto& tres = alloc.empty() ? req : alloc;
        j.gpus = static_cast<std::int32_t>(tres.gpus.value_or(0));
        if (tres.cpus)
            j.cpuCores = std::min(*tres.cpus, kMaxCpuCores);
        else if (const auto n = text(c.ncpus); !n.empty())
            j.cpuCores = parseDouble(n, {path, lineNo, names[*c.ncpus]}, 0, kMaxCpuCores);
        if (tres.memGb) {
            if (*tres.memGb > kMaxMemGb)
                failField({path, lineNo, alloc.empty() ? "ReqTRES" : "AllocTRES"}, "memory above 10^9 GB");
            j.memGb = *tres.memGb;
        }
        if (!req.gpuTypes.empty() && j.gpus > 0) {
            std::string list;
            for (const auto& t : req.gpuTypes)
                list += (list.empty() ? "" : "|") + t;
            j.gpuModels = trace.internGpuModels(list);
            ++counts.modelRestricted;
        }
        if (asksForNothing(j))
            j.skip = SkipReason::ZeroGpus;

        const auto submit = times.read(text(c.submit), {path, lineNo, "Submit"});
        if (!submit)
            failField({path, lineNo, "Submit"}, "value is empty or Unknown");
        j.submit_s = *submit;
        j.recordedStart_s = times.read(text(c.start), {path, lineNo, "Start"});
        j.recordedEnd_s = times.read(text(c.end), {path, lineNo, "End"});
        for (const auto& t : {std::optional<std::int64_t>(j.submit_s), j.recordedStart_s, j.recordedEnd_s})
            if (t)
                lastTime = std::max(lastTime, *t);
        if (j.recordedStart_s && *j.recordedStart_s < j.submit_s)
            ++counts.startsEarly;

        if (state->kind == SlurmStateKind::Pending || (state->kind == SlurmStateKind::Running && !j.recordedStart_s)) {
            ++counts.pending;
            j.skip = SkipReason::Pending;
            j.recordedStart_s.reset();
            j.recordedEnd_s.reset();
        } else if (!j.recordedStart_s) {
            ++counts.neverStarted;
            j.skip = SkipReason::NoAttempts;
            j.recordedEnd_s.reset();
        } else if (state->kind == SlurmStateKind::Running) {
            ++counts.running;
            j.recordedEnd_s.reset();
            running.push_back(trace.jobs.size());
        } else if (j.recordedEnd_s) {
            if (*j.recordedEnd_s < *j.recordedStart_s)
                ++counts.endsEarly;
            j.duration_s = std::max<std::int64_t>(0, *j.recordedEnd_s - *j.recordedStart_s);
        } else if (const auto e = text(c.elapsedRaw); !e.empty())
            j.duration_s = parseSeconds(e, {path, lineNo, "ElapsedRaw"});

        // Recorded placement: the hosts of NodeList (GPU indices are not in sacct).
        const auto nodes = text(c.nodeList);
        if (j.recordedStart_s && !nodes.empty() && nodes != "None assigned" && nodes != "(null)") {
            RecordedAttempt a;
            a.start_s = j.recordedStart_s;
            a.end_s = j.recordedEnd_s;
            try {
                for (auto& host : expandSlurmHostList(nodes))
                    a.placement.push_back({std::move(host), {}});
            } catch (const std::invalid_argument& e) {
                failField({path, lineNo, "NodeList"}, e.what());
            }
            if (const auto nn = text(c.nnodes); !nn.empty()
                && parseInt(nn, {path, lineNo, "NNodes"}, 0, 1'000'000) != static_cast<std::int64_t>(a.placement.size()))
                ++counts.nodeCountMismatch;
            j.attempts.push_back(std::move(a));
        }
        trace.jobs.push_back(std::move(j));
        if (in.totalBytes())
            ticker.tick(static_cast<double>(in.bytesRead()) / static_cast<double>(in.totalBytes()));
    }
    if (trace.jobs.empty())
        throw InputError(path, 0, "", "file has a header but no job allocation");
    for (const auto r : running) {
        auto& j = trace.jobs[r];
        j.recordedEnd_s = std::max(lastTime, *j.recordedStart_s);
        j.duration_s = *j.recordedEnd_s - *j.recordedStart_s;
        if (!j.attempts.empty())
            j.attempts.back().end_s = j.recordedEnd_s;
    }
    addNotes(trace, counts, times.zone().name());
    ticker.finish();
    return trace;
}

} // namespace clens
