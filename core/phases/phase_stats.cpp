#include "core/phases/phase_stats.hpp"

#include "core/phases/phase_model.hpp"
#include "core/phases/step_durations.hpp"

#include <algorithm>
#include <cmath>

namespace clens {

std::vector<PhaseStats> computePhaseStats(const ContainerMetrics& metrics, const PhaseAssignment& phases)
{
    const auto k = static_cast<std::size_t>(phases.k);
    const auto nCols = metrics.columns.size();
    std::vector<PhaseStats> out(k);
    std::vector<std::vector<double>> sum(k, std::vector<double>(nCols)), sumSq(k, std::vector<double>(nCols)),
        mx(k, std::vector<double>(nCols, 0.0));
    // Two passes (mean, then squared deviations) for accuracy on byte-sized values.
    std::size_t total = 0;
    double totalTime = 0;
    for (std::size_t ci = 0; ci < metrics.containers.size(); ++ci) {
        const auto& s = metrics.containers[ci];
        const auto& labels = phases.containers[ci].labels;
        const auto duration = stepDurations(s);
        for (std::size_t r = 0; r < s.rows(); ++r) {
            if (labels[r] < 0)
                continue;
            const auto p = static_cast<std::size_t>(labels[r]);
            ++out[p].steps;
            ++total;
            out[p].timeShare += duration[r];
            totalTime += duration[r];
            for (std::size_t c = 0; c < nCols; ++c) {
                const double v = metrics.value(s, r, c);
                sum[p][c] += v;
                mx[p][c] = out[p].steps == 1 ? v : std::max(mx[p][c], v);
            }
        }
    }
    for (std::size_t p = 0; p < k; ++p)
        for (std::size_t c = 0; c < nCols; ++c)
            sum[p][c] = out[p].steps ? sum[p][c] / static_cast<double>(out[p].steps) : 0.0;
    for (std::size_t ci = 0; ci < metrics.containers.size(); ++ci) {
        const auto& s = metrics.containers[ci];
        const auto& labels = phases.containers[ci].labels;
        for (std::size_t r = 0; r < s.rows(); ++r) {
            if (labels[r] < 0)
                continue;
            const auto p = static_cast<std::size_t>(labels[r]);
            for (std::size_t c = 0; c < nCols; ++c) {
                const double d = metrics.value(s, r, c) - sum[p][c];
                sumSq[p][c] += d * d;
            }
        }
    }
    for (std::size_t p = 0; p < k; ++p) {
        out[p].phase = static_cast<int>(p);
        out[p].share = total ? static_cast<double>(out[p].steps) / static_cast<double>(total) : 0.0;
        out[p].timeShare = totalTime > 0 ? out[p].timeShare / totalTime : 0.0;
        for (std::size_t c = 0; c < nCols; ++c) {
            const double var = out[p].steps ? sumSq[p][c] / static_cast<double>(out[p].steps) : 0.0;
            out[p].columns[metrics.columns[c]] = {sum[p][c], std::sqrt(var), mx[p][c]};
        }
    }
    return out;
}

} // namespace clens
