#include "core/analysis/inert_grid_keys.hpp"

#include "core/sim/sim_summary.hpp"

#include <boost/json.hpp>

#include <map>
#include <string>

namespace clens {

std::vector<std::size_t> inertGridKeys(const ScenarioGrid& grid, const std::vector<const SimSummary*>& outcomes)
{
    const auto runs = std::min(grid.labels.size(), outcomes.size());
    std::vector<boost::json::object> json(runs);
    for (std::size_t r = 0; r < runs; ++r)
        if (outcomes[r])
            json[r] = summaryToJson(*outcomes[r]);
    std::vector<std::size_t> inert;
    for (std::size_t k = 0; k < grid.keys.size(); ++k) {
        // The runs that differ in key k alone share the other keys' values: one group each, kept
        // as the first run that came back in it.
        std::map<std::vector<std::string>, std::size_t> firstOfGroup;
        bool compared = false, differs = false;
        for (std::size_t r = 0; r < runs && !differs; ++r) {
            if (!outcomes[r])
                continue;
            auto others = grid.labels[r];
            others.erase(others.begin() + static_cast<std::ptrdiff_t>(k));
            const auto [it, first] = firstOfGroup.try_emplace(std::move(others), r);
            if (first)
                continue;
            compared = true;
            differs = json[it->second] != json[r];
        }
        if (compared && !differs)
            inert.push_back(k);
    }
    return inert;
}

} // namespace clens
