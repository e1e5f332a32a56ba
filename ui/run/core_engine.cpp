#include "core/sim/cluster_state.hpp"
#include "core/sim/simulator.hpp"
#include "core/util/input_error.hpp"
#include "ui/run/engine.hpp"

#include <stdexcept>

namespace clens::ui {
namespace {

class TimelineSource final : public StateSource {
public:
    explicit TimelineSource(std::shared_ptr<const SimResult> result) : timeline_(std::move(result)) {}
    void stateAt(std::int64_t t, ClusterState& out) const override { timeline_.stateAt(t, out); }
    std::optional<std::int64_t> nextChangeAfter(std::int64_t t) const override { return timeline_.nextChangeAfter(t); }
    std::optional<std::int64_t> prevChangeBefore(std::int64_t t) const override
    {
        return timeline_.prevChangeBefore(t);
    }

private:
    StateTimeline timeline_;
};

} // namespace

Engine coreEngine()
{
    Engine e;
    e.simulate = [](const SimInput& in, const Scenario& scenario, const ProgressFn& progress) {
        try {
            validateDemandForScenario(scenario, in.demand.get(), "the Phases page");
        } catch (const InputError& e) { // said for the GUI, where the demand comes from
            throw std::runtime_error("Autoscaler: " + e.reason() + ". Open container metrics on the Phases page, "
                                     "or set the autoscaler's demand to none.");
        }
        SimOptions options;
        options.progress = progress;
        options.demand = in.demand;
        return simulate(in.cluster, in.trace, scenario, options);
    };
    e.index = [](std::shared_ptr<const SimResult> result) -> std::shared_ptr<const StateSource> {
        return std::make_shared<TimelineSource>(std::move(result));
    };
    return e;
}

} // namespace clens::ui
