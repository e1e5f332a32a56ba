#include "core/io/series_csv.hpp"

#include "core/util/csv_writer.hpp"
#include "core/util/number_format.hpp"

#include <algorithm>
#include <cstdint>

namespace clens {

void writeSeriesCsv(std::ostream& out, const SimResult& result)
{
    writeSeriesCsv(out, result, INT64_MIN, INT64_MAX);
}

void writeSeriesCsv(std::ostream& out, const SimResult& result, std::int64_t from_s, std::int64_t to_s)
{
    const auto& s = result.series;
    // First row: the last sample at or before from_s (or the first one).
    const auto after = std::upper_bound(s.t_s.begin(), s.t_s.end(), from_s);
    const auto first = static_cast<std::size_t>(after == s.t_s.begin() ? 0 : after - s.t_s.begin() - 1);
    // The per-VC queues keep their place after the first six columns; later columns come last.
    out << "t_s,allocated_gpus,effective_util,queued_jobs,free_servers,held_idle_gpus";
    for (const auto& tenant : result.trace->tenants) {
        out << ',';
        writeCsvField(out, "queue_" + tenant.name);
    }
    out << ",cpu_reserved,mem_reserved,share_fragmentation,cpu_used,mem_used,powered_servers,power_kw\n";
    for (std::size_t i = first; i < s.t_s.size() && s.t_s[i] <= to_s; ++i) {
        const auto level = [&](const std::vector<double>& v) { return i < v.size() ? formatDouble(v[i]) : std::string("0"); };
        out << s.t_s[i] << ',' << formatDouble(s.allocatedGpus[i]) << ',' << formatDouble(s.effectiveUtil[i]) << ','
            << s.queuedJobs[i] << ',' << s.freeServers[i] << ',' << s.heldIdleGpus[i];
        for (const auto& q : s.queuedByVc)
            out << ',' << q[i];
        out << ',' << level(s.cpuReserved) << ',' << level(s.memReserved) << ',' << level(s.shareFragmentation) << ','
            << level(s.cpuUsed) << ',' << level(s.memUsed) << ',' << (i < s.poweredServers.size() ? s.poweredServers[i] : 0) << ','
            << level(s.powerKw) << '\n';
    }
}

} // namespace clens
