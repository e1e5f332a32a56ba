#pragma once
// The Compare page: the pinned baseline (A) against the current result (B) — metric deltas
// coloured better/worse, the distribution of per-job JCT changes, the jobs that gained and lost
// most (double-click one to select it in the main window) and both queueing-delay CDFs
// overlaid. Computed off the GUI thread; without both results it says how to pin a baseline.
#include "core/sim/sim_result.hpp"
#include "ui/analysis/compare_figures.hpp"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QStackedWidget;
class QTableView;

namespace clens::ui::analysis {

class FigureView;
class LatestTaskRunner;
class MetricDeltaModel;

class ComparePage : public QWidget {
    Q_OBJECT
public:
    explicit ComparePage(QWidget* parent = nullptr);

    bool isComputing() const;
    // Both results are compared and shown (false in the empty and error states).
    bool hasComparison() const;
    const CompareOutcome* outcome() const { return outcome_.get(); }
    QString message() const; // the empty-state or error text
    MetricDeltaModel* metricsModel() const { return metricsModel_; }
    QTableView* metricsTable() const { return metricsTable_; }
    FigureView* jctChangeView() const { return jctChange_; }
    // 0: how much sooner / later (jobs that changed), 1: signed change by job size.
    QComboBox* jctChoice() const { return jctChoice_; }
    FigureView* delayView() const { return delays_; }
    FigureView* gainersView() const { return gainers_; }
    FigureView* losersView() const { return losers_; }

public slots:
    // Either may be null: the page then shows how to get a comparison.
    void setResults(std::shared_ptr<const clens::SimResult> baseline, std::shared_ptr<const clens::SimResult> current);

signals:
    // A comparison (or the empty / error state) of the latest results is shown.
    void comparisonReady();
    // A job of the gained/lost tables was double-clicked: its index in Trace::jobs.
    void jobActivated(int jobIndex);

private:
    void fitMetricsTable();
    void onOutcome(std::shared_ptr<const CompareOutcome> outcome);
    void showEmpty(const QString& html);
    void exportMetrics();
    void showJctChange();

    LatestTaskRunner* runner_;
    std::shared_ptr<const SimResult> baseline_, current_;
    std::shared_ptr<const CompareOutcome> outcome_;
    QStackedWidget* stack_;
    QLabel* empty_;
    QWidget* content_;
    QLabel* heading_;
    QLabel* scenarioDiff_;
    QLabel* counts_;
    MetricDeltaModel* metricsModel_;
    QTableView* metricsTable_;
    QComboBox* jctChoice_;
    FigureView* jctChange_;
    FigureView* delays_;
    FigureView* gainers_;
    FigureView* losers_;
};

} // namespace clens::ui::analysis
