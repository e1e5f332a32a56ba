#pragma once
// Simulation results in the results, result_quota, result_jobs, result_waits, result_occupancy,
// result_outages, result_series and result_series_vc tables. A result's scenario is stored
// field by field in its results row; its cluster by id in the clusters table; its trace is the
// project's trace.
#include "core/sim/sim_result.hpp"
#include "core/store/row_progress.hpp"
#include "core/store/sqlite_db.hpp"
#include "core/util/error.hpp"

#include <map>
#include <memory>
#include <string>

namespace clens::store {

// Rows writeResult will write to the big tables.
std::int64_t resultRows(const SimResult& r);
// Throws ValueError when the result does not fit the trace and cluster it refers to
// (a job, GPU or server index out of range, waits outside the wait list).
void validateResult(const SimResult& r, const std::string& name, std::size_t traceJobs);

void writeResult(Database& db, std::int64_t idx, const std::string& name, std::optional<std::int64_t> clusterId,
                 const SimResult& r, RowProgress& progress);

struct StoredResult {
    std::string name;
    std::optional<std::int64_t> clusterId;
    bool hasTrace = false;
    std::shared_ptr<SimResult> result; // cluster and trace still to be attached
};

// Every stored result in order. Indices are checked against traceJobs and the stored clusters.
std::vector<StoredResult> readResults(Database& db, const std::string& file, std::size_t traceJobs,
                                      const std::map<std::int64_t, std::shared_ptr<const Topology>>& clusters,
                                      RowProgress& progress);

} // namespace clens::store
