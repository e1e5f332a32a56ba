#include "core/sim/simulated_phases.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <tuple>

namespace clens {

namespace {
constexpr std::size_t kCheckpoint = 4096;
}

std::int64_t SimulatedPhases::runningTotal() const
{
    return std::accumulate(running.begin(), running.end(), std::int64_t{runningUnknown});
}

std::int64_t SimulatedPhases::transitionTotal() const
{
    std::int64_t n = 0;
    for (const auto& row : transitions)
        n = std::accumulate(row.begin(), row.end(), n);
    return n;
}

SimulatedPhaseIndex::SimulatedPhaseIndex(const SimResult& r)
{
    origin_ = r.firstSubmit_s;
    interval_ = std::max<std::int64_t>(1, r.scenario.autoscaler.interval_s);
    struct AtTick {
        std::uint32_t tick;
        Transition transition;
    };
    std::vector<AtTick> found;
    found.reserve(r.scaledLevels.size()); // at most one per level: no copies on the way up
    phases_.reserve(r.scaledLevels.size());
    std::vector<ScaledRun> attempts;
    // One run per job attempt: the parts of a job on several servers start together and carry
    // the same phases, so the part on the lowest server stands for the attempt. The result lists
    // the runs by start, then server: a job's attempts come in order of start, and the first part
    // of an attempt met is on its lowest server. Visited in that order, not sorted by job, the
    // levels are read about where they lie (sorted by job, every attempt's first level missed the
    // cache: a quarter of the build).
    // (A result made elsewhere, a test's by hand, may list them otherwise: then sorted so first.)
    const auto byStart = [](const ScaledRun& a, const ScaledRun& b) { return std::tie(a.from_s, a.server) < std::tie(b.from_s, b.server); };
    std::vector<ScaledRun> sorted;
    if (!std::is_sorted(r.scaledRuns.begin(), r.scaledRuns.end(), byStart)) {
        sorted = r.scaledRuns;
        std::stable_sort(sorted.begin(), sorted.end(), byStart);
    }
    const auto& runs = sorted.empty() ? r.scaledRuns : sorted;
    std::int32_t jobs = 0;
    for (const auto& run : runs)
        jobs = std::max(jobs, run.job + 1);
    std::vector<std::int64_t> lastStart(static_cast<std::size_t>(jobs), std::numeric_limits<std::int64_t>::min());
    for (const auto& run : runs) {
        if (run.job < 0)
            continue;
        auto& last = lastStart[static_cast<std::size_t>(run.job)];
        if (last == run.from_s)
            continue;
        last = run.from_s;
        auto attempt = run;
        attempt.first = static_cast<std::uint32_t>(phases_.size());
        attempt.count = 0;
        // Level k >= 1 starts at the k-th tick after the run's start (scaledLevelSpan), so its
        // tick's number is the first one's + k - 1: no division per level (4.7 M of them after
        // the autoscaler preset's run on the Philly sample).
        const auto firstTick = (autoscalerTickAfter(origin_, interval_, run.from_s) - origin_) / interval_;
        for (std::uint32_t k = 0; k < run.count && run.first + k < r.scaledLevels.size(); ++k) {
            const auto phase = r.scaledLevels[run.first + k].phase;
            k_ = std::max(k_, static_cast<int>(phase) + 1);
            if (k > 0 && phase >= 0 && phases_.back() >= 0) {
                const auto tick = firstTick + static_cast<std::int64_t>(k - 1);
                found.push_back({static_cast<std::uint32_t>(tick), {phases_.back(), phase}});
            }
            phases_.push_back(phase);
            ++attempt.count;
        }
        attempts.push_back(attempt);
    }
    attempts_ = ScaledRunIndex(std::move(attempts), r.firstSubmit_s, r.scenario.autoscaler.interval_s);
    // Millions of transitions after an autoscaled run, counted by tick and placed (in the order
    // found within a tick; the counts do not depend on it).
    std::uint32_t ticks = 0;
    for (const auto& f : found)
        ticks = std::max(ticks, f.tick + 1);
    byTick_.assign(ticks + 1, 0);
    for (const auto& f : found)
        ++byTick_[f.tick + 1];
    std::partial_sum(byTick_.begin(), byTick_.end(), byTick_.begin());
    transitions_.resize(found.size());
    auto next = byTick_;
    for (const auto& f : found)
        transitions_[next[f.tick]++] = f.transition;
    std::vector<std::int32_t> counts(static_cast<std::size_t>(k_) * static_cast<std::size_t>(k_), 0);
    for (std::size_t i = 0; i < transitions_.size(); ++i) {
        if (i % kCheckpoint == 0)
            checkpoints_.push_back(counts);
        const auto& tr = transitions_[i];
        ++counts[static_cast<std::size_t>(tr.from) * static_cast<std::size_t>(k_) + static_cast<std::size_t>(tr.to)];
    }
}

SimulatedPhases SimulatedPhaseIndex::at(std::int64_t t, int minPhases) const
{
    const auto k = static_cast<std::size_t>(std::max(k_, minPhases));
    SimulatedPhases out;
    out.running.assign(k, 0);
    out.transitions.assign(k, std::vector<std::int32_t>(k, 0));

    attempts_.forEachAt(t, [&](const ScaledRun& run, std::uint32_t level) {
        const auto phase = phases_[run.first + level];
        if (phase < 0)
            ++out.runningUnknown;
        else
            ++out.running[static_cast<std::size_t>(phase)];
    });

    // The transitions at the ticks up to t.
    std::size_t end = 0;
    if (!transitions_.empty() && t >= origin_) {
        const auto ticks = static_cast<std::uint64_t>((t - origin_) / interval_) + 1;
        end = byTick_[static_cast<std::size_t>(std::min<std::uint64_t>(ticks, byTick_.size() - 1))];
    }
    std::size_t i = 0;
    if (end > 0) {
        const auto checkpoint = (end - 1) / kCheckpoint;
        const auto& counts = checkpoints_[checkpoint];
        const auto kk = static_cast<std::size_t>(k_);
        for (std::size_t a = 0; a < kk; ++a)
            for (std::size_t b = 0; b < kk; ++b)
                out.transitions[a][b] = counts[a * kk + b];
        i = checkpoint * kCheckpoint;
    }
    for (; i < end; ++i)
        ++out.transitions[static_cast<std::size_t>(transitions_[i].from)][static_cast<std::size_t>(transitions_[i].to)];
    return out;
}

SimulatedPhases simulatedPhasesAt(const SimResult& result, std::int64_t t, int minPhases)
{
    return SimulatedPhaseIndex(result).at(t, minPhases);
}

SimulatedPhaseSeries simulatedPhaseSeries(const SimulatedPhaseIndex& index, std::int64_t from, std::int64_t to, int samples,
                                          int minPhases)
{
    SimulatedPhaseSeries out;
    const int n = to > from ? std::max(2, samples) : 1;
    out.running.assign(static_cast<std::size_t>(std::max(index.phaseCount(), minPhases)), {});
    for (int i = 0; i < n; ++i) {
        // Integer steps, so the last instant is `to` exactly.
        const auto span = to - from, steps = static_cast<std::int64_t>(n - 1);
        const auto t = n == 1 ? from : from + span / steps * i + span % steps * i / steps;
        const auto at = index.at(t, minPhases);
        out.t.push_back(t);
        for (std::size_t p = 0; p < out.running.size(); ++p)
            out.running[p].push_back(at.running[p]);
    }
    return out;
}

} // namespace clens
