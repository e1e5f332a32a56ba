#pragma once
// One container over time: CPU cores used (top) and memory GB used (bottom) as step lines, each
// step's phase as a coloured band behind them, the selected policy's allocation drawn over the
// usage, and the under-provisioned steps marked (red area between allocation and usage, and a
// red marker on each such step). A request far above the usage (the first interval) would
// flatten everything else, so the value axis fits usage and computed allocations and a label
// gives the request's value when it is off the scale. Time runs from the container's first sample. Drag or wheel
// zooms time; double-click resets. Hovering a step shows its phase, usage and allocation.
#include "core/phases/autoscaler.hpp"
#include "ui/phases/phases_analysis.hpp"

#include <qcustomplot.h>

#include <memory>

namespace clens::ui {

class PhaseUsagePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit PhaseUsagePlot(QWidget* parent = nullptr);

    // scores may be null (not scored yet) or of other data (ignored).
    void showContainer(std::shared_ptr<const PhasesData> data, std::shared_ptr<const PhasesScores> scores,
                       std::size_t container, ScalingPolicy policy);
    void clearContainer();

    // What is drawn (for tests).
    std::size_t underProvisionedCpuSteps() const { return cpuUnder_; }
    std::size_t underProvisionedMemSteps() const { return memUnder_; }
    bool showsAllocation() const { return hasAllocation_; }
    QString titleText() const;

protected:
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    struct Panel {
        QCPAxisRect* rect = nullptr;
        QCPAxis* x = nullptr;
        QCPAxis* y = nullptr;
        double top = 1;          // value-axis top that shows usage and the computed allocations
    };
    void build();
    void drawPanel(Panel& panel, bool cpu, bool inLegend);
    QCPGraph* addStepGraph(Panel& panel, const QVector<double>& keys, const QVector<double>& values, bool inLegend);
    void drawPhaseBands(Panel& panel, const QVector<double>& keys, bool inLegend);
    double drawUsage(Panel& panel, const QVector<double>& keys, bool cpu, bool inLegend);
    void drawAllocation(Panel& panel, const QVector<double>& keys, bool cpu, bool inLegend);
    void drawUnderProvisioned(Panel& panel, const QVector<double>& keys, bool cpu, bool inLegend);
    double allocationTop(Panel& panel, const QVector<double>& keys, bool cpu, double usedTop);
    void resetRanges();
    void fitValueAxes();

    QCPTextElement* title_ = nullptr;
    QCPLegend* phaseLegend_ = nullptr;
    Panel cpu_, mem_;
    std::shared_ptr<const PhasesData> data_;
    std::shared_ptr<const PhasesScores> scores_;
    std::size_t container_ = 0;
    ScalingPolicy policy_ = ScalingPolicy::PhaseRule;
    std::vector<StepProvision> steps_; // of the selected policy, per row
    std::size_t cpuUnder_ = 0, memUnder_ = 0;
    bool hasAllocation_ = false;
    double endTime_ = 0;
};

} // namespace clens::ui
