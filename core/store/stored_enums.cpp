#include "core/store/stored_enums.hpp"

#include "core/sim/scenario_names.hpp"

#include <array>
#include <utility>

namespace clens::store {

namespace {

template <typename T, std::size_t N>
using Names = std::array<std::pair<T, std::string_view>, N>;

constexpr Names<SkipReason, 4> kSkip{{{SkipReason::None, "none"},
                                      {SkipReason::NoAttempts, "no-attempts"},
                                      {SkipReason::Pending, "pending"},
                                      {SkipReason::ZeroGpus, "zero-gpus"}}};
constexpr Names<TimeBase, 2> kTimeBase{{{TimeBase::Relative, "relative"}, {TimeBase::UnixUtc, "unix-utc"}}};
constexpr Names<GpuUse, 3> kGpuUse{{{GpuUse::Running, "running"}, {GpuUse::Trial, "trial"}, {GpuUse::HeldIdle, "held-idle"}}};
constexpr Names<JobStatus, 4> kStatus{{{JobStatus::Pass, "Pass"},
                                       {JobStatus::Killed, "Killed"},
                                       {JobStatus::Failed, "Failed"},
                                       {JobStatus::Unfinished, "Unfinished"}}};
constexpr Names<LocalityLevel, 3> kLevel{{{LocalityLevel::Server, "server"}, {LocalityLevel::Rack, "rack"}, {LocalityLevel::Any, "any"}}};
constexpr Names<DelayCause, 4> kCause{{{DelayCause::Fairshare, "fairshare"},
                                       {DelayCause::Fragmentation, "fragmentation"},
                                       {DelayCause::Capacity, "capacity"},
                                       {DelayCause::Power, "power"}}};
constexpr Names<WaitResource, 3> kResource{{{WaitResource::Gpus, "gpus"}, {WaitResource::Cpu, "cpu"}, {WaitResource::Memory, "memory"}}};

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

} // namespace

std::string_view storedName(SkipReason v) { return nameOf(kSkip, v); }
std::string_view storedName(TimeBase v) { return nameOf(kTimeBase, v); }
std::string_view storedName(GangPolicy v) { return toString(v); }
std::string_view storedName(QuotaMode v) { return toString(v); }
std::string_view storedName(PlacementPolicy v) { return toString(v); }
std::string_view storedName(BackfillPolicy v) { return toString(v); }
std::string_view storedName(GpuUse v) { return nameOf(kGpuUse, v); }
std::string_view storedName(JobStatus v) { return nameOf(kStatus, v); }
std::string_view storedName(LocalityLevel v) { return nameOf(kLevel, v); }
std::string_view storedName(DelayCause v) { return nameOf(kCause, v); }
std::string_view storedName(WaitResource v) { return nameOf(kResource, v); }

template <> std::optional<SkipReason> parseStored(std::string_view t) { return valueOf(kSkip, t); }
template <> std::optional<TimeBase> parseStored(std::string_view t) { return valueOf(kTimeBase, t); }
template <> std::optional<GangPolicy> parseStored(std::string_view t) { return scenarioEnumFromString<GangPolicy>(t); }
template <> std::optional<QuotaMode> parseStored(std::string_view t) { return scenarioEnumFromString<QuotaMode>(t); }
template <> std::optional<PlacementPolicy> parseStored(std::string_view t) { return scenarioEnumFromString<PlacementPolicy>(t); }
template <> std::optional<BackfillPolicy> parseStored(std::string_view t) { return scenarioEnumFromString<BackfillPolicy>(t); }
template <> std::optional<UsageModel> parseStored(std::string_view t) { return scenarioEnumFromString<UsageModel>(t); }
template <> std::optional<GpuUse> parseStored(std::string_view t) { return valueOf(kGpuUse, t); }
template <> std::optional<JobStatus> parseStored(std::string_view t) { return valueOf(kStatus, t); }
template <> std::optional<LocalityLevel> parseStored(std::string_view t) { return valueOf(kLevel, t); }
template <> std::optional<DelayCause> parseStored(std::string_view t) { return valueOf(kCause, t); }
template <> std::optional<WaitResource> parseStored(std::string_view t) { return valueOf(kResource, t); }

} // namespace clens::store
