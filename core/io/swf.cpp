#include "core/io/swf.hpp"
#include "core/util/counted_text.hpp"
#include "core/util/input_limits.hpp"

#include "core/io/duplicate_ids.hpp"
#include "core/io/empty_request.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"

#include <array>
#include <filesystem>
#include <fstream>

namespace clens {

namespace {

constexpr std::size_t kFields = 18;
constexpr std::int64_t kMaxProcessors = std::int64_t{1} << 30;
constexpr std::int64_t kMaxKbPerProcessor = std::int64_t{1} << 40;
constexpr double kMaxMemGb = 1e9; // as native CSV allows
constexpr double kKbPerGb = 1024.0 * 1024.0;

// SWF field names (1-based field number - 1), used in errors.
constexpr std::array<std::string_view, kFields> kNames{
    "job number", "submit time", "wait time", "run time", "allocated processors", "average cpu time",
    "used memory", "requested processors", "requested time", "requested memory", "status", "user id",
    "group id", "executable number", "queue number", "partition number", "preceding job number", "think time"};

enum Field : std::size_t {
    JobNumber = 0,
    SubmitTime = 1,
    WaitTime = 2,
    RunTime = 3,
    AllocatedProcs = 4,
    RequestedProcs = 7,
    RequestedMemory = 9,
    Status = 10,
    UserId = 11,
    GroupId = 12,
    QueueNumber = 14,
};

// Splits a line on blanks into at most kFields + 1 tokens; returns the token count.
std::size_t splitTokens(std::string_view line, std::array<std::string_view, kFields + 1>& out)
{
    std::size_t n = 0, i = 0;
    while (i < line.size() && n <= kFields) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            ++i;
        if (i == line.size())
            break;
        const auto start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            ++i;
        out[n++] = line.substr(start, i - start);
    }
    return n;
}

std::string headerValue(std::string_view comment, std::string_view key)
{
    const auto at = comment.find(key);
    if (at == std::string_view::npos)
        return {};
    auto rest = comment.substr(at + key.size());
    if (rest.empty() || rest.front() != ':')
        return {};
    return std::string(trim(rest.substr(1)));
}

} // namespace

