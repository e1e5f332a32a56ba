#pragma once
// Saving a chart (PNG, PDF or SVG, by the file's suffix) and a figure's table (CSV). Each
// returns an empty string on success, else a message for the user.
#include "core/analysis/figure.hpp"

#include <QSize>
#include <QString>

class QCustomPlot;

namespace clens::ui::analysis {

// For a file dialog: "PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)".
QString chartExportFilter();

// size: pixels (points for PDF); empty = 1200 x 750. PNG is written at twice that resolution.
QString exportChart(QCustomPlot& plot, const QString& path, QSize size = {});

// The figure's tidy table, raw values (the CLI's CSV).
QString exportFigureCsv(const Figure& figure, const QString& path);

} // namespace clens::ui::analysis
