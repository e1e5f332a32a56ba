#pragma once
// Where a gang goes (docs/simulation.md "Placement"). Within one scope (a rack, or the whole
// cluster for `any`) a gang uses the fewest servers possible: the servers with the most free GPUs
// (ties: lowest index; at `any`, servers of the racks with the most free GPUs first, rack by rack)
// are taken whole and the policy picks the server that receives the remainder — best-fit the one
// with the fewest free GPUs that holds it, spread the most, first-fit the lowest index (at `any`, a
// server in a rack already used wins a tie). Between scopes (racks) and between single servers the
// policy compares candidates: best-fit by (free GPUs left on the chosen servers, free GPUs left in
// the rack, index) smallest, spread by the same leftovers largest, first-fit by lowest server
// index.
#include "core/sim/gpu_pool.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/sim_result.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace clens {

struct Placement {
    std::vector<std::pair<std::int32_t, std::int32_t>> parts; // (server, GPUs taken), by server index
    std::int32_t racks = 0;
    std::int32_t shareGpu = -1; // a share job's GPU (parts then holds its server, 1 GPU); -1 otherwise
    std::int32_t servers() const { return static_cast<std::int32_t>(parts.size()); }
    std::int32_t gpus() const;
};

// One part: `gpus` GPUs of one server (shareGpu: a share job's GPU, -1 otherwise).
inline void placeOnOneServer(Placement& out, std::int32_t server, std::int32_t gpus, std::int32_t shareGpu = -1)
{
    out.parts.assign(1, {server, gpus});
    out.racks = 1;
    out.shareGpu = shareGpu;
}

// fgd's measure (fragmentation.hpp): how much a server's fragmentation grows if a job takes
// `gpus` whole GPUs there.
class ServerScorer {
public:
    virtual ~ServerScorer() = default;
    virtual double growth(std::int32_t server, std::int32_t gpus) const = 0;
};

// What a job's other resources allow on a server: the free GPUs it may take there (its allowed
// models, CPU and memory permitting; docs/resources.md), at most the server's free GPUs.
class ServerRoom {
public:
    virtual ~ServerRoom() = default;
    virtual std::int32_t usable(std::int32_t server) const = 0;
};

// room: null = every free GPU (the GPU-only path). scorer: required for fgd.
struct PlacementContext {
    const ServerRoom* room = nullptr;
    const ServerScorer* scorer = nullptr;
};

// A placement of `size` GPUs at exactly `level` (server: exactly k0 servers of one rack; rack:
// servers of one rack; any: anywhere). False when none exists.
bool findPlacement(const GpuPool& pool, std::int32_t size, LocalityLevel level, std::int32_t k0, PlacementPolicy policy,
                   Placement& out, const PlacementContext& ctx = {});

// Every GPU the job may take on every up server (gang `none` taking what appears).
void allFreeGpus(const GpuPool& pool, Placement& out, const PlacementContext& ctx = {});
// How many GPUs that is.
std::int32_t usableGpus(const GpuPool& pool, const PlacementContext& ctx);

} // namespace clens
