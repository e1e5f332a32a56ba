#pragma once
// The autoscaled runs of a result by time, for what holds at an instant: the runs covering t and,
// for each, its level there (level k of a run spans scaledLevelSpan(result, run, k), cut at the
// autoscaler's clock). Millions of levels are never listed or sorted: the runs are filed in time
// buckets (each bucket lists the runs overlapping it, in the order given), and a run's level at
// t is arithmetic. Also where the levels change: a run's start and end, and each tick inside it.
#include "core/sim/sim_result.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace clens {

class ScaledRunIndex {
public:
    ScaledRunIndex() = default;
    // Indexes these runs (a result's scaledRuns, or some of them) on the autoscaler's clock of
    // `interval_s` from `origin_s` (the result's first submission).
    ScaledRunIndex(std::vector<ScaledRun> runs, std::int64_t origin_s, std::int64_t interval_s);

    bool empty() const { return runs_.empty(); }
    const std::vector<ScaledRun>& runs() const { return runs_; }

    // fn(run, k) for each run with from_s <= t < to_s and k its level there (k < count), in the
    // order the runs were given.
    template <class Fn>
    void forEachAt(std::int64_t t, Fn&& fn) const
    {
        if (runs_.empty() || t < begin_ || t >= end_)
            return;
        const auto b = static_cast<std::size_t>((t - begin_) / width_);
        for (auto i = bucketStart_[b]; i < bucketStart_[b + 1]; ++i) {
            const auto& run = runs_[inBucket_[i]];
            if (run.from_s > t || t >= run.to_s)
                continue;
            if (const auto k = levelAt(run, t); k < run.count)
                fn(run, k);
        }
    }

    // The level of `run` covering t (from_s <= t < to_s).
    std::uint32_t levelAt(const ScaledRun& run, std::int64_t t) const
    {
        const auto firstTick = tickAfter(run.from_s);
        return t < firstTick ? 0 : static_cast<std::uint32_t>((t - firstTick) / interval_ + 1);
    }

    // The next / previous instant after / before t where an indexed run's level changes (it
    // starts, ends, or a tick inside it cuts it).
    std::optional<std::int64_t> nextChangeAfter(std::int64_t t) const;
    std::optional<std::int64_t> prevChangeBefore(std::int64_t t) const;

private:
    std::int64_t tickAfter(std::int64_t t) const { return autoscalerTickAfter(origin_, interval_, t); }
    bool tickInsideARun(std::int64_t tick) const; // some run has from_s < tick < to_s

    std::vector<ScaledRun> runs_;                    // the runs with a length, in the order given
    std::vector<std::int64_t> starts_, ends_;        // their from_s and to_s, each sorted
    std::int64_t origin_ = 0, interval_ = 1;         // the autoscaler's clock
    std::int64_t begin_ = 0, end_ = 0, width_ = 1;   // buckets of width_ cover [begin_, end_)
    std::vector<std::uint32_t> bucketStart_, inBucket_;
};

} // namespace clens
