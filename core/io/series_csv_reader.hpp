#pragma once
// Reads back the simulator's time series CSV (`simulate --series-out`;
// docs/simulation.md "Outputs"):
// t_s,allocated_gpus,effective_util,queued_jobs,free_servers[,held_idle_gpus][,queue_<vc>...].
// Columns are found by name; extra columns are ignored.
#include "core/sim/sim_result.hpp"

#include <string>

namespace clens {

// Throws InputError (file, line, field) on a missing column, a malformed or negative value,
// utilization outside [0,1], or times that do not increase. step_s = the first interval.
TimeSeries readSeriesCsv(const std::string& path);

} // namespace clens
