#include "core/phases/autoscaler.hpp"

#include "core/phases/phase_model.hpp"
#include "core/phases/step_durations.hpp"
#include "core/util/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace clens {

namespace {

constexpr double kBytesPerGb = 1e9;
constexpr double kNoLimitBytes = 1e15; // a "limit" this large means "unlimited"

struct Interval {
    std::int64_t index = 0;
    std::size_t first = 0, end = 0;
};

struct Usage {
    std::vector<double> cpu, mem, duration_s; // per row; mem in GB
};

struct Pair {
    double cpu = 0, mem = 0;
};

std::vector<Interval> intervalsOf(const ContainerSeries& s, std::int64_t width)
{
    std::vector<Interval> out;
    for (std::size_t r = 0; r < s.rows(); ++r) {
        const auto j = (s.timestamps[r] - s.timestamps.front()) / width;
        if (out.empty() || out.back().index != j)
            out.push_back({j, r, r + 1});
        else
            out.back().end = r + 1;
    }
    return out;
}

IntervalUsage usageOf(const Usage& u, const Interval& iv)
{
    return {usageStats(u.cpu.data() + iv.first, iv.end - iv.first), usageStats(u.mem.data() + iv.first, iv.end - iv.first)};
}

// The interval's peak usage (a container without a usable request starts with it).
Pair maxOf(const Usage& u, const Interval& iv)
{
    const auto x = usageOf(u, iv);
    return {x.cpu.max, x.mem.max};
}

struct PhaseRule {
    bool known = false;
    Pair value;
};

std::vector<PhaseRule> phaseRules(const ContainerMetrics& metrics, const std::vector<PhaseStats>& stats, int k,
                                  const AutoscaleConfig& c)
{
    std::vector<PhaseRule> rules(static_cast<std::size_t>(std::max(k, 0)));
    for (std::size_t p = 0; p < rules.size() && p < stats.size(); ++p) {
        const auto& s = stats[p];
        if (s.steps == 0)
            continue;
        const auto cpu = s.columns.find(c.cpuColumn), mem = s.columns.find(c.memColumn);
        if (cpu == s.columns.end())
            throw InputError(metrics.source, 0, c.cpuColumn, "the phase statistics have no column '" + c.cpuColumn + "'");
        if (mem == s.columns.end())
            throw InputError(metrics.source, 0, c.memColumn, "the phase statistics have no column '" + c.memColumn + "'");
        rules[p].known = true;
        rules[p].value = {cpu->second.mean + c.sigma * cpu->second.std,
                          (mem->second.mean + c.sigma * mem->second.std) / kBytesPerGb};
    }
    return rules;
}

double clampTo(double v, const ResourceBounds& b) { return std::min(std::max(v, b.min), b.max); }

// One scored interval's steps under its allocation.
void addToScore(PolicyScore& score, const Usage& u, const Interval& iv, const IntervalAllocation& a)
{
    ++score.intervals;
    for (std::size_t r = iv.first; r < iv.end; ++r) {
        const double h = u.duration_s[r] / 3600.0;
        ++score.steps;
        score.hours += h;
        score.cpuAllocCoreH += a.cpuCores * h;
        score.cpuUsedCoreH += u.cpu[r] * h;
        score.cpuUnmetCoreH += std::max(0.0, u.cpu[r] - a.cpuCores) * h;
        score.cpuUnderSteps += u.cpu[r] > a.cpuCores;
        score.memAllocGbH += a.memGb * h;
        score.memUsedGbH += u.mem[r] * h;
        score.memUnmetGbH += std::max(0.0, u.mem[r] - a.memGb) * h;
        score.memUnderSteps += u.mem[r] > a.memGb;
    }
}

} // namespace

void validateAutoscaleConfig(const AutoscaleConfig& c)
{
    const auto bad = [](const std::string& what) { throw ValueError(what); };
    if (c.interval_s < 1)
        bad("the autoscaler interval must be at least 1 s");
    if (!std::isfinite(c.sigma) || c.sigma < 0)
        bad("sigma must be a finite number >= 0");
    if (!std::isfinite(c.headroom) || c.headroom < 0)
        bad("headroom must be a finite fraction >= 0 (0.1 = 10 %)");
    for (const auto* b : {&c.cpuCores, &c.memGb})
        if (!std::isfinite(b->min) || b->min < 0 || std::isnan(b->max) || b->max < b->min)
            bad("bounds must satisfy 0 <= min <= max");
}

