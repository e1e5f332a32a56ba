#pragma once
// The time series (docs/simulation.md "Outputs"): the engine keeps running counters and the
// recorder samples them every step from the first submission. A sample at time s shows the state
// after every event at instants <= s. The step is a minimum: a series that would outgrow its bound
// (maxSamples) keeps every other sample and doubles its step, so a trace spanning centuries cannot
// exhaust memory (docs/simulation.md "Outputs", series CSV).
#include "core/sim/sim_result.hpp"

#include <cstdint>
#include <vector>

namespace clens {

struct SeriesCounters {
    std::int64_t allocatedMilli = 0; // running, trial and hoarded GPUs, in thousandths (shares)
    std::int32_t heldIdleGpus = 0;
    std::int32_t queuedJobs = 0;
    std::int64_t utilMicro = 0; // sum over busy GPUs of effective utilization × their part, in 1e-6 units
    std::vector<std::int32_t> queuedByVc;
    // The autoscaler: what its jobs reserve (millicores, MiB) and use (cores, MiB), for "used".
    std::int64_t scaledCpuReserved = 0, scaledMemReserved = 0;
    double scaledCpuUsed = 0, scaledMemUsed = 0;
};

class SeriesRecorder {
public:
    void init(std::int64_t first_s, std::int64_t step_s, std::int32_t clusterGpus, std::size_t vcs);
    SeriesCounters& counters() { return c_; }
    const SeriesCounters& counters() const { return c_; }
    // What the engine reads off its pools at a sample.
    struct Levels {
        std::int32_t freeServers = 0;
        std::int64_t cpuReservedMilli = 0;
        std::int64_t memReservedMib = 0;
        double shareFragmentation = 0;
        double cpuUsedCores = 0;
        double memUsedMib = 0;
        std::int32_t poweredServers = 0;
        double powerKw = 0;
    };
    // Emits every pending sample with time < t (before) or <= t (through).
    void sampleBefore(std::int64_t t, const Levels& now) { emitWhile(t, false, now); }
    void sampleThrough(std::int64_t t, const Levels& now) { emitWhile(t, true, now); }
    // Time of the next sample not yet emitted.
    std::int64_t nextSample() const { return next_; }
    // The most samples kept: about 16 M values over every column, at most 262,144 samples.
    static std::size_t maxSamples(std::size_t vcs);
    TimeSeries take() { return std::move(s_); }

private:
    void emitWhile(std::int64_t t, bool inclusive, const Levels& now);
    void halve(); // keeps every other sample, doubles the step
    SeriesCounters c_;
    TimeSeries s_;
    std::int64_t next_ = 0;
    std::int32_t gpus_ = 0;
    std::size_t max_ = 0;
    bool started_ = false;
};

} // namespace clens
