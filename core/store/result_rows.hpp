#pragma once
// Pieces shared by the files that store a simulation result (result_tables.cpp and the row
// files beside it): checked narrowing, NULL defaults of older schema versions and the walk over
// one result's rows of a table.
#include "core/sim/sim_result.hpp"
#include "core/store/table_reader.hpp"
#include "core/util/input_limits.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>

namespace clens::store::result_rows {

constexpr std::int64_t kInt32Min = std::numeric_limits<std::int32_t>::min();
constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();
constexpr std::int64_t kUint32Max = std::numeric_limits<std::uint32_t>::max();

// NULL (NaN) in a result of an older schema version reads as 0, or as 1.
inline double orZero(double v) { return std::isnan(v) ? 0.0 : v; }
inline double orOne(double v) { return std::isnan(v) ? 1.0 : v; }

inline std::int32_t int32(TableReader& t, int col) { return static_cast<std::int32_t>(t.integer(col, kInt32Min, kInt32Max)); }

// What a simulation can have written (docs/project-file.md "Loading and refusing"): a time within
// the clock's ±kMaxClockSeconds, a duration or count not negative, an amount finite and not
// negative or NULL (NaN: none) — so no stored result overflows a difference, a sum or a chart axis.
inline std::int64_t clockTime(TableReader& t, int col) { return t.integer(col, -kMaxClockSeconds, kMaxClockSeconds); }
inline std::optional<std::int64_t> optionalClockTime(TableReader& t, int col)
{
    return t.isNull(col) ? std::nullopt : std::optional<std::int64_t>(clockTime(t, col));
}
inline std::int64_t clockSpan(TableReader& t, int col) { return t.integer(col, 0, 2 * kMaxClockSeconds); }
inline std::int32_t count(TableReader& t, int col) { return static_cast<std::int32_t>(t.integer(col, 0, kInt32Max)); }
inline std::int64_t count64(TableReader& t, int col) { return t.integer(col, 0); }
inline double amount(TableReader& t, int col)
{
    const auto v = t.real(col);
    if (!std::isnan(v) && !(std::isfinite(v) && v >= 0))
        t.fail(col, "value " + std::to_string(v) + " is not a finite number >= 0");
    return v;
}
// An interval's end after its start: columns fromCol and fromCol + 1.
inline std::pair<std::int64_t, std::int64_t> clockInterval(TableReader& t, int fromCol)
{
    const auto from = clockTime(t, fromCol), to = clockTime(t, fromCol + 1);
    if (to < from)
        t.fail(fromCol + 1, "the interval ends (" + std::to_string(to) + ") before it starts (" + std::to_string(from) + ")");
    return {from, to};
}

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
