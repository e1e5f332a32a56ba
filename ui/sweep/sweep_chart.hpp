#pragma once
// The Sweep page's scatter (docs/gui.md "The Sweep page"): every run of the sweep on two metrics,
// the Pareto front joined and filled, the reference result (the pinned baseline, else the
// current one) as a red star, the run loaded into the what-if views ringed. A click on a run
// (within a few pixels) emits runClicked; hovering one shows its description.
#include <qcustomplot.h>

#include <functional>
#include <optional>
#include <vector>

namespace clens::ui {

class SweepChart : public QCustomPlot {
    Q_OBJECT
public:
    struct Point {
        int run = -1;
        double x = 0, y = 0; // in the axes' units
    };

    explicit SweepChart(QWidget* parent = nullptr);
    void setAxes(const QString& xLabel, const QString& yLabel);
    // front: runs on the Pareto front, by increasing x.
    void setPoints(const std::vector<Point>& points, const std::vector<int>& front);
    void setReference(std::optional<QPointF> point, const QString& label);
    void setMarked(int run); // -1: none
    void setDescriber(std::function<QString(int run)> describe) { describe_ = std::move(describe); }

    // The run drawn within a few pixels of pos (the nearest), or -1.
    int runAt(const QPointF& pos) const;
    // Where a run is drawn, in widget pixels (for tests); nullopt when it is not drawn.
    std::optional<QPointF> pixelOf(int run) const;
    int pointCount() const { return static_cast<int>(points_.size()); }
    int frontCount() const { return static_cast<int>(front_.size()); }
    bool hasReference() const { return reference_.has_value(); }

signals:
    void runClicked(int run);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    void rescale();

    std::vector<Point> points_;
    std::vector<int> front_;
    std::optional<QPointF> reference_;
    int marked_ = -1;
    QCPGraph* all_;
    QCPGraph* frontGraph_;
    QCPGraph* referenceGraph_;
    QCPGraph* markedGraph_;
    std::function<QString(int)> describe_;
};

} // namespace clens::ui
