#pragma once
// A container's phase sequence as runs: consecutive rows with the same phase. Rows without a
// phase (the first `history` rows) are not part of any run.
#include "core/model/container_metrics.hpp"

#include <cstdint>
#include <vector>

namespace clens {

struct PhaseRun {
    int phase = 0;
    std::size_t firstRow = 0, lastRow = 0; // inclusive, 0-based within the container
    std::int64_t start_s = 0, end_s = 0;   // timestamps of firstRow and lastRow
    bool operator==(const PhaseRun&) const = default;
};

std::vector<PhaseRun> phaseRuns(const ContainerSeries& series, const std::vector<int>& labels);

} // namespace clens
