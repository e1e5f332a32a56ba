// best-fit: the tightest fit — the fewest free GPUs left on the chosen servers, then in their
// rack; a share on the GPU with the least free share (docs/simulation.md "Placement").
#include "core/sim/placement/placement_rule.hpp"
#include "core/sim/resource_placement.hpp"

namespace clens {

namespace {
class BestFit final : public PlacementRule {
public:
    std::optional<std::int32_t> indexedSingleServer(const GpuPool& pool, std::int32_t size) const override
    {
        // The fewest free GPUs that hold it, in the rack with the fewest free GPUs among those
        // having such a server, its first such server.
        for (std::int32_t f = size; f <= pool.maxServerGpus(); ++f) {
            if (pool.serversWithFree(f) == 0)
                continue;
            const auto& r = pool.cluster().racks()[static_cast<std::size_t>(pool.fewestFreeRackWith(f))];
            return pool.nextServerWithFree(f, r.firstServer);
        }
        return -1;
    }
    ServerKey serverKey(const ServerScorer*, std::int32_t s, std::int32_t, std::int64_t left, std::int64_t rackLeft) const override
    {
        return {0.0, left, rackLeft, s};
    }
    RackKey rackKey(std::int64_t left, std::int64_t rackLeft, std::int32_t rack) const override { return {left, rackLeft, rack}; }
    bool comparesRemainders() const override { return true; }
    bool remainderBeats(std::int64_t leftA, int newRackA, std::int32_t a, std::int64_t leftB, int newRackB, std::int32_t b) const override
    {
        return std::make_tuple(leftA, newRackA, a) < std::make_tuple(leftB, newRackB, b);
    }
    bool placeShare(const ShareSearch& search, Placement& out) const override
    {
        // The index's order: least free share, then least free capacity on its server, then index.
        const auto& byFree = search.res.gpusByFree();
        for (auto it = byFree.lower_bound({search.job.milli, 0, 0, 0}); it != byFree.end(); ++it)
            if (search.fits(it->server)) {
                placeOnOneServer(out, it->server, 1, it->gpu);
                return true;
            }
        return false;
    }
    ServerKey cpuOnlyKey(const FragmentationMeter*, std::int32_t s, std::int64_t cpuLeft, std::int64_t memLeft) const override
    {
        return {0.0, cpuLeft, memLeft, s};
    }
};
} // namespace

const PlacementRule& bestFitPlacement()
{
    static const BestFit rule;
    return rule;
}

} // namespace clens
