#include "core/store/result_tables.hpp"

#include "core/store/result_job_rows.hpp"
#include "core/store/result_rows.hpp"
#include "core/store/result_series_rows.hpp"
#include "core/store/result_span_rows.hpp"
#include "core/store/results_row.hpp"
#include "core/util/error.hpp"

namespace clens::store {

using namespace result_rows;

std::int64_t resultRows(const SimResult& r)
{
    return static_cast<std::int64_t>(r.jobs.size() + r.waits.size() + r.occupancy.size() + r.outages.size() + r.reservations.size()
                                     + r.powerOff.size() + r.scaledRuns.size());
}

void validateResult(const SimResult& r, const std::string& name, std::size_t traceJobs)
{
    const auto bad = [&](const std::string& what) { throw ValueError("result '" + name + "': " + what); };
    const auto jobs = static_cast<std::int64_t>(traceJobs);
    for (std::size_t i = 0; i < r.jobs.size(); ++i) {
        const auto& j = r.jobs[i];
        if (j.job < -1 || j.job >= jobs)
            bad("job result " + std::to_string(i) + " refers to job " + std::to_string(j.job) + " of a " + std::to_string(jobs) + "-job trace");
        if (static_cast<std::uint64_t>(j.firstWait) + j.waitCount > r.waits.size())
            bad("job result " + std::to_string(i) + " refers to waits beyond the wait list");
    }
    for (const auto& o : r.occupancy)
        if (o.job < 0 || o.job >= jobs || o.gpu < 0 || o.gpu >= clusterGpus(r))
            bad("an occupancy interval refers to job " + std::to_string(o.job) + ", GPU " + std::to_string(o.gpu) + " out of range");
    for (const auto& o : r.outages)
        if (o.server < 0 || o.server >= clusterServers(r))
            bad("an outage refers to server " + std::to_string(o.server) + " out of range");
    for (const auto& v : r.reservations)
        if (v.job < 0 || v.job >= jobs || v.server < 0 || v.server >= clusterServers(r))
            bad("a reservation refers to job " + std::to_string(v.job) + ", server " + std::to_string(v.server) + " out of range");
    for (const auto& p : r.powerOff)
        if (p.server < 0 || p.server >= clusterServers(r))
            bad("a powered-off interval refers to server " + std::to_string(p.server) + " out of range");
    for (const auto& run : r.scaledRuns)
        if (run.job < 0 || run.job >= jobs || run.server < 0 || run.server >= clusterServers(r)
            || static_cast<std::uint64_t>(run.first) + run.count > r.scaledLevels.size())
            bad("an autoscaled run refers to job " + std::to_string(run.job) + ", server " + std::to_string(run.server)
                + " or levels out of range");
}

void writeResult(Database& db, std::int64_t idx, const std::string& name, std::optional<std::int64_t> clusterId,
                 const SimResult& r, RowProgress& progress)
{
    writeResultsRow(db, idx, name, clusterId, r);
    writeQuotaRows(db, idx, r);
    writeJobRows(db, idx, r, progress);
    writeSpanRows(db, idx, r, progress);
    writeSeriesRows(db, idx, r);
}

std::vector<StoredResult> readResults(Database& db, const std::string& file, std::size_t traceJobs,
                                      const std::map<std::int64_t, std::shared_ptr<const Topology>>& clusters,
                                      RowProgress& progress)
{
    auto out = readResultsRows(db, file, clusters);
    const auto jobs = static_cast<std::int64_t>(traceJobs);
    for (std::size_t ri = 0; ri < out.size(); ++ri) {
        const auto idx = static_cast<std::int64_t>(ri);
        auto& r = *out[ri].result;
        const auto cluster = out[ri].clusterId ? clusters.at(*out[ri].clusterId) : nullptr;
        readQuotaRows(db, file, idx, r);
        readJobRows(db, file, idx, jobs, r, progress);
        readSpanRows(db, file, idx, jobs, cluster.get(), r, progress);
        readSeriesRows(db, file, idx, r);
    }
    return out;
}

} // namespace clens::store
