#include "core/sim/cluster_state.hpp"
#include "core/sim/simulator.hpp"
#include "ui/run/engine.hpp"

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
        SimOptions options;
        options.progress = progress;
        return simulate(in.cluster, in.trace, scenario, options);
    };
    e.index = [](std::shared_ptr<const SimResult> result) -> std::shared_ptr<const StateSource> {
        return std::make_shared<TimelineSource>(std::move(result));
    };
    return e;
}

} // namespace clens::ui
