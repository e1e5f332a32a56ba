#pragma once
// Runs the Phases page's work off the GUI thread (QtConcurrent) and hands back immutable
// results on the GUI thread.
//
// - analyse(): read an AI4DL metrics CSV (reused when it is the one already loaded), train a
//   phase model (seeded) or load one, label every step. Reports progress; cancellable.
// - score(): score the autoscaling policies of the current data for given knobs. Every
//   successful analysis re-scores with the last knobs.
// Each request gets a generation number; a result whose generation is no longer the newest is
// dropped (staleResultDropped), so a slow older job never overwrites a newer one. Nothing
// crosses the thread boundary as an exception: errors arrive as failed(message), the previous
// results stay, and metricsPath() / model() return to those of the data shown.
#include "ui/phases/phases_analysis.hpp"

#include <QFuture>
#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>

namespace clens::ui {

class PhasesController : public QObject {
    Q_OBJECT
public:
    explicit PhasesController(QObject* parent = nullptr);
    ~PhasesController() override;

    // metrics: already in memory (e.g. from a project; metricsPath then only names them).
    void analyse(const QString& metricsPath, const ModelChoice& model, std::shared_ptr<const ContainerMetrics> metrics = {});
    // Re-runs the analysis of the current metrics with another model (no-op without metrics).
    void setModel(const ModelChoice& model);
    void score(const AutoscaleConfig& config);
    // Records the knobs for the next scoring without scoring now.
    void setConfig(const AutoscaleConfig& config) { config_ = config; }
    // Cancels the running analysis and drops any pending scoring.
    void cancel();

    bool busy() const { return analysing_ || scoring_; }
    bool analysing() const { return analysing_; }
    QString metricsPath() const { return metricsPath_; }
    const ModelChoice& model() const { return model_; }
    const AutoscaleConfig& config() const { return config_; }
    std::shared_ptr<const PhasesData> data() const { return data_; }
    std::shared_ptr<const PhasesScores> scores() const { return scores_; }

signals:
    void analysisStarted(const QString& what);
    void progressChanged(int permille);
    void dataChanged();   // data() was replaced (scores follow)
    void scoresChanged(); // scores() was replaced
    void failed(const QString& message);
    void cancelled();
    void staleResultDropped();
    void busyChanged(bool busy);

private:
    struct AnalysisOutcome {
        std::shared_ptr<const PhasesData> value;
        QString error;
    };
    struct ScoreOutcome {
        std::shared_ptr<const PhasesScores> value;
        QString error;
    };
    void onAnalysisFinished(std::uint64_t generation, const QFuture<AnalysisOutcome>& future);
    void onScoreFinished(std::uint64_t generation, const ScoreOutcome& outcome);
    void setBusy(bool analysing, bool scoring);
    // Back to the inputs of the data shown, after a failed or cancelled analysis.
    void revertToShown();

    QString metricsPath_;
    std::shared_ptr<const ContainerMetrics> metrics_; // what metricsPath_ holds, once read or given
    ModelChoice model_;
    AutoscaleConfig config_;
    std::shared_ptr<const PhasesData> data_;
    std::shared_ptr<const PhasesScores> scores_;
    QFuture<AnalysisOutcome> analysisFuture_;
    std::uint64_t analysisGeneration_ = 0;
    // Shared with the scoring worker, which stops once a newer scoring makes it stale.
    std::shared_ptr<std::atomic<std::uint64_t>> scoreGeneration_ = std::make_shared<std::atomic<std::uint64_t>>(0);
    bool analysing_ = false;
    bool scoring_ = false;
};

} // namespace clens::ui
