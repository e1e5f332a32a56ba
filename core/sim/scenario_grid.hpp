#pragma once
// A grid of scenarios for `sweep` (docs/simulation.md "Sweeps"): {"base": {scenario}, "vary":
// {"key.path": [v1, v2, ...], ...}}. The runs are the cartesian product of the `vary` lists, the
// first key varying slowest, each value set at its dotted key path in a copy of `base` (e.g.
// "locality.relax_to_any_after_s", "quota.vc.vcA", "seed") and parsed like a scenario file.
#include "core/sim/scenario.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace clens {

struct ScenarioGrid {
    std::vector<std::string> keys;                 // varied key paths, in file order
    std::vector<std::vector<std::string>> labels;  // [run][key]: the value as text ("" for null)
    std::vector<Scenario> runs;
};

// At most this many runs: a larger product of the vary lists is an InputError (field "vary").
constexpr std::size_t kMaxGridRuns = 10'000;

// Throws InputError naming the key path (and the run for a value the scenario rejects).
ScenarioGrid parseScenarioGrid(std::string_view text, const std::string& sourceName);
ScenarioGrid loadScenarioGrid(const std::string& path);

} // namespace clens
