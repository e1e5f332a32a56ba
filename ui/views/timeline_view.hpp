#pragma once
// The cluster over time (QCustomPlot): allocated GPUs with effective utilization, queued jobs
// stacked by VC, fully free servers; with the autoscaler CPU and memory reserved vs used, with
// node power the servers on and kW (timeline_extra_rows). A cursor follows the current time; click or drag seeks.
// A pinned baseline is drawn dashed for comparison. The time axis shows a TimeWindow: the wheel
// zooms about the mouse, Shift+drag zooms into a range, Ctrl+drag or middle-drag pans,
// double-click shows the whole trace (docs/gui.md "Zooming into time"). A right-click lists the jobs
// waiting or running at that time (docs/gui.md "The Cluster page").
#include "core/sim/cluster_state.hpp"
#include "core/sim/job_moment.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/time/time_window.hpp"
#include "ui/views/timeline_extra_rows.hpp"

#include <QWidget>

#include <cstdint>
#include <memory>

class QCustomPlot;
class QMenu;
class QCPAxisRect;
class QCPItemStraightLine;
class QCPItemText;
class QCPLayer;
class QCPMarginGroup;
class QRubberBand;

namespace clens::ui {

class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    // The time window the axis shows (the whole result when none is set).
    void setWindow(TimeWindow* window);

    void setSnapshot(SnapshotPtr snapshot);
    void setBaseline(SnapshotPtr baseline);
    void setTime(std::int64_t t);
    // The exact cluster state at the cursor, for the read-outs (the series are sampled).
    void setCursorState(const ClusterState& state);
    std::int64_t time() const { return time_; }
    // The rows drawn below GPUs, queued jobs and free servers (for tests).
    const std::vector<ExtraRow>& extraRows() const { return extraRows_; }
    QCustomPlot* plot() const { return plot_; }
    // Chart export; the format follows the suffix (png, pdf, svg). False on failure.
    bool exportTo(const QString& path, int width = 0, int height = 0);
    // The time a click at plot x-pixel would seek to.
    std::int64_t timeAtPixel(double x) const;
    // The time a click at pos (plot coordinates) seeks to: the time under it, except on the
    // queued-jobs row, where it is the sample of the highest queue within kSnap_px pixels, so that
    // a spike narrower than a pixel is hit.
    std::int64_t clickTime(QPointF pos) const;
    static constexpr double kSnap_px = 3;
    // Every row's data area is at least this tall, the bottom one's too (under its time axis).
    static constexpr int kMinRowDataHeight = 22;
    // The right-click menu for time t: list the jobs waiting or running then, zoom in about it,
    // show the whole trace. Null without a result.
    std::unique_ptr<QMenu> contextMenu(std::int64_t t);

signals:
    void seekRequested(std::int64_t t);
    // "List the jobs waiting (running) at t" from the right-click menu; the cursor is at t.
    void jobsAtRequested(std::int64_t t, JobStanding standing);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool applyRowStretch(); // on a new result, on resize, once laid out
    void rebuild();
    void updateCursor();
    void applyWindow();
    bool handleMouse(QEvent* event);

    SnapshotPtr current_, baseline_;
    std::vector<ExtraRow> extraRows_; // rows 3.. of the plot
    std::int64_t time_ = 0;
    struct Readout {
        std::int64_t t_s = -1;
        std::int64_t allocated = 0, queued = 0, freeServers = 0;
        double effective = 0;
    } exact_;
    QCustomPlot* plot_;
    std::vector<QCPAxisRect*> rects_;
    int timeAxis_px_ = 0; // the bottom row's margin for the time axis's labels (0: not estimated yet)
    int rowMargins_px_ = 0, bottomRowMargins_px_ = 0; // a row's top + bottom margins, as last laid out
    std::vector<QCPItemStraightLine*> cursors_;
    std::vector<QCPItemText*> readouts_;
    QCPLayer* cursorLayer_ = nullptr;
    QCPMarginGroup* margins_ = nullptr;
    TimeWindow* window_ = nullptr;
    // A drag in progress: seeking (left), panning (Ctrl+left, middle) or a range to zoom into
    // (Shift+left).
    enum class Drag { None, Seek, Pan, Range } drag_ = Drag::None;
    double dragStartX_ = 0;
    bool seekMoved_ = false; // the seek drag went past the drag distance
    std::int64_t dragStartFrom_ = 0;
    QRubberBand* band_ = nullptr;
};

} // namespace clens::ui
