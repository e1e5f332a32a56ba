#pragma once
// Per-phase statistics of the raw metrics: how many phased steps fall in each phase and the
// mean, population standard deviation and maximum of every metric column over those steps.
// "share" is the fraction of phased steps (a step is a metric row; rows without a phase — the
// first `history` rows of each container — are not counted); "timeShare" weighs each step by
// its duration (stepDurations), which differs from "share" when sampling is irregular.
#include "core/model/container_metrics.hpp"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace clens {

struct PhaseAssignment;

struct ColumnStats {
    double mean = 0, std = 0, max = 0;
    bool operator==(const ColumnStats&) const = default;
};

struct PhaseStats {
    int phase = 0;
    std::size_t steps = 0;
    double share = 0;
    double timeShare = 0;
    std::map<std::string, ColumnStats> columns; // by metric column name
    bool operator==(const PhaseStats&) const = default;
};

std::vector<PhaseStats> computePhaseStats(const ContainerMetrics& metrics, const PhaseAssignment& phases);

} // namespace clens
