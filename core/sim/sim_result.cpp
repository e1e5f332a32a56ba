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

} // namespace clens
