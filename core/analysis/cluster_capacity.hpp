#pragma once
// What each server offers besides GPUs: its own CPU cores and memory when the cluster file says
// (a value > 0), else the scenario's resources.server_defaults, else unknown (the simulator
// then treats it as unlimited). The rule the simulator applies, for views and figures that
// show reserved ÷ capacity.
#include "core/model/topology.hpp"
#include "core/sim/scenario.hpp"

#include <optional>
#include <vector>

namespace clens {

struct ServerCapacities {
    std::vector<double> cpuCores; // per server; NaN = unknown (unlimited)
    std::vector<double> memGb;
};

ServerCapacities serverCapacities(const Topology& cluster, const Scenario::Resources::ServerDefaults& defaults);

// The sum, or nullopt when some server's capacity is unknown (or there is no server).
std::optional<double> totalCapacity(const std::vector<double>& perServer);

} // namespace clens
