#pragma once
// Per-VC GPU quotas and what each VC holds now (DESIGN §5 "Quota"). A VC absent from
// `quota.vc`, or any VC under mode none, is unlimited. Held counts every GPU a VC's jobs hold:
// running gangs (their allocated size), trials and GPUs hoarded under gang `none`.
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
    bool limited(std::int32_t vc) const { return quota_[idx(vc)] != kUnlimited; }
    std::int64_t quota(std::int32_t vc) const { return quota_[idx(vc)]; }
    std::int64_t held(std::int32_t vc) const { return held_[idx(vc)]; }
    // GPUs the VC may still take without exceeding its quota (kUnlimited when unlimited).
    std::int64_t room(std::int32_t vc) const { return limited(vc) ? quota_[idx(vc)] - held_[idx(vc)] : kUnlimited; }
    bool wouldExceed(std::int32_t vc, std::int64_t gpus) const { return limited(vc) && held_[idx(vc)] + gpus > quota_[idx(vc)]; }
    bool overQuota(std::int32_t vc) const { return limited(vc) && held_[idx(vc)] > quota_[idx(vc)]; }
    void add(std::int32_t vc, std::int64_t gpus) { held_[idx(vc)] += gpus; }
    void remove(std::int32_t vc, std::int64_t gpus) { held_[idx(vc)] -= gpus; }
    std::size_t vcCount() const { return quota_.size(); }

private:
    static std::size_t idx(std::int32_t i) { return static_cast<std::size_t>(i); }
    QuotaMode mode_;
    std::vector<std::int64_t> quota_;
    std::vector<std::int64_t> held_;
};

} // namespace clens