// About 105 lines: per container and policy, the allocation of each interval by the rule that
// applies to it (oracle, first interval, a gap, the policy), then its score (addToScore).
AutoscaleResult scoreAutoscaling(const ContainerMetrics& metrics, const PhaseAssignment& phases,
                                 const std::vector<PhaseStats>& phaseStats, const AutoscaleConfig& c,
                                 const ProgressFn& progress)
{
    validateAutoscaleConfig(c);
    const auto cpuCol = metrics.requireColumn(c.cpuColumn), memCol = metrics.requireColumn(c.memColumn);
    const auto cpuReqCol = metrics.requireColumn(c.cpuRequestColumn), memReqCol = metrics.requireColumn(c.memRequestColumn);
    if (phases.containers.size() != metrics.containers.size())
        throw ValueError("scoreAutoscaling: phases and metrics have different containers");
    const auto rules = phaseRules(metrics, phaseStats, phases.k, c);

    AutoscaleResult result;
    result.allocations.resize(kScalingPolicies.size());
    result.scores.resize(kScalingPolicies.size());
    for (std::size_t pi = 0; pi < kScalingPolicies.size(); ++pi)
        result.scores[pi].policy = kScalingPolicies[pi];
    std::size_t fallbackRequests = 0;

    for (std::size_t ci = 0; ci < metrics.containers.size(); ++ci) {
        if (progress && !progress(static_cast<double>(ci) / static_cast<double>(metrics.containers.size())))
            throw Cancelled();
        const auto& s = metrics.containers[ci];
        const auto& labels = phases.containers[ci].labels;
        Usage u;
        u.duration_s = stepDurations(s);
        for (std::size_t r = 0; r < s.rows(); ++r) {
            u.cpu.push_back(metrics.value(s, r, cpuCol));
            u.mem.push_back(metrics.value(s, r, memCol) / kBytesPerGb);
        }
        const auto intervals = intervalsOf(s, c.interval_s);
        const Pair request{metrics.value(s, 0, cpuReqCol), metrics.value(s, 0, memReqCol) / kBytesPerGb};
        const bool requestUsable = request.cpu > 0 && request.mem > 0 && request.mem * kBytesPerGb < kNoLimitBytes;

        for (std::size_t pi = 0; pi < kScalingPolicies.size(); ++pi) {
            const auto policy = kScalingPolicies[pi];
            auto& allocs = result.allocations[pi];
            auto& score = result.scores[pi];
            bool anyScored = false;
            for (std::size_t k = 0; k < intervals.size(); ++k) {
                const auto& iv = intervals[k];
                IntervalAllocation a;
                a.container = ci;
                a.interval = iv.index;
                a.start_s = s.timestamps.front() + iv.index * c.interval_s;
                a.firstRow = iv.first;
                a.endRow = iv.end;
                a.scored = !(k == 0 && c.firstInterval == FirstInterval::Skip);
                std::optional<Pair> raw; // computed from data: gets headroom and the request cap
                Pair fixed;              // used as is (bounds only)
                const auto current = usageOf(u, iv);
                if (isOracle(policy)) {
                    const auto alloc = policyAllocation(policy, {nullptr, &current, {}, c.sigma}, &a.source);
                    raw = Pair{alloc.cpu, alloc.mem};
                } else if (k == 0) {
                    a.source = AllocationSource::Request;
                    if (requestUsable) {
                        fixed = request;
                    } else {
                        ++fallbackRequests;
                        raw = maxOf(u, iv);
                        if (std::isfinite(c.cpuCores.max))
                            raw->cpu = c.cpuCores.max;
                        if (std::isfinite(c.memGb.max))
                            raw->mem = c.memGb.max;
                    }
                } else if (intervals[k - 1].index + 1 != iv.index) {
                    a.source = AllocationSource::Carried;
                    fixed = {allocs.back().cpuCores, allocs.back().memGb};
                } else {
                    const auto& prev = intervals[k - 1];
                    const auto previous = usageOf(u, prev);
                    const int phase = labels[prev.end - 1];
                    PolicyInputs in{&previous, nullptr, {}, c.sigma};
                    if (policy == ScalingPolicy::PhaseRule && phase >= 0 && rules[static_cast<std::size_t>(phase)].known) {
                        in.phaseRule = Allocation{rules[static_cast<std::size_t>(phase)].value.cpu, rules[static_cast<std::size_t>(phase)].value.mem};
                        a.phase = phase;
                    }
                    const auto alloc = policyAllocation(policy, in, &a.source);
                    raw = Pair{alloc.cpu, alloc.mem};
                }
                if (raw) {
                    fixed = {raw->cpu * (1.0 + c.headroom), raw->mem * (1.0 + c.headroom)};
                    if (c.capAtRequest && requestUsable)
                        fixed = {std::min(fixed.cpu, request.cpu), std::min(fixed.mem, request.mem)};
                }
                a.cpuCores = clampTo(fixed.cpu, c.cpuCores);
                a.memGb = clampTo(fixed.mem, c.memGb);
                allocs.push_back(a);
                if (!a.scored)
                    continue;
                anyScored = true;
                addToScore(score, u, iv, a);
            }
            score.containers += anyScored;
        }
    }

    const auto& base = result.scores.front(); // prev.step.max
    for (auto& s : result.scores) {
        const auto pct = [&](std::size_t n) { return s.steps ? 100.0 * static_cast<double>(n) / static_cast<double>(s.steps) : 0.0; };
        s.cpuUnderPct = pct(s.cpuUnderSteps);
        s.memUnderPct = pct(s.memUnderSteps);
        s.cpuSavingsPct = base.cpuAllocCoreH > 0 ? 100.0 * (base.cpuAllocCoreH - s.cpuAllocCoreH) / base.cpuAllocCoreH : 0.0;
        s.memSavingsPct = base.memAllocGbH > 0 ? 100.0 * (base.memAllocGbH - s.memAllocGbH) / base.memAllocGbH : 0.0;
    }
    if (fallbackRequests)
        result.notes.push_back(std::to_string(fallbackRequests / (kScalingPolicies.size() - 2)) +
                               " container(s) have no usable request (" + c.cpuRequestColumn + " / " +
                               c.memRequestColumn + "): their first interval got the max bound, or else its own peak");
    return result;
}

} // namespace clens
