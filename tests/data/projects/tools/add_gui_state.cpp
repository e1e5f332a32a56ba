// Adds what only the GUI writes (schema 7+: the Sweep page's sweep and the view state; schema 8+:
// the time window) to a project written by `clusterlens-cli project create`, and saves it again
// with the same version's saveProject. usage: add_gui_state IN.clens OUT.clens
#include "core/sim/sweep.hpp"
#include "core/store/project_file.hpp"
#include "core/store/schema.hpp"

#include <cstdio>

using namespace clens;

int main(int argc, char** argv)
{
    static_assert(store::kSchemaVersion == FIXTURE_SCHEMA);
    if (argc != 3)
        return 2;
    Project p = loadProject(argv[1]);
    // A sweep of two runs varying locality.relax_to_any_after_s over [0, 600] on the default
    // scenario: the first ran, the second never came back (the sweep was cancelled).
    ProjectSweep sweep;
    sweep.gridJson = R"({"base":{},"vary":{"locality.relax_to_any_after_s":[0,600]}})";
    Scenario first;
    first.locality.relaxToAnyAfter_s = 0;
    sweep.runs.push_back(runSweepScenario(p.cluster, p.trace, first, nullptr));
    sweep.runs.push_back(SweepRun{});
    sweep.back = {1, 0};
    p.sweep = std::move(sweep);
    ProjectView view;
    view.time_s = 180;
    view.selectedJob = 4;
    view.colorMode = "tenant";
    view.page = "cluster";
#if FIXTURE_SCHEMA >= 8
    view.windowFrom_s = 0;
    view.windowTo_s = 3600;
#endif
    p.view = view;
    saveProject(argv[2], p);
    std::printf("wrote %s (schema %lld)\n", argv[2], static_cast<long long>(store::kSchemaVersion));
    return 0;
}
