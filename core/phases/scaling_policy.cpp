#include "core/phases/scaling_policy.hpp"

#include <algorithm>
#include <cmath>

namespace clens {

std::string_view scalingPolicyName(ScalingPolicy p)
{
    switch (p) {
    case ScalingPolicy::PrevStepMax: return "prev.step.max";
    case ScalingPolicy::PrevStepRules: return "prev.step.rules";
    case ScalingPolicy::PhaseRule: return "phase.rule";
    case ScalingPolicy::CurrentStepMax: return "current.step.max";
    case ScalingPolicy::CurrentStepRules: return "current.step.rules";
    }
    return "?";
}

std::optional<ScalingPolicy> scalingPolicyFromName(std::string_view name)
{
    for (auto p : kScalingPolicies)
        if (scalingPolicyName(p) == name)
            return p;
    return std::nullopt;
}

bool isOracle(ScalingPolicy p) { return p == ScalingPolicy::CurrentStepMax || p == ScalingPolicy::CurrentStepRules; }

std::string_view allocationSourceName(AllocationSource s)
{
    switch (s) {
    case AllocationSource::Request: return "request";
    case AllocationSource::PreviousInterval: return "previous-interval";
    case AllocationSource::Phase: return "phase";
    case AllocationSource::PhaseFallback: return "previous-interval-no-phase";
    case AllocationSource::Carried: return "carried";
    case AllocationSource::SameInterval: return "same-interval";
    }
    return "?";
}

UsageStats usageStats(const double* first, std::size_t n, std::size_t stride)
{
    UsageStats w;
    const auto at = [&](std::size_t i) { return first[i * stride]; };
    w.max = at(0);
    for (std::size_t i = 0; i < n; ++i) {
        w.max = std::max(w.max, at(i));
        w.mean += at(i);
    }
    w.mean /= static_cast<double>(n);
    double ss = 0;
    for (std::size_t i = 0; i < n; ++i)
        ss += (at(i) - w.mean) * (at(i) - w.mean);
    w.std = std::sqrt(ss / static_cast<double>(n));
    return w;
}

Allocation policyAllocation(ScalingPolicy policy, const PolicyInputs& in, AllocationSource* source)
{
    const auto set = [&](AllocationSource s) {
        if (source)
            *source = s;
    };
    switch (policy) {
    case ScalingPolicy::CurrentStepMax: set(AllocationSource::SameInterval); return {in.current->cpu.max, in.current->mem.max};
    case ScalingPolicy::CurrentStepRules:
        set(AllocationSource::SameInterval);
        return {rule(in.current->cpu, in.sigma), rule(in.current->mem, in.sigma)};
    case ScalingPolicy::PrevStepMax: set(AllocationSource::PreviousInterval); return {in.previous->cpu.max, in.previous->mem.max};
    case ScalingPolicy::PhaseRule:
        if (in.phaseRule) {
            set(AllocationSource::Phase);
            return *in.phaseRule;
        }
        set(AllocationSource::PhaseFallback);
        return {rule(in.previous->cpu, in.sigma), rule(in.previous->mem, in.sigma)};
    case ScalingPolicy::PrevStepRules:
        set(AllocationSource::PreviousInterval);
        return {rule(in.previous->cpu, in.sigma), rule(in.previous->mem, in.sigma)};
    }
    return {};
}

} // namespace clens
