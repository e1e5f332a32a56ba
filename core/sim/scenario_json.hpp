#pragma once
// Scenario JSON (docs/simulation.md "Scenario JSON") <-> Scenario. A partial object merges with the
// defaults key by key; unknown keys, wrong types and out-of-range values throw InputError naming
// the key path (e.g. "locality.relax_to_any_after_s").
#include "core/sim/scenario.hpp"

#include <string>
#include <string_view>

namespace clens {

Scenario parseScenarioJson(std::string_view text, const std::string& sourceName, const Scenario& base = {});
Scenario loadScenarioFile(const std::string& path, const Scenario& base = {});
// Every key, defaults included; parseScenarioJson(scenarioToJson(s)) == s.
std::string scenarioToJson(const Scenario& s);

} // namespace clens
