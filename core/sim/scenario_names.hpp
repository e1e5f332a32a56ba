#pragma once
// The one home of the names the scenario's enums are written under (scenario JSON, project
// files, the GUI's diff): docs/simulation.md "Scenario JSON".
#include "core/sim/scenario.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace clens {

std::string_view toString(GangPolicy v);
std::string_view toString(QuotaMode v);
std::string_view toString(PlacementPolicy v);
std::string_view toString(BackfillPolicy v);
std::string_view toString(UsageModel v);
std::string_view toString(QueuePolicyKind v);

// The strict inverses: nullopt for any other text. T is one of the enums above.
template <typename T>
std::optional<T> scenarioEnumFromString(std::string_view text);

// "a, b, c": every name of T, in declaration order (for error messages).
template <typename T>
std::string scenarioEnumNames();

} // namespace clens
