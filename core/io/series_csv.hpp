#pragma once
// The simulation time series as CSV (docs/simulation.md "Outputs"):
// t_s,allocated_gpus,effective_util,queued_jobs,free_servers,held_idle_gpus,queue_<vc>...
// (one queue column per VC, trace order).
#include "core/sim/sim_result.hpp"

#include <ostream>

namespace clens {

void writeSeriesCsv(std::ostream& out, const SimResult& result);

} // namespace clens
