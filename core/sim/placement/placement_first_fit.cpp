// first-fit: the lowest server index that holds it; between racks the lowest rack; a share on the
// first GPU of the first server with room (docs/simulation.md "Placement").
#include "core/sim/placement/placement_rule.hpp"
#include "core/sim/resource_placement.hpp"

namespace clens {

namespace {
class FirstFit final : public PlacementRule {
public:
    std::optional<std::int32_t> indexedSingleServer(const GpuPool& pool, std::int32_t size) const override
    {
        std::int32_t server = -1;
        for (std::int32_t f = size; f <= pool.maxServerGpus(); ++f) {
            const auto s = pool.nextServerWithFree(f, 0);
            if (s >= 0 && (server < 0 || s < server))
                server = s;
        }
        return server;
    }
    ServerKey serverKey(const ServerScorer*, std::int32_t s, std::int32_t, std::int64_t, std::int64_t) const override
    {
        return {0.0, 0, 0, s};
    }
    RackKey rackKey(std::int64_t, std::int64_t, std::int32_t rack) const override { return {0, 0, rack}; }
    bool comparesRemainders() const override { return true; }
    bool remainderBeats(std::int64_t, int newRackA, std::int32_t a, std::int64_t, int newRackB, std::int32_t b) const override
    {
        return std::make_pair(newRackA, a) < std::make_pair(newRackB, b);
    }
    bool placeShare(const ShareSearch& search, Placement& out) const override
    {
        const auto& cluster = search.gpus.cluster();
        for (std::int32_t s = 0; s < cluster.serverCount(); ++s) {
            if (search.res.maxGpuFreeMilli(s) < search.job.milli || !search.fits(s))
                continue; // (a down server has nothing free)
            const auto& info = cluster.servers()[static_cast<std::size_t>(s)];
            for (std::int32_t g = info.firstGpu; g < info.firstGpu + info.gpus; ++g)
                if (search.res.gpuFreeMilli(g) >= search.job.milli) {
                    placeOnOneServer(out, s, 1, g);
                    return true;
                }
        }
        return false;
    }
    ServerKey cpuOnlyKey(const FragmentationMeter*, std::int32_t s, std::int64_t, std::int64_t) const override { return {0.0, 0, 0, s}; }
};
} // namespace

const PlacementRule& firstFitPlacement()
{
    static const FirstFit rule;
    return rule;
}

} // namespace clens
