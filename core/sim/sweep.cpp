#include "core/sim/sweep.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

namespace clens {

std::vector<SweepRun> runSweep(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace,
                               const std::vector<Scenario>& scenarios, int threads,
                               const std::function<bool(std::size_t, std::size_t)>& progress,
                               std::shared_ptr<const DemandProfile> demand)
{
    std::vector<SweepRun> out(scenarios.size());
    if (threads <= 0)
        threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    threads = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(1, scenarios.size())));
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancelled{false};
    std::mutex progressMutex;
    std::size_t done = 0;
    const auto worker = [&] {
        SimOptions options;
        options.demand = demand;
        options.recordOccupancy = false;
        options.progress = [&](double) { return !cancelled.load(); };
        for (std::size_t i = next++; i < scenarios.size(); i = next++) {
            auto& run = out[i];
            if (cancelled) {
                run.error = "cancelled";
                continue;
            }
            try { // nothing crosses the thread boundary as an exception
                run.summary = simulate(cluster, trace, scenarios[i], options).summary;
                run.ok = true;
            } catch (const std::exception& e) {
                run.error = e.what();
            }
            std::lock_guard lock(progressMutex);
            ++done;
            if (progress && !progress(done, scenarios.size()))
                cancelled = true;
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (auto& t : pool)
        t.join();
    return out;
}

} // namespace clens
