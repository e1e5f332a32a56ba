#include "core/sim/locality.hpp"

#include <algorithm>
#include <functional>

namespace clens {

namespace {
// fewest[g] = the fewest items (largest first) whose sizes add up to >= g, for g in [0, total].
std::vector<std::int32_t> fewestCovering(std::vector<std::int32_t> sizes, std::int32_t total)
{
    std::sort(sizes.begin(), sizes.end(), std::greater<>());
    std::vector<std::int32_t> fewest(static_cast<std::size_t>(total) + 1, 0);
    std::int64_t covered = 0;
    std::int32_t used = 0;
    for (std::int32_t g = 1; g <= total; ++g) {
        while (covered < g)
            covered += sizes[static_cast<std::size_t>(used++)];
        fewest[static_cast<std::size_t>(g)] = used;
    }
    return fewest;
}
} // namespace

namespace {
std::vector<std::int32_t> installedGpus(const Topology& cluster)
{
    std::vector<std::int32_t> gpus;
    for (const auto& s : cluster.servers())
        gpus.push_back(s.gpus);
    return gpus;
}
} // namespace

LocalityTable::LocalityTable(const Topology& cluster) : LocalityTable(cluster, installedGpus(cluster)) {}

LocalityTable::LocalityTable(const Topology& cluster, const std::vector<std::int32_t>& serverGpus)
{
    total_ = 0;
    for (const auto g : serverGpus)
        total_ += g;
    std::vector<std::int32_t> rackGpus;
    for (const auto& r : cluster.racks()) {
        std::int32_t rackTotal = 0;
        std::vector<std::int32_t> inRack;
        for (std::int32_t s = r.firstServer; s < r.firstServer + r.serverCount; ++s) {
            inRack.push_back(serverGpus[static_cast<std::size_t>(s)]);
            rackTotal += inRack.back();
        }
        rackGpus.push_back(rackTotal);
        maxRackGpus_ = std::max(maxRackGpus_, rackTotal);
        std::sort(inRack.begin(), inRack.end(), std::greater<>());
        if (bestRackPrefix_.size() < inRack.size() + 1)
            bestRackPrefix_.resize(inRack.size() + 1, 0);
        std::int32_t sum = 0;
        for (std::size_t k = 0; k < inRack.size(); ++k) {
            sum += inRack[k];
            bestRackPrefix_[k + 1] = std::max(bestRackPrefix_[k + 1], sum);
        }
    }
    k0_ = fewestCovering(serverGpus, total_);
    r0_ = fewestCovering(std::move(rackGpus), total_);
}

bool LocalityTable::fitsEmpty(std::int32_t g, LocalityLevel level) const
{
    if (!fitsCluster(g))
        return false;
    switch (level) {
    case LocalityLevel::Server: {
        const auto k = static_cast<std::size_t>(k0(g));
        return k < bestRackPrefix_.size() && bestRackPrefix_[k] >= g;
    }
    case LocalityLevel::Rack: return g <= maxRackGpus_;
    case LocalityLevel::Any: return true;
    }
    return true;
}

LocalityLevel LocalityTable::baseLevel(std::int32_t g) const
{
    if (fitsEmpty(g, LocalityLevel::Server))
        return LocalityLevel::Server;
    if (fitsEmpty(g, LocalityLevel::Rack))
        return LocalityLevel::Rack;
    return LocalityLevel::Any;
}

LocalityLevel LocalityTable::maxAllowedLevel(std::int32_t g, std::int64_t waited_s, const Scenario::Locality& rules) const
{
    auto level = baseLevel(g);
    if (rules.relaxToRackAfter_s && waited_s >= *rules.relaxToRackAfter_s && level < LocalityLevel::Rack)
        level = LocalityLevel::Rack;
    if (rules.relaxToAnyAfter_s && waited_s >= *rules.relaxToAnyAfter_s)
        level = LocalityLevel::Any;
    return level;
}

LocalityLevel LocalityTable::levelOf(std::int32_t g, std::int32_t servers, std::int32_t racks) const
{
    if (racks > 1)
        return LocalityLevel::Any;
    return servers == k0(g) ? LocalityLevel::Server : LocalityLevel::Rack;
}

} // namespace clens
