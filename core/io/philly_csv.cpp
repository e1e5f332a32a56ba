#include "core/io/philly_csv.hpp"
#include "core/io/csv_import.hpp"
#include "core/util/input_limits.hpp"

#include "core/io/name_index.hpp"
#include "core/util/civil_time.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"

#include <algorithm>

namespace clens {


Trace readPhillyCsv(const std::string& path, const ImportOptions& options)
{
    CsvReader csv(path);
    const CsvHeader header = readCsvHeader(csv, "timestamp,duration,num_gpus,gpu_time,cluster");
    const auto cTime = header.require("timestamp");
    const auto cDuration = header.require("duration");
    const auto cGpus = header.require("num_gpus");
    const auto cVc = header.require("cluster");
    const std::size_t needed = std::max({cTime, cDuration, cGpus, cVc}) + 1;

    Trace trace;
    trace.meta.source = path;
    trace.meta.format = "philly-csv";
    trace.meta.timeBase = TimeBase::UnixUtc;
    const auto noUser = trace.internUser("");
    NameIndex vcs;
    ProgressTicker ticker(options.progress);
    std::int64_t row = 0;
    while (csv.next()) {
        const auto line = csv.line();
        requireFieldCount(csv, needed, header);
        Job j;
        j.id = std::to_string(++row);
        const auto stamp = trim(csv.field(cTime));
        std::string zone;
        const auto civil = parseDateTime(stamp, &zone);
        if (!civil || !zone.empty())
            failField({path, line, "timestamp"},
                      "expected a date-time 'YYYY-MM-DD HH:MM:SS' (US-Pacific), got '" + std::string(stamp.substr(0, 40)) + "'");
        j.submit_s = unixFromPacific(*civil);
        j.duration_s = parseSeconds(csv.field(cDuration), {path, line, "duration"}, 0, kMaxSeconds);
        j.gpus = static_cast<std::int32_t>(parseInt(csv.field(cGpus), {path, line, "num_gpus"}, 0, kMaxGpusPerJob));
        j.tenant = vcs.get(requireText(csv.field(cVc), {path, line, "cluster"}), [&](std::string n) { return trace.internTenant(n); });
        j.user = noUser;
        if (j.gpus == 0)
            j.skip = SkipReason::ZeroGpus;
        trace.jobs.push_back(std::move(j));
        afterJobRow(csv, trace.jobs, ticker);
    }
    if (trace.jobs.empty())
        throw InputError(path, 0, "", "file has a header but no job");
    trace.meta.notes.push_back("philly-csv has no final status (all jobs counted as Pass) and no user");
    ticker.finish();
    return trace;
}

} // namespace clens
