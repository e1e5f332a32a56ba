#pragma once
// Saves a chart to PNG (at twice the size's resolution), PDF or SVG (both vector), chosen by
// the file's suffix: every chart of the application (timelines, Analysis and Compare figures,
// the Phases page). Returns an empty string on success, else a message for the user.
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>

class QCustomPlot;
class QPainter;
class QRectF;

namespace clens::ui {

// The suffixes understood, for a file dialog: "PNG image (*.png);;PDF (*.pdf);;SVG (*.svg)".
QString chartExportFilter();
// The path a save dialog returned, with the suffix of the filter chosen when it has none.
QString withChartSuffix(const QString& path, const QString& selectedFilter);

// size: the exported size in pixels (points for PDF); empty = the plot's on-screen size.
QString exportPlot(QCustomPlot& plot, const QString& path, QSize size = {});

// What a chart for a report carries around the plot: a title above, notes below (the trace, the
// scenario, the time range), and the PNG resolution (2: twice the size's pixels, 192 dpi).
struct ChartFrame {
    QString title; // the PDF's and SVG's document title too
    QStringList notes;
    double pngScale = 2.0;
    bool drawTitle = true; // false: the chart's own title line says it
};
// The plot framed: size is the whole picture (title and notes included).
QString exportPlot(QCustomPlot& plot, const QString& path, QSize size, const ChartFrame& frame);

// A chart painted by a function (render(painter, area)) at the given size.
QString exportPainting(const std::function<void(QPainter&, const QRectF&)>& render, QSize size, const QString& path);

} // namespace clens::ui
