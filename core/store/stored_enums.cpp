#include "core/store/stored_enums.hpp"

#include "core/sim/scenario_names.hpp"

#include "core/util/enum_names.hpp"

namespace clens::store {

namespace {

constexpr EnumNames<SkipReason, 4> kSkip{{{SkipReason::None, "none"},
                                          {SkipReason::NoAttempts, "no-attempts"},
                                          {SkipReason::Pending, "pending"},
                                          {SkipReason::ZeroGpus, "zero-gpus"}}};
constexpr EnumNames<TimeBase, 2> kTimeBase{{{TimeBase::Relative, "relative"}, {TimeBase::UnixUtc, "unix-utc"}}};
constexpr EnumNames<GpuUse, 3> kGpuUse{{{GpuUse::Running, "running"}, {GpuUse::Trial, "trial"}, {GpuUse::HeldIdle, "held-idle"}}};
constexpr EnumNames<JobStatus, 4> kStatus{{{JobStatus::Pass, "Pass"},
                                           {JobStatus::Killed, "Killed"},
                                           {JobStatus::Failed, "Failed"},
                                           {JobStatus::Unfinished, "Unfinished"}}};
constexpr EnumNames<LocalityLevel, 3> kLevel{{{LocalityLevel::Server, "server"}, {LocalityLevel::Rack, "rack"}, {LocalityLevel::Any, "any"}}};
constexpr EnumNames<DelayCause, 4> kCause{{{DelayCause::Fairshare, "fairshare"},
                                           {DelayCause::Fragmentation, "fragmentation"},
                                           {DelayCause::Capacity, "capacity"},
                                           {DelayCause::Power, "power"}}};
constexpr EnumNames<WaitResource, 3> kResource{{{WaitResource::Gpus, "gpus"}, {WaitResource::Cpu, "cpu"}, {WaitResource::Memory, "memory"}}};

} // namespace

std::string_view storedName(SkipReason v) { return nameIn(kSkip, v); }
std::string_view storedName(TimeBase v) { return nameIn(kTimeBase, v); }
std::string_view storedName(GangPolicy v) { return toString(v); }
std::string_view storedName(QuotaMode v) { return toString(v); }
std::string_view storedName(PlacementPolicy v) { return toString(v); }
std::string_view storedName(BackfillPolicy v) { return toString(v); }
std::string_view storedName(GpuUse v) { return nameIn(kGpuUse, v); }
std::string_view storedName(JobStatus v) { return nameIn(kStatus, v); }
std::string_view storedName(LocalityLevel v) { return nameIn(kLevel, v); }
std::string_view storedName(DelayCause v) { return nameIn(kCause, v); }
std::string_view storedName(WaitResource v) { return nameIn(kResource, v); }

template <> std::optional<SkipReason> parseStored(std::string_view t) { return valueIn(kSkip, t); }
template <> std::optional<TimeBase> parseStored(std::string_view t) { return valueIn(kTimeBase, t); }
template <> std::optional<GangPolicy> parseStored(std::string_view t) { return scenarioEnumFromString<GangPolicy>(t); }
template <> std::optional<QuotaMode> parseStored(std::string_view t) { return scenarioEnumFromString<QuotaMode>(t); }
template <> std::optional<PlacementPolicy> parseStored(std::string_view t) { return scenarioEnumFromString<PlacementPolicy>(t); }
template <> std::optional<BackfillPolicy> parseStored(std::string_view t) { return scenarioEnumFromString<BackfillPolicy>(t); }
template <> std::optional<UsageModel> parseStored(std::string_view t) { return scenarioEnumFromString<UsageModel>(t); }
template <> std::optional<GpuUse> parseStored(std::string_view t) { return valueIn(kGpuUse, t); }
template <> std::optional<JobStatus> parseStored(std::string_view t) { return valueIn(kStatus, t); }
template <> std::optional<LocalityLevel> parseStored(std::string_view t) { return valueIn(kLevel, t); }
template <> std::optional<DelayCause> parseStored(std::string_view t) { return valueIn(kCause, t); }
template <> std::optional<WaitResource> parseStored(std::string_view t) { return valueIn(kResource, t); }

} // namespace clens::store
