#pragma once
// The cluster at one instant of a simulation result, recovered fast for scrubbing
// (docs/simulation.md "Outputs"; bar: <= 5 ms at Philly scale, docs/simulation.md "Performance").
#include "core/sim/sim_result.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace clens {

enum class GpuState : std::uint8_t { Idle, Busy, HeldIdle, Failed };

struct ClusterState {
    std::int64_t t_s = 0;
    std::vector<GpuState> gpu;   // per dense GPU id
    // Job holding the GPU, -1 if none; of a GPU shared by several jobs, the one that started
    // first (ties: lowest input row).
    std::vector<std::int32_t> job;
    std::vector<float> util;     // effective utilization in [0,1] (0 when not busy; shares add up)
    std::vector<std::uint16_t> used; // thousandths of the GPU held: 1000 whole, less when shared
    std::vector<std::uint8_t> sharers; // jobs holding a share of it (0 when idle or held whole)
    std::vector<float> cpuReserved; // per server, cores (docs/resources.md)
    std::vector<float> memReserved; // per server, GB
    std::vector<float> cpuUsed;     // per server: reserved, or what the autoscaled jobs use (docs/autoscaling.md)
    std::vector<float> memUsed;
    std::vector<std::uint8_t> serverPower; // per server: 0 on, 1 powered off, 2 booting
    std::int32_t queuedJobs = 0; // jobs waiting at t
};

// Built once per result; answers stateAt() in time independent of the trace length.
class StateTimeline {
public:
    explicit StateTimeline(std::shared_ptr<const SimResult> result);
    ~StateTimeline();
    StateTimeline(const StateTimeline&) = delete;
    StateTimeline& operator=(const StateTimeline&) = delete;

    // Fills out with the state at t (intervals [from, to) containing t are active).
    void stateAt(std::int64_t t, ClusterState& out) const;
    // The next / previous instant after / before t where anything changes.
    std::optional<std::int64_t> nextChangeAfter(std::int64_t t) const;
    std::optional<std::int64_t> prevChangeBefore(std::int64_t t) const;
    std::int64_t begin_s() const;
    std::int64_t end_s() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace clens
