#include "core/io/philly_job_log.hpp"

#include "core/io/duplicate_ids.hpp"
#include "core/io/name_index.hpp"
#include "core/io/philly_gpu_util.hpp"
#include "core/util/counted_text.hpp"
#include "core/util/civil_time.hpp"
#include "core/util/input_error.hpp"

#include <boost/json/basic_parser_impl.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace clens {

namespace {

namespace json = boost::json;

constexpr std::size_t kReadChunk = 1 << 20;
constexpr std::size_t kMaxSegment = 1 << 16; // parser input pieces never cross a newline
constexpr std::int32_t kMaxGpuIndex = 4095;

// What the innermost open JSON container is, seen from the job-log schema.
enum class Ctx : std::uint8_t {
    Root,     // the top-level array of jobs
    Job,      // one job object
    Attempts, // job.attempts
    Attempt,  // one attempt object
    Detail,   // attempt.detail
    Entry,    // one {ip, gpus} object
    Gpus,     // entry.gpus
    Skip,     // anything the importer does not read
};

// Counts of tolerated quirks, reported as trace notes.
struct QuirkCounts {
    std::int64_t missingTimes = 0;    // attempts lacking a start or an end (adding 0 s)
    std::int64_t stillRunning = 0;    // last attempt without an end
    std::int64_t negativeAttempts = 0; // end before start (adding 0 s)
    std::int64_t submitFromStart = 0; // no submitted_time: first start used
};

// Receives the SAX events of Boost.JSON's basic_parser and builds the jobs. Throws InputError
// (allowed by basic_parser: handler exceptions propagate) naming line, record and field.
class JobLogHandler {
public:
    static constexpr std::size_t max_array_size = static_cast<std::size_t>(-1);
    static constexpr std::size_t max_object_size = static_cast<std::size_t>(-1);
    static constexpr std::size_t max_string_size = static_cast<std::size_t>(-1);
    static constexpr std::size_t max_key_size = static_cast<std::size_t>(-1);

    JobLogHandler(const std::string& path, const std::int64_t& line, Trace& trace)
        : path_(path)
        , line_(line)
        , trace_(trace)
    {
    }

    bool on_document_begin(json::error_code&) { return true; }
    bool on_document_end(json::error_code&) { return true; }

    bool on_array_begin(json::error_code&)
    {
        if (stack_.empty()) {
            stack_.push_back(Ctx::Root);
            return true;
        }
        switch (stack_.back()) {
        case Ctx::Root: beginJob(); fail("", "job record is an array, expected an object"); break;
        case Ctx::Job:
            if (key_ == "attempts") {
                stack_.push_back(Ctx::Attempts);
                return true;
            }
            break;
        case Ctx::Attempts: fail(attemptField(attempts().size()), "expected an attempt object, got an array"); break;
        case Ctx::Attempt:
            if (key_ == "detail") {
                stack_.push_back(Ctx::Detail);
                return true;
            }
            break;
        case Ctx::Detail: fail(detailField(placement().size()), "expected an object {ip, gpus}, got an array"); break;
        case Ctx::Entry:
            if (key_ == "gpus") {
                stack_.push_back(Ctx::Gpus);
                return true;
            }
            break;
        case Ctx::Gpus: fail(gpuField(), "expected a GPU name such as \"gpu0\", got an array"); break;
        case Ctx::Skip: break;
        }
        stack_.push_back(Ctx::Skip);
        return true;
    }

    bool on_array_end(std::size_t, json::error_code&)
    {
        stack_.pop_back();
        return true;
    }

    bool on_object_begin(json::error_code&)
    {
        if (stack_.empty())
            fail("", "expected a JSON array of job records, found an object");
        switch (stack_.back()) {
        case Ctx::Root:
            beginJob();
            stack_.push_back(Ctx::Job);
            return true;
        case Ctx::Job:
            if (key_ == "attempts")
                fail("attempts", "expected an array of attempts, got an object");
            break;
        case Ctx::Attempts:
            attempts().emplace_back();
            stack_.push_back(Ctx::Attempt);
            return true;
        case Ctx::Attempt:
            if (key_ == "detail")
                fail(attemptField(attempts().size() - 1) + ".detail", "expected an array, got an object");
            break;
        case Ctx::Detail:
            placement().emplace_back();
            entryHasIp_ = false;
            stack_.push_back(Ctx::Entry);
            return true;
        case Ctx::Entry:
            if (key_ == "gpus")
                fail(detailField(placement().size() - 1) + ".gpus", "expected an array, got an object");
            break;
        case Ctx::Gpus: fail(gpuField(), "expected a GPU name such as \"gpu0\", got an object"); break;
        case Ctx::Skip: break;
        }
        stack_.push_back(Ctx::Skip);
        return true;
    }

