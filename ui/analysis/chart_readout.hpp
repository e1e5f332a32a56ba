#pragma once
// What the mouse points at on an analysis chart, in words, for a tooltip: on a CDF the fraction
// of each series at or below the pointed value ("Queueing delay ≤ 12 min — 1 GPU: 85.2% of
// jobs"), on bars the bar's value, on a time series every panel's value at the pointed time.
// plotFigure records on the plot what the readout needs (kind, axis units, scaling).
#include <QPointF>
#include <QString>

class QCustomPlot;

namespace clens::ui::analysis {

// Empty when the point is not over data.
QString chartReadout(QCustomPlot& plot, const QPointF& pos);

} // namespace clens::ui::analysis
