#pragma once
// The Phases page's "In the simulated cluster" section: when the cluster's result has autoscaled
// jobs with phases, how many of them are in each phase at the cluster's time and how many phase
// changes they made so far (core/sim/simulated_phases.hpp), with a toggle that draws this on the
// phase graph instead of the metrics' transitions, and a chart of the jobs by phase over the
// whole run with the cluster's time marked. The index comes with the result's snapshot (or is
// built here, off the GUI thread), once per result; moving the time only reads it.
#include "core/sim/sim_result.hpp"
#include "core/sim/simulated_phases.hpp"
#include "ui/time/time_format.hpp"

#include <QWidget>

#include <cstdint>
#include <memory>
#include <optional>

class QCheckBox;
class QLabel;

namespace clens::ui {

namespace analysis {
class LatestTaskRunner;
}
class PhaseGraphView;
class SimulatedPhaseChart;

class SimulatedClusterBox : public QWidget {
    Q_OBJECT
public:
    SimulatedClusterBox(PhaseGraphView* graph, QWidget* parent = nullptr);

    // `index`: the result's, when already built (else built here, off the GUI thread).
    void setResult(std::shared_ptr<const SimResult> result, const TimeFormat& format,
                   std::shared_ptr<const SimulatedPhaseIndex> index = nullptr);
    void setTime(std::int64_t t);
    // The model's phase count, so phases no job is in still show.
    void setPhaseCount(int k);

    QCheckBox* toggle() const { return toggle_; }
    SimulatedPhaseChart* chart() const { return chart_; }
    QString summary() const;
    // At the current time; nullopt without a result with phases.
    const std::optional<SimulatedPhases>& current() const { return current_; }
    // The index of the last result given is being built (built() follows).
    bool building() const;

signals:
    void refreshed(); // current() changed (a new result or time)
    void built();     // the last result given is shown (or why it cannot be)
    void seekRequested(std::int64_t t); // the chart was clicked at t

private:
    void refresh();

    PhaseGraphView* graph_;
    QCheckBox* toggle_;
    QLabel* label_;
    SimulatedPhaseChart* chart_;
    analysis::LatestTaskRunner* runner_;
    std::shared_ptr<const SimulatedPhaseIndex> index_;
    std::optional<SimulatedPhases> current_;
    TimeFormat format_;
    std::int64_t time_ = 0;
    int phaseCount_ = 0;
};

} // namespace clens::ui
