#pragma once
// The result_jobs table: one row per job of a simulation result (docs/project-file.md "Schema (version 2, then 3, 4 and 5 below)").
#include "core/sim/sim_result.hpp"
#include "core/store/row_progress.hpp"
#include "core/store/sqlite_db.hpp"

#include <cstdint>
#include <string>

namespace clens::store {

void writeJobRows(Database& db, std::int64_t idx, const SimResult& r, RowProgress& progress);
// Appends result idx's job results to r.jobs and its never-startable jobs to r.neverStartable;
// job indices are checked against a trace of traceJobs jobs.
void readJobRows(Database& db, const std::string& file, std::int64_t idx, std::int64_t traceJobs, SimResult& r,
                 RowProgress& progress);

} // namespace clens::store
