#include "ui/window/session.hpp"

#include <utility>

namespace clens::ui {

Session::Session(Engine engine, QObject* parent)
    : QObject(parent)
    , runs_(new RunController(std::move(engine), this))
    , clock_(new PlaybackClock(this))
    , window_(new TimeWindow(this))
{
    connect(runs_, &RunController::resultReady, this, &Session::onResult);
    connect(clock_, &PlaybackClock::timeChanged, this, &Session::refreshState);
}

void Session::setInput(SimInput input, const QString& description)
{
    const bool hadBaseline = resetForInput(description);
    runs_->setInput(std::move(input)); // starts the first run; its result arrives later
    if (hadBaseline)
        emit baselineChanged(nullptr);
    emit inputChanged();
}

void Session::restore(SimInput input, const QString& description, const Scenario& scenario,
                      std::shared_ptr<SimSnapshot> current, SnapshotPtr baseline)
{
    const bool hadBaseline = resetForInput(description);
    restoredBaseline_ = current ? std::move(baseline) : nullptr;
    runs_->restore(std::move(input), scenario, std::move(current)); // published (queued) like a run
    if (hadBaseline)
        emit baselineChanged(nullptr);
    emit inputChanged();
}

bool Session::resetForInput(const QString& description)
{
    description_ = description;
    clock_->pause();
    freshInput_ = true;
    const bool hadBaseline = baseline_ != nullptr;
    baseline_.reset();
    restoredBaseline_.reset();
    current_.reset();
    state_ = ClusterState{};
    selectJob(-1);
    return hadBaseline;
}

void Session::setScenario(const Scenario& scenario)
{
    runs_->setScenario(scenario);
}

void Session::pinBaseline()
{
    if (!current_ || current_ == baseline_)
        return;
    SnapshotPtr previous = std::exchange(baseline_, current_);
    emit baselineChanged(baseline_);
    releaseInBackground(std::move(previous));
}

void Session::clearBaseline()
{
    if (!baseline_)
        return;
    SnapshotPtr previous = std::exchange(baseline_, nullptr);
    emit baselineChanged(nullptr);
    releaseInBackground(std::move(previous));
}

void Session::selectJob(std::int32_t job)
{
    if (job == selectedJob_)
        return;
    selectedJob_ = job;
    emit selectedJobChanged(job);
}

void Session::onResult(SnapshotPtr snapshot)
{
    SnapshotPtr previous = std::exchange(current_, std::move(snapshot));
    // Keep the cursor and the window where the user left them, unless this is a new trace (then
    // at its first activity: SimSnapshot::firstActivity_s, openingWindow). The clock's own
    // time signal may fire here; the state is recomputed once, after the views have the result.
    const bool fresh = freshInput_;
    freshInput_ = false;
    applyingResult_ = true;
    clock_->setSpan(current_->begin_s(), current_->end_s());
    window_->setSpan(current_->begin_s(), current_->end_s());
    if (fresh) {
        const auto [from, to] = current_->openingWindow();
        window_->show(from, to);
        clock_->seek(current_->firstActivity_s());
        clock_->setSpeed(PlaybackClock::suggestedSpeed(current_->end_s() - current_->begin_s()));
    }
    applyingResult_ = false;
    computeState();
    emit snapshotChanged(current_);
    emit stateChanged();
    if (restoredBaseline_) {
        baseline_ = std::exchange(restoredBaseline_, nullptr);
        emit baselineChanged(baseline_);
    }
    releaseInBackground(std::move(previous)); // the views hold the new one by now
}

void Session::refreshState()
{
    if (applyingResult_)
        return;
    computeState();
    emit stateChanged();
}

void Session::computeState()
{
    if (!current_ || !current_->states)
        state_ = ClusterState{};
    else
        current_->states->stateAt(clock_->time(), state_);
}

} // namespace clens::ui
