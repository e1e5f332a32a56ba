#include "core/io/series_csv_reader.hpp"

#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"

namespace clens {

TimeSeries readSeriesCsv(const std::string& path)
{
    CsvReader csv(path);
    if (!csv.next())
        throw InputError(path, 0, "", "file is empty (expected a simulator series CSV with a header line)");
    const CsvHeader header(csv);
    const auto cT = header.require("t_s");
    const auto cAlloc = header.require("allocated_gpus");
    const auto cUtil = header.require("effective_util");
    const auto cQueued = header.require("queued_jobs");
    const auto cFree = header.require("free_servers");
    const auto cIdle = header.find("held_idle_gpus");
    constexpr std::int64_t kMaxCount = std::int64_t{1} << 31;
    TimeSeries s;
    const auto field = [&](std::size_t c) { return c < csv.size() ? csv.field(c) : std::string_view(); };
    const auto count = [&](std::size_t c) {
        return static_cast<std::int32_t>(parseInt(field(c), {path, csv.line(), header.name(c)}, 0, kMaxCount - 1));
    };
    while (csv.next()) {
        const auto t = parseInt(field(cT), {path, csv.line(), "t_s"}, -(std::int64_t{1} << 50), std::int64_t{1} << 50);
        if (!s.t_s.empty() && t <= s.t_s.back())
            throw InputError(path, csv.line(), "t_s", "sample times must increase");
        s.t_s.push_back(t);
        s.allocatedGpus.push_back(count(cAlloc));
        s.effectiveUtil.push_back(parseDouble(field(cUtil), {path, csv.line(), "effective_util"}, 0, 1));
        s.queuedJobs.push_back(count(cQueued));
        s.freeServers.push_back(count(cFree));
        s.heldIdleGpus.push_back(cIdle ? count(*cIdle) : 0);
    }
    if (s.t_s.size() >= 2)
        s.step_s = s.t_s[1] - s.t_s[0];
    return s;
}

} // namespace clens
