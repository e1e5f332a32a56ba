#pragma once
// The knobs that differ between two scenarios, as "name: old → new" lines (for the baseline
// comparison: what did I change?).
#include "core/sim/scenario.hpp"

#include <QStringList>

namespace clens::ui {

QStringList scenarioDiff(const Scenario& from, const Scenario& to);

} // namespace clens::ui
