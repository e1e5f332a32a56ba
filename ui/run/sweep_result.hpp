#pragma once
// One sweep as the Sweep page holds it (docs/gui.md "The Sweep page"): the grid it ran (its JSON
// text, so a project can store and re-read it) and the runs that have come back so far. Runs
// arrive out of order while the sweep runs; a run not back yet has ok = false and no error.
#include "core/sim/scenario_grid.hpp"
#include "core/sim/sweep.hpp"

#include <memory>
#include <string>
#include <vector>

namespace clens::ui {

struct SweepResult {
    std::string gridJson;
    std::shared_ptr<const ScenarioGrid> grid; // never null; shared by every copy (it never changes)
    std::vector<SweepRun> runs;   // one per grid run
    std::vector<char> back;       // run i has come back (ok or failed)
    bool finished = false;        // every run is back (or the sweep was cancelled)

    std::size_t backCount() const;
};

} // namespace clens::ui
