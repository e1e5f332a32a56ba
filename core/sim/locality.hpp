#pragma once
// Locality levels (docs/simulation.md "Locality levels"): for a job of g GPUs, k0 = the fewest
// servers whose installed GPUs reach g (largest first), r0 likewise for racks. `server` = exactly
// k0 servers in one rack, `rack` = any servers of one rack, `any` = anywhere. A level the job
// cannot fit even on an empty cluster counts as already allowed, so a job's base level is the
// tightest level it can ever fit.
#include "core/model/topology.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/sim_result.hpp"

#include <cstdint>
#include <vector>

namespace clens {

class LocalityTable {
public:
    explicit LocalityTable(const Topology& cluster);
    // The cluster as a job sees it that may use only some servers' GPUs: gpus[s] per server (0 for
    // the others): locality counts only servers of allowed models
    // (docs/resources.md "Reservations and fit").
    LocalityTable(const Topology& cluster, const std::vector<std::int32_t>& gpus);

    std::int32_t totalGpus() const { return total_; }
    bool fitsCluster(std::int32_t g) const { return g >= 1 && g <= total_; }
    // Fewest servers / racks whose installed GPUs add up to >= g (g must fit the cluster).
    std::int32_t k0(std::int32_t g) const { return k0_[static_cast<std::size_t>(g)]; }
    std::int32_t r0(std::int32_t g) const { return r0_[static_cast<std::size_t>(g)]; }
    // Could g GPUs be placed at this level on an empty cluster?
    bool fitsEmpty(std::int32_t g, LocalityLevel level) const;
    // The tightest level g GPUs fit on an empty cluster.
    LocalityLevel baseLevel(std::int32_t g) const;
    // The loosest level allowed after waiting `waited_s` (levels nest: allowing `any` allows
    // `rack`).
    LocalityLevel maxAllowedLevel(std::int32_t g, std::int64_t waited_s, const Scenario::Locality& rules) const;
    // Structural level of a placement of g GPUs on `servers` servers in `racks` racks.
    LocalityLevel levelOf(std::int32_t g, std::int32_t servers, std::int32_t racks) const;

private:
    std::int32_t total_ = 0;
    std::int32_t maxRackGpus_ = 0;
    std::vector<std::int32_t> k0_, r0_;
    std::vector<std::int32_t> bestRackPrefix_; // [k] = max over racks of its k largest servers' GPUs
};

} // namespace clens
