#pragma once
// Scenario JSON files (core/sim/scenario_json.hpp) and the bundled presets
// (resources/presets/*.json, compiled in).
#include "core/model/trace.hpp"
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
// Why a data set's preset (keepsQuotas) does not fit this trace: a VC of its quotas the trace does
// not have ("this trace has no VC 6214e9"); empty when it fits, for every other preset, and
// without a trace.
QString presetMismatch(const ScenarioPreset& preset, const Trace* trace);

} // namespace clens::ui
