#pragma once
// Colours and short names of phases. Phases are numbered from the idlest (0) to the busiest
// (k-1) by mean CPU, so the palette is an ordered ramp blue (idle) -> cyan -> green -> yellow ->
// orange (busy): an analyst reads the load of a band from its colour without the legend.
#include <QColor>
#include <QString>

namespace clens::ui {

QColor phaseColor(int phase, int phaseCount);
// The grey of rows without a phase (each container's first `history` rows).
QColor noPhaseColor();
QString phaseName(int phase); // "P0"

} // namespace clens::ui
