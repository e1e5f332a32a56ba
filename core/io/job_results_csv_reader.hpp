#pragma once
// Reads the simulator's per-job result CSV (`simulate --jobs-out jobs.csv`,
// docs/simulation.md "Outputs") back. Columns are found by header name, extra columns are ignored,
// an empty field is a missing value. Required: job_id, vc, gpus, submit_s, start_s, end_s,
// queue_delay_s, status. Optional: fairshare_delay_s, fragmentation_delay_s, capacity_delay_s (all
// three or none) and power_delay_s (the fourth cause with node power; they add up to
// queue_delay_s), servers, racks, level, attempts, gpu_seconds, user, duration_s, slowdown,
// effective_util.
#include "core/model/job.hpp"
#include "core/sim/sim_result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clens {

struct JobResultRow {
    std::int64_t line = 0; // 1-based line in the file
    std::string id;
    std::string vc;
    std::string user; // empty when the file has no user column
    std::int32_t gpus = 0;
    std::int64_t submit_s = 0;
    std::optional<std::int64_t> start_s;
    std::optional<std::int64_t> end_s;
    std::optional<std::int64_t> queueDelay_s;
    std::optional<std::int64_t> fairshareDelay_s;
    std::optional<std::int64_t> fragmentationDelay_s;
    std::optional<std::int64_t> capacityDelay_s;
    std::optional<std::int64_t> powerDelay_s; // when the file has the column
    std::optional<std::int32_t> servers;
    std::optional<std::int32_t> racks;
    std::optional<LocalityLevel> level;
    std::optional<std::int32_t> attempts;
    JobStatus status = JobStatus::Pass;
    std::optional<double> gpuSeconds;
    std::optional<std::int64_t> duration_s; // service time, when the file carries it
    std::optional<double> slowdown;
    std::optional<double> effectiveUtil; // [0,1]
};

struct JobResultsFile {
    std::string path;
    std::vector<JobResultRow> rows; // file order
    bool hasDelayCauses = false;    // the three cause columns are present
};

// Throws InputError (file, line, field) on a missing column, a malformed or out-of-range
// value, a duplicate job id, or inconsistent times (start before submit, end before start,
// causes not summing to queue_delay_s).
JobResultsFile readJobResultsCsv(const std::string& path);

} // namespace clens
