#include "ui/analysis/chart_export.hpp"

#include "core/analysis/figure_export.hpp"

#include <QFileInfo>
#include <QSvgGenerator>
#include <qcustomplot.h>

#include <exception>

namespace clens::ui::analysis {

QString chartExportFilter()
{
    return QStringLiteral("PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)");
}

QString exportChart(QCustomPlot& plot, const QString& path, QSize size)
{
    if (size.isEmpty())
        size = QSize(1200, 750);
    const QString suffix = QFileInfo(path).suffix().toLower();
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        ok = plot.savePng(path, size.width(), size.height(), 2.0);
    } else if (suffix == QLatin1String("pdf")) {
        ok = plot.savePdf(path, size.width(), size.height(), QCP::epNoCosmetic, QStringLiteral("ClusterLens"));
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(QStringLiteral("ClusterLens chart"));
        QCPPainter painter;
        ok = painter.begin(&svg);
        if (ok) {
            plot.toPainter(&painter, size.width(), size.height());
            ok = painter.end();
        }
        ok = ok && QFileInfo(path).size() > 0;
    } else {
        return QStringLiteral("Unknown chart format '%1': use .png, .pdf or .svg").arg(suffix);
    }
    return ok ? QString() : QStringLiteral("Could not write %1").arg(path);
}

QString exportFigureCsv(const Figure& figure, const QString& path)
{
    try {
        writeFigureCsvFile(path.toStdString(), figure);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace clens::ui::analysis
