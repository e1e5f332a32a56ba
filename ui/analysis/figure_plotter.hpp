#pragma once
// Draws any analysis figure (core/analysis/figure.hpp) with QCustomPlot, from its kind alone:
// CDFs as step lines per series (optionally on a log duration axis), bars grouped by column or
// by series (delay causes stacked in the cause colours), time series as one panel per column
// sharing the time axis. Tables have no chart.
#include "core/analysis/figure.hpp"
#include "core/model/trace.hpp"

#include <QString>
#include <QStringList>

#include <string>
#include <utility>
#include <vector>

class QCustomPlot;

namespace clens::ui::analysis {

struct PlotOptions {
    bool logX = false;        // CDFs of durations: log time axis
    std::string statistic;    // bars: one of PlotCapabilities::statistics ("" = the first)
    TimeBase timeBase = TimeBase::Relative; // time series: dates (Unix UTC) or time since the start
};

// What the controls of a chart can offer for this figure.
struct PlotCapabilities {
    bool chart = false;        // false for tables and empty figures
    bool logXPossible = false;
    bool logXByDefault = false;
    // What the bars can show (id for PlotOptions::statistic, label): a y column when bars are
    // split by series, shares or hours for stacked delay causes; empty: no choice.
    std::vector<std::pair<std::string, QString>> statistics;
};

PlotCapabilities plotCapabilities(const Figure& f);

// Draws f on a freshly constructed plot (the layout is rebuilt; do not reuse a plot). Returns
// remarks about the drawing itself (e.g. "0 s delays are drawn at 1 s on the log axis").
QStringList plotFigure(QCustomPlot& plot, const Figure& f, const PlotOptions& options = {});

// "1" -> "1 GPU", "2-4" -> "2-4 GPUs", "all" -> "All jobs"; other labels unchanged.
QString seriesDisplayName(const std::string& label);

} // namespace clens::ui::analysis
