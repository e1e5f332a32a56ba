#include "core/sim/sweep.hpp"

#include "core/util/parallel_for.hpp"

#include <atomic>

namespace clens {

SweepRun runSweepScenario(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace, const Scenario& scenario,
                          std::shared_ptr<const DemandProfile> demand, const std::function<bool()>& cancelled)
{
    SweepRun run;
    SimOptions options;
    options.demand = std::move(demand);
    options.recordOccupancy = false;
    if (cancelled)
        options.progress = [&](double) { return !cancelled(); };
    try { // nothing crosses the thread boundary as an exception
        run.summary = simulate(std::move(cluster), std::move(trace), scenario, options).summary;
        run.ok = true;
    } catch (const std::exception& e) {
        run.error = e.what();
    }
    return run;
}

std::vector<SweepRun> runSweep(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace,
                               const std::vector<Scenario>& scenarios, int threads,
                               const std::function<bool(std::size_t, std::size_t)>& progress,
                               std::shared_ptr<const DemandProfile> demand)
{
    std::vector<SweepRun> out(scenarios.size());
    std::atomic<bool> cancelled{false};
    const std::function<bool()> stop = [&] { return cancelled.load(); }; // runs under way stop too
    const auto ran = parallelFor(
        scenarios.size(), threads, [&](std::size_t i) { out[i] = runSweepScenario(cluster, trace, scenarios[i], demand, stop); },
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