    bool on_object_end(std::size_t, json::error_code&)
    {
        const Ctx ctx = stack_.back();
        stack_.pop_back();
        if (ctx == Ctx::Job)
            endJob();
        else if (ctx == Ctx::Entry && !entryHasIp_)
            fail(detailField(placement().size() - 1) + ".ip", "server name (ip) is missing");
        return true;
    }

    bool on_string_part(json::string_view s, std::size_t, json::error_code&)
    {
        text_.append(s.data(), s.size());
        return true;
    }
    bool on_string(json::string_view s, std::size_t, json::error_code&)
    {
        text_.append(s.data(), s.size());
        onString(text_);
        text_.clear();
        return true;
    }
    bool on_key_part(json::string_view s, std::size_t, json::error_code&)
    {
        partialKey_.append(s.data(), s.size());
        return true;
    }
    bool on_key(json::string_view s, std::size_t, json::error_code&)
    {
        partialKey_.append(s.data(), s.size());
        key_.swap(partialKey_);
        partialKey_.clear();
        return true;
    }
    bool on_number_part(json::string_view, json::error_code&) { return true; }
    bool on_int64(std::int64_t v, json::string_view, json::error_code&)
    {
        onInteger(v);
        return true;
    }
    bool on_uint64(std::uint64_t v, json::string_view, json::error_code&)
    {
        onInteger(v > static_cast<std::uint64_t>(INT64_MAX) ? -1 : static_cast<std::int64_t>(v));
        return true;
    }
    bool on_double(double, json::string_view, json::error_code&)
    {
        onOther("a number");
        return true;
    }
    bool on_bool(bool, json::error_code&)
    {
        onOther("a boolean");
        return true;
    }
    bool on_null(json::error_code&)
    {
        onNull();
        return true;
    }
    bool on_comment_part(json::string_view, json::error_code&) { return true; }
    bool on_comment(json::string_view, json::error_code&) { return true; }

    std::int64_t records() const { return record_; }
    std::optional<std::int64_t> lastTimestamp() const { return lastTime_; }
    const QuirkCounts& quirks() const { return quirks_; }
    // Line and record of the job being read (for errors raised by the caller).
    std::string where() const { return record_ ? recordLabel() : std::string(); }

private:
    // --- job bookkeeping -------------------------------------------------------------------
    void beginJob()
    {
        ++record_;
        job_ = Job{};
        jobLine_ = line_;
        hasId_ = hasVc_ = hasStatus_ = false;
        submit_.reset();
        user_.clear();
    }

    BoxedVector<RecordedAttempt>& attempts() { return job_.attempts; }
    std::vector<RecordedServerGpus>& placement() { return job_.attempts.back().placement; }

    void endJob()
    {
        if (!hasId_)
            failAt(jobLine_, "jobid", "job id is missing");
        if (!hasVc_)
            failAt(jobLine_, "vc", "virtual cluster (vc) is missing");
        if (!hasStatus_)
            failAt(jobLine_, "status", "status is missing");
        if (ids_.insert(job_.id, static_cast<std::uint32_t>(trace_.jobs.size()),
                        [&](std::uint32_t r) -> std::string_view { return trace_.jobs[r].id; }))
            failAt(jobLine_, "jobid", "duplicate job id '" + job_.id + "'");
        job_.user = users_.get(user_, [&](std::string n) { return trace_.internUser(n); });

        for (const auto& a : job_.attempts) {
            if (a.start_s && !job_.recordedStart_s)
                job_.recordedStart_s = a.start_s;
        }
        if (submit_) {
            job_.submit_s = *submit_;
        } else if (job_.recordedStart_s) {
            job_.submit_s = *job_.recordedStart_s;
            ++quirks_.submitFromStart;
        } else {
            failAt(jobLine_, "submitted_time", "submission time is missing and no attempt has a start time");
        }
        if (job_.attempts.empty()) {
            job_.skip = SkipReason::NoAttempts;
        } else {
            std::int64_t gpus = 0;
            for (const auto& entry : job_.attempts.front().placement)
                gpus += static_cast<std::int64_t>(entry.gpus.size());
            job_.gpus = static_cast<std::int32_t>(gpus);
            if (gpus == 0)
                job_.skip = SkipReason::ZeroGpus;
        }
        trace_.jobs.push_back(std::move(job_));
    }

