#include "core/sim/simulator.hpp"

#include "core/sim/sim_engine.hpp"
#include "core/util/input_error.hpp"

#include <cmath>
#include <optional>

namespace clens {

void validateScenarioForTrace(const Scenario& scenario, const Trace& trace, const std::string& sourceName)
{
    for (const auto& [name, gpus] : scenario.quota.vcGpus)
        if (!trace.findTenant(name))
            throw InputError(sourceName, 0, "quota.vc." + name, "unknown VC '" + name + "' (the trace has no such VC)");
}

void validateDemandForScenario(const Scenario& scenario, const DemandProfile* demand, const std::string& sourceName)
{
    const auto& a = scenario.autoscaler;
    if (a.usage == UsageModel::None)
        return;
    if (!demand)
        throw InputError(sourceName, 0, "autoscaler.usage",
                         std::string("demand '") + (a.usage == UsageModel::Metrics ? "metrics" : "phases")
                             + "' needs container metrics (the Phases page's, or simulate --metrics F)");
    if (a.usage == UsageModel::Phases && demand->phases.empty())
        throw InputError(sourceName, 0, "autoscaler.usage", "demand 'phases' needs a phase model (the Phases page's, or --phase-model M.json)");
    if (a.policy == "phase.rule" && demand->phases.empty())
        throw InputError(sourceName, 0, "autoscaler.policy", "policy 'phase.rule' needs a phase model (the Phases page's, or --phase-model M.json)");
}

std::shared_ptr<const Trace> withArrivalSpeedup(std::shared_ptr<const Trace> trace, double speedup)
{
    if (speedup == 1.0)
        return trace;
    std::optional<std::int64_t> t0;
    for (const auto& j : trace->jobs)
        if (j.simulated() && (!t0 || j.submit_s < *t0))
            t0 = j.submit_s;
    if (!t0)
        return trace;
    auto faster = std::make_shared<Trace>(*trace);
    for (auto& j : faster->jobs)
        if (j.simulated())
            j.submit_s = *t0 + std::llround(static_cast<double>(j.submit_s - *t0) / speedup);
    return faster;
}

SimResult simulate(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace, const Scenario& scenario,
                   const SimOptions& options)
{
    validateScenarioForTrace(scenario, *trace, "scenario");
    validateDemandForScenario(scenario, options.demand.get(), "scenario");
    trace = withArrivalSpeedup(std::move(trace), scenario.arrivals.speedup);
    if (cluster->racksInferred() && cluster->rackSize() != scenario.locality.rackSize)
        cluster = std::make_shared<const Topology>(cluster->regrouped(scenario.locality.rackSize));
    SimEngine engine(std::move(cluster), std::move(trace), scenario, options);
    return engine.run();
}

} // namespace clens
