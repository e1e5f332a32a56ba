#pragma once
// Colours of the analysis charts. A series keeps its colour across figures (the 5-8 GPU bucket
// is the same orange in every chart); the delay causes use the main window's cause colours.
#include <QColor>
#include <QPen>

#include <string_view>

namespace clens::ui::analysis::chart_palette {

QColor fairshare();
QColor fragmentation();
QColor capacity();
QColor power(); // waiting for servers to boot
// The cause a column is about ("fragmentation_pct" -> fragmentation), else invalid.
QColor causeColour(std::string_view column);

// A qualitative colour for the index-th series (Tableau 10, then repeats darker).
QColor qualitative(int index);
// Pen of a CDF / line series: size buckets and "all" have fixed colours, "baseline" and
// "current" too; "distributed" series are dashed; other labels take qualitative(index).
QPen seriesPen(std::string_view label, int index);

QColor gridLine();
QColor noteText();
QColor better();
QColor worse();

} // namespace clens::ui::analysis::chart_palette
