#pragma once
// A Trace in the trace_meta, trace_notes, tenants, users, jobs, attempts and attempt_servers
// tables (jobs in input row order).
#include "core/model/trace.hpp"
#include "core/store/row_progress.hpp"
#include "core/store/sqlite_db.hpp"
#include "core/util/error.hpp"

#include <string>

namespace clens::store {

// Rows writeTrace will write to the big tables (jobs, attempts, attempt_servers).
std::int64_t traceRows(const Trace& trace);
// Throws ValueError when a job's vc or user index is out of range.
void writeTrace(Database& db, const Trace& trace, RowProgress& progress);
// jobRows: the jobs table's row count (to reserve).
Trace readTrace(Database& db, const std::string& file, std::int64_t jobRows, RowProgress& progress);

} // namespace clens::store
