#pragma once
// The Cluster page's exports for a report (docs/gui.md "The Cluster page"): the timelines as a
// chart framed by a title and notes (PNG, PDF or SVG), the series behind them (CSV), and the
// cluster map under a title with its legend and notes. The File menu's entries ask with dialogs
// and say how it went (exported / failed); the *To functions write without asking (tests).
#include <QObject>
#include <QStringList>

class QWidget;

namespace clens::ui {

struct ChartExportOptions;
class HeatmapWidget;
class LegendWidget;
class Session;
class TimelineView;

class ClusterExports : public QObject {
    Q_OBJECT
public:
    // dialogParent: the window the dialogs belong to (its font sets the map's title and notes).
    ClusterExports(Session* session, TimelineView* timelines, HeatmapWidget* map, LegendWidget* legend, QWidget* dialogParent);

    // What a chart exported for a report says under it: the trace, the cluster, the scenario's
    // knobs that differ from the defaults, and (withWindow) the time range shown.
    QStringList viewNotes(bool withWindow = true) const;
    // The timelines of the time window, framed. Empty on success, else the message.
    QString timelinesTo(const QString& path, const ChartExportOptions& options) const;
    // The series behind them, the rows of the time window (the CLI's --series-out columns).
    QString timelinesDataTo(const QString& path) const;
    // A title (colour mode, time), the legend, the map and the notes; PNG (2x), PDF or SVG.
    QString mapTo(const QString& path) const;

    // File > Export Timelines… / Timelines Data (CSV)… / Cluster Map…
    void exportTimelines();
    void exportTimelinesData();
    void exportMap();

signals:
    void exported(const QString& path);
    void failed(const QString& message);

private:
    void report(const QString& path, const QString& error);

    Session* session_;
    TimelineView* timelines_;
    HeatmapWidget* map_;
    LegendWidget* legend_;
    QWidget* dialogParent_;
};

} // namespace clens::ui
