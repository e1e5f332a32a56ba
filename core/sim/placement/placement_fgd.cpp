// fgd: the placement under which the cluster's GPU fragmentation grows least, ties by best-fit's
// key; fgd-first: the same, ties to the lowest server (and GPU) index, as the FGD artifact breaks
// them (docs/resources.md "Placement"). Both score single servers only: across servers and racks
// they rank as best-fit does.
#include "core/sim/fragmentation.hpp"
#include "core/sim/placement.hpp"
#include "core/sim/placement/placement_rule.hpp"
#include "core/sim/resource_placement.hpp"

namespace clens {

namespace {
class Fgd final : public PlacementRule {
public:
    explicit Fgd(bool firstOnTies) : firstOnTies_(firstOnTies) {}
    std::optional<std::int32_t> indexedSingleServer(const GpuPool&, std::int32_t) const override { return std::nullopt; }
    ServerKey serverKey(const ServerScorer* scorer, std::int32_t s, std::int32_t size, std::int64_t left,
                        std::int64_t rackLeft) const override
    {
        if (firstOnTies_)
            return {scorer->growth(s, size), 0, 0, s};
        return {scorer->growth(s, size), left, rackLeft, s};
    }
    RackKey rackKey(std::int64_t left, std::int64_t rackLeft, std::int32_t rack) const override
    {
        return bestFitPlacement().rackKey(left, rackLeft, rack);
    }
    bool comparesRemainders() const override { return true; }
    bool remainderBeats(std::int64_t leftA, int newRackA, std::int32_t a, std::int64_t leftB, int newRackB, std::int32_t b) const override
    {
        return bestFitPlacement().remainderBeats(leftA, newRackA, a, leftB, newRackB, b);
    }
    bool placeShare(const ShareSearch& search, Placement& out) const override
    {
        // Every GPU with the share free: the least (growth, free share, server's free capacity,
        // server, GPU); fgd-first: the least (growth, server, GPU).
        using Key = std::tuple<double, std::int64_t, std::int64_t, std::int32_t, std::int32_t>;
        Key best{};
        std::int32_t bestServer = -1, bestGpu = -1;
        const auto& cluster = search.gpus.cluster();
        for (std::int32_t s = 0; s < cluster.serverCount(); ++s) {
            if (search.res.maxGpuFreeMilli(s) < search.job.milli || !search.fits(s))
                continue; // (a down server has nothing free)
            const auto& info = cluster.servers()[static_cast<std::size_t>(s)];
            const auto serverFree = search.res.serverFreeMilli(s);
            std::int32_t lastFree = -1;
            double lastGrowth = 0;
            for (std::int32_t g = info.firstGpu; g < info.firstGpu + info.gpus; ++g) {
                const auto free = search.res.gpuFreeMilli(g);
                if (free < search.job.milli)
                    continue;
                if (free != lastFree) { // GPUs of one server with the same free share grow F_s alike
                    lastGrowth = search.fgd->shareGrowth(s, g);
                    lastFree = free;
                }
                const Key key = firstOnTies_ ? Key{lastGrowth, 0, 0, s, g} : Key{lastGrowth, free, serverFree, s, g};
                if (bestServer < 0 || key < best) {
                    best = key;
                    bestServer = s;
                    bestGpu = g;
                }
            }
        }
        if (bestServer < 0)
            return false;
        placeOnOneServer(out, bestServer, 1, bestGpu);
        return true;
    }
    ServerKey cpuOnlyKey(const FragmentationMeter* fgd, std::int32_t s, std::int64_t cpuLeft, std::int64_t memLeft) const override
    {
        if (firstOnTies_)
            return {fgd->cpuOnlyGrowth(s), 0, 0, s};
        return {fgd->cpuOnlyGrowth(s), cpuLeft, memLeft, s};
    }

private:
    bool firstOnTies_;
};
} // namespace

const PlacementRule& fgdPlacement()
{
    static const Fgd rule(false);
    return rule;
}

const PlacementRule& fgdFirstPlacement()
{
    static const Fgd rule(true);
    return rule;
}

} // namespace clens
