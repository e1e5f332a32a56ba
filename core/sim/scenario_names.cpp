#include "core/sim/scenario_names.hpp"

#include <array>
#include <utility>

namespace clens {

namespace {

template <typename T, std::size_t N>
using Names = std::array<std::pair<T, std::string_view>, N>;

constexpr Names<GangPolicy, 3> kGang{{{GangPolicy::Strict, "strict"}, {GangPolicy::Elastic, "elastic"}, {GangPolicy::None, "none"}}};
constexpr Names<QuotaMode, 4> kQuota{{{QuotaMode::None, "none"},
                                      {QuotaMode::Strict, "strict"},
                                      {QuotaMode::Borrow, "borrow"},
                                      {QuotaMode::BorrowPreempt, "borrow-preempt"}}};
constexpr Names<PlacementPolicy, 4> kPlacement{{{PlacementPolicy::BestFit, "best-fit"},
                                                {PlacementPolicy::FirstFit, "first-fit"},
                                                {PlacementPolicy::Spread, "spread"},
                                                {PlacementPolicy::Fgd, "fgd"}}};
constexpr Names<BackfillPolicy, 2> kBackfill{{{BackfillPolicy::None, "none"}, {BackfillPolicy::Greedy, "greedy"}}};
constexpr Names<UsageModel, 3> kUsage{{{UsageModel::None, "none"}, {UsageModel::Metrics, "metrics"}, {UsageModel::Phases, "phases"}}};
constexpr Names<QueuePolicyKind, 6> kQueue{{{QueuePolicyKind::Fifo, "fifo"},
                                            {QueuePolicyKind::Sjf, "sjf"},
                                            {QueuePolicyKind::Srtf, "srtf"},
                                            {QueuePolicyKind::Qssf, "qssf"},
                                            {QueuePolicyKind::Las, "las"},
                                            {QueuePolicyKind::FairShare, "fair-share"}}};

template <typename T, std::size_t N>
std::string_view nameOf(const Names<T, N>& names, T v)
{
    for (const auto& [value, name] : names)
        if (value == v)
            return name;
    return "?";
}

template <typename T, std::size_t N>
std::optional<T> valueOf(const Names<T, N>& names, std::string_view text)
{
    for (const auto& [value, name] : names)
        if (name == text)
            return value;
    return std::nullopt;
}

template <typename T, std::size_t N>
std::string allOf(const Names<T, N>& names)
{
    std::string out;
    for (const auto& [value, name] : names)
        out += (out.empty() ? "" : ", ") + std::string(name);
    return out;
}

} // namespace

std::string_view toString(GangPolicy v) { return nameOf(kGang, v); }
std::string_view toString(QuotaMode v) { return nameOf(kQuota, v); }
std::string_view toString(PlacementPolicy v) { return nameOf(kPlacement, v); }
std::string_view toString(BackfillPolicy v) { return nameOf(kBackfill, v); }
std::string_view toString(UsageModel v) { return nameOf(kUsage, v); }
std::string_view toString(QueuePolicyKind v) { return nameOf(kQueue, v); }

template <> std::optional<GangPolicy> scenarioEnumFromString(std::string_view t) { return valueOf(kGang, t); }
template <> std::optional<QuotaMode> scenarioEnumFromString(std::string_view t) { return valueOf(kQuota, t); }
template <> std::optional<PlacementPolicy> scenarioEnumFromString(std::string_view t) { return valueOf(kPlacement, t); }
template <> std::optional<BackfillPolicy> scenarioEnumFromString(std::string_view t) { return valueOf(kBackfill, t); }
template <> std::optional<UsageModel> scenarioEnumFromString(std::string_view t) { return valueOf(kUsage, t); }
template <> std::optional<QueuePolicyKind> scenarioEnumFromString(std::string_view t) { return valueOf(kQueue, t); }

template <> std::string scenarioEnumNames<GangPolicy>() { return allOf(kGang); }
template <> std::string scenarioEnumNames<QuotaMode>() { return allOf(kQuota); }
template <> std::string scenarioEnumNames<PlacementPolicy>() { return allOf(kPlacement); }
template <> std::string scenarioEnumNames<BackfillPolicy>() { return allOf(kBackfill); }
template <> std::string scenarioEnumNames<UsageModel>() { return allOf(kUsage); }
template <> std::string scenarioEnumNames<QueuePolicyKind>() { return allOf(kQueue); }

} // namespace clens