    // --- scalar values ---------------------------------------------------------------------
    void onString(const std::string& s)
    {
        if (stack_.empty())
            fail("", "expected a JSON array of job records, found a string");
        switch (stack_.back()) {
        case Ctx::Root: beginJob(); fail("", "job record is a string, expected an object");
        case Ctx::Job:
            if (key_ == "jobid") {
                job_.id = requireNonEmpty(s, "jobid");
                hasId_ = true;
            } else if (key_ == "vc") {
                job_.tenant = vcs_.get(requireNonEmpty(s, "vc"), [&](std::string n) { return trace_.internTenant(n); });
                hasVc_ = true;
            } else if (key_ == "user") {
                user_ = s;
            } else if (key_ == "status") {
                const auto st = jobStatusFromString(s);
                if (!st || *st == JobStatus::Unfinished)
                    fail("status", "unknown status '" + s + "' (expected Pass, Killed or Failed)");
                job_.status = *st;
                hasStatus_ = true;
            } else if (key_ == "submitted_time") {
                submit_ = parseTime(s, "submitted_time");
            } else if (key_ == "attempts") {
                fail("attempts", "expected an array of attempts, got a string");
            }
            return;
        case Ctx::Attempts: fail(attemptField(attempts().size()), "expected an attempt object, got a string");
        case Ctx::Attempt:
            if (key_ == "start_time")
                attempts().back().start_s = parseTime(s, attemptField(attempts().size() - 1) + ".start_time");
            else if (key_ == "end_time")
                attempts().back().end_s = parseTime(s, attemptField(attempts().size() - 1) + ".end_time");
            else if (key_ == "detail")
                fail(attemptField(attempts().size() - 1) + ".detail", "expected an array, got a string");
            return;
        case Ctx::Detail: fail(detailField(placement().size()), "expected an object {ip, gpus}, got a string");
        case Ctx::Entry:
            if (key_ == "ip") {
                placement().back().server = requireNonEmpty(s, detailField(placement().size() - 1) + ".ip");
                entryHasIp_ = true;
            } else if (key_ == "gpus") {
                fail(detailField(placement().size() - 1) + ".gpus", "expected an array, got a string");
            }
            return;
        case Ctx::Gpus: {
            std::string_view v = s;
            if (v.size() > 3 && v.substr(0, 3) == "gpu")
                v.remove_prefix(3);
            std::int32_t index = -1;
            if (!v.empty() && v.size() <= 4 && std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }))
                index = std::stoi(std::string(v));
            addGpu(index, s);
            return;
        }
        case Ctx::Skip: return;
        }
    }

    void onInteger(std::int64_t v)
    {
        if (!stack_.empty() && stack_.back() == Ctx::Gpus) {
            addGpu(v >= 0 && v <= kMaxGpuIndex ? static_cast<std::int32_t>(v) : -1, std::to_string(v));
            return;
        }
        onOther("a number");
    }

    void onNull()
    {
        const Ctx ctx = stack_.empty() ? Ctx::Root : stack_.back();
        switch (ctx) {
        case Ctx::Job:
            // A null submitted_time or user is missing, like "None"; null attempts = none.
            if (key_ == "jobid" || key_ == "vc" || key_ == "status")
                fail(key_, "value is null");
            return;
        case Ctx::Attempt: return; // a null start/end is a missing time; a null detail is no placement
        case Ctx::Entry:
            if (key_ == "ip" || key_ == "gpus")
                fail(detailField(placement().size() - 1) + "." + key_, "value is null");
            return;
        case Ctx::Skip: return;
        default: onOther("null");
        }
    }

    void onOther(const char* what)
    {
        if (stack_.empty())
            fail("", std::string("expected a JSON array of job records, found ") + what);
        switch (stack_.back()) {
        case Ctx::Root: beginJob(); fail("", std::string("job record is ") + what + ", expected an object");
        case Ctx::Job:
            if (key_ == "jobid" || key_ == "vc" || key_ == "user" || key_ == "status" || key_ == "submitted_time")
                fail(key_, std::string("expected a string, got ") + what);
            if (key_ == "attempts")
                fail(key_, std::string("expected an array of attempts, got ") + what);
            return;
        case Ctx::Attempts: fail(attemptField(attempts().size()), std::string("expected an attempt object, got ") + what);
        case Ctx::Attempt:
            if (key_ == "start_time" || key_ == "end_time")
                fail(attemptField(attempts().size() - 1) + "." + key_, std::string("expected a date-time string, got ") + what);
            if (key_ == "detail")
                fail(attemptField(attempts().size() - 1) + ".detail", std::string("expected an array, got ") + what);
            return;
        case Ctx::Detail: fail(detailField(placement().size()), std::string("expected an object {ip, gpus}, got ") + what);
        case Ctx::Entry:
            if (key_ == "ip" || key_ == "gpus")
                fail(detailField(placement().size() - 1) + "." + key_, std::string("unexpected ") + what);
            return;
        case Ctx::Gpus: fail(gpuField(), std::string("expected a GPU name such as \"gpu0\", got ") + what);
        case Ctx::Skip: return;
        }
    }

    void addGpu(std::int32_t index, const std::string& text)
    {
        if (index < 0 || index > kMaxGpuIndex)
            fail(gpuField(), "expected a GPU name gpu0..gpu" + std::to_string(kMaxGpuIndex) + ", got '" + text + "'");
        placement().back().gpus.push_back(index);
    }

    std::optional<std::int64_t> parseTime(const std::string& s, const std::string& field)
    {
        const auto t = std::string_view(s);
        if (t.empty() || t == "None")
            return std::nullopt;
        std::string zone;
        const auto civil = parseDateTime(t, &zone);
        if (!civil || !zone.empty())
            fail(field, "expected a date-time 'YYYY-MM-DD HH:MM:SS' (US-Pacific), got '" + s.substr(0, 40) + "'");
        const auto unix = unixFromPacific(*civil);
        lastTime_ = lastTime_ ? std::max(*lastTime_, unix) : unix;
        return unix;
    }

    std::string requireNonEmpty(const std::string& s, const std::string& field)
    {
        if (s.empty())
            fail(field, "value is empty");
        return s;
    }

    // --- error helpers ---------------------------------------------------------------------
    std::string attemptField(std::size_t i) const { return "attempts[" + std::to_string(i) + "]"; }
    std::string detailField(std::size_t j) const
    {
        return attemptField(job_.attempts.size() - 1) + ".detail[" + std::to_string(j) + "]";
    }
    std::string gpuField() const
    {
        return detailField(job_.attempts.back().placement.size() - 1) + ".gpus["
            + std::to_string(job_.attempts.back().placement.back().gpus.size()) + "]";
    }
    std::string recordLabel() const
    {
        std::string s = "job record " + std::to_string(record_);
        if (hasId_)
            s += " (jobid '" + job_.id + "')";
        return s;
    }

    [[noreturn]] void fail(const std::string& field, const std::string& reason) const { failAt(line_, field, reason); }
    [[noreturn]] void failAt(std::int64_t line, const std::string& field, const std::string& reason) const
    {
        throw InputError(path_, line, field, record_ ? recordLabel() + ": " + reason : reason);
    }

    const std::string& path_;
    const std::int64_t& line_; // line of the parser input being fed
    Trace& trace_;
    std::vector<Ctx> stack_;
    std::string key_, partialKey_, text_;

    std::int64_t record_ = 0;
    std::int64_t jobLine_ = 0;
    Job job_;
    bool hasId_ = false, hasVc_ = false, hasStatus_ = false, entryHasIp_ = false;
    std::optional<std::int64_t> submit_;
    std::string user_;
    DuplicateIds ids_;
    NameIndex vcs_, users_;
    std::optional<std::int64_t> lastTime_;
    QuirkCounts quirks_;
};

