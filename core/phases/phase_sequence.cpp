#include "core/phases/phase_sequence.hpp"

namespace clens {

std::vector<PhaseRun> phaseRuns(const ContainerSeries& series, const std::vector<int>& labels)
{
    std::vector<PhaseRun> runs;
    for (std::size_t r = 0; r < labels.size(); ++r) {
        if (labels[r] < 0)
            continue;
        if (!runs.empty() && runs.back().phase == labels[r] && runs.back().lastRow + 1 == r) {
            runs.back().lastRow = r;
            runs.back().end_s = series.timestamps[r];
            continue;
        }
        runs.push_back({labels[r], r, r, series.timestamps[r], series.timestamps[r]});
    }
    return runs;
}

} // namespace clens
