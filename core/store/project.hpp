#pragma once
// Everything a .clens project file holds: the cluster, the trace, named scenarios (as scenario
// JSON text, DESIGN §4; the store keeps the text and never parses it) and named simulation
// results. Results are optional.
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/sim_result.hpp"

#include <memory>
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

struct Project {
    std::shared_ptr<const Topology> cluster; // null: the project has no cluster
    std::shared_ptr<const Trace> trace;      // null is saved as an empty trace
    std::vector<NamedScenario> scenarios;
    std::vector<NamedResult> results;
};

} // namespace clens
