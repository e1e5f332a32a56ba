#pragma once
// The Phases page's chart of the simulated cluster: the autoscaled jobs running in each phase
// over the whole run, stacked in the phase colours, with the cluster's time as a vertical line.
// A click or a drag on it asks for that time (seekRequested), as the Cluster page's timelines do.
#include "core/sim/simulated_phases.hpp"

#include <qcustomplot.h>

#include <cstdint>

namespace clens::ui {

class SimulatedPhaseChart : public QCustomPlot {
    Q_OBJECT
public:
    explicit SimulatedPhaseChart(QWidget* parent = nullptr);

    // `origin`: the run's first submission (the x axis counts hours from it).
    void setSeries(const SimulatedPhaseSeries& series, std::int64_t origin);
    void setTime(std::int64_t t);
    // The stacked total at sample i (for tests): jobs running in any known phase.
    double stackedTotal(int sample) const;
    QSize sizeHint() const override { return {360, 170}; }
    // The run's time under a widget x (clamped to the series' span).
    std::int64_t timeAt(double x) const;

signals:
    void seekRequested(std::int64_t t);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    QCPItemStraightLine* cursor_;
    std::int64_t origin_ = 0;
    std::int64_t time_ = 0;
    std::int64_t end_ = 0; // the series' last sample
    bool hasSeries_ = false;
};

} // namespace clens::ui
