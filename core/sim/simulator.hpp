#pragma once
// The discrete-event simulation (docs/simulation.md "Semantics as implemented"): replay a trace on
// a cluster under a scenario.
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/demand_model.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/sim_result.hpp"
#include "core/util/progress.hpp"

#include <memory>
#include <string>

namespace clens {

struct SimOptions {
    ProgressFn progress;          // optional; return false to cancel (simulate throws Cancelled)
    bool recordOccupancy = true;  // per-GPU intervals (needed for scrubbing and the heatmap)
    // Container demand for the autoscaler (scenario autoscaler.usage metrics or phases):
    // buildDemandProfile() of the container metrics and phase model.
    std::shared_ptr<const DemandProfile> demand;
};

// Deterministic: the same inputs give a byte-identical result. Throws InputError for a
// scenario that does not fit the inputs (e.g. a quota for an unknown VC), Cancelled on cancel.
SimResult simulate(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace,
                   const Scenario& scenario, const SimOptions& options = {});

// Checks that the autoscaler has what its demand model and policy need (docs/autoscaling.md):
// demand metrics/phases needs the container metrics, phases and the phase.rule policy a phase
// model. Throws InputError naming autoscaler.usage or autoscaler.policy.
void validateDemandForScenario(const Scenario& scenario, const DemandProfile* demand, const std::string& sourceName);

// The trace with its simulated jobs' submissions `speedup` times faster toward the first one
// (scenario arrivals.speedup); the same trace when speedup is 1. The result of simulate() refers
// to this trace.
std::shared_ptr<const Trace> withArrivalSpeedup(std::shared_ptr<const Trace> trace, double speedup);

// Checks what the scenario says about the trace: every VC of `quota.vc` must be one of the
// trace's VCs. Throws InputError(sourceName, 0, "quota.vc.<name>", "unknown VC ...").
void validateScenarioForTrace(const Scenario& scenario, const Trace& trace, const std::string& sourceName);

} // namespace clens
