#pragma once
// Autoscaling policies scored on container traces
// (docs/phases.md "Autoscaling (`autoscaler.hpp`)").
//
// Intervals. Each container's time axis is cut into intervals of interval_s seconds anchored at
// its first sample: row i belongs to interval floor((t_i - t_0) / interval_s). An interval with
// no row is a monitoring gap: nothing is scored there.
//
// Allocation for interval j (CPU in cores, memory in GB = 1e9 bytes), before headroom/bounds:
//   prev.step.max      max usage over the rows of interval j-1
//   prev.step.rules    mean + sigma * std over the rows of interval j-1 (population std)
//   phase.rule         mean + sigma * std of the phase of the last row of interval j-1 (the
//                      phase statistics of the model); that row has no phase -> prev.step.rules
//   current.step.max   max usage over the rows of interval j itself (oracle)
//   current.step.rules mean + sigma * std over interval j itself (oracle)
// The first interval of a container (no previous interval) gets the container's request —
// cpu.num.cores and mem.limit of its first row — for every non-oracle policy (or is left out of
// every score with FirstInterval::Skip). After a gap (interval j-1 empty) a non-oracle policy
// keeps the allocation it had. A computed allocation is multiplied by (1 + headroom), capped at
// the container's request when capAtRequest, then clamped to [min, max].
//
// Scores. Every row is a step lasting until the next row of its container (the last row lasts
// the container's median gap). Used = the CPU / memory column of the row; allocated = its
// interval's allocation. core-hours and GB-hours sum value x duration; a step is
// under-provisioned when used > allocated; savings are relative to prev.step.max's allocation.
#include "core/model/container_metrics.hpp"
#include "core/phases/phase_stats.hpp"
#include "core/phases/scaling_policy.hpp"
#include "core/util/error.hpp"
#include "core/util/progress.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clens {

struct PhaseAssignment;

enum class FirstInterval : std::uint8_t { Request, Skip };

struct ResourceBounds {
    double min = 0;
    double max = std::numeric_limits<double>::infinity();
    bool operator==(const ResourceBounds&) const = default;
};

struct AutoscaleConfig {
    std::int64_t interval_s = 300;
    double sigma = 2.0;
    double headroom = 0.0; // fraction: 0.1 = 10 % more
    ResourceBounds cpuCores;
    ResourceBounds memGb;
    bool capAtRequest = false;
    FirstInterval firstInterval = FirstInterval::Request;
    std::string cpuColumn = "cpu.usage.cores";
    // Why not mem.current: docs/phases.md "Autoscaling (`autoscaler.hpp`)".
    std::string memColumn = "mem.working.set";
    std::string cpuRequestColumn = "cpu.num.cores";
    std::string memRequestColumn = "mem.limit";
    bool operator==(const AutoscaleConfig&) const = default;
};

struct IntervalAllocation {
    std::size_t container = 0;
    std::int64_t interval = 0; // index on the container's grid
    std::int64_t start_s = 0;  // t_0 + interval * interval_s
    std::size_t firstRow = 0, endRow = 0; // rows [firstRow, endRow)
    int phase = -1;             // phase.rule: the phase used
    double cpuCores = 0, memGb = 0;
    AllocationSource source = AllocationSource::Request;
    bool scored = true;
};

struct PolicyScore {
    ScalingPolicy policy = ScalingPolicy::PrevStepMax;
    std::size_t containers = 0, intervals = 0, steps = 0;
    double hours = 0;
    double cpuAllocCoreH = 0, cpuUsedCoreH = 0, cpuUnmetCoreH = 0;
    std::size_t cpuUnderSteps = 0;
    double cpuUnderPct = 0, cpuSavingsPct = 0;
    double memAllocGbH = 0, memUsedGbH = 0, memUnmetGbH = 0;
    std::size_t memUnderSteps = 0;
    double memUnderPct = 0, memSavingsPct = 0;
};

struct AutoscaleResult {
    std::vector<PolicyScore> scores;                         // kScalingPolicies order
    std::vector<std::vector<IntervalAllocation>> allocations; // per policy, per container interval
    std::vector<std::string> notes;
};

// phaseStats: one entry per phase with the CPU and memory columns (a model's phaseStats, or
// computePhaseStats). Throws InputError when a needed column is missing,
// ValueError on an invalid config, and Cancelled when progress (asked once per container)
// returns false.
AutoscaleResult scoreAutoscaling(const ContainerMetrics& metrics, const PhaseAssignment& phases,
                                 const std::vector<PhaseStats>& phaseStats, const AutoscaleConfig& config,
                                 const ProgressFn& progress = {});

void validateAutoscaleConfig(const AutoscaleConfig& config); // throws ValueError

} // namespace clens
