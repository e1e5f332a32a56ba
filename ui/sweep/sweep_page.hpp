#pragma once
// The Sweep page (docs/gui.md "The Sweep page"): vary up to three knobs of the scenario panel's
// scenario over lists or ranges of values, run every combination in the background on all cores
// (progress, cancel, runs shown as they come back), read every run's metrics in a table and any
// two of them on a scatter with the Pareto front and the reference result, and load a run into the
// what-if views with a click. The sweep is kept in the project.
#include "ui/views/chart_export_dialog.hpp"
#include "ui/models/summary_compare_model.hpp"
#include "ui/run/engine.hpp"
#include "ui/run/sweep_result.hpp"

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QThreadPool;
class QTimer;
class QToolButton;

namespace clens::ui {

class SweepChart;
class SweepTableModel;

class SweepPage : public QWidget {
    Q_OBJECT
public:
    using Metric = SummaryCompareModel::Row;
    static constexpr int kMaxKnobs = 3;

    explicit SweepPage(QWidget* parent = nullptr);
    ~SweepPage() override;

    // The cluster, trace and demand every run uses (a new input drops the sweep shown).
    void setInput(const SimInput& input);
    // The scenario the grid varies (the scenario panel's knobs).
    void setBase(const Scenario& scenario) { base_ = scenario; }
    // Where run() reads the base when it starts (the session's scenario, current to the last
    // knob moved); without it, the last setBase.
    void setBaseSource(std::function<Scenario()> source) { baseSource_ = std::move(source); }
    // A preset that loads this data enough to queue (the Philly sample's 5x arrivals), named by
    // the status when no job waits in any run; empty: none fits the data.
    void setLoadHint(const QString& presetName);
    QString loadHint() const { return loadHint_; }
    // The result drawn as a star: the pinned baseline, else the current result (null: none).
    void setReference(const SimSummary* summary, const Scenario& scenario, const QString& label);

    // Row `row` of the grid editor: the key path varied ("" leaves the row out) and its values
    // as typed (a list or a range, core/sim/grid_values.hpp).
    void setVary(int row, const QString& key, const QString& values);
    QString varyKey(int row) const;
    // Puts a knob in the editor (the scenario panel's "Vary in a sweep…"): its row if it has one,
    // else the first free row, else the last; with the values it starts from.
    void addVary(const QString& key);
    QString varyValues(int row) const;

    // Builds the grid and starts it (a sweep still running is cancelled first). False, with the
    // reason in the status line, when the grid cannot be built.
    bool run();
    void cancel();
    bool busy() const;
    // The sweep shown (runs still coming back while busy); null before the first.
    std::shared_ptr<const SweepResult> result() const { return result_; }
    // Shows a stored sweep (an opened project): the editor takes its keys and values.
    void restore(std::shared_ptr<const SweepResult> result);
    void clear();

    void setMetrics(Metric x, Metric y);
    Metric xMetric() const;
    Metric yMetric() const;
    // Runs on the Pareto front of the two metrics, by increasing x.
    const std::vector<int>& front() const { return front_; }
    // Loads run `run` into the what-if views (emits scenarioChosen).
    void chooseRun(int run);

    SweepChart* chart() const { return chart_; }
    SweepTableModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    QString statusText() const;
    QString exportTable(const QString& path) const;
    QString exportChart(const QString& path, QSize size = {});
    // Framed by the options' title and, when asked for, the runs; the status line then says where it went.
    QString exportChart(const QString& path, const ChartExportOptions& options);

signals:
    void scenarioChosen(const clens::Scenario& scenario);
    void runsBack();  // some runs came back (the table and chart show them)
    void finished();  // every run is back, or the sweep was cancelled
    void changed();   // the sweep kept in the project changed
    void failed(const QString& message);

private:
    struct Job;
    QWidget* buildEditor();
    QWidget* buildRunRow();
    QWidget* buildResults();
    void pollJob();
    void onJobFinished(const std::shared_ptr<Job>& job);
    // The sweep under way is over (done or cancelled): what came back is shown, finished.
    void endJob();
    void showResult(std::shared_ptr<const SweepResult> result, bool sameSweep);
    void refreshChart();
    void refreshColumns();
    void refreshStatus();
    // " · <knobs> change no metric of any run" for the varied knobs that changed nothing (empty: none).
    QString inertKnobsNote() const;
    QString describeRun(int run) const;
    void chooseExport(bool csv);

    SimInput input_;
    Scenario base_;
    std::function<Scenario()> baseSource_;
    std::optional<std::pair<SimSummary, Scenario>> reference_;
    QString referenceLabel_;
    std::shared_ptr<Job> job_;
    std::shared_ptr<const SweepResult> result_;
    std::vector<int> front_;
    std::size_t distinctOnFront_ = 0; // the front's different (x, y) pairs
    int chosen_ = -1;
    double seconds_ = 0;

    QComboBox* keys_[kMaxKnobs] = {};
    QLineEdit* values_[kMaxKnobs] = {};
    QLabel* counts_[kMaxKnobs] = {};
    QLabel* total_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QString loadHint_;
    QString inertNote_;  // inertKnobsNote() of the sweep shown, once every run is back
    QString runSummary_; // what the chart shows, for its export (the status line may say "Exported to …")
    QToolButton* export_ = nullptr;
    QComboBox* xMetric_ = nullptr;
    QComboBox* yMetric_ = nullptr;
    SweepChart* chart_ = nullptr;
    SweepTableModel* model_ = nullptr;
    QSortFilterProxyModel* sorted_ = nullptr;
    QTableView* table_ = nullptr;
    QTimer* poll_;
    QThreadPool* pool_;
};

} // namespace clens::ui
