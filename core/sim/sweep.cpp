#include "core/sim/sweep.hpp"

#include "core/util/parallel_for.hpp"

#include <atomic>

namespace clens {

std::vector<SweepRun> runSweep(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace,
                               const std::vector<Scenario>& scenarios, int threads,
                               const std::function<bool(std::size_t, std::size_t)>& progress,
                               std::shared_ptr<const DemandProfile> demand)
{
    std::vector<SweepRun> out(scenarios.size());
    std::atomic<bool> cancelled{false};
    SimOptions options;
    options.demand = demand;
    options.recordOccupancy = false;
    options.progress = [&](double) { return !cancelled.load(); }; // runs under way stop too
    const auto ran = parallelFor(
        scenarios.size(), threads,
        [&](std::size_t i) {
            auto& run = out[i];
            try { // nothing crosses the thread boundary as an exception
                run.summary = simulate(cluster, trace, scenarios[i], options).summary;
                run.ok = true;
            } catch (const std::exception& e) {
                run.error = e.what();
            }
        },
        [&](std::size_t done, std::size_t total) {
            if (progress && !progress(done, total))
                cancelled = true;
            return !cancelled.load();
        });
    for (std::size_t i = 0; i < out.size(); ++i)
        if (!ran[i])
            out[i].error = "cancelled";
    return out;
}

} // namespace clens
