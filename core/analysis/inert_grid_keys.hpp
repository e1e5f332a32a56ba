#pragma once
// Which knobs of a sweep changed nothing (docs/gui.md "The Sweep page"): a varied key is inert
// when every set of runs that differ in that key alone gave the same summary. On the Philly
// sample with its VC quotas the relax thresholds are (every VC waits for its own quota, never for
// a placement); without quotas the quota mode is.
#include "core/sim/scenario_grid.hpp"
#include "core/sim/sim_result.hpp"

#include <cstddef>
#include <vector>

namespace clens {

// Indices into grid.keys of the inert keys, in order. outcomes[i] is run i's summary, null for a
// run that failed or has not come back: such runs take no part. A key is inert only when at least
// one pair of runs that differ in it alone both came back; with a single key, every run that came
// back must agree. Summaries are compared as summaryToJson writes them (NaN equal to NaN).
std::vector<std::size_t> inertGridKeys(const ScenarioGrid& grid, const std::vector<const SimSummary*>& outcomes);

} // namespace clens
