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
    const auto cCpu = header.find("cpu_reserved");
    const auto cMem = header.find("mem_reserved");
    const auto cFrag = header.find("share_fragmentation");
    // Written since the autoscaler in the cluster; absent from older files (then unknown).
    const auto cCpuUsed = header.find("cpu_used");
    const auto cMemUsed = header.find("mem_used");
    const auto cPowered = header.find("powered_servers");
    const auto cKw = header.find("power_kw");
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
        s.allocatedGpus.push_back(parseDouble(field(cAlloc), {path, csv.line(), "allocated_gpus"}, 0, 1e12));
        s.effectiveUtil.push_back(parseDouble(field(cUtil), {path, csv.line(), "effective_util"}, 0, 1));
        s.queuedJobs.push_back(count(cQueued));
        s.freeServers.push_back(count(cFree));
        s.heldIdleGpus.push_back(cIdle ? count(*cIdle) : 0);
        const auto level = [&](const std::optional<std::size_t>& c, const char* name, double hi) {
            return c ? parseDouble(field(*c), {path, csv.line(), name}, 0, hi) : 0.0;
        };
        s.cpuReserved.push_back(level(cCpu, "cpu_reserved", 1e15));
        s.memReserved.push_back(level(cMem, "mem_reserved", 1e18));
        s.shareFragmentation.push_back(level(cFrag, "share_fragmentation", 1));
        if (cCpuUsed && cMemUsed && cPowered && cKw) {
            s.cpuUsed.push_back(level(cCpuUsed, "cpu_used", 1e15));
            s.memUsed.push_back(level(cMemUsed, "mem_used", 1e18));
            s.poweredServers.push_back(count(*cPowered));
            s.powerKw.push_back(level(cKw, "power_kw", 1e12));
        }
    }
    if (s.t_s.size() >= 2)
        s.step_s = s.t_s[1] - s.t_s[0];
    return s;
}

} // namespace clens
