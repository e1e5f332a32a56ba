#pragma once
// How the Packing page names and colours a placement policy: the scenario's name for it
// (core/sim/scenario_names.hpp), and one colour the same in the chart, the policy list and the
// maps' captions.
#include "core/sim/scenario_names.hpp"
#include "ui/analysis/chart_palette.hpp"

#include <QColor>
#include <QString>

namespace clens::ui {

inline QString policyName(PlacementPolicy p)
{
    const auto name = toString(p);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

inline QColor policyColour(PlacementPolicy p) { return analysis::chart_palette::qualitative(static_cast<int>(p)); }

} // namespace clens::ui
