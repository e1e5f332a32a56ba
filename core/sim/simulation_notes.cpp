#include "core/sim/simulation_notes.hpp"

#include "core/sim/series_recorder.hpp"

#include <map>

namespace clens {

namespace {
std::string jobs(std::int64_t n) { return std::to_string(n) + (n == 1 ? " job" : " jobs"); }
} // namespace

std::vector<std::string> simulationNotes(const SimResult& result)
{
    const auto& neverStartable = result.neverStartable;
    std::vector<std::string> notes;
    const auto& trace = *result.trace;
    std::map<std::string, std::int64_t> skipped;
    std::int64_t instant = 0;
    for (const auto& job : trace.jobs) {
        if (!job.simulated())
            ++skipped[std::string(toString(job.skip))];
        else if (job.duration_s == 0)
            ++instant;
    }
    for (const auto& [reason, n] : skipped)
        notes.push_back(jobs(n) + " not simulated (" + reason + "): counted, not in the results");
    if (!neverStartable.empty()) {
        const auto& example = trace.jobs[static_cast<std::size_t>(neverStartable.front())];
        notes.push_back(jobs(static_cast<std::int64_t>(neverStartable.size()))
                        + " can never start (they ask for more GPUs, CPU or memory than the cluster, their GPU models or "
                          "their VC's strict quota allow): Unfinished, never queued; e.g. "
                        + example.id + " asks " + std::to_string(example.gpus) + " GPUs of the cluster's "
                        + std::to_string(result.cluster->gpuCount()));
    }
    // Jobs still in the system when the run ended: stopped at its horizon, or none could start.
    if (const auto left = result.summary.unfinishedJobs - static_cast<std::int64_t>(neverStartable.size()); left > 0)
        notes.push_back(jobs(left) + " still running or waiting when the run ended: Unfinished (the run stops "
                        + std::to_string(result.scenario.failures.horizon_s)
                        + " s after the last submission when failures, OOM kills or preemptions could go on for ever "
                          "(failures.horizon_s), and when no waiting job can ever start)");
    if (instant > 0)
        notes.push_back(jobs(instant) + " of duration 0: they end as they start");
    if (result.series.step_s > result.scenario.seriesStep_s) // a bound applied (docs/simulation.md "Outputs")
        notes.push_back("the time series step was raised from " + std::to_string(result.scenario.seriesStep_s) + " s to "
                        + std::to_string(result.series.step_s) + " s to keep the series under "
                        + std::to_string(SeriesRecorder::maxSamples(trace.tenants.size())) + " samples");
    return notes;
}

} // namespace clens
