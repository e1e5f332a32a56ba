#pragma once
// The document of the main window: the loaded cluster and trace, the scenario, the current
// and baseline results, the selected job, the simulated "now", the time window shown and the
// cluster state at "now".
// Views read from here and are told when something changes; they never talk to each other.
#include "ui/run/engine.hpp"
#include "ui/run/run_controller.hpp"
#include "ui/time/playback_clock.hpp"
#include "ui/time/time_window.hpp"

#include <QObject>
#include <QString>

namespace clens::ui {

class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(Engine engine, QObject* parent = nullptr);

    RunController* runs() const { return runs_; }
    PlaybackClock* clock() const { return clock_; }
    // The stretch of time the time views show; the whole span again on new data.
    TimeWindow* window() const { return window_; }

    // New data: clears the baseline and the selection, simulates at once.
    void setInput(SimInput input, const QString& description);
    const SimInput& input() const { return runs_->input(); }
    // New data with its knobs and results already computed (an opened project): like setInput,
    // but shows `current` without simulating (unless it is null) and pins `baseline`, once the
    // current result is published.
    void restore(SimInput input, const QString& description, const Scenario& scenario, std::shared_ptr<SimSnapshot> current,
                 SnapshotPtr baseline);
    const QString& description() const { return description_; }
    void setScenario(const Scenario& scenario);
    const Scenario& scenario() const { return runs_->scenario(); }

    SnapshotPtr current() const { return current_; }
    SnapshotPtr baseline() const { return baseline_; }
    std::int32_t selectedJob() const { return selectedJob_; }
    // The cluster state at clock()->time() in the current result.
    const ClusterState& state() const { return state_; }

public slots:
    void pinBaseline();
    void clearBaseline();
    void selectJob(std::int32_t job);

signals:
    void inputChanged();
    void snapshotChanged(clens::ui::SnapshotPtr snapshot);
    void baselineChanged(clens::ui::SnapshotPtr baseline);
    void selectedJobChanged(std::int32_t job);
    void stateChanged();

private:
    bool resetForInput(const QString& description); // true when a baseline was dropped
    void onResult(SnapshotPtr snapshot);
    void refreshState();
    void computeState();

    RunController* runs_;
    PlaybackClock* clock_;
    TimeWindow* window_;
    QString description_;
    SnapshotPtr current_, baseline_;
    SnapshotPtr restoredBaseline_; // pinned when the restored result arrives
    std::int32_t selectedJob_ = -1;
    ClusterState state_;
    bool freshInput_ = false;
    bool applyingResult_ = false;
};

} // namespace clens::ui
