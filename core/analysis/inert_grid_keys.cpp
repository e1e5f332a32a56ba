#include "core/analysis/inert_grid_keys.hpp"

#include <algorithm>
#include <map>
#include <string>

namespace clens {

std::vector<std::size_t> inertGridKeys(const ScenarioGrid& grid, const std::vector<const SweepCsvRow*>& rows)
{
    const auto runs = std::min(grid.labels.size(), rows.size());
    std::vector<std::size_t> inert;
    for (std::size_t k = 0; k < grid.keys.size(); ++k) {
        // The runs that differ in key k alone share the other keys' values: one group each, kept
        // as the first run that succeeded in it.
        std::map<std::vector<std::string>, std::size_t> firstOfGroup;
        bool compared = false, differs = false;
        for (std::size_t r = 0; r < runs && !differs; ++r) {
            if (!rows[r] || !rows[r]->ok)
                continue;
            auto others = grid.labels[r];
            others.erase(others.begin() + static_cast<std::ptrdiff_t>(k));
            const auto [it, first] = firstOfGroup.try_emplace(std::move(others), r);
            if (first)
                continue;
            compared = true;
            differs = rows[it->second]->cells != rows[r]->cells;
        }
        if (compared && !differs)
            inert.push_back(k);
    }
    return inert;
}

} // namespace clens
