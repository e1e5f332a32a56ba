#include "core/io/helios_csv.hpp"
#include "core/io/csv_import.hpp"
#include "core/util/counted_text.hpp"
#include "core/util/input_limits.hpp"

#include "core/io/repeated_ids.hpp"
#include "core/io/empty_request.hpp"
#include "core/io/name_index.hpp"
#include "core/util/civil_time.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"

#include <algorithm>

namespace clens {

namespace {

constexpr double kMaxCpuCores = 1e6; // as native CSV allows

std::optional<JobStatus> heliosStatus(std::string_view state)
{
    if (state == "COMPLETED")
        return JobStatus::Pass;
    if (state == "CANCELLED" || state == "SUSPENDED")
        return JobStatus::Killed;
    if (state == "FAILED" || state == "TIMEOUT" || state == "NODE_FAIL")
        return JobStatus::Failed;
    return std::nullopt;
}

// A Helios date-time (China Standard Time) as Unix UTC; nullopt when empty.
std::optional<std::int64_t> heliosTime(std::string_view text, const FieldRef& where)
{
    const auto t = trim(text);
    if (t.empty())
        return std::nullopt;
    std::string zone;
    const auto civil = parseDateTime(t, &zone);
    if (!civil || !zone.empty())
        failField(where, "expected a date-time 'YYYY-MM-DD HH:MM:SS', got '" + std::string(t.substr(0, 40)) + "'");
    return unixFromUtc(*civil) - kHeliosUtcOffset_s;
}

} // namespace

Trace readHeliosLog(const std::string& path, const ImportOptions& options)
{
    CsvReader csv(path);
    const CsvHeader header =
        readCsvHeader(csv, "job_id,user,vc,gpu_num,cpu_num,node_num,state,submit_time,start_time,end_time,duration,queue");
    const auto cId = header.require("job_id");
    const auto cVc = header.require("vc");
    const auto cGpus = header.require("gpu_num");
    const auto cState = header.require("state");
    const auto cSubmit = header.require("submit_time");
    const auto cUser = header.find("user");
    const auto cStart = header.find("start_time");
    const auto cEnd = header.find("end_time");
    const auto cDuration = header.find("duration");
    const auto cCpu = header.find("cpu_num");
    const std::size_t needed = std::max({cId, cVc, cGpus, cState, cSubmit}) + 1;

    Trace trace;
    trace.meta.source = path;
    trace.meta.format = "helios";
    trace.meta.timeBase = TimeBase::UnixUtc;
    RepeatedIds ids;
    NameIndex vcs, users;
    std::int64_t startsEarly = 0; // start_time before submit_time: kept as recorded, noted
    ProgressTicker ticker(options.progress);
    const auto readRows = [&] {
        while (csv.next()) {
            const auto line = csv.line();
            requireFieldCount(csv, needed, header);
            const auto optional = [&](const std::optional<std::size_t>& c) {
                return c && *c < csv.size() ? trim(csv.field(*c)) : std::string_view();
            };
            Job j;
            j.id = std::string(requireText(csv.field(cId), {path, line, "job_id"}));
            ids.add(j.id, line);
            j.tenant = vcs.get(requireText(csv.field(cVc), {path, line, "vc"}), [&](std::string n) { return trace.internTenant(n); });
            j.user = users.get(optional(cUser), [&](std::string n) { return trace.internUser(n); });
            j.gpus = static_cast<std::int32_t>(parseInt(csv.field(cGpus), {path, line, "gpu_num"}, 0, kMaxGpusPerJob));
            if (const auto cpu = optional(cCpu); !cpu.empty())
                j.cpuCores = parseDouble(cpu, {path, line, "cpu_num"}, 0, kMaxCpuCores);
            if (asksForNothing(j))
                j.skip = SkipReason::ZeroGpus;
            const auto state = trim(csv.field(cState));
            const auto status = heliosStatus(state);
            if (!status)
                throw InputError(path, line, "state",
                                 "unknown state '" + std::string(state)
                                     + "' (expected COMPLETED, CANCELLED, FAILED, TIMEOUT, NODE_FAIL or SUSPENDED)");
            j.status = *status;
            const auto submit = heliosTime(csv.field(cSubmit), {path, line, "submit_time"});
            if (!submit)
                failField({path, line, "submit_time"}, "value is empty");
            j.submit_s = *submit;
            j.recordedStart_s = heliosTime(optional(cStart), {path, line, "start_time"});
            j.recordedEnd_s = heliosTime(optional(cEnd), {path, line, "end_time"});
            if (j.recordedStart_s && *j.recordedStart_s < j.submit_s)
                ++startsEarly;
            if (const auto d = optional(cDuration); !d.empty())
                j.duration_s = parseSeconds(d, {path, line, "duration"}, 0, kMaxSeconds);
            else if (j.recordedStart_s && j.recordedEnd_s)
                j.duration_s = std::max<std::int64_t>(0, *j.recordedEnd_s - *j.recordedStart_s);
            trace.jobs.push_back(std::move(j));
            afterJobRow(csv, trace.jobs, ticker, &ids);
        }
    };
    ids.check(readRows, [&](std::uint32_t r) -> std::string_view { return trace.jobs[r].id; },
              [&](const RepeatedIds::Repeat& r) { throw InputError(path, r.line, "job_id", "duplicate job id '" + r.id + "'"); });
    if (trace.jobs.empty())
        throw InputError(path, 0, "", "file has a header but no job");
    trace.meta.notes.push_back("Helios times read as China Standard Time (UTC+8)");
    if (startsEarly)
        trace.meta.notes.push_back(countedText(startsEarly, "job starts", "jobs start") + " before its submit time (kept as recorded)");
    ticker.finish();
    return trace;
}

} // namespace clens
