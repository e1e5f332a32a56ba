#include "ui/run/run_controller.hpp"

#include <QtConcurrent/QtConcurrentRun>

#include <chrono>
#include <exception>
#include <stdexcept>

namespace clens::ui {

struct RunController::Outcome {
    SnapshotPtr snapshot;
    bool cancelled = false;
    QString error;
};

namespace {
constexpr auto kProgressInterval = std::chrono::milliseconds(40);
} // namespace

bool onlyIgnoredKnobsDiffer(const Scenario& a, Scenario b)
{
    if (a.autoscaler == b.autoscaler || a.autoscaler.usage != UsageModel::None || b.autoscaler.usage != UsageModel::None)
        return false;
    b.autoscaler = a.autoscaler;
    return a == b;
}

RunController::RunController(Engine engine, QObject* parent)
    : QObject(parent)
    , engine_(std::move(engine))
{
    qRegisterMetaType<SnapshotPtr>();
    leading_.setSingleShot(true);
    leading_.setInterval(0);
    connect(&leading_, &QTimer::timeout, this, [this] {
        changedSinceRun_ = false;
        startRun();
    });
    debounce_.setSingleShot(true);
    debounce_.setInterval(120);
    connect(&debounce_, &QTimer::timeout, this, &RunController::quietSpellEnded);
    // Two workers: a cancelled run can wind down while its successor starts.
    pool_.setMaxThreadCount(2);
}

RunController::~RunController()
{
    if (cancel_)
        cancel_->store(true);
    pool_.waitForDone();
}

void RunController::setInput(SimInput input)
{
    kept_.clear();
    keepDemand(input);
    input_ = std::move(input);
    runNow();
}

void RunController::setScenario(const Scenario& scenario)
{
    const bool simulationUnchanged = onlyIgnoredKnobsDiffer(scenario, scenario_);
    scenario_ = scenario;
    if (!input_.valid() || simulationUnchanged)
        return;
    scheduleRun();
}

void RunController::scheduleRun()
{
    setBusy(true);
    if (!debounce_.isActive() && !leading_.isActive())
        leading_.start(); // after a quiet spell: at once (at the next turn)
    else if (!leading_.isActive())
        changedSinceRun_ = true; // within a burst: once it is over
    debounce_.start();
}

void RunController::quietSpellEnded()
{
    if (!changedSinceRun_)
        return; // the spell's one change has run (finish() clears busy)
    changedSinceRun_ = false;
    startRun();
}

void RunController::stopTimers()
{
    leading_.stop();
    debounce_.stop();
    changedSinceRun_ = false;
}

void RunController::keepDemand(SimInput& input) const
{
    if (!input.demand)
        input.demand = input_.demand;
}

void RunController::setDemand(std::shared_ptr<const DemandProfile> demand, bool resimulate)
{
    if (demand != input_.demand)
        kept_.clear();
    input_.demand = std::move(demand);
    if (!resimulate || !input_.valid() || scenario_.autoscaler.usage == UsageModel::None)
        return;
    scheduleRun();
}

void RunController::restore(SimInput input, const Scenario& scenario, std::shared_ptr<SimSnapshot> snapshot)
{
    stopTimers();
    if (cancel_)
        cancel_->store(true);
    kept_.clear();
    keepDemand(input);
    input_ = std::move(input);
    scenario_ = scenario;
    if (!snapshot || !snapshot->result) {
        runNow();
        return;
    }
    const std::uint64_t gen = ++generation_;
    snapshot->generation = gen;
    const bool stale = !(snapshot->result->scenario == scenario || onlyIgnoredKnobsDiffer(snapshot->result->scenario, scenario));
    auto outcome = std::make_shared<Outcome>();
    outcome->snapshot = std::move(snapshot);
    setBusy(true);
    // Published like a finished run (queued), so whoever set the input hears of it first.
    QMetaObject::invokeMethod(
        this,
        [this, gen, outcome, stale] {
            finish(gen, outcome);
            if (stale && gen == generation_) // saved while a knob change was pending
                runNow();
        },
        Qt::QueuedConnection);
}

void RunController::cancel()
{
    stopTimers();
    if (cancel_)
        cancel_->store(true);
    ++generation_; // whatever is in flight is now stale
    setBusy(false);
}

void RunController::runNow()
{
    stopTimers();
    startRun();
}

void RunController::startRun()
{
    if (!input_.valid())
        return;
    if (cancel_)
        cancel_->store(true);
    if (auto kept = kept_.find(scenario_)) {
        cancel_.reset();
        const std::uint64_t gen = ++generation_;
        setBusy(true);
        emit runStarted(gen);
        emit keptResultUsed(gen);
        kept->generation = gen;
        auto outcome = std::make_shared<Outcome>();
        outcome->snapshot = std::move(kept);
        QMetaObject::invokeMethod(this, [this, gen, outcome] { finish(gen, outcome); }, Qt::QueuedConnection);
        return;
    }
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    cancel_ = cancel;
    const std::uint64_t gen = ++generation_;
    setBusy(true);
    emit runStarted(gen);

    (void)QtConcurrent::run(&pool_, [this, gen, cancel, engine = engine_, input = input_, scenario = scenario_] {
        auto outcome = std::make_shared<Outcome>();
        const auto t0 = std::chrono::steady_clock::now();
        auto lastPost = t0;
        const ProgressFn progress = [&](double fraction) {
            if (cancel->load())
                return false;
            const auto now = std::chrono::steady_clock::now();
            if (now - lastPost >= kProgressInterval) {
                lastPost = now;
                QMetaObject::invokeMethod(
                    this, [this, gen, fraction] {
                        if (gen == generation_)
                            emit progressChanged(gen, fraction);
                    },
                    Qt::QueuedConnection);
            }
            return true;
        };
        try {
            if (!engine.simulate || !engine.index)
                throw std::runtime_error("this build has no simulation engine");
            auto result = std::make_shared<const SimResult>(engine.simulate(input, scenario, progress));
            if (cancel->load())
                throw Cancelled();
            auto snapshot = makeSnapshot(engine, std::move(result));
            snapshot->generation = gen;
            snapshot->runSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            outcome->snapshot = std::move(snapshot);
        } catch (const Cancelled&) {
            outcome->cancelled = true;
        } catch (const std::exception& e) {
            outcome->error = QString::fromStdString(e.what());
        } catch (...) {
            outcome->error = QStringLiteral("unknown error in the simulation");
        }
        QMetaObject::invokeMethod(this, [this, gen, outcome] { finish(gen, outcome); }, Qt::QueuedConnection);
    });
}

void RunController::finish(std::uint64_t generation, const std::shared_ptr<Outcome>& outcome)
{
    if (generation != generation_ || outcome->cancelled) {
        emit runDiscarded(generation);
        return;
    }
    if (!leading_.isActive() && !changedSinceRun_) // no run to come
        setBusy(false);
    if (!outcome->error.isEmpty()) {
        emit runFailed(generation, outcome->error);
        return;
    }
    latest_ = outcome->snapshot;
    kept_.add(latest_);
    emit resultReady(latest_);
}

void RunController::setBusy(bool busy)
{
    if (busy == busy_)
        return;
    busy_ = busy;
    emit busyChanged(busy);
}

} // namespace clens::ui
