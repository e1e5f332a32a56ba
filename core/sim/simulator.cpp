#include "core/sim/simulator.hpp"

#include "core/sim/sim_engine.hpp"
#include "core/util/input_error.hpp"

namespace clens {

void validateScenarioForTrace(const Scenario& scenario, const Trace& trace, const std::string& sourceName)
{
    for (const auto& [name, gpus] : scenario.quota.vcGpus)
        if (!trace.findTenant(name))
            throw InputError(sourceName, 0, "quota.vc." + name, "unknown VC '" + name + "' (the trace has no such VC)");
}

SimResult simulate(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace, const Scenario& scenario,
                   const SimOptions& options)
{
    validateScenarioForTrace(scenario, *trace, "scenario");
    if (cluster->racksInferred() && cluster->rackSize() != scenario.locality.rackSize)
        cluster = std::make_shared<const Topology>(cluster->regrouped(scenario.locality.rackSize));
    SimEngine engine(std::move(cluster), std::move(trace), scenario, options);
    return engine.run();
}

} // namespace clens
