#pragma once
// jobs.csv of a simulation (docs/simulation.md "Outputs"): one row per simulated job, in trace
// order, columns
//   job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,fairshare_delay_s,
//   fragmentation_delay_s,capacity_delay_s,servers,racks,level,attempts,status,gpu_seconds
// then the extensions user,duration_s,allocated_gpus,slowdown,effective_util,
// held_idle_gpu_seconds. A missing value is an empty field (start/end of Unfinished jobs;
// servers, racks, level and the placement columns of a job never placed).
#include "core/sim/sim_result.hpp"
#include "core/util/progress.hpp"

#include <cstdint>
#include <ostream>
#include <vector>

namespace clens {

void writeJobResultsCsv(std::ostream& out, const SimResult& result);
// The same columns for the given jobs (trace rows), in that order (the GUI's job table as it is
// filtered and sorted); jobs that were not simulated are left out. progress gets the share of
// jobs written; returning false stops the writing with Cancelled.
void writeJobResultsCsv(std::ostream& out, const SimResult& result, const std::vector<std::int32_t>& jobs,
                        const ProgressFn& progress = {});

} // namespace clens
