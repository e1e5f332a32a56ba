#include "ui/phases/phases_controller.hpp"

#include <QFutureWatcher>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <exception>

namespace clens::ui {

namespace {

QString describe(const ModelChoice& m)
{
    if (m.kind == ModelChoice::Kind::File)
        return PhasesController::tr("Loading the model %1 and labelling the steps…").arg(QString::fromStdString(m.path));
    if (m.kind == ModelChoice::Kind::Given)
        return PhasesController::tr("Labelling the steps with the project's model…");
    return PhasesController::tr("Training a phase model (seed %1, %2 phases)…").arg(m.seed).arg(m.k);
}

} // namespace

PhasesController::PhasesController(QObject* parent)
    : QObject(parent)
{
}

PhasesController::~PhasesController()
{
    // Running jobs hold their inputs by value; cancelling just lets them stop early.
    analysisFuture_.cancel();
}

void PhasesController::analyse(const QString& metricsPath, const ModelChoice& model, std::shared_ptr<const ContainerMetrics> metrics)
{
    // Metrics in memory are reused for the same path (a project's metrics may have no file).
    if (metrics)
        metrics_ = std::move(metrics);
    else if (metricsPath != metricsPath_)
        metrics_.reset();
    metricsPath_ = metricsPath;
    model_ = model;
    const auto generation = ++analysisGeneration_;
    analysisFuture_.cancel(); // an older analysis is now pointless

    AnalysisRequest request;
    request.metricsPath = metricsPath.toStdString();
    request.model = model;
    if (metrics_)
        request.cachedMetrics = metrics_;
    else if (data_ && data_->metricsPath == request.metricsPath)
        request.cachedMetrics = data_->metrics;

    analysisFuture_ = QtConcurrent::run([request](QPromise<AnalysisOutcome>& promise) {
        promise.setProgressRange(0, 1000);
        const ProgressFn progress = [&promise](double f) {
            promise.setProgressValue(static_cast<int>(std::lround(f * 1000)));
            return !promise.isCanceled();
        };
        AnalysisOutcome out;
        try {
            out.value = analysePhases(request, progress);
        } catch (const Cancelled&) {
            return; // no result = cancelled
        } catch (const std::exception& e) {
            out.error = QString::fromStdString(e.what());
        } catch (...) {
            out.error = tr("unexpected error");
        }
        promise.addResult(std::move(out));
    });
    auto* watcher = new QFutureWatcher<AnalysisOutcome>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, generation](int value) {
        if (generation == analysisGeneration_)
            emit progressChanged(value);
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        onAnalysisFinished(generation, watcher->future());
    });
    watcher->setFuture(analysisFuture_);
    setBusy(true, scoring_);
    emit analysisStarted(describe(model));
}

void PhasesController::setModel(const ModelChoice& model)
{
    model_ = model;
    if (!metricsPath_.isEmpty() || metrics_)
        analyse(metricsPath_, model);
}

void PhasesController::onAnalysisFinished(std::uint64_t generation, const QFuture<AnalysisOutcome>& future)
{
    if (generation != analysisGeneration_) {
        emit staleResultDropped();
        return;
    }
    setBusy(false, scoring_);
    if (future.resultCount() == 0) {
        emit cancelled();
        return;
    }
    const AnalysisOutcome out = future.result();
    if (!out.value) {
        revertToShown();
        emit failed(out.error);
        return;
    }
    data_ = out.value;
    metrics_ = data_->metrics;
    scores_.reset();
    ++*scoreGeneration_; // scorings of the previous data are stale now
    setBusy(false, false);
    emit dataChanged();
    score(config_);
}

void PhasesController::revertToShown()
{
    if (!data_)
        return; // without data, a retry (Train) uses the same inputs
    metricsPath_ = QString::fromStdString(data_->metricsPath);
    metrics_ = data_->metrics;
    model_ = data_->modelChoice;
}

void PhasesController::score(const AutoscaleConfig& config)
{
    config_ = config;
    if (!data_)
        return; // scored as soon as data arrives
    const auto generation = ++*scoreGeneration_;
    auto future = QtConcurrent::run([data = data_, config]() {
        ScoreOutcome out;
        try {
            out.value = scorePhases(data, config);
        } catch (const std::exception& e) {
            out.error = QString::fromStdString(e.what());
        } catch (...) {
            out.error = tr("unexpected error");
        }
        return out;
    });
    auto* watcher = new QFutureWatcher<ScoreOutcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        onScoreFinished(generation, watcher->future().result());
    });
    watcher->setFuture(future);
    setBusy(analysing_, true);
}

void PhasesController::onScoreFinished(std::uint64_t generation, const ScoreOutcome& out)
{
    if (generation != scoreGeneration_->load()) {
        emit staleResultDropped();
        return;
    }
    setBusy(analysing_, false);
    if (!out.value) {
        emit failed(tr("Cannot score the policies: %1").arg(out.error));
        return;
    }
    scores_ = out.value;
    emit scoresChanged();
}

void PhasesController::cancel()
{
    if (!busy())
        return;
    analysisFuture_.cancel();
    ++analysisGeneration_;
    ++*scoreGeneration_;
    revertToShown();
    setBusy(false, false);
    emit cancelled();
}

void PhasesController::setBusy(bool analysing, bool scoring)
{
    const bool was = busy();
    analysing_ = analysing;
    scoring_ = scoring;
    if (busy() != was)
        emit busyChanged(busy());
}

} // namespace clens::ui
