#include "core/io/job_results_csv_reader.hpp"
#include "core/util/input_limits.hpp"

#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"

#include <unordered_set>

namespace clens {

namespace {

class RowReader {
public:
    RowReader(const CsvReader& csv, const CsvHeader& header) : csv_(csv), header_(header) {}

    std::string_view text(std::optional<std::size_t> col) const
    {
        if (!col || *col >= csv_.size())
            return {};
        return trim(csv_.field(*col));
    }
    FieldRef at(std::optional<std::size_t> col) const
    {
        return {csv_.fileName(), csv_.line(), col ? std::string_view(header_.name(*col)) : std::string_view()};
    }
    std::optional<std::int64_t> seconds(std::optional<std::size_t> col, std::int64_t lo) const
    {
        const auto t = text(col);
        if (t.empty())
            return std::nullopt;
        return parseSeconds(t, at(col), lo, kMaxSeconds);
    }
    std::optional<std::int32_t> count(std::optional<std::size_t> col, std::int64_t hi) const
    {
        const auto t = text(col);
        if (t.empty())
            return std::nullopt;
        return static_cast<std::int32_t>(parseInt(t, at(col), 0, hi));
    }
    std::optional<double> number(std::optional<std::size_t> col, double lo, double hi) const
    {
        const auto t = text(col);
        if (t.empty())
            return std::nullopt;
        return parseDouble(t, at(col), lo, hi);
    }
    [[noreturn]] void fail(std::optional<std::size_t> col, const std::string& reason) const { failField(at(col), reason); }

private:
    const CsvReader& csv_;
    const CsvHeader& header_;
};

std::optional<LocalityLevel> levelFromString(std::string_view s)
{
    if (s == "server")
        return LocalityLevel::Server;
    if (s == "rack")
        return LocalityLevel::Rack;
    if (s == "any")
        return LocalityLevel::Any;
    return std::nullopt;
}

} // namespace

JobResultsFile readJobResultsCsv(const std::string& path)
{
    CsvReader csv(path);
    if (!csv.next())
        throw InputError(path, 0, "", "file is empty (expected a simulator jobs.csv with a header line)");
    const CsvHeader header(csv);
    const auto cId = header.require("job_id");
    const auto cVc = header.require("vc");
    const auto cGpus = header.require("gpus");
    const auto cSubmit = header.require("submit_s");
    const auto cStart = header.require("start_s");
    const auto cEnd = header.require("end_s");
    const auto cQueue = header.require("queue_delay_s");
    const auto cStatus = header.require("status");
    const auto cFair = header.find("fairshare_delay_s");
    const auto cFrag = header.find("fragmentation_delay_s");
    const auto cCap = header.find("capacity_delay_s");
    const int causeColumns = int(cFair.has_value()) + int(cFrag.has_value()) + int(cCap.has_value());
    if (causeColumns != 0 && causeColumns != 3)
        throw InputError(path, csv.line(), !cFair ? "fairshare_delay_s" : !cFrag ? "fragmentation_delay_s" : "capacity_delay_s",
                         "column missing: the delay-cause columns come as a set of three");
    const auto cPower = header.find("power_delay_s");
    const auto cServers = header.find("servers");
    const auto cRacks = header.find("racks");
    const auto cLevel = header.find("level");
    const auto cAttempts = header.find("attempts");
    const auto cGpuSeconds = header.find("gpu_seconds");
    const auto cUser = header.find("user");
    const auto cDuration = header.find("duration_s");
    const auto cSlowdown = header.find("slowdown");
    const auto cUtil = header.find("effective_util");

    JobResultsFile file;
    file.path = path;
    file.hasDelayCauses = causeColumns == 3;
    std::unordered_set<std::string> seen;
    while (csv.next()) {
        const RowReader r(csv, header);
        JobResultRow row;
        row.line = csv.line();
        row.id = std::string(requireText(r.text(cId), r.at(cId)));
        if (!seen.insert(row.id).second)
            r.fail(cId, "duplicate job id '" + row.id + "'");
        row.vc = std::string(requireText(r.text(cVc), r.at(cVc)));
        row.user = std::string(r.text(cUser));
        row.gpus = static_cast<std::int32_t>(parseInt(r.text(cGpus), r.at(cGpus), 0, kMaxGpusPerJob));
        row.submit_s = parseSeconds(r.text(cSubmit), r.at(cSubmit), -kMaxSeconds, kMaxSeconds);
        row.start_s = r.seconds(cStart, -kMaxSeconds);
        row.end_s = r.seconds(cEnd, -kMaxSeconds);
        const auto statusText = std::string(r.text(cStatus));
        const auto status = jobStatusFromString(statusText);
        if (!status)
            r.fail(cStatus, "unknown status '" + statusText + "' (expected Pass, Killed, Failed or Unfinished)");
        row.status = *status;
        if (row.start_s && *row.start_s < row.submit_s)
            r.fail(cStart, "job starts before it is submitted");
        if (row.end_s && !row.start_s)
            r.fail(cStart, "job has an end but no start");
        if (row.end_s && *row.end_s < *row.start_s)
            r.fail(cEnd, "job ends before it starts");
        row.queueDelay_s = r.seconds(cQueue, 0);
        if (file.hasDelayCauses) {
            row.fairshareDelay_s = r.seconds(cFair, 0);
            row.fragmentationDelay_s = r.seconds(cFrag, 0);
            row.capacityDelay_s = r.seconds(cCap, 0);
            row.powerDelay_s = r.seconds(cPower, 0);
            const int given = int(row.fairshareDelay_s.has_value()) + int(row.fragmentationDelay_s.has_value())
                            + int(row.capacityDelay_s.has_value());
            if (given != 0 && (given != 3 || !row.queueDelay_s))
                r.fail(given != 3 ? cFair : cQueue, "delay causes and queue_delay_s must be given together");
            const auto causes = given == 3 ? *row.fairshareDelay_s + *row.fragmentationDelay_s + *row.capacityDelay_s
                                                 + row.powerDelay_s.value_or(0)
                                           : 0;
            if (given == 3 && causes != *row.queueDelay_s)
                r.fail(cQueue, std::string("fairshare + fragmentation + capacity") + (cPower ? " + power" : "") + " delays (" +
                                   std::to_string(causes) + " s) do not sum to queue_delay_s (" +
                                   std::to_string(*row.queueDelay_s) + " s)");
        }
        row.servers = r.count(cServers, kMaxGpusPerJob);
        row.racks = r.count(cRacks, kMaxGpusPerJob);
        if (const auto t = r.text(cLevel); !t.empty()) {
            row.level = levelFromString(t);
            if (!row.level)
                r.fail(cLevel, "unknown level '" + std::string(t) + "' (expected server, rack or any)");
        }
        row.attempts = r.count(cAttempts, kMaxGpusPerJob);
        row.gpuSeconds = r.number(cGpuSeconds, 0, 1e18);
        row.duration_s = r.seconds(cDuration, 0);
        row.slowdown = r.number(cSlowdown, 0, 1e9);
        row.effectiveUtil = r.number(cUtil, 0, 1);
        file.rows.push_back(std::move(row));
    }
    return file;
}

} // namespace clens
