#pragma once
// The whole trace in a strip under the scrubber (docs/gui.md "Zooming into time"): allocated
// GPUs as an area and queued jobs as a line, each per pixel column at its peak, so the busy
// stretches stand out; the zoomed window as a box and the time cursor as a line. Drag the box to
// move the window, its edges to resize it, click elsewhere to centre the window there; the
// wheel zooms; a double-click shows the whole trace.
#include "ui/run/sim_snapshot.hpp"

#include <QPixmap>
#include <QWidget>

#include <cstdint>
#include <vector>

namespace clens::ui {

class TimeWindow;

class TimeOverview : public QWidget {
    Q_OBJECT
public:
    explicit TimeOverview(TimeWindow* window, QWidget* parent = nullptr);

    void setSnapshot(SnapshotPtr snapshot);
    void setTime(std::int64_t t);

    // Pixel <-> time over the whole span (for tests).
    double pixelOf(std::int64_t t) const;
    std::int64_t timeAt(double x) const;
    // Per pixel column, the peak allocated fraction of the GPUs (for tests).
    const std::vector<float>& allocatedPeaks() const { return allocated_; }
    QSize sizeHint() const override { return {400, 30}; }
    QSize minimumSizeHint() const override { return {80, 22}; }

signals:
    void seekRequested(std::int64_t t);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void rebin();
    void paintTrace(); // the allocated area and the queued line into trace_
    enum class Grip { None, Move, From, To };
    Grip gripAt(double x) const;

    TimeWindow* window_;
    SnapshotPtr snapshot_;
    std::int64_t time_ = 0;
    // Per pixel column: peak allocated fraction and peak queued jobs / the trace's peak.
    std::vector<float> allocated_, queued_;
    // The columns above drawn once per result and size: a scrub frame paints only the box and the cursor on it.
    QPixmap trace_;
    Grip grip_ = Grip::None;
    double pressX_ = 0;
    std::int64_t pressFrom_ = 0, pressTo_ = 0;
};

} // namespace clens::ui
