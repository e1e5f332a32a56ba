#include "core/store/result_job_rows.hpp"

#include "core/store/project_file_error.hpp"
#include "core/store/result_rows.hpp"
#include "core/store/stored_enums.hpp"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

namespace clens::store {

using namespace result_rows;

void writeJobRows(Database& db, std::int64_t idx, const SimResult& r, RowProgress& progress)
{
    Statement s(db, "INSERT INTO result_jobs (result, idx, job, simulated, status, start_s, end_s, queue_delay_s, "
                    "fairshare_delay_s, fragmentation_delay_s, capacity_delay_s, allocated_gpus, servers, racks, level, "
                    "attempts, gpu_seconds, held_idle_gpu_seconds, effective_gpu_seconds, slowdown, effective_util, "
                    "first_wait, wait_count, cpu_cores, mem_gb, gpu_milli, power_delay_s, throttled_s, oom_kills, "
                    "scaled_intervals, cpu_under_intervals, mem_under_intervals, cpu_reserved_core_s, cpu_used_core_s, "
                    "mem_reserved_gb_s, mem_used_gb_s, preemptions, never_start_order, queue_key) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                    "?, ?, ?, ?, ?)");
    std::vector<std::optional<std::int64_t>> neverStartOrder(r.jobs.size());
    for (std::size_t k = 0; k < r.neverStartable.size(); ++k)
        if (const auto row = static_cast<std::size_t>(r.neverStartable[k]); row < neverStartOrder.size())
            neverStartOrder[row] = static_cast<std::int64_t>(k);
    for (std::size_t i = 0; i < r.jobs.size(); ++i) {
        const auto& j = r.jobs[i];
        int c = 0;
        s.bindInt(++c, idx);
        s.bindInt(++c, static_cast<std::int64_t>(i));
        s.bindInt(++c, j.job);
        s.bindInt(++c, j.simulated ? 1 : 0);
        s.bindText(++c, storedName(j.status));
        s.bindOptionalInt(++c, j.start_s);
        s.bindOptionalInt(++c, j.end_s);
        s.bindInt(++c, j.queueDelay_s);
        s.bindInt(++c, j.fairshareDelay_s);
        s.bindInt(++c, j.fragmentationDelay_s);
        s.bindInt(++c, j.capacityDelay_s);
        s.bindInt(++c, j.allocatedGpus);
        s.bindInt(++c, j.servers);
        s.bindInt(++c, j.racks);
        s.bindText(++c, storedName(j.level));
        s.bindInt(++c, j.attempts);
        s.bindInt(++c, j.gpuSeconds);
        s.bindInt(++c, j.heldIdleGpuSeconds);
        s.bindReal(++c, j.effectiveGpuSeconds);
        s.bindReal(++c, j.slowdown);
        s.bindReal(++c, j.effectiveUtil);
        s.bindInt(++c, j.firstWait);
        s.bindInt(++c, j.waitCount);
        const auto& u = r.resourcesOf(i);
        s.bindReal(++c, u.cpuCores);
        s.bindReal(++c, u.memGb);
        s.bindInt(++c, u.gpuMilli);
        s.bindInt(++c, j.powerDelay_s);
        s.bindReal(++c, u.throttled_s);
        s.bindInt(++c, u.oomKills);
        s.bindInt(++c, u.scaledIntervals);
        s.bindInt(++c, u.cpuUnderIntervals);
        s.bindInt(++c, u.memUnderIntervals);
        s.bindReal(++c, u.cpuReservedCoreS);
        s.bindReal(++c, u.cpuUsedCoreS);
        s.bindReal(++c, u.memReservedGbS);
        s.bindReal(++c, u.memUsedGbS);
        s.bindInt(++c, j.preemptions);
        s.bindOptionalInt(++c, neverStartOrder[i]);
        s.bindReal(++c, j.queueKey);
        s.run();
        progress.tick();
    }
}

void readJobRows(Database& db, const std::string& file, std::int64_t idx, std::int64_t traceJobs, SimResult& r,
                 RowProgress& progress)
{
    const auto jobs = traceJobs;
    std::vector<std::pair<std::int64_t, std::int32_t>> neverStartOrder; // (place, job result row)
    bool keepResources = false; // some job asked something besides whole GPUs, or was scaled
    readRows(db, file, "result_jobs",
             "job, simulated, status, start_s, end_s, queue_delay_s, fairshare_delay_s, fragmentation_delay_s, "
             "capacity_delay_s, allocated_gpus, servers, racks, level, attempts, gpu_seconds, held_idle_gpu_seconds, "
             "effective_gpu_seconds, slowdown, effective_util, "
             "first_wait, wait_count, cpu_cores, mem_gb, gpu_milli, power_delay_s, throttled_s, oom_kills, "
             "scaled_intervals, cpu_under_intervals, mem_under_intervals, cpu_reserved_core_s, cpu_used_core_s, "
             "mem_reserved_gb_s, mem_used_gb_s, preemptions, never_start_order, queue_key",
             idx, [&](TableReader& t) {
                 JobResult j;
                 int c = 1;
                 j.job = static_cast<std::int32_t>(t.integer(c++, -1, jobs - 1));
                 j.simulated = t.boolean(c++);
                 j.status = t.enumValue<JobStatus>(c++);
                 j.start_s = optionalClockTime(t, c++);
                 j.end_s = optionalClockTime(t, c++);
                 if (j.end_s && (!j.start_s || *j.end_s < *j.start_s))
                     t.fail(c - 1, "a job result's end must follow its start");
                 j.queueDelay_s = clockSpan(t, c++);
                 j.fairshareDelay_s = clockSpan(t, c++);
                 j.fragmentationDelay_s = clockSpan(t, c++);
                 j.capacityDelay_s = clockSpan(t, c++);
                 j.allocatedGpus = static_cast<std::int32_t>(t.integer(c++, 0, kMaxGpusPerJob));
                 j.servers = count(t, c++);
                 j.racks = count(t, c++);
                 j.level = t.enumValue<LocalityLevel>(c++);
                 j.attempts = count(t, c++);
                 j.gpuSeconds = count64(t, c++);
                 j.heldIdleGpuSeconds = count64(t, c++);
                 j.effectiveGpuSeconds = amount(t, c++);
                 j.slowdown = amount(t, c++);
                 j.effectiveUtil = amount(t, c++);
                 j.firstWait = static_cast<std::uint32_t>(t.integer(c++, 0, kUint32Max));
                 j.waitCount = static_cast<std::uint32_t>(t.integer(c++, 0, kUint32Max));
                 JobResources u;
                 u.cpuCores = orZero(amount(t, c++)); // NULL in a v2 result: none asked
                 u.memGb = orZero(amount(t, c++));
                 u.gpuMilli = static_cast<std::int32_t>(t.integer(c++, 1, 1000));
                 j.powerDelay_s = clockSpan(t, c++);
                 u.throttled_s = orZero(amount(t, c++));
                 u.oomKills = count(t, c++);
                 u.scaledIntervals = count(t, c++);
                 u.cpuUnderIntervals = count(t, c++);
                 u.memUnderIntervals = count(t, c++);
                 u.cpuReservedCoreS = orZero(amount(t, c++));
                 u.cpuUsedCoreS = orZero(amount(t, c++));
                 u.memReservedGbS = orZero(amount(t, c++));
                 u.memUsedGbS = orZero(amount(t, c++));
                 // Kept only once some job has any (a GPU-only result's are all the defaults).
                 if (!keepResources && u != JobResources{}) {
                     keepResources = true;
                     r.resources.resize(r.jobs.size());
                 }
                 if (keepResources)
                     r.resources.push_back(u);
                 j.preemptions = count(t, c++);
                 if (const auto order = t.optionalInteger(c)) {
                     if (*order < 0 || *order >= jobs)
                         t.fail(c, "a place among the jobs that could never start must be within the jobs");
                     neverStartOrder.emplace_back(*order, static_cast<std::int32_t>(r.jobs.size()));
                 }
                 ++c;
                 j.queueKey = t.real(c); // NULL (NaN): never queued, or a result before version 9
                 if (std::isinf(j.queueKey))
                     t.fail(c, "a queue key must be a finite number");
                 r.jobs.push_back(j);
                 progress.tick();
             });
    std::sort(neverStartOrder.begin(), neverStartOrder.end());
    for (std::size_t k = 0; k < neverStartOrder.size(); ++k) {
        if (neverStartOrder[k].first != static_cast<std::int64_t>(k))
            throw ProjectFileError(ProjectFileError::Kind::BadContent, file, neverStartOrder[k].second + 1,
                                   "result_jobs.never_start_order",
                                   "result " + std::to_string(idx) + ": the places among the jobs that could never start "
                                   "must be 0, 1, 2, … each once");
        r.neverStartable.push_back(neverStartOrder[k].second);
    }
}

} // namespace clens::store
