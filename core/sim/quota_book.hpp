#pragma once
// Per-VC GPU quotas and what each VC holds now (docs/simulation.md "Quota"). A VC absent from
// `quota.vc`, or any VC under mode none, is unlimited. Held counts every GPU a VC's jobs hold:
// running gangs (their allocated size), trials, GPUs hoarded under gang `none`, and shares of a
// GPU as their part of it (docs/resources.md). Amounts are in thousandths of a GPU.
#include "core/model/trace.hpp"
#include "core/sim/scenario.hpp"

#include <cstdint>
#include <limits>
#include <vector>

namespace clens {

class QuotaBook {
public:
    static constexpr std::int64_t kUnlimited = std::numeric_limits<std::int64_t>::max() / 4;

    // Quota names must already be validated against the trace (validateScenarioForTrace).
    QuotaBook(const Scenario::Quota& quota, const Trace& trace);

    QuotaMode mode() const { return mode_; }
    // borrow / borrow-preempt: a pass in two rounds, within quota first (docs/simulation.md "Quota").
    bool borrows() const { return mode_ == QuotaMode::Borrow || mode_ == QuotaMode::BorrowPreempt; }
    bool limited(std::int32_t vc) const { return quota_[idx(vc)] != kUnlimited; }
    std::int64_t quota(std::int32_t vc) const { return quota_[idx(vc)]; }
    std::int64_t held(std::int32_t vc) const { return held_[idx(vc)]; }
    // What the VC may still take without exceeding its quota (kUnlimited when unlimited).
    std::int64_t room(std::int32_t vc) const { return limited(vc) ? quota_[idx(vc)] - held_[idx(vc)] : kUnlimited; }
    // The same in whole GPUs (rounded down).
    std::int64_t roomGpus(std::int32_t vc) const { return limited(vc) ? floorDiv(room(vc), 1000) : kUnlimited; }
    bool wouldExceed(std::int32_t vc, std::int64_t milli) const { return limited(vc) && held_[idx(vc)] + milli > quota_[idx(vc)]; }
    // The most whole GPUs a pass may start a job of vc on, in the within-quota round of the
    // borrow modes or in the other (the only round of strict and none): strict quotas and the
    // within-quota round keep to the room, the rest may borrow (docs/simulation.md "Quota").
    std::int64_t maxStartGpus(std::int32_t vc, bool withinQuotaRound) const
    {
        return mode_ == QuotaMode::Strict || withinQuotaRound ? roomGpus(vc) : kUnlimited;
    }
    // The borrow modes decide a job's start in the within-quota round when its smallest start
    // (needMilli) stays within quota: it is never tried again in the borrowing round.
    bool decidedWithinQuota(std::int32_t vc, std::int64_t needMilli) const { return borrows() && !wouldExceed(vc, needMilli); }
    bool overQuota(std::int32_t vc) const { return limited(vc) && held_[idx(vc)] > quota_[idx(vc)]; }
    void add(std::int32_t vc, std::int64_t milli) { held_[idx(vc)] += milli; }
    void remove(std::int32_t vc, std::int64_t milli) { held_[idx(vc)] -= milli; }
    std::size_t vcCount() const { return quota_.size(); }

private:
    static std::size_t idx(std::int32_t i) { return static_cast<std::size_t>(i); }
    static std::int64_t floorDiv(std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
    QuotaMode mode_;
    std::vector<std::int64_t> quota_;
    std::vector<std::int64_t> held_;
};

} // namespace clens
