#include "core/sim/scenario_names.hpp"

#include "core/util/enum_names.hpp"

namespace clens {

namespace {

constexpr EnumNames<GangPolicy, 3> kGang{{{GangPolicy::Strict, "strict"}, {GangPolicy::Elastic, "elastic"}, {GangPolicy::None, "none"}}};
constexpr EnumNames<QuotaMode, 4> kQuota{{{QuotaMode::None, "none"},
                                          {QuotaMode::Strict, "strict"},
                                          {QuotaMode::Borrow, "borrow"},
                                          {QuotaMode::BorrowPreempt, "borrow-preempt"}}};
constexpr EnumNames<PlacementPolicy, 5> kPlacement{{{PlacementPolicy::BestFit, "best-fit"},
                                                    {PlacementPolicy::FirstFit, "first-fit"},
                                                    {PlacementPolicy::Spread, "spread"},
                                                    {PlacementPolicy::Fgd, "fgd"},
                                                    {PlacementPolicy::FgdFirst, "fgd-first"}}};
constexpr EnumNames<BackfillPolicy, 2> kBackfill{{{BackfillPolicy::None, "none"}, {BackfillPolicy::Greedy, "greedy"}}};
constexpr EnumNames<UsageModel, 3> kUsage{{{UsageModel::None, "none"}, {UsageModel::Metrics, "metrics"}, {UsageModel::Phases, "phases"}}};
constexpr EnumNames<QueuePolicyKind, 6> kQueue{{{QueuePolicyKind::Fifo, "fifo"},
                                                {QueuePolicyKind::Sjf, "sjf"},
                                                {QueuePolicyKind::Srtf, "srtf"},
                                                {QueuePolicyKind::Qssf, "qssf"},
                                                {QueuePolicyKind::Las, "las"},
                                                {QueuePolicyKind::FairShare, "fair-share"}}};

} // namespace

std::string_view toString(GangPolicy v) { return nameIn(kGang, v); }
std::string_view toString(QuotaMode v) { return nameIn(kQuota, v); }
std::string_view toString(PlacementPolicy v) { return nameIn(kPlacement, v); }
std::string_view toString(BackfillPolicy v) { return nameIn(kBackfill, v); }
std::string_view toString(UsageModel v) { return nameIn(kUsage, v); }
std::string_view toString(QueuePolicyKind v) { return nameIn(kQueue, v); }

template <> std::optional<GangPolicy> scenarioEnumFromString(std::string_view t) { return valueIn(kGang, t); }
template <> std::optional<QuotaMode> scenarioEnumFromString(std::string_view t) { return valueIn(kQuota, t); }
template <> std::optional<PlacementPolicy> scenarioEnumFromString(std::string_view t) { return valueIn(kPlacement, t); }
template <> std::optional<BackfillPolicy> scenarioEnumFromString(std::string_view t) { return valueIn(kBackfill, t); }
template <> std::optional<UsageModel> scenarioEnumFromString(std::string_view t) { return valueIn(kUsage, t); }
template <> std::optional<QueuePolicyKind> scenarioEnumFromString(std::string_view t) { return valueIn(kQueue, t); }

template <> std::string scenarioEnumNames<GangPolicy>() { return allNamesIn(kGang); }
template <> std::string scenarioEnumNames<QuotaMode>() { return allNamesIn(kQuota); }
template <> std::string scenarioEnumNames<PlacementPolicy>() { return allNamesIn(kPlacement); }
template <> std::string scenarioEnumNames<BackfillPolicy>() { return allNamesIn(kBackfill); }
template <> std::string scenarioEnumNames<UsageModel>() { return allNamesIn(kUsage); }
template <> std::string scenarioEnumNames<QueuePolicyKind>() { return allNamesIn(kQueue); }

} // namespace clens
