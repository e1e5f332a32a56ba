#pragma once
// Pieces shared by the files that store a simulation result (result_tables.cpp and the row
// files beside it): checked narrowing, NULL defaults of older schema versions and the walk over
// one result's rows of a table.
#include "core/sim/sim_result.hpp"
#include "core/store/table_reader.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace clens::store::result_rows {

constexpr std::int64_t kInt32Min = std::numeric_limits<std::int32_t>::min();
constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();
constexpr std::int64_t kUint32Max = std::numeric_limits<std::uint32_t>::max();

// NULL (NaN) in a result of an older schema version reads as 0, or as 1.
inline double orZero(double v) { return std::isnan(v) ? 0.0 : v; }
inline double orOne(double v) { return std::isnan(v) ? 1.0 : v; }

inline std::int32_t int32(TableReader& t, int col) { return static_cast<std::int32_t>(t.integer(col, kInt32Min, kInt32Max)); }

inline std::int32_t clusterGpus(const SimResult& r) { return r.cluster ? r.cluster->gpuCount() : 0; }
inline std::int32_t clusterServers(const SimResult& r) { return r.cluster ? r.cluster->serverCount() : 0; }

// Runs fn over the rows of one result table for result idx, in position order.
template <typename Fn>
void readRows(Database& db, const std::string& file, const std::string& table, const std::string& columns,
              std::int64_t result, Fn&& fn)
{
    TableReader t(db, file, table, "SELECT idx, " + columns + " FROM " + table + " WHERE result = " + std::to_string(result) + " ORDER BY idx");
    std::int64_t expected = 0;
    while (t.next()) {
        t.expectPosition(0, expected++);
        fn(t);
    }
}

} // namespace clens::store::result_rows
