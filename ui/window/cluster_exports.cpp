#include "ui/window/cluster_exports.hpp"

#include "core/io/series_csv.hpp"
#include "ui/analysis/run_description.hpp"
#include "ui/window/last_dir.hpp"
#include "ui/window/session.hpp"
#include "ui/io/save_text.hpp"
#include "ui/style/color_mode.hpp"
#include "ui/time/time_format.hpp"
#include "ui/views/chart_export.hpp"
#include "ui/views/chart_export_dialog.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/legend_widget.hpp"
#include "ui/views/timeline_view.hpp"

#include <QDir>
#include <QFileDialog>
#include <QPainter>

#include <sstream>

namespace clens::ui {

ClusterExports::ClusterExports(Session* session, TimelineView* timelines, HeatmapWidget* map, LegendWidget* legend, QWidget* dialogParent)
    : QObject(dialogParent)
    , session_(session)
    , timelines_(timelines)
    , map_(map)
    , legend_(legend)
    , dialogParent_(dialogParent)
{
}

void ClusterExports::report(const QString& path, const QString& error)
{
    if (error.isEmpty())
        emit exported(path);
    else
        emit failed(error);
}

QStringList ClusterExports::viewNotes(bool withWindow) const
{
    const SimInput& in = session_->input();
    QStringList notes = analysis::describeRun(in.trace.get(), in.cluster.get(), session_->scenario());
    if (const auto s = session_->current(); withWindow && s && s->result) {
        const TimeFormat tf = timeFormatOf(*s->result);
        const TimeWindow* w = session_->window();
        notes << tr("Shown: %1 to %2 (%3)%4")
                     .arg(tf.instantWithZone(w->from()), tf.instantWithZone(w->to()), TimeFormat::duration(w->width()),
                          w->zoomed() ? tr(", zoomed into the trace") : QString());
    }
    return notes;
}

QString ClusterExports::timelinesTo(const QString& path, const ChartExportOptions& options) const
{
    return exportPlot(*timelines_->plot(), path, options.size, chartFrame(options, viewNotes()));
}

QString ClusterExports::timelinesDataTo(const QString& path) const
{
    const auto s = session_->current();
    if (!s || !s->result)
        return tr("There is no result to export yet.");
    std::ostringstream out;
    writeSeriesCsv(out, *s->result, session_->window()->from(), session_->window()->to());
    return saveTextAtomically(path, out.str());
}

void ClusterExports::exportTimelines()
{
    const auto request = askChartExport(dialogParent_, tr("Export timelines"), QDir(lastDir()).filePath(QStringLiteral("timelines.png")),
                                        ChartExportOptions::titled(tr("The cluster over time"), QSize(1600, 900)));
    if (!request)
        return;
    rememberDir(request->path);
    const QString error = timelinesTo(request->path, request->options);
    report(request->path, error);
}

void ClusterExports::exportTimelinesData()
{
    const QString path = askSavePath(dialogParent_, tr("Export timelines data"), QStringLiteral("timelines.csv"), tr("CSV (*.csv)"), QStringLiteral("csv"));
    if (path.isEmpty())
        return;
    rememberDir(path);
    const QString error = timelinesDataTo(path);
    report(path, error);
}

QString ClusterExports::mapTo(const QString& path) const
{
    // Title, legend, map, and the notes of the timelines' exports: a picture that says what it
    // shows without the window around it (the map's hints are not part of it).
    const QSize mapSize = map_->size();
    QFont titleFont = dialogParent_->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    const int titleHeight = QFontMetrics(titleFont).height() + 10;
    const int legendHeight = legend_->height(); // as wide as the map: they share the page's column
    const QStringList notes = viewNotes(false); // the title says the instant
    const int noteLine = dialogParent_->fontMetrics().height();
    const QSize size(mapSize.width(), titleHeight + legendHeight + mapSize.height() + static_cast<int>(notes.size()) * noteLine + 10);
    QString title = tr("The cluster, coloured by %1").arg(toDisplayString(map_->colorMode()));
    if (const auto s = session_->current(); s && s->result) {
        const TimeFormat tf = timeFormatOf(*s->result);
        title += tr(", at %1").arg(tf.instantWithZone(session_->clock()->time()));
    }
    const auto render = [&](QPainter& p, const QRectF&) {
        p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
        p.setFont(titleFont);
        p.setPen(QColor(0x20, 0x24, 0x2a));
        p.drawText(QRect(8, 4, size.width() - 16, titleHeight - 4), Qt::AlignLeft | Qt::AlignVCenter, title);
        p.save();
        p.translate(0, titleHeight);
        legend_->render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
        p.translate(0, legendHeight);
        map_->paintMap(p);
        p.restore();
        p.setFont(dialogParent_->font());
        p.setPen(QColor(0x4a, 0x53, 0x60));
        const int top = titleHeight + legendHeight + mapSize.height() + 5;
        for (qsizetype i = 0; i < notes.size(); ++i)
            p.drawText(QRect(8, top + static_cast<int>(i) * noteLine, size.width() - 16, noteLine), Qt::AlignLeft | Qt::AlignVCenter,
                       dialogParent_->fontMetrics().elidedText(notes[i], Qt::ElideRight, size.width() - 16));
    };
    return exportPainting(render, size, path);
}

void ClusterExports::exportMap()
{
    QString filter;
    const QString path = withChartSuffix(QFileDialog::getSaveFileName(dialogParent_, tr("Export cluster map"),
                                                                      QDir(lastDir()).filePath(QStringLiteral("cluster.png")), chartExportFilter(), &filter),
                                         filter);
    if (path.isEmpty())
        return;
    rememberDir(path);
    const QString error = mapTo(path);
    report(path, error);
}

} // namespace clens::ui
