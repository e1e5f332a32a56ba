#pragma once
// The autoscaling policies themselves (docs/phases.md "Autoscaling (`autoscaler.hpp`)"): what a policy allocates for
// an interval from the usage of the interval before (or, for the oracles, of the interval
// itself), or from the statistics of the phase detected at the end of the interval before. The
// one implementation both the `autoscale` scores (autoscaler.hpp) and the cluster simulation's
// autoscaler (docs/autoscaling.md) use.
#include <optional>
#include <string_view>
#include <cstdint>
#include <array>

namespace clens {

enum class ScalingPolicy : std::uint8_t { PrevStepMax, PrevStepRules, PhaseRule, CurrentStepMax, CurrentStepRules };

inline constexpr std::array<ScalingPolicy, 5> kScalingPolicies{ScalingPolicy::PrevStepMax, ScalingPolicy::PrevStepRules,
                                                                 ScalingPolicy::PhaseRule, ScalingPolicy::CurrentStepMax,
                                                                 ScalingPolicy::CurrentStepRules};

std::string_view scalingPolicyName(ScalingPolicy p);
std::optional<ScalingPolicy> scalingPolicyFromName(std::string_view name);
bool isOracle(ScalingPolicy p);

// Where an interval's allocation came from.
enum class AllocationSource : std::uint8_t { Request, PreviousInterval, Phase, PhaseFallback, Carried, SameInterval };
std::string_view allocationSourceName(AllocationSource s);

// Max, mean and population standard deviation of one resource's samples over an interval.
struct UsageStats {
    double max = 0, mean = 0, std = 0;
};
// Of n >= 1 samples (every `stride`-th value from `first`).
UsageStats usageStats(const double* first, std::size_t n, std::size_t stride = 1);

struct IntervalUsage {
    UsageStats cpu, mem;
};

struct Allocation {
    double cpu = 0, mem = 0;
};

// What the policy allocates before headroom and bounds:
//   prev.step.max      max of `previous`
//   prev.step.rules    mean + sigma * std of `previous`
//   phase.rule         `phaseRule` (mean + sigma * std of the phase detected at the end of the
//                      interval before); without one (no phase there) prev.step.rules
//   current.step.max   max of `current` (oracle)
//   current.step.rules mean + sigma * std of `current` (oracle)
// `previous` is required for the non-oracles, `current` for the oracles.
struct PolicyInputs {
    const IntervalUsage* previous = nullptr;
    const IntervalUsage* current = nullptr;
    std::optional<Allocation> phaseRule;
    double sigma = 2.0;
};
Allocation policyAllocation(ScalingPolicy policy, const PolicyInputs& in, AllocationSource* source = nullptr);

// mean + sigma * std.
inline double rule(const UsageStats& s, double sigma) { return s.mean + sigma * s.std; }

} // namespace clens
