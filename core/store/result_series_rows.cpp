#include "core/store/result_series_rows.hpp"

#include "core/store/blob_codec.hpp"
#include "core/store/project_file_error.hpp"
#include "core/store/table_reader.hpp"
#include "core/util/input_limits.hpp"

#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

namespace clens::store {

void writeSeriesRows(Database& db, std::int64_t idx, const SimResult& r)
{
    const auto& ts = r.series;
    Statement s(db, "INSERT INTO result_series (result, step_s, t_s, allocated_gpus, effective_util, queued_jobs, "
                    "free_servers, held_idle_gpus, cpu_reserved, mem_reserved, share_fragmentation, cpu_used, mem_used, "
                    "powered_servers, power_kw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    s.bindInt(1, idx);
    s.bindInt(2, ts.step_s);
    s.bindBlob(3, encodeArray(ts.t_s));
    s.bindBlob(4, encodeArray(ts.allocatedGpus));
    s.bindBlob(5, encodeArray(ts.effectiveUtil));
    s.bindBlob(6, encodeArray(ts.queuedJobs));
    s.bindBlob(7, encodeArray(ts.freeServers));
    s.bindBlob(8, encodeArray(ts.heldIdleGpus));
    s.bindBlob(9, encodeArray(ts.cpuReserved));
    s.bindBlob(10, encodeArray(ts.memReserved));
    s.bindBlob(11, encodeArray(ts.shareFragmentation));
    s.bindBlob(12, encodeArray(ts.cpuUsed));
    s.bindBlob(13, encodeArray(ts.memUsed));
    s.bindBlob(14, encodeArray(ts.poweredServers));
    s.bindBlob(15, encodeArray(ts.powerKw));
    s.run();
    Statement v(db, "INSERT INTO result_series_vc (result, vc, queued_jobs) VALUES (?, ?, ?)");
    for (std::size_t i = 0; i < ts.queuedByVc.size(); ++i) {
        v.bindInt(1, idx);
        v.bindInt(2, static_cast<std::int64_t>(i));
        v.bindBlob(3, encodeArray(ts.queuedByVc[i]));
        v.run();
    }
}

namespace {

// A column of the series: none or one value per sample, none infinite (NaN: no value). Running sums can
// leave a level a rounding error below 0, so negative values are not refused.
// (docs/project-file.md "Loading and refusing")
template <typename T>
void checkColumn(TableReader& t, int col, const std::vector<T>& values, std::size_t samples)
{
    if (!values.empty() && values.size() != samples) // empty: not recorded in this result
        t.fail(col, std::to_string(values.size()) + " values for " + std::to_string(samples) + " sample times");
    if constexpr (std::is_floating_point_v<T>) // an integer column is finite by its type
        for (const auto v : values)
            if (std::isinf(v))
                t.fail(col, "a value is not a finite number");
}

// Sample times rising within the clock's range, and every column as long.
void checkSeries(TableReader& t, const TimeSeries& ts)
{
    for (std::size_t i = 0; i < ts.t_s.size(); ++i)
        if (ts.t_s[i] < -kMaxClockSeconds || ts.t_s[i] > kMaxClockSeconds || (i > 0 && ts.t_s[i] < ts.t_s[i - 1]))
            t.fail(1, "sample times must not fall and lie within ±" + std::to_string(kMaxClockSeconds) + " s");
    const auto n = ts.t_s.size();
    checkColumn(t, 2, ts.allocatedGpus, n);
    checkColumn(t, 3, ts.effectiveUtil, n);
    checkColumn(t, 4, ts.queuedJobs, n);
    checkColumn(t, 5, ts.freeServers, n);
    checkColumn(t, 6, ts.heldIdleGpus, n);
    checkColumn(t, 7, ts.cpuReserved, n);
    checkColumn(t, 8, ts.memReserved, n);
    checkColumn(t, 9, ts.shareFragmentation, n);
    checkColumn(t, 10, ts.cpuUsed, n);
    checkColumn(t, 11, ts.memUsed, n);
    checkColumn(t, 12, ts.poweredServers, n);
    checkColumn(t, 13, ts.powerKw, n);
}

} // namespace

void readSeriesRows(Database& db, const std::string& file, std::int64_t idx, SimResult& r)
{
    {
        TableReader t(db, file, "result_series",
                      "SELECT step_s, t_s, allocated_gpus, effective_util, queued_jobs, free_servers, held_idle_gpus, "
                      "cpu_reserved, mem_reserved, share_fragmentation, cpu_used, mem_used, powered_servers, power_kw "
                      "FROM result_series WHERE result = " + std::to_string(idx));
        if (!t.next())
            throw ProjectFileError(ProjectFileError::Kind::BadContent, file, 0, "result_series",
                                   "result " + std::to_string(idx) + " has no row in result_series");
        auto& ts = r.series;
        ts.step_s = t.integer(0, 1, kMaxSeconds); // 0 would make every reader of the series divide by it
        ts.t_s = t.array<std::int64_t>(1);
        // v3 stores allocated GPUs as doubles (shares), v2 as int32: the width tells.
        const auto samples = ts.t_s.size();
        if (samples > 0 && t.blob(2).size() == samples * 4) {
            const auto whole = t.array<std::int32_t>(2);
            ts.allocatedGpus.assign(whole.begin(), whole.end());
        } else {
            ts.allocatedGpus = t.array<double>(2);
        }
        ts.effectiveUtil = t.array<double>(3);
        ts.queuedJobs = t.array<std::int32_t>(4);
        ts.freeServers = t.array<std::int32_t>(5);
        ts.heldIdleGpus = t.array<std::int32_t>(6);
        const auto levels = [&](int col) { // NULL in a v2 result: nothing reserved, nothing shared
            return t.isNull(col) ? std::vector<double>(samples, 0.0) : t.array<double>(col);
        };
        ts.cpuReserved = levels(7);
        ts.memReserved = levels(8);
        ts.shareFragmentation = levels(9);
        ts.cpuUsed = levels(10);
        ts.memUsed = levels(11);
        ts.poweredServers = t.isNull(12) ? std::vector<std::int32_t>(samples, 0) : t.array<std::int32_t>(12);
        ts.powerKw = levels(13);
        checkSeries(t, ts);
    }
    TableReader t(db, file, "result_series_vc",
                  "SELECT vc, queued_jobs FROM result_series_vc WHERE result = " + std::to_string(idx) + " ORDER BY vc");
    while (t.next()) {
        t.expectPosition(0, static_cast<std::int64_t>(r.series.queuedByVc.size()));
        r.series.queuedByVc.push_back(t.array<std::int32_t>(1));
        checkColumn(t, 1, r.series.queuedByVc.back(), r.series.t_s.size());
    }
}

} // namespace clens::store