// Long on purpose (about 115 lines): one pass over the records, the 18 SWF fields checked in file
// order where they are read, so each error names its line and field.
Trace readSwf(const std::string& path, const ImportOptions& options)
{
    std::error_code fsError;
    std::ifstream in(path, std::ios::binary);
    if (!in || std::filesystem::is_directory(path, fsError))
        throw InputError(path, 0, "", "cannot open file for reading");
    const auto total = std::filesystem::file_size(path, fsError);
    if (options.processorsPerGpu < 1)
        throw InputError(path, 0, "", "processors per GPU must be at least 1");

    Trace trace;
    trace.meta.source = path;
    trace.meta.format = "swf";
    trace.meta.timeBase = TimeBase::Relative;
    DuplicateIds ids;
    std::int64_t partial = 0, unknownStatus = 0, unknownRunTime = 0, withMemory = 0;
    std::string unixStart, timeZone;
    std::array<std::string_view, kFields + 1> tok;
    std::string text;
    std::int64_t line = 0;
    std::uint64_t consumed = 0;
    ProgressTicker ticker(options.progress);
    while (std::getline(in, text)) {
        ++line;
        consumed += text.size() + 1;
        const auto t = trim(text);
        if (t.empty())
            continue;
        if (t.front() == ';') {
            if (auto v = headerValue(t, "UnixStartTime"); !v.empty())
                unixStart = v;
            if (auto v = headerValue(t, "TimeZoneString"); !v.empty())
                timeZone = v;
            continue;
        }
        const auto n = splitTokens(t, tok);
        if (n != kFields)
            throw InputError(path, line, n < kFields ? std::string(kNames[n]) : "",
                             "line has " + (n > kFields ? std::string("more than 18") : std::to_string(n))
                                 + " fields, expected 18 (SWF)");
        const auto num = [&](std::size_t f, std::int64_t lo, std::int64_t hi) {
            return parseInt(tok[f], {path, line, kNames[f]}, lo, hi);
        };
        const auto status = num(Status, -1, 5);
        if (status >= 2 && status <= 4) {
            ++partial;
            continue;
        }
        Job j;
        const auto number = num(JobNumber, 0, INT64_MAX);
        j.id = std::to_string(number);
        if (ids.insert(j.id, static_cast<std::uint32_t>(trace.jobs.size()), [&](std::uint32_t r) -> std::string_view { return trace.jobs[r].id; }))
            throw InputError(path, line, std::string(kNames[JobNumber]), "duplicate job number " + j.id);
        j.submit_s = parseSeconds(tok[SubmitTime], {path, line, kNames[SubmitTime]}, 0, kMaxSeconds);
        const auto wait = parseSeconds(tok[WaitTime], {path, line, kNames[WaitTime]}, -1, kMaxSeconds);
        const auto run = parseSeconds(tok[RunTime], {path, line, kNames[RunTime]}, -1, kMaxSeconds);
        const auto allocated = num(AllocatedProcs, -1, kMaxProcessors);
        const auto requested = num(RequestedProcs, -1, kMaxProcessors);
        const auto procs = allocated >= 1 ? allocated : requested >= 1 ? requested : 0;
        j.gpus = static_cast<std::int32_t>((procs + options.processorsPerGpu - 1) / options.processorsPerGpu);
        // Requested memory is KB per processor: the job's memory is that times its processors.
        if (const auto kb = num(RequestedMemory, -1, kMaxKbPerProcessor); kb >= 0 && procs >= 1) {
            j.memGb = static_cast<double>(kb) * static_cast<double>(procs) / kKbPerGb;
            if (j.memGb > kMaxMemGb)
                failField({path, line, kNames[RequestedMemory]}, std::to_string(kb) + " KB per processor on " + std::to_string(procs)
                                                                     + " processors is more than 1e9 GB");
            ++withMemory;
        }
        if (asksForNothing(j))
            j.skip = SkipReason::ZeroGpus;
        j.duration_s = run >= 0 ? run : 0;
        if (run < 0)
            ++unknownRunTime;
        if (wait >= 0) {
            j.recordedStart_s = j.submit_s + wait;
            if (run >= 0)
                j.recordedEnd_s = *j.recordedStart_s + run;
        }
        switch (status) {
        case 1: j.status = JobStatus::Pass; break;
        case 0: j.status = JobStatus::Failed; break;
        case 5: j.status = JobStatus::Killed; break;
        case -1:
            j.status = JobStatus::Pass;
            ++unknownStatus;
            break;
        default: failField({path, line, kNames[Status]}, "unknown status " + std::to_string(status) + " (expected -1 or 0..5)");
        }
        const auto user = num(UserId, -1, INT64_MAX);
        const auto group = num(GroupId, -1, INT64_MAX);
        const auto queue = num(QueueNumber, -1, INT64_MAX);
        j.user = trace.internUser(user >= 0 ? "user " + std::to_string(user) : std::string());
        j.tenant = trace.internTenant(queue >= 0   ? "queue " + std::to_string(queue)
                                  : group >= 0 ? "group " + std::to_string(group)
                                               : std::string("default"));
        trace.jobs.push_back(std::move(j));
        if (total)
            ticker.tick(static_cast<double>(consumed) / static_cast<double>(total));
    }
    if (trace.jobs.empty())
        throw InputError(path, 0, "", line == 0 ? "file is empty" : "file has no job line (SWF: 18 numbers a line)");

    auto& notes = trace.meta.notes;
    if (!unixStart.empty())
        notes.push_back("SWF UnixStartTime " + unixStart + (timeZone.empty() ? "" : " (" + timeZone + ")")
                        + ": times are kept relative to it");
    if (partial)
        notes.push_back(std::to_string(partial) + " partial-execution lines (status 2-4) skipped: their summary line is the job");
    if (unknownStatus)
        notes.push_back(countedText(unknownStatus, "job has", "jobs have") + " an unknown status (-1): counted as Pass");
    if (unknownRunTime)
        notes.push_back(countedText(unknownRunTime, "job has", "jobs have") + " an unknown run time (-1): 0 s of service");
    if (withMemory)
        notes.push_back(std::to_string(withMemory)
                        + " jobs request memory (field 10, KB per processor): memory = that x processors, KB read as KiB");
    if (options.processorsPerGpu > 1)
        notes.push_back("GPUs = processors / " + std::to_string(options.processorsPerGpu) + ", rounded up");
    ticker.finish();
    return trace;
}

} // namespace clens
