#include "ui/views/chart_export.hpp"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QFontMetrics>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

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

// QSvgGenerator (Qt 6.4) writes no clip paths, so a graph drawn past its axis rect (QCustomPlot
// draws the points just outside the visible range too) would run over the axes in an SVG. While
// alive, every graph holds only its data within its key axis' range, cut exactly at the range's
// ends (a step line keeps the level holding there; other lines are interpolated).
class GraphsCutToRange {
public:
    explicit GraphsCutToRange(QCustomPlot& plot)
    {
        for (int i = 0; i < plot.graphCount(); ++i) {
            QCPGraph* g = plot.graph(i);
            if (!g->keyAxis() || g->data()->isEmpty())
                continue;
            const QCPRange range = g->keyAxis()->range();
            auto cut = QSharedPointer<QCPGraphDataContainer>::create();
            const bool step = g->lineStyle() == QCPGraph::lsStepLeft;
            const auto valueAt = [&](double key) {
                auto it = g->data()->findBegin(key, false); // the last point at or before key
                if (it == g->data()->constEnd() || it->key > key)
                    return std::optional<double>();
                auto next = it + 1;
                if (step || next == g->data()->constEnd() || next->key == it->key)
                    return std::optional<double>(it->value);
                const double f = (key - it->key) / (next->key - it->key);
                return std::optional<double>(it->value + f * (next->value - it->value));
            };
            if (const auto v = valueAt(range.lower))
                cut->add(QCPGraphData(range.lower, *v));
            for (auto it = g->data()->findBegin(range.lower, false); it != g->data()->constEnd() && it->key <= range.upper; ++it)
                if (it->key > range.lower)
                    cut->add(*it);
            if (const auto v = valueAt(range.upper); v && (cut->isEmpty() || (cut->constEnd() - 1)->key < range.upper))
                cut->add(QCPGraphData(range.upper, *v));
            saved_.emplace_back(g, g->data());
            g->setData(cut);
        }
    }
    ~GraphsCutToRange()
    {
        for (auto& [g, data] : saved_)
            g->setData(data);
    }

private:
    std::vector<std::pair<QCPGraph*, QSharedPointer<QCPGraphDataContainer>>> saved_;
};



// Title and notes around a plot drawn by QCustomPlot into `painter` (any device), the whole in
// `size` logical pixels.
void paintFramed(QCPPainter& painter, QCustomPlot& plot, QSize size, const ChartFrame& frame)
{
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    QFont titleFont = plot.font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.35);
    titleFont.setBold(true);
    QFont noteFont = plot.font();
    noteFont.setPointSizeF(noteFont.pointSizeF() * 0.9);
    const int margin = 10;
    const QFontMetrics titleMetrics(titleFont, painter.device()), noteMetrics(noteFont, painter.device());
    const int titleHeight = frame.title.isEmpty() || !frame.drawTitle ? 0 : titleMetrics.height() + margin;
    // Notes wrap rather than being cut: a caveat is read whole or not at all.
    const int textWidth = size.width() - 2 * margin;
    std::vector<int> noteHeights;
    int notesHeight = frame.notes.isEmpty() ? 0 : margin;
    for (const QString& note : frame.notes) {
        noteHeights.push_back(noteMetrics.boundingRect(QRect(0, 0, textWidth, 100000), Qt::TextWordWrap, note).height());
        notesHeight += noteHeights.back();
    }
    if (titleHeight > 0) {
        painter.setFont(titleFont);
        painter.setPen(QColor(0x20, 0x24, 0x2a));
        painter.drawText(QRect(margin, margin / 2, size.width() - 2 * margin, titleHeight), Qt::AlignLeft | Qt::AlignVCenter, frame.title);
    }
    const int chartHeight = std::max(50, size.height() - titleHeight - notesHeight);
    painter.save();
    painter.translate(0, titleHeight);
    plot.toPainter(&painter, size.width(), chartHeight);
    painter.restore();
    painter.setFont(noteFont);
    painter.setPen(QColor(0x4a, 0x53, 0x60));
    int top = titleHeight + chartHeight + margin / 2;
    for (qsizetype i = 0; i < frame.notes.size(); ++i) {
        const int height = noteHeights[static_cast<std::size_t>(i)];
        painter.drawText(QRect(margin, top, textWidth, height), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, frame.notes[i]);
        top += height;
    }
}

// Opens the file's device (PNG at pngScale times the pixels, marked 96 x pngScale dpi; PDF in
// points; SVG) and paints on it with paint(painter).
QString paintToFile(const QString& path, QSize size, double pngScale, const QString& title,
                    const std::function<void(QCPPainter&)>& paint)
{
    switch (formatOf(path)) {
    case Format::Png: {
        const double scale = std::clamp(pngScale, 1.0, 4.0);
        QImage image((QSizeF(size) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        image.fill(Qt::white);
        QCPPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        paint(painter);
        painter.end();
        // Marked after painting (fonts are laid out at the screen's 96 dpi), so a report sizes
        // the picture as it was on screen.
        const int dotsPerMeter = static_cast<int>(std::lround(96.0 * scale / 0.0254));
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        return image.save(path, "PNG") ? QString() : writeFailed(path);
    }
    case Format::Pdf: {
        QPdfWriter pdf(path);
        pdf.setCreator(QStringLiteral("ClusterLens"));
        pdf.setTitle(title);
        pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(72);
        QCPPainter painter;
        if (!painter.begin(&pdf))
            return writeFailed(path);
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNonCosmetic); // lines scale with the page when a reader zooms in
        paint(painter);
        painter.end();
        return checkWritten(path);
    }
    case Format::Svg: {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(title.isEmpty() ? QObject::tr("ClusterLens chart") : title);
        QCPPainter painter;
        if (!painter.begin(&svg))
            return writeFailed(path);
        painter.setMode(QCPPainter::pmVectorized);
        paint(painter);
        painter.end();
        return checkWritten(path);
    }
    case Format::Unknown:
        break;
    }
    return unknownFormat(path);
}

} // namespace

QString chartExportFilter()
{
    return QObject::tr("PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)");
}

QString withChartSuffix(const QString& path, const QString& selectedFilter)
{
    if (path.isEmpty() || !QFileInfo(path).suffix().isEmpty())
        return path;
    return path + (selectedFilter.contains(QLatin1String("pdf"))   ? QStringLiteral(".pdf")
                   : selectedFilter.contains(QLatin1String("svg")) ? QStringLiteral(".svg")
                                                                   : QStringLiteral(".png"));
}

QString exportPlot(QCustomPlot& plot, const QString& path, QSize size)
{
    return exportPlot(plot, path, size, ChartFrame{});
}

QString exportPlot(QCustomPlot& plot, const QString& path, QSize size, const ChartFrame& frame)
{
    if (size.isEmpty())
        size = plot.size();
    std::optional<GraphsCutToRange> cut; // an SVG has no clip paths
    if (formatOf(path) == Format::Svg)
        cut.emplace(plot);
    return paintToFile(path, size, frame.pngScale, frame.title, [&](QCPPainter& p) { paintFramed(p, plot, size, frame); });
}

QString exportPainting(const std::function<void(QPainter&, const QRectF&)>& render, QSize size, const QString& path)
{
    const QRectF area(QPointF(0, 0), size);
    return paintToFile(path, size, 2.0, QString(), [&](QCPPainter& p) { render(p, area); });
}

} // namespace clens::ui
