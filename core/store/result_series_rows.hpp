#pragma once
// A simulation result's time series: result_series (one row of blobs, a value per sample) and
// result_series_vc (queued jobs per tenant) (docs/project-file.md "Schema (version 2, then 3, 4 and 5 below)").
#include "core/sim/sim_result.hpp"
#include "core/store/sqlite_db.hpp"

#include <cstdint>
#include <string>

namespace clens::store {

void writeSeriesRows(Database& db, std::int64_t idx, const SimResult& r);
void readSeriesRows(Database& db, const std::string& file, std::int64_t idx, SimResult& r);

} // namespace clens::store
