#pragma once
// Many jobs over time as bars (docs/gui.md "The Cluster page", its Gantt tab): the jobs whose
// life meets the time window, one row each — grouped under their VC or in submission order —
// waiting stretches coloured by cause and running stretches in blue (held idle amber); or one
// row per GPU, grouped by server, each job on it in its own colour. The time axis is the
// session's TimeWindow, so it zooms and pans with the timelines; the cursor is the red line.
// Click a bar to inspect its job and move the cursor there; Ctrl+wheel zooms time, Shift+wheel
// pans it, the wheel scrolls the rows.
#include "ui/run/sim_snapshot.hpp"

#include <QWidget>

#include <cstdint>
#include <vector>

class QComboBox;
class QLabel;
class QScrollBar;

namespace clens::ui {

class TimeWindow;

class GanttView : public QWidget {
    Q_OBJECT
public:
    enum class Rows { ByVc, ByJob, ByGpu };

    explicit GanttView(TimeWindow* window, QWidget* parent = nullptr);

    void setSnapshot(SnapshotPtr snapshot);
    void setTime(std::int64_t t);
    void setSelectedJob(std::int32_t job);
    void setRows(Rows rows);
    Rows rows() const { return mode_; }

    // For tests: the rows in order ("vc: name", "job: id", "server: name", "gpu: server [k]"),
    // where a row is drawn, the job under a point of the chart, the summary line.
    int rowCount() const { return static_cast<int>(rows_.size()); }
    QString rowLabel(int row) const;
    QRect rowRect(int row) const;
    double xOf(std::int64_t t) const;
    std::int32_t jobAt(QPoint p) const;
    QString countText() const;
    QScrollBar* scrollBar() const { return scroll_; }

signals:
    void jobClicked(std::int32_t job);
    void seekRequested(std::int64_t t);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    bool event(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    struct Row {
        enum Kind : std::uint8_t { Vc, Job, Server, Gpu } kind;
        std::int32_t id; // tenant, job, server or GPU
    };
    void rebuildRows();
    void updateScroll();
    void scrollToSelected(); // its row in view (job rows)
    void scrollToFocus();    // the selected job's row in view, else the jobs at the cursor
    QRect chartRect() const; // below the header, right of the labels
    int rowHeight() const;
    std::int64_t timeAt(double x) const;
    std::int64_t jobFrom(std::int32_t job) const;
    std::int64_t jobTo(std::int32_t job) const;
    void paintJobRow(QPainter& p, const QRect& r, std::int32_t job) const;
    void paintGpuRow(QPainter& p, const QRect& r, std::int32_t gpu) const;
    void paintAxis(QPainter& p) const;

    TimeWindow* window_;
    SnapshotPtr snapshot_;
    Rows mode_ = Rows::ByVc;
    std::vector<Row> rows_;
    std::int64_t jobsShown_ = 0;
    bool stale_ = false; // the window moved while hidden
    std::int64_t time_ = 0;
    std::int32_t selected_ = -1;
    QComboBox* rowsCombo_;
    QLabel* count_;
    QScrollBar* scroll_;
};

} // namespace clens::ui
