#include "core/io/slurm_sacct.hpp"

#include "core/io/slurm_sacct_builder.hpp"
#include "core/io/slurm_tres.hpp"
#include "core/util/counted_text.hpp"
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

struct Columns {
    std::optional<std::size_t> id, idRaw, user, account, partition, qos, submit, start, end, state, allocTres, reqTres,
        nnodes, nodeList, elapsedRaw, ncpus;
};

Columns findColumns(const std::vector<std::string>& names)
{
    Columns c;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto& n = names[i];
        auto* slot = n == "JobID" ? &c.id
            : n == "JobIDRaw"     ? &c.idRaw
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

// sacct's local date-times in the import's zone, as Unix UTC.
class SacctTimes {
public:
    SacctTimes(const std::string& path, const ImportOptions& options)
    {
        try {
            zone_ = TimeZone::load(options.timeZone);
        } catch (const ValueError& e) {
            throw InputError(path, 0, "", std::string("time zone option: ") + e.what());
        }
    }
    // nullopt for Unknown, None or empty.
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
        ambiguous_ += fit == TimeZone::Fit::Ambiguous;
        skipped_ += fit == TimeZone::Fit::Skipped;
        return unix;
    }
    std::vector<std::string> notes() const
    {
        std::vector<std::string> n{zone_.name() == "UTC"
                                       ? "sacct times read as UTC (sacct prints local times: give their zone with --timezone)"
                                       : "sacct times read as " + zone_.name() + " local time"};
        if (ambiguous_)
            n.push_back(countedText(ambiguous_, "time falls", "times fall") + " in a repeated hour (clocks set back): read as the first occurrence");
        if (skipped_)
            n.push_back(countedText(skipped_, "time falls", "times fall") + " in a skipped hour (clocks set forward): read with the offset before the change");
        return n;
    }

private:
    TimeZone zone_;
    std::int64_t ambiguous_ = 0, skipped_ = 0;
};

SlurmTres readTres(std::string_view text, const FieldRef& where)
{
    try {
        return parseSlurmTres(trim(text));
    } catch (const ValueError& e) {
        failField(where, e.what());
    }
}

} // namespace

std::optional<std::size_t> slurmTenantColumn(const std::vector<std::string>& names, const ImportOptions& options,
                                             const std::string& path, std::int64_t headerLine)
{
    const auto& by = options.slurmTenant;
    if (by != "account" && !by.empty() && by != "partition" && by != "qos")
        throw InputError(path, 0, "", "tenant option '" + by + "': expected account, partition or qos");
    const std::string column = by == "partition" ? "Partition" : by == "qos" ? "QOS" : "Account";
    const auto it = std::find(names.begin(), names.end(), column);
    if (it == names.end())
        throw InputError(path, headerLine, "", "missing column '" + column
                                                   + "' (the tenant; add it to sacct --format, or choose another with the tenant option)");
    return static_cast<std::size_t>(it - names.begin());
}

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
    const auto cTenant = slurmTenantColumn(names, options, path, headerLine);

    SacctTimes times(path, options);
    SacctTraceBuilder builder(path, options, "slurm");
    const auto idName = names[*cId];
    SacctTraceBuilder::Where where{0, [&](std::string_view f) { return f == "JobID" ? idName : std::string(f); }};
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
        SacctRecord r;
        r.id = std::string(text(cId));
        if (r.id.find('.') != std::string::npos) { // a job step: 123.batch, 123.0, 123.extern
            builder.countStep();
            continue;
        }
        if (r.id.find("_[") != std::string::npos)
            builder.countArrayRange();
        r.tenant = std::string(text(cTenant));
        r.user = std::string(text(c.user));
        r.state = std::string(text(c.state));
        r.alloc = readTres(text(c.allocTres), {path, lineNo, "AllocTRES"});
        r.req = readTres(text(c.reqTres), {path, lineNo, "ReqTRES"});
        if (const auto n = text(c.ncpus); !n.empty())
            r.ncpus = parseDouble(n, {path, lineNo, names[*c.ncpus]}, 0, 1e6);
        const auto submit = times.read(text(c.submit), {path, lineNo, "Submit"});
        if (!submit)
            failField({path, lineNo, "Submit"}, "value is empty or Unknown");
        r.submit_s = *submit;
        r.start_s = times.read(text(c.start), {path, lineNo, "Start"});
        r.end_s = times.read(text(c.end), {path, lineNo, "End"});
        if (const auto e = text(c.elapsedRaw); !e.empty())
            r.elapsed_s = parseSeconds(e, {path, lineNo, "ElapsedRaw"});
        r.nodes = std::string(text(c.nodeList));
        if (const auto nn = text(c.nnodes); !nn.empty())
            r.nnodes = parseInt(nn, {path, lineNo, "NNodes"}, 0, 1'000'000);
        where.line = lineNo;
        builder.add(std::move(r), where);
        if (in.totalBytes())
            ticker.tick(static_cast<double>(in.bytesRead()) / static_cast<double>(in.totalBytes()));
    }
    auto trace = builder.finish(times.notes());
    ticker.finish();
    return trace;
}

} // namespace clens
