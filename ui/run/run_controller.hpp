#pragma once
// Re-simulates in the background whenever the inputs or the scenario change.
// - Scenario changes: the first after a quiet spell runs at the next event-loop turn (so one
//   turn's changes are one run); changes within the debounce interval of the one before are a
//   burst (a slider drag), run once, that interval after the last. A single change therefore
//   does not wait for the debounce, and a drag starts one run at its start and one at its end.
// - Starting a run cancels the previous one (its ProgressFn returns false -> Cancelled).
// - Every request gets a generation number; only the newest generation's result is published,
//   so a stale run that finishes late never overwrites a newer result.
// - Progress is throttled before it crosses to the GUI thread; no exception crosses threads.
// - Results of the current input are kept (ResultCache, up to a memory budget): a scenario that
//   simulates the same as a kept one is published from it, queued like a run, without running.
#include "ui/run/engine.hpp"
#include "ui/run/result_cache.hpp"
#include "ui/run/sim_snapshot.hpp"

#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <cstdint>
#include <memory>

namespace clens::ui {

// a and b differ, but only in knobs the cluster simulation ignores: with the autoscaler off
// (demand none) its policy, interval, sigma and headroom only score the Phases page's policies.
bool onlyIgnoredKnobsDiffer(const Scenario& a, Scenario b);

class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(Engine engine, QObject* parent = nullptr);
    ~RunController() override; // cancels and waits for the workers

    // New cluster/trace: runs at once (no debounce). An input without a demand keeps the current
    // one (the demand comes from the Phases page, not from the trace).
    void setInput(SimInput input);
    const SimInput& input() const { return input_; }
    // New knobs: runs at the next event-loop turn, or, within the debounce interval of the
    // change before, that interval after the last change. With the autoscaler's demand none, a
    // change of its other knobs alone does not run (the simulation does not use them then).
    void setScenario(const Scenario& scenario);
    const Scenario& scenario() const { return scenario_; }
    void setDebounceMs(int ms) { debounce_.setInterval(ms); }
    int debounceMs() const { return debounce_.interval(); }
    // How much memory the kept results may take (0: keep none, every request simulates).
    void setKeptResultsBytes(std::size_t bytes) { kept_.setBudget(bytes); }
    const ResultCache& keptResults() const { return kept_; }

    // New container demand for the autoscaler (the Phases page's metrics and model); kept in
    // input() for every later run. Re-simulates (as a knob change) when `resimulate` and the scenario's
    // autoscaler uses a demand.
    void setDemand(std::shared_ptr<const DemandProfile> demand, bool resimulate = true);

    // New input and knobs with a result already computed (an opened project): publishes it as
    // the newest result (queued, like a run's) without simulating. Simulates when snapshot is
    // null, or when its scenario is not the given one (it was saved before a run caught up).
    void restore(SimInput input, const Scenario& scenario, std::shared_ptr<SimSnapshot> snapshot);
    // Starts a run of the current input and scenario now.
    void runNow();
    // Cancels the run in flight (its result, if any, is discarded).
    void cancel();
    // Blocks until no worker is running (their results may still be queued to this object).
    void waitForWorkers() { pool_.waitForDone(); }

    bool isBusy() const { return busy_; }
    std::uint64_t generation() const { return generation_; }
    // The last published result (null before the first one).
    SnapshotPtr latest() const { return latest_; }

signals:
    void runStarted(std::uint64_t generation);
    void progressChanged(std::uint64_t generation, double fraction);
    void resultReady(clens::ui::SnapshotPtr snapshot);
    void runFailed(std::uint64_t generation, const QString& message);
    // The request of this generation is answered by a kept result (resultReady follows, queued).
    void keptResultUsed(std::uint64_t generation);
    // A result (or cancellation) that arrived for a superseded or cancelled request.
    void runDiscarded(std::uint64_t generation);
    void busyChanged(bool busy);

private:
    struct Outcome;
    void finish(std::uint64_t generation, const std::shared_ptr<Outcome>& outcome);
    void setBusy(bool busy);
    void keepDemand(SimInput& input) const;
    void scheduleRun();  // a knob or demand change
    void startRun();     // runNow without touching the timers
    void quietSpellEnded();
    void stopTimers();

    Engine engine_;
    SimInput input_;
    Scenario scenario_;
    QTimer leading_;  // 0 ms: the first change of a quiet spell
    QTimer debounce_; // the spell: restarted by every change
    bool changedSinceRun_ = false; // a change within the spell after its run started
    QThreadPool pool_;
    std::uint64_t generation_ = 0;
    std::shared_ptr<std::atomic<bool>> cancel_;
    SnapshotPtr latest_;
    ResultCache kept_;
    bool busy_ = false;
};

} // namespace clens::ui