// Service time and recorded end of each job, once the log's last timestamp is known.
void finishDurations(Trace& trace, std::optional<std::int64_t> logEnd, QuirkCounts& q)
{
    for (auto& job : trace.jobs) {
        std::int64_t service = 0;
        for (std::size_t k = 0; k < job.attempts.size(); ++k) {
            const auto& a = job.attempts[k];
            const bool last = k + 1 == job.attempts.size();
            if (a.start_s && a.end_s) {
                if (*a.end_s < *a.start_s)
                    ++q.negativeAttempts;
                else
                    service += *a.end_s - *a.start_s;
                job.recordedEnd_s = a.end_s;
            } else if (a.start_s && last && logEnd) {
                ++q.stillRunning;
                service += std::max<std::int64_t>(0, *logEnd - *a.start_s);
                job.recordedEnd_s = logEnd;
            } else {
                ++q.missingTimes;
                if (a.end_s)
                    job.recordedEnd_s = a.end_s;
            }
        }
        job.duration_s = service;
    }
}

void addNotes(Trace& trace, std::optional<std::int64_t> logEnd, const QuirkCounts& q)
{
    auto& notes = trace.meta.notes;
    const auto noAttempts = std::count_if(trace.jobs.begin(), trace.jobs.end(),
                                          [](const Job& j) { return j.skip == SkipReason::NoAttempts; });
    if (noAttempts)
        notes.push_back(countedText(noAttempts, "job has", "jobs have") + " no attempt: counted, not simulated");
    if (q.missingTimes)
        notes.push_back(countedText(q.missingTimes, "attempt misses", "attempts miss") + " a start or end time: each adds 0 s of service");
    if (q.stillRunning)
        notes.push_back(countedText(q.stillRunning, "job was", "jobs were") + " still running when the log ends (" + formatUtc(*logEnd)
                        + " UTC): their last attempt ends there");
    if (q.negativeAttempts)
        notes.push_back(countedText(q.negativeAttempts, "attempt ends", "attempts end") + " before it starts: each adds 0 s of service");
    if (q.submitFromStart)
        notes.push_back(countedText(q.submitFromStart, "job has", "jobs have") + " no submitted_time: its first start is used");
}

