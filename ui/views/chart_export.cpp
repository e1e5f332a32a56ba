#include "ui/views/chart_export.hpp"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace clens::ui {

namespace {

enum class Format { Png, Pdf, Svg, Unknown };

Format formatOf(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return Format::Png;
    if (suffix == QLatin1String("pdf"))
        return Format::Pdf;
    if (suffix == QLatin1String("svg"))
        return Format::Svg;
    return Format::Unknown;
}

QString unknownFormat(const QString& path)
{
    return QObject::tr("Cannot export to %1: use a .png, .pdf or .svg file name.").arg(path);
}

QString writeFailed(const QString& path) { return QObject::tr("Cannot write %1.").arg(path); }

// QSvgGenerator reports no write error; check the file instead.
QString checkWritten(const QString& path)
{
    const QFileInfo info(path);
    return info.exists() && info.size() > 0 ? QString() : writeFailed(path);
}

} // namespace

QString chartExportFilter()
{
    return QObject::tr("PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)");
}

QString exportPlot(QCustomPlot& plot, const QString& path, QSize size)
{
    if (size.isEmpty())
        size = plot.size();
    switch (formatOf(path)) {
    case Format::Png:
        return plot.savePng(path, size.width(), size.height(), 2.0) ? QString() : writeFailed(path);
    case Format::Pdf:
        // Non-cosmetic pens: lines scale with the page when a reader zooms in.
        return plot.savePdf(path, size.width(), size.height(), QCP::epNoCosmetic, QStringLiteral("ClusterLens"))
                   ? QString()
                   : writeFailed(path);
    case Format::Svg: {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(QObject::tr("ClusterLens chart"));
        QCPPainter painter;
        if (!painter.begin(&svg))
            return writeFailed(path);
        plot.toPainter(&painter, size.width(), size.height());
        painter.end();
        return checkWritten(path);
    }
    case Format::Unknown:
        break;
    }
    return unknownFormat(path);
}

QString exportPainting(const std::function<void(QPainter&, const QRectF&)>& render, QSize size, const QString& path)
{
    const QRectF area(QPointF(0, 0), size);
    switch (formatOf(path)) {
    case Format::Png: {
        QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(2.0);
        image.fill(Qt::white);
        QPainter painter(&image);
        render(painter, area);
        painter.end();
        return image.save(path, "PNG") ? QString() : writeFailed(path);
    }
    case Format::Pdf: {
        QPdfWriter pdf(path);
        pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(72);
        QPainter painter;
        if (!painter.begin(&pdf))
            return writeFailed(path);
        render(painter, area);
        painter.end();
        return checkWritten(path);
    }
    case Format::Svg: {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        QPainter painter;
        if (!painter.begin(&svg))
            return writeFailed(path);
        render(painter, area);
        painter.end();
        return checkWritten(path);
    }
    case Format::Unknown:
        break;
    }
    return unknownFormat(path);
}

} // namespace clens::ui
