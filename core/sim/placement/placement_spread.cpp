// spread: the loosest fit — the most free GPUs left on the chosen servers, then in their rack; a
// share on the GPU with the most free share (docs/simulation.md "Placement").
#include "core/sim/placement/placement_rule.hpp"
#include "core/sim/resource_placement.hpp"

namespace clens {

namespace {
class Spread final : public PlacementRule {
public:
    std::optional<std::int32_t> indexedSingleServer(const GpuPool& pool, std::int32_t size) const override
    {
        // The most free GPUs, in the rack with the most free GPUs among those having such a
        // server, its first such server.
        for (std::int32_t f = pool.maxServerGpus(); f >= size; --f) {
            if (pool.serversWithFree(f) == 0)
                continue;
            const auto& r = pool.cluster().racks()[static_cast<std::size_t>(pool.mostFreeRackWith(f))];
            return pool.nextServerWithFree(f, r.firstServer);
        }
        return -1;
    }
    ServerKey serverKey(const ServerScorer*, std::int32_t s, std::int32_t, std::int64_t left, std::int64_t rackLeft) const override
    {
        return {0.0, -left, -rackLeft, s};
    }
    RackKey rackKey(std::int64_t left, std::int64_t rackLeft, std::int32_t rack) const override { return {-left, -rackLeft, rack}; }
    // The remainder goes to the first candidate holding it: the one with the most free GPUs.
    bool comparesRemainders() const override { return false; }
    bool remainderBeats(std::int64_t, int, std::int32_t, std::int64_t, int, std::int32_t) const override { return false; }
    bool placeShare(const ShareSearch& search, Placement& out) const override
    {
        // The most free share, then the most free capacity on its server, then the lowest index.
        const auto& byFree = search.res.gpusByFree();
        for (auto it = byFree.rbegin(); it != byFree.rend() && it->free >= search.job.milli;) {
            const auto group = std::make_pair(it->free, it->serverFree);
            const ResourcePool::GpuByFree* best = nullptr;
            for (; it != byFree.rend() && std::make_pair(it->free, it->serverFree) == group; ++it)
                if (search.fits(it->server))
                    best = &*it; // the walk goes down: the last one seen has the lowest server and GPU
            if (best) {
                placeOnOneServer(out, best->server, 1, best->gpu);
                return true;
            }
        }
        return false;
    }
    ServerKey cpuOnlyKey(const FragmentationMeter*, std::int32_t s, std::int64_t cpuLeft, std::int64_t memLeft) const override
    {
        return {0.0, -cpuLeft, -memLeft, s};
    }
};
} // namespace

const PlacementRule& spreadPlacement()
{
    static const Spread rule;
    return rule;
}

} // namespace clens
