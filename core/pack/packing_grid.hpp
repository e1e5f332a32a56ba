#pragma once
// Many packing experiments at once (docs/packing.md "Grids"): every placement × inflate, each
// averaged over `seeds` seeds from `firstSeed`, the experiments spread over threads. Results come
// back in grid order (placements outer, inflates inner), independent of the thread count.
#include "core/pack/packing_curve.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clens {

struct PackGrid {
    std::vector<PlacementPolicy> placements{PlacementPolicy::BestFit};
    NodeOrder nodeOrder = NodeOrder::File;
    std::vector<double> inflates{1.3};
    std::uint64_t firstSeed = 42;
    std::int32_t seeds = 1;
    Scenario::Resources resources;
    bool keepFirstRuns = false; // keep each cell's run of firstSeed whole (the GUI plays it on the map)
};

struct PackGridCell {
    PlacementPolicy placement = PlacementPolicy::BestFit;
    double inflate = 1.3;
    std::vector<PackPoint> curve; // mean over the seeds
    bool ok = false;
    std::string error; // when !ok (the first failing seed's), "cancelled" when cancelled
    std::shared_ptr<const PackResult> firstRun; // with keepFirstRuns
};

// threads <= 0: every hardware thread. progress(done, total) counts single experiments;
// returning false cancels the rest, those under way included (their cells come back !ok).
std::vector<PackGridCell> runPackingGrid(const Topology& cluster, const Trace& trace, const PackGrid& grid, int threads,
                                         const std::function<bool(std::size_t done, std::size_t total)>& progress = {});

} // namespace clens
