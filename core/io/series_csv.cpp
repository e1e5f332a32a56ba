#include "core/io/series_csv.hpp"

#include "core/util/csv_writer.hpp"
#include "core/util/number_format.hpp"

namespace clens {

void writeSeriesCsv(std::ostream& out, const SimResult& result)
{
    const auto& s = result.series;
    out << "t_s,allocated_gpus,effective_util,queued_jobs,free_servers,held_idle_gpus";
    for (const auto& tenant : result.trace->tenants) {
        out << ',';
        writeCsvField(out, "queue_" + tenant.name);
    }
    out << '\n';
    for (std::size_t i = 0; i < s.t_s.size(); ++i) {
        out << s.t_s[i] << ',' << s.allocatedGpus[i] << ',' << formatDouble(s.effectiveUtil[i]) << ',' << s.queuedJobs[i]
            << ',' << s.freeServers[i] << ',' << s.heldIdleGpus[i];
        for (const auto& q : s.queuedByVc)
            out << ',' << q[i];
        out << '\n';
    }
}

} // namespace clens
