#pragma once
// Reads the "autoscaler" object of a scenario JSON (docs/autoscaling.md "Scenario keys") into an
// AutoscaleConfig:
//   {"autoscaler": {"policy": "phase.rule", "interval_s": 300, "sigma": 2.0, "headroom": 0.0}}
// Keys merge with base one by one; an unknown key, a wrong type or an out-of-range value throws
// InputError naming the key path ("autoscaler.sigma"). The other sections of the scenario are
// the simulation's and are not looked at here.
#include "core/phases/autoscaler.hpp"

#include <string>
#include <string_view>

namespace clens {

struct AutoscalerSection {
    AutoscaleConfig config;
    ScalingPolicy policy = ScalingPolicy::PhaseRule; // the policy the GUI / simulation applies
};

AutoscalerSection parseAutoscalerSection(std::string_view scenarioJson, const std::string& sourceName,
                                         const AutoscalerSection& base = {});
AutoscalerSection loadAutoscalerSection(const std::string& scenarioPath, const AutoscalerSection& base = {});

} // namespace clens
