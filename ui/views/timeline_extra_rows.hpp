#pragma once
// The timelines' rows for the autoscaler and node power (docs/autoscaling.md), shown only when a
// result has them, so other screens do not change: CPU cores and memory reserved vs used (with
// the cluster's capacity when every server's is known), and powered servers with the power
// drawn (kW, right axis).
#include "core/sim/sim_result.hpp"

#include <QString>
#include <QVector>

#include <cstddef>
#include <vector>

class QCPAxis;
class QCPGraph;
class QCustomPlot;
class QPen;
class QCPAxisRect;
class QCPLegend;

namespace clens::ui {

enum class ExtraRow { Cpu, Memory, Power };

// Cpu and Memory when the autoscaler ran (autoscaler.usage not none), Power when node power is on.
std::vector<ExtraRow> extraRowsOf(const SimResult& result);
QString extraRowTitle(ExtraRow row);
// A series as a step line (the level holds until the next sample), with its legend entry: every
// line of the timelines. Pens of width 1: Qt's raster engine strokes a wider pen as an outline,
// which made a redraw of an autoscaled run's rows (tens of thousands of steps each) 3x slower.
QCPGraph* addStepLine(QCustomPlot& plot, QCPAxis* x, QCPAxis* y, QCPLegend& legend, const QString& name, const QPen& pen,
                      const QVector<double>& keys, const QVector<double>& values);
// Plots the row into rect (its x axis already set), its items in legend; base: the pinned
// baseline, drawn dashed when it has the same row.
void plotExtraRow(QCustomPlot& plot, QCPAxisRect& rect, QCPLegend& legend, ExtraRow row, const SimResult& current,
                  const SimResult* base);
// The read-out at sample i of the current result.
QString extraRowReadout(ExtraRow row, const SimResult& result, std::size_t i);

} // namespace clens::ui
