#pragma once
// The results CSV of `sweep` (docs/simulation.md "Sweeps"): one row per scenario in grid order —
// `run`, the varied values, the summary keys, then `error` (empty when the run succeeded; a failed
// run's summary cells are empty). The threaded sweep and the MPI sweep write it alike.
#include "core/sim/scenario_grid.hpp"
#include "core/sim/sweep.hpp"

#include <ostream>
#include <string>
#include <vector>

namespace clens {

struct SweepCsvRow {
    bool ok = false;
    std::vector<std::string> cells; // a successful run's summary, formatted (summaryToJson's order)
    std::string error;
};

SweepCsvRow csvRowOf(const SweepRun& run);
void writeSweepCsv(std::ostream& out, const ScenarioGrid& grid, const std::vector<SweepCsvRow>& rows);

} // namespace clens
