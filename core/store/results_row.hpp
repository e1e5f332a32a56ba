#pragma once
// The results table: one row per simulation result, with its scenario field by field and its
// summary (docs/project-file.md "Schema (version 2, then 3, 4 and 5 below)").
#include "core/sim/sim_result.hpp"
#include "core/store/result_tables.hpp"
#include "core/store/sqlite_db.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clens::store {

void writeResultsRow(Database& db, std::int64_t idx, const std::string& name, std::optional<std::int64_t> clusterId,
                     const SimResult& r);

// The scenario's GPU quotas per tenant (result_quota).
void writeQuotaRows(Database& db, std::int64_t idx, const SimResult& r);
void readQuotaRows(Database& db, const std::string& file, std::int64_t idx, SimResult& r);

// Every row in position order, each with a fresh SimResult holding its scenario and summary.
std::vector<StoredResult> readResultsRows(Database& db, const std::string& file,
                                          const std::map<std::int64_t, std::shared_ptr<const Topology>>& clusters);

} // namespace clens::store
