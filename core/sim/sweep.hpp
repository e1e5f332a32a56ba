#pragma once
// Runs many scenarios on one cluster and trace in parallel (docs/simulation.md "Sweeps"). Each run
// is an independent simulate() without per-GPU occupancy; results come back in scenario order, so
// the output does not depend on the number of threads.
#include "core/sim/simulator.hpp"

#include <functional>
#include <string>
#include <vector>

namespace clens {

struct SweepRun {
    bool ok = false;
    std::string error; // when !ok
    SimSummary summary;
};

// One run of a sweep: simulate() without per-GPU occupancy; an exception becomes the run's
// error. cancelled() is polled during the run (null: never). The threaded sweep and the MPI
// ranks (app/cli/sweep_mpi) both run scenarios through it.
SweepRun runSweepScenario(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace, const Scenario& scenario,
                          std::shared_ptr<const DemandProfile> demand, const std::function<bool()>& cancelled = {});

// threads <= 0: all hardware threads. progress(done, total) is called from worker threads
// (serialised); returning false cancels the remaining runs (they come back !ok, "cancelled").
// demand: the autoscaler's container demand (SimOptions::demand), shared by every run.
std::vector<SweepRun> runSweep(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace,
                               const std::vector<Scenario>& scenarios, int threads,
                               const std::function<bool(std::size_t done, std::size_t total)>& progress = {},
                               std::shared_ptr<const DemandProfile> demand = nullptr);

} // namespace clens
