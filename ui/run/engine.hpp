#pragma once
// What the UI needs from the simulation core, as replaceable functions: the real engine in the
// application, a scripted fake in tests (to make runs slow, fail or finish out of order).
// Scenario JSON is not here: the UI calls core/sim/scenario_json.hpp directly.
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/cluster_state.hpp"
#include "core/sim/demand_model.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/sim_result.hpp"
#include "core/util/progress.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace clens::ui {

// The cluster state at any instant of one result (the core's StateTimeline behind an interface).
class StateSource {
public:
    virtual ~StateSource() = default;
    virtual void stateAt(std::int64_t t, ClusterState& out) const = 0;
    virtual std::optional<std::int64_t> nextChangeAfter(std::int64_t t) const = 0;
    virtual std::optional<std::int64_t> prevChangeBefore(std::int64_t t) const = 0;
};

struct SimInput {
    std::shared_ptr<const Topology> cluster;
    std::shared_ptr<const Trace> trace;
    // The containers' CPU/memory demand for the autoscaler (scenario autoscaler.usage metrics or
    // phases): the Phases page's metrics and phase model. Null when that page has no metrics.
    std::shared_ptr<const DemandProfile> demand;
    bool valid() const { return cluster && trace; }
};

struct Engine {
    // Runs on a worker thread; must be reentrant. Throws Cancelled when progress returns false.
    std::function<SimResult(const SimInput&, const Scenario&, const ProgressFn&)> simulate;
    // Builds the scrubbing index of a finished result (also on the worker thread).
    std::function<std::shared_ptr<const StateSource>(std::shared_ptr<const SimResult>)> index;
};

// clens::simulate + clens::StateTimeline.
Engine coreEngine();

} // namespace clens::ui
