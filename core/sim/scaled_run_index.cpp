#include "core/sim/scaled_run_index.hpp"

#include <algorithm>
#include <numeric>

namespace clens {

namespace {
constexpr std::int64_t kMostBuckets = std::int64_t{1} << 22;
} // namespace

ScaledRunIndex::ScaledRunIndex(std::vector<ScaledRun> runs, std::int64_t origin_s, std::int64_t interval_s)
    : runs_(std::move(runs)), origin_(origin_s), interval_(std::max<std::int64_t>(1, interval_s))
{
    std::erase_if(runs_, [](const ScaledRun& run) { return run.to_s <= run.from_s; });
    if (runs_.empty())
        return;
    begin_ = runs_.front().from_s;
    end_ = runs_.front().to_s;
    std::int64_t total = 0;
    for (const auto& run : runs_) {
        begin_ = std::min(begin_, run.from_s);
        end_ = std::max(end_, run.to_s);
        starts_.push_back(run.from_s);
        ends_.push_back(run.to_s);
        total += run.to_s - run.from_s;
    }
    std::sort(starts_.begin(), starts_.end());
    std::sort(ends_.begin(), ends_.end());
    // Buckets as wide as the mean run: a run is then listed in about two buckets (the lists hold
    // about twice the runs), and a bucket about the runs running at once and those starting in it.
    width_ = std::max({std::int64_t{1}, total / static_cast<std::int64_t>(runs_.size()), (end_ - begin_) / kMostBuckets + 1});
    const auto buckets = static_cast<std::size_t>((end_ - begin_ + width_ - 1) / width_);
    const auto bucketOf = [&](std::int64_t t) { return static_cast<std::size_t>((t - begin_) / width_); };
    bucketStart_.assign(buckets + 1, 0);
    for (const auto& run : runs_) // counted, then filled: each list in the order of runs_
        for (auto b = bucketOf(run.from_s); b <= bucketOf(run.to_s - 1); ++b)
            ++bucketStart_[b + 1];
    std::partial_sum(bucketStart_.begin(), bucketStart_.end(), bucketStart_.begin());
    inBucket_.resize(bucketStart_.back());
    auto next = bucketStart_;
    for (std::uint32_t i = 0; i < runs_.size(); ++i)
        for (auto b = bucketOf(runs_[i].from_s); b <= bucketOf(runs_[i].to_s - 1); ++b)
            inBucket_[next[b]++] = i;
}

bool ScaledRunIndex::tickInsideARun(std::int64_t tick) const
{
    if (tick <= begin_ || tick >= end_)
        return false;
    const auto b = static_cast<std::size_t>((tick - begin_) / width_);
    for (auto i = bucketStart_[b]; i < bucketStart_[b + 1]; ++i) {
        const auto& run = runs_[inBucket_[i]];
        if (run.from_s < tick && tick < run.to_s)
            return true;
    }
    return false;
}

std::optional<std::int64_t> ScaledRunIndex::nextChangeAfter(std::int64_t t) const
{
    std::optional<std::int64_t> best;
    const auto consider = [&](std::int64_t v) {
        if (!best || v < *best)
            best = v;
    };
    if (const auto it = std::upper_bound(starts_.begin(), starts_.end(), t); it != starts_.end())
        consider(*it);
    if (const auto it = std::upper_bound(ends_.begin(), ends_.end(), t); it != ends_.end())
        consider(*it);
    // A later tick inside a run comes after that run's start, which is considered: only the
    // first tick after t can come first.
    if (const auto tick = tickAfter(t); tickInsideARun(tick))
        consider(tick);
    return best;
}

std::optional<std::int64_t> ScaledRunIndex::prevChangeBefore(std::int64_t t) const
{
    std::optional<std::int64_t> best;
    const auto consider = [&](std::int64_t v) {
        if (!best || v > *best)
            best = v;
    };
    if (const auto it = std::lower_bound(starts_.begin(), starts_.end(), t); it != starts_.begin())
        consider(*std::prev(it));
    if (const auto it = std::lower_bound(ends_.begin(), ends_.end(), t); it != ends_.begin())
        consider(*std::prev(it));
    // The last tick before t; an earlier tick inside a run comes before that run's end, which
    // is considered.
    if (t > origin_)
        if (const auto tick = tickAfter(t - 1) - interval_; tickInsideARun(tick))
            consider(tick);
    return best;
}

} // namespace clens
