#pragma once
// Saving a chart (PNG, PDF or SVG, by the file's suffix) and a figure's table (CSV). Each
// returns an empty string on success, else a message for the user.
#include "core/analysis/figure.hpp"
#include "ui/views/chart_export.hpp"

#include <QSize>
#include <QString>

class QCustomPlot;

namespace clens::ui::analysis {

// For a file dialog: ui::chartExportFilter().
using ui::chartExportFilter;

// ui::exportPlot with the figures' default size. size: pixels (points for PDF); empty =
// 1200 x 750. PNG is written at twice that resolution.
QString exportChart(QCustomPlot& plot, const QString& path, QSize size = {});

// The figure's tidy table, raw values (the CLI's CSV).
QString exportFigureCsv(const Figure& figure, const QString& path);

} // namespace clens::ui::analysis
