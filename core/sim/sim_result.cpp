#include "core/sim/sim_result.hpp"

namespace clens {

std::string_view toString(LocalityLevel l)
{
    switch (l) {
    case LocalityLevel::Server: return "server";
    case LocalityLevel::Rack: return "rack";
    case LocalityLevel::Any: return "any";
    }
    return "any";
}

std::string_view toString(DelayCause c)
{
    switch (c) {
    case DelayCause::Fairshare: return "fairshare";
    case DelayCause::Fragmentation: return "fragmentation";
    case DelayCause::Capacity: return "capacity";
    case DelayCause::Power: return "power";
    }
    return "capacity";
}

std::string_view toString(WaitResource r)
{
    switch (r) {
    case WaitResource::Gpus: return "gpus";
    case WaitResource::Cpu: return "cpu";
    case WaitResource::Memory: return "memory";
    }
    return "gpus";
}

std::pair<std::int64_t, std::int64_t> scaledLevelSpan(const SimResult& r, const ScaledRun& run, std::uint32_t k)
{
    const auto t0 = r.firstSubmit_s;
    const auto w = r.scenario.autoscaler.interval_s;
    const auto firstTick = autoscalerTickAfter(t0, w, run.from_s);
    const auto from = k == 0 ? run.from_s : firstTick + static_cast<std::int64_t>(k - 1) * w;
    const auto to = std::min(run.to_s, k == 0 ? firstTick : from + w);
    return {from, to};
}

} // namespace clens
