#pragma once
// Which knobs of a sweep changed nothing (docs/gui.md "The Sweep page"): a varied key is inert
// when every set of runs that differ in that key alone gave the same summary. On the Philly
// sample with its VC quotas the relax thresholds are (every VC waits for its own quota, never for
// a placement); without quotas the quota mode is.
#include "core/io/sweep_csv.hpp"
#include "core/sim/scenario_grid.hpp"

#include <cstddef>
#include <vector>

namespace clens {

// Indices into grid.keys of the inert keys, in order. rows[i] is run i's row of the sweep CSV
// (csvRowOf), null for a run that has not come back; runs not back and failed runs take no part.
// A key is inert only when at least one pair of runs that differ in it alone both succeeded; with
// a single key, every run that succeeded must agree. Summaries are compared as the CSV writes
// them (the shortest text that reads back as the same double; NaN as an empty cell).
std::vector<std::size_t> inertGridKeys(const ScenarioGrid& grid, const std::vector<const SweepCsvRow*>& rows);

} // namespace clens
