#pragma once
// The simulation time series as CSV (docs/simulation.md "Outputs"):
// t_s,allocated_gpus,effective_util,queued_jobs,free_servers,held_idle_gpus,queue_<vc>...
// (one queue column per VC, trace order).
#include "core/sim/sim_result.hpp"

#include <cstdint>
#include <ostream>

namespace clens {

void writeSeriesCsv(std::ostream& out, const SimResult& result);
// Only the rows that hold during [from_s, to_s]: the sample at or before from_s (the level then),
// and every sample up to to_s (the GUI's export of a zoomed chart's data).
void writeSeriesCsv(std::ostream& out, const SimResult& result, std::int64_t from_s, std::int64_t to_s);

} // namespace clens
