#pragma once
// A placement policy (docs/simulation.md "Placement", docs/resources.md): what it prefers when
// several servers, racks or GPUs could take a job. The search itself (the fewest servers, the
// scopes of locality, what a job's resources allow) is placement.cpp's and
// resource_placement.cpp's, the same for every policy; a policy only ranks the candidates they
// find. One file per policy in this folder; placement_rules.cpp is the list a scenario's
// `placement` picks from.
#include "core/sim/gpu_pool.hpp"
#include "core/sim/scenario.hpp"

#include <cstdint>
#include <optional>
#include <tuple>

namespace clens {

class ServerScorer;
class FragmentationMeter;
struct Placement;
struct ShareSearch;

class PlacementRule {
public:
    virtual ~PlacementRule() = default;

    // Keys: the smallest wins (each ends with an index, so there are no ties).
    using ServerKey = std::tuple<double, std::int64_t, std::int64_t, std::int32_t>;
    using RackKey = std::tuple<std::int64_t, std::int64_t, std::int32_t>;

    // Whole GPUs on one server, found through the pool's free-count indexes: the server, -1 when
    // none has `size` free; nullopt when the policy scores servers and needs them scanned.
    virtual std::optional<std::int32_t> indexedSingleServer(const GpuPool& pool, std::int32_t size) const = 0;
    // A single server for `size` GPUs, scanned: `left` free GPUs left there, `rackLeft` in its
    // rack (scorer: fgd's measure).
    virtual ServerKey serverKey(const ServerScorer* scorer, std::int32_t server, std::int32_t size, std::int64_t left,
                                std::int64_t rackLeft) const = 0;
    // A rack's placement: `left` GPUs left free on the servers it uses, `rackLeft` in the rack.
    // Monotone in `left` (0 <= left <= rackLeft): the search skips a rack whose key at both ends
    // does not beat the best so far.
    virtual RackKey rackKey(std::int64_t left, std::int64_t rackLeft, std::int32_t rack) const = 0;
    // The server a gang's remainder goes to, among those holding it (after the servers taken
    // whole): whether a (free GPUs left, 1 when in a rack the gang does not use yet, index)
    // beats b. A policy that keeps the first candidate (the most free) never says so.
    virtual bool comparesRemainders() const = 0;
    virtual bool remainderBeats(std::int64_t leftA, int newRackA, std::int32_t a, std::int64_t leftB, int newRackB,
                                std::int32_t b) const = 0;
    // A share of one GPU (resource_placement.hpp).
    virtual bool placeShare(const ShareSearch& search, Placement& out) const = 0;
    // A 0-GPU job's server: `cpuLeft` millicores and `memLeft` MiB left there.
    virtual ServerKey cpuOnlyKey(const FragmentationMeter* fgd, std::int32_t server, std::int64_t cpuLeft,
                                 std::int64_t memLeft) const = 0;
};

const PlacementRule& placementRule(PlacementPolicy policy);

// The policies, one per file (placement_*.cpp).
const PlacementRule& bestFitPlacement();
const PlacementRule& firstFitPlacement();
const PlacementRule& spreadPlacement();
const PlacementRule& fgdPlacement();
const PlacementRule& fgdFirstPlacement();

} // namespace clens
