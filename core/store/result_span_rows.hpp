#pragma once
// A simulation result's intervals over time, one table each (docs/project-file.md "Schema (version 2, then 3, 4 and 5 below)"):
// result_waits, result_occupancy, result_outages, result_reservations, result_power_off and
// result_scaled_runs (with their levels and phases as blobs).
#include "core/sim/sim_result.hpp"
#include "core/store/row_progress.hpp"
#include "core/store/sqlite_db.hpp"

#include <cstdint>
#include <string>

namespace clens::store {

void writeSpanRows(Database& db, std::int64_t idx, const SimResult& r, RowProgress& progress);

// Reads result idx's intervals into r (whose jobs are read already: their wait ranges are checked
// against the waits). Indices are checked against traceJobs and the result's cluster (null: none).
void readSpanRows(Database& db, const std::string& file, std::int64_t idx, std::int64_t traceJobs, const Topology* cluster,
                  SimResult& r, RowProgress& progress);

} // namespace clens::store
