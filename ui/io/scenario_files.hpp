#pragma once
// Scenario JSON files (core/sim/scenario_json.hpp) and the bundled presets
// (resources/presets/*.json, compiled in).
#include "core/sim/scenario.hpp"

#include <QString>

#include <optional>
#include <vector>

namespace clens::ui {

struct ScenarioPreset {
    QString name;        // shown in the menu
    QString description; // tooltip
    Scenario scenario;
    bool keepsQuotas = false; // its quota.vc is for a particular data set and replaces the current one
};

struct LoadedScenario {
    std::optional<Scenario> scenario;
    QString error; // the core's message naming the file and key
};

LoadedScenario loadScenario(const QString& path);
// Empty on success, else the error.
QString saveScenario(const QString& path, const Scenario& scenario);
// The presets in display order (invalid preset files are skipped).
std::vector<ScenarioPreset> scenarioPresets();

} // namespace clens::ui
