#pragma once
// The time series of DESIGN §5 "Outputs": the engine keeps running counters and the recorder
// samples them every step from the first submission. A sample at time s shows the state after
// every event at instants <= s.
#include "core/sim/sim_result.hpp"

#include <cstdint>
#include <vector>

namespace clens {

struct SeriesCounters {
    std::int32_t allocatedGpus = 0; // running, trial and hoarded GPUs
    std::int32_t heldIdleGpus = 0;
    std::int32_t queuedJobs = 0;
    std::int64_t utilMicro = 0; // sum over busy GPUs of effective utilization, in 1e-6 units
    std::vector<std::int32_t> queuedByVc;
};

class SeriesRecorder {
public:
    void init(std::int64_t first_s, std::int64_t step_s, std::int32_t clusterGpus, std::size_t vcs);
    SeriesCounters& counters() { return c_; }
    // Emits every pending sample with time < t (before) or <= t (through).
    void sampleBefore(std::int64_t t, std::int32_t freeServers) { emitWhile(t, false, freeServers); }
    void sampleThrough(std::int64_t t, std::int32_t freeServers) { emitWhile(t, true, freeServers); }
    TimeSeries take() { return std::move(s_); }

private:
    void emitWhile(std::int64_t t, bool inclusive, std::int32_t freeServers);
    SeriesCounters c_;
    TimeSeries s_;
    std::int64_t next_ = 0;
    std::int32_t gpus_ = 0;
    bool started_ = false;
};

} // namespace clens
