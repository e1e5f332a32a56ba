#include "core/pack/packing_grid.hpp"

#include "core/util/parallel_for.hpp"

#include <atomic>
#include <exception>

namespace clens {

std::vector<PackGridCell> runPackingGrid(const Topology& cluster, const Trace& trace, const PackGrid& grid, int threads,
                                         const std::function<bool(std::size_t, std::size_t)>& progress)
{
    std::vector<PackGridCell> cells;
    for (const auto placement : grid.placements)
        for (const auto inflate : grid.inflates)
            cells.push_back({placement, inflate, {}, false, {}});
    const auto seeds = static_cast<std::size_t>(std::max(1, grid.seeds));
    std::vector<std::vector<PackPoint>> curves(cells.size() * seeds);
    std::vector<std::string> errors(curves.size());
    std::vector<std::shared_ptr<const PackResult>> firstRuns(cells.size());
    std::atomic<bool> cancelled{false};
    const ProgressFn stillWanted = [&](double) { return !cancelled.load(); };
    const auto ran = parallelFor(
        curves.size(), threads,
        [&](std::size_t i) {
            const auto& cell = cells[i / seeds];
            PackOptions options;
            options.placement = cell.placement;
            options.nodeOrder = grid.nodeOrder;
            options.inflate = cell.inflate;
            options.seed = grid.firstSeed + i % seeds;
            options.resources = grid.resources;
            try { // nothing crosses the thread boundary as an exception
                auto run = std::make_shared<PackResult>(runPacking(cluster, trace, options, stillWanted));
                curves[i] = packingCurve(*run);
                if (grid.keepFirstRuns && i % seeds == 0)
                    firstRuns[i / seeds] = std::move(run);
            } catch (const std::exception& e) {
                errors[i] = e.what();
            }
        },
        [&](std::size_t done, std::size_t total) {
            if (progress && !progress(done, total))
                cancelled = true;
            return !cancelled.load();
        });
    for (std::size_t c = 0; c < cells.size(); ++c) {
        auto& cell = cells[c];
        const auto first = curves.begin() + static_cast<std::ptrdiff_t>(c * seeds);
        for (std::size_t k = 0; k < seeds && cell.error.empty(); ++k)
            if (!ran[c * seeds + k])
                cell.error = "cancelled";
            else if (!errors[c * seeds + k].empty())
                cell.error = errors[c * seeds + k];
        cell.ok = cell.error.empty();
        if (cell.ok) {
            cell.curve = meanCurve({first, first + static_cast<std::ptrdiff_t>(seeds)});
            cell.firstRun = firstRuns[c];
        }
    }
    return cells;
}

} // namespace clens
