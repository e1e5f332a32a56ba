#pragma once
// The knobs the Sweep page offers to vary: their scenario JSON key paths
// (docs/simulation.md "Scenario JSON"), their names as the scenario panel shows them, and values
// to start from.
#include <QString>

#include <vector>

namespace clens::ui {

struct SweepKnob {
    QString key;     // "locality.relax_to_any_after_s"
    QString label;   // "Relax to any server after"
    QString example; // "0, 600, 1800, null"
};

const std::vector<SweepKnob>& sweepKnobs();
// The knob of a key path, or nullptr (a key typed by hand, e.g. "quota.vc.vcA").
const SweepKnob* sweepKnob(const QString& key);
// The label of a key path: the knob's label, else the key itself.
QString sweepKnobLabel(const QString& key);

} // namespace clens::ui