bool isJsonSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

} // namespace

Trace readPhillyJobLog(const std::string& path, const ImportOptions& options)
{
    std::error_code fsError;
    std::ifstream in(path, std::ios::binary);
    if (!in || std::filesystem::is_directory(path, fsError))
        throw InputError(path, 0, "", "cannot open file for reading");
    const auto total = std::filesystem::file_size(path, fsError);

    Trace trace;
    trace.meta.source = path;
    trace.meta.format = "philly";
    trace.meta.timeBase = TimeBase::UnixUtc;

    std::int64_t line = 1;
    json::parse_options parseOptions;
    parseOptions.max_depth = 1024;
    json::basic_parser<JobLogHandler> parser(parseOptions, path, line, trace);
    ProgressTicker ticker(options.progress, 1); // one tick per 1 MiB read

    // No larger than the file: zeroing 1 MiB for a small log costs more than parsing it.
    std::vector<char> buf(fsError ? kReadChunk : static_cast<std::size_t>(std::clamp<std::uintmax_t>(total, 4096, kReadChunk)));
    bool done = false, sawContent = false, first = true;
    std::uint64_t consumed = 0;
    while (in) {
        in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
        const auto n = static_cast<std::size_t>(in.gcount());
        if (n == 0)
            break;
        std::size_t pos = 0;
        if (first) {
            first = false;
            if (n >= 3 && std::memcmp(buf.data(), "\xEF\xBB\xBF", 3) == 0)
                pos = 3;
        }
        while (pos < n) {
            const char* seg = buf.data() + pos;
            const std::size_t room = std::min(n - pos, kMaxSegment);
            const void* nl = std::memchr(seg, '\n', room);
            const std::size_t len = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - seg) + 1 : room;
            std::size_t used = 0;
            if (!done) {
                if (!sawContent)
                    sawContent = std::any_of(seg, seg + len, [](char c) { return !isJsonSpace(c); });
                json::error_code ec;
                used = parser.write_some(true, seg, len, ec);
                if (ec) {
                    const auto where = parser.handler().where();
                    throw InputError(path, line, "",
                                     (where.empty() ? std::string() : where + ": ") + "JSON syntax error (" + ec.message() + ")");
                }
                done = parser.done();
            }
            if (done && std::any_of(seg + used, seg + len, [](char c) { return !isJsonSpace(c); }))
                throw InputError(path, line, "", "unexpected text after the end of the JSON array");
            if (nl)
                ++line;
            pos += len;
        }
        consumed += n;
        if (total)
            ticker.tick(static_cast<double>(consumed) / static_cast<double>(total));
    }
    if (!sawContent)
        throw InputError(path, 0, "", "file is empty (expected a JSON array of job records)");
    if (!done) {
        json::error_code ec;
        parser.write_some(false, nullptr, 0, ec);
        if (ec || !parser.done()) {
            const auto where = parser.handler().where();
            throw InputError(path, line, "",
                             (where.empty() ? std::string() : where + ": ") + "the JSON ends early (truncated file?)");
        }
    }

    const auto& h = parser.handler();
    QuirkCounts quirks = h.quirks();
    finishDurations(trace, h.lastTimestamp(), quirks);
    addNotes(trace, h.lastTimestamp(), quirks);
    if (!options.gpuUtilPath.empty())
        applyPhillyGpuUtil(trace, options.gpuUtilPath, options);
    ticker.finish();
    return trace;
}

} // namespace clens
