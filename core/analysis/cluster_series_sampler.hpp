#pragma once
// Recomputes the cluster time series from job intervals when no simulator series exists (a
// raw trace with recorded starts, or a jobs.csv read back). Samples at start_s + k·step_s up
// to the last interval end; an interval [from, to) counts at sample t when from <= t < to.
#include "core/analysis/job_table.hpp"

#include <cstdint>
#include <optional>
#include <span>

namespace clens {

// GPUs held on one server (server >= 0) or somewhere unknown (server = -1) over [from, to).
struct HeldInterval {
    std::int64_t from_s = 0;
    std::int64_t to_s = 0;
    std::int32_t gpus = 0;
    double util = 0; // NaN = unknown
    std::int32_t server = -1;
};

struct WaitingInterval {
    std::int64_t from_s = 0;
    std::int64_t to_s = 0;
};

struct SeriesCluster {
    std::optional<std::int32_t> gpus;    // for effective utilization
    std::optional<std::int32_t> servers; // for fully-free servers (needs every server >= 0)
};

// Samples are capped at ~2 million; a longer span widens the step (series.step_s says so).
ClusterSeries sampleClusterSeries(std::span<const HeldInterval> held, std::span<const WaitingInterval> waiting,
                                  std::int64_t start_s, std::int64_t step_s, const SeriesCluster& cluster);

} // namespace clens
