#include "core/synth/philly_like_cluster.hpp"

#include "core/synth/philly_calibration.hpp"
#include "core/util/error.hpp"

#include <stdexcept>
#include <string>

namespace clens::synth {

namespace {
std::int64_t serversWith(std::int32_t gpus)
{
    for (const auto& s : phillyMarginals().servers)
        if (s.gpus == gpus)
            return s.servers;
    return 0;
}

// ceil(a / b) for a >= 0, b > 0.
std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }
} // namespace

Topology makePhillyLikeCluster(std::int32_t servers)
{
    if (servers < 1)
        throw ValueError("a cluster needs at least one server");
    const std::int64_t big = serversWith(8);
    const std::int64_t all = big + serversWith(4);
    std::vector<ServerSpec> specs;
    specs.reserve(static_cast<std::size_t>(servers));
    for (std::int32_t i = 0; i < servers; ++i) {
        const std::int64_t rack = i / kPhillyLikeRackSize;
        const bool eightGpu = ceilDiv((rack + 1) * big, all) > ceilDiv(rack * big, all);
        ServerSpec s;
        s.name = "m" + std::to_string(i);
        s.rack = "rack" + std::to_string(rack);
        s.gpus = eightGpu ? 8 : 4;
        specs.push_back(std::move(s));
    }
    return Topology::build(std::move(specs), kPhillyLikeRackSize);
}

} // namespace clens::synth
