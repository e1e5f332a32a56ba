#pragma once
// A packing experiment's curve per integer percent of the cluster's GPU capacity arrived
// (docs/packing.md "The curve"): each step falls in the percent its arrived capacity rounds to
// (half away from zero); a percent's point is the mean of its steps' allocated and fragmented
// capacity (in % of the cluster's GPU capacity) and the pods failed by its last step. Over
// several seeds, each percent's point is the mean over the seeds whose run reached it.
#include "core/pack/packing_experiment.hpp"

#include <cstdint>
#include <vector>

namespace clens {

struct PackPoint {
    std::int32_t arrivedPct = 0;
    double allocatedGpuPct = 0;
    double fragmentedGpuPct = 0;
    double failedPods = 0;
    std::int32_t runs = 1; // how many runs (seeds) reached this percent
};

std::vector<PackPoint> packingCurve(const PackResult& run);
std::vector<PackPoint> meanCurve(const std::vector<std::vector<PackPoint>>& curves);

} // namespace clens
