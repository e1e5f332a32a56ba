#pragma once
// Everything a .clens project file holds: the cluster, the trace, named scenarios (as scenario JSON
// text, docs/simulation.md "Scenario JSON"; the store keeps the text and never parses it), named
// simulation results, and the Phases page's container metrics with their phase model. Results and
// phases are optional.
#include "core/model/container_metrics.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/sim_result.hpp"
#include "core/sim/sweep.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clens {

struct NamedScenario {
    std::string name;
    std::string json;
    bool operator==(const NamedScenario&) const = default;
};

// A result is stored against the project's trace: its jobs are the project's jobs in order.
// Its cluster is stored too (it may be the project's cluster regrouped by rack_size); on load a
// result whose cluster equals the project's shares the project's Topology object.
struct NamedResult {
    std::string name;
    std::shared_ptr<const SimResult> result;
};

// Container metrics (AI4DL) and the phase model labelling them, as phase model JSON text
// (core/phases/phase_model_json.hpp; kept as text like scenarios, empty = no model).
struct ProjectPhases {
    std::shared_ptr<const ContainerMetrics> metrics;
    std::string modelJson;
};

// The GUI's sweep (docs/gui.md "The Sweep page"): its grid JSON text (docs/simulation.md "Sweeps",
// kept as text and not parsed here) and one entry per grid run, in grid order; back[i] is false
// for a run that never came back (the sweep was cancelled).
struct ProjectSweep {
    std::string gridJson;
    std::vector<SweepRun> runs;
    std::vector<char> back;
};

// What the GUI showed when the project was saved (docs/project-file.md, version 7): the time cursor, the
// selected job (an index into the project's trace), the cluster map's colour mode and the page,
// the last two by the names of the GUI's --color-by and --tab options. Kept as stored; the GUI
// checks them when it applies them.
struct ProjectView {
    std::optional<std::int64_t> time_s;
    std::optional<std::int64_t> selectedJob;
    std::string colorMode;
    std::string page;
    // The time window the timelines show (docs/gui.md "Zooming into time"); nullopt: the whole trace.
    std::optional<std::int64_t> windowFrom_s, windowTo_s;
    bool operator==(const ProjectView&) const = default;
};

struct Project {
    std::shared_ptr<const Topology> cluster; // null: the project has no cluster
    std::shared_ptr<const Trace> trace;      // null is saved as an empty trace
    std::vector<NamedScenario> scenarios;
    std::vector<NamedResult> results;
    std::optional<ProjectPhases> phases; // nullopt: the project has no container metrics
    std::optional<ProjectSweep> sweep;   // nullopt: no sweep was run
    std::optional<ProjectView> view;     // nullopt: written without a view (the CLI, older files)
};

} // namespace clens
