#pragma once
// The Phases page (docs/phases.md "GUI: the Phases page (`ui/phases/`)"): open AI4DL container
// metrics, train a phase model (seeded) or load one, and see per container its CPU / memory over
// time with each step's phase as a coloured band, the selected autoscaling policy's allocation over
// the usage with the under-provisioned steps marked, the phase-transition graph, the phase legend,
// and the score table of every policy. The autoscaler knobs (policy, interval, sigma, headroom)
// re-score the policies in the background, debounced; the main window's scenario panel drives them
// through setAutoscaler(), and edits made here are reported by autoscalerEdited().
//
// Embedding:
//   auto* phases = new clens::ui::PhasesPage;               // a plain QWidget, e.g. a tab
//   tabs->addTab(phases, tr("Phases"));
//   connect(scenarioPanel, &ScenarioPanel::scenarioEdited, phases,
//           [phases](const clens::Scenario& s) { phases->setAutoscaler(s.autoscaler); });
//   connect(phases, &PhasesPage::autoscalerEdited, ...);   // keep the scenario in sync
//   phases->openMetrics(path);                              // an AI4DL CSV
#include "ui/views/chart_export_dialog.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/sim_result.hpp"
#include "core/sim/simulated_phases.hpp"
#include "core/store/project.hpp"
#include "ui/phases/phases_analysis.hpp"
#include "ui/time/time_format.hpp"

#include <QWidget>

#include <cstdint>
#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QStackedWidget;
class QProgressBar;
class QSortFilterProxyModel;
class QPushButton;
class QSpinBox;
class QTableView;
class QTimer;
class QToolButton;

namespace clens::ui {

class ContainerTableModel;
class PhaseGraphView;
class PhaseSummaryModel;
class PhaseUsagePlot;
class PhasesController;
class PolicyScoreModel;
class SimulatedClusterBox;

class PhasesPage : public QWidget {
    Q_OBJECT
public:
    explicit PhasesPage(QWidget* parent = nullptr);
    ~PhasesPage() override;

    // Reads an AI4DL metrics CSV in the background and labels it with the current model choice:
    // a model trained on it with the page's seed and phase count, or the model file loaded with
    // loadModel(). Errors show in the page and are emitted by failed().
    void openMetrics(const QString& path);
    // Trains a model on the open metrics (seeded: the same seed gives the same phases).
    void train(std::uint64_t seed, int phases = 5);
    // Uses a phase model JSON (phases train / the AI4DL reference export) for the open metrics.
    void loadModel(const QString& path);
    // Saves the model in use (JSON, readable by `clusterlens-cli autoscale --model`).
    QString saveModel(const QString& path) const; // "" on success, else the error

    // What a project keeps of this page: the metrics shown and the model labelling them
    // (nullopt without metrics). While a restored project's phases are still being labelled, or
    // if labelling them failed, those phases (so a save never drops them).
    std::optional<ProjectPhases> projectPhases() const;
    // Shows a project's metrics, labelled (in the background) with its model, or with a model
    // trained here when the project has none or its model cannot be read. Returns a note for
    // the user ("" when all is well).
    QString restore(const ProjectPhases& phases);

    // Exports: "" on success, else the error. The format follows the suffix (png, pdf, svg).
    QString exportChart(const QString& path, QSize size = {});      // the CPU / memory chart
    // Framed by the options' title and, when asked for, the metrics and the model.
    QString exportChart(const QString& path, const ChartExportOptions& options);
    QString exportPhaseGraph(const QString& path, QSize size = {}); // the transition graph

    Scenario::Autoscaler autoscaler() const;
    bool busy() const;
    // The text of the message bar ("" when hidden); errors start with "Error:".
    QString message() const;

    // For tests and for the main window's own wiring.
    PhasesController* controller() const { return controller_; }
    PolicyScoreModel* scoreModel() const { return scoreModel_; }
    ContainerTableModel* containerModel() const { return containerModel_; }
    PhaseSummaryModel* phaseModel() const { return phaseModel_; }
    PhaseUsagePlot* usagePlot() const { return plot_; }
    // The usage chart is on screen (a container is picked); else a sentence says what to do.
    bool showsUsageChart() const;
    QString chartPlaceholder() const;
    PhaseGraphView* graphView() const { return graph_; }
    QDoubleSpinBox* sigmaSpin() const { return sigma_; }
    QComboBox* policyCombo() const { return policy_; }
    QTableView* containerTable() const { return containerTable_; }
    SimulatedClusterBox* simulatedCluster() const { return simulated_; }
    // Rows of containerModel() (the file's order), whatever the table's sorting.
    void selectContainer(int row);
    int selectedContainer() const;

public slots:
    // From the scenario panel: shows the values and re-scores (debounced). Does not emit
    // autoscalerEdited. An unknown policy name is reported in the message bar and ignored.
    void setAutoscaler(const clens::Scenario::Autoscaler& settings);
    void cancel();
    // The cluster simulation's result and time: which phases its autoscaled jobs are in.
    // `phases`: the result's index of them when already built (SimSnapshot::phases).
    void setSimulatedCluster(std::shared_ptr<const SimResult> result, const TimeFormat& format,
                             std::shared_ptr<const SimulatedPhaseIndex> phases = nullptr);
    void setClusterTime(std::int64_t t);

signals:
    void autoscalerEdited(const clens::Scenario::Autoscaler& settings); // the user changed a knob here
    void phasesReady();              // new data: metrics labelled with phases
    void scoresReady();              // the score table and the chart show new scores
    void failed(const QString& message);
    void busyChanged(bool busy);
    void edited(); // the user changed the data shown (other metrics, another model), not a restore
    void seekRequested(std::int64_t t); // the simulated cluster's chart was clicked at t

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    QWidget* buildToolbar();
    QWidget* buildKnobs();
    QWidget* buildTables();
    QWidget* buildBody(QWidget* containersBox);
    void connectController();
    // Labels the metrics at path (or those given, which path then only names) with modelChoice_.
    void analyse(const QString& path, std::shared_ptr<const ContainerMetrics> metrics = {});
    void knobEdited(bool needsRescore);
    void scheduleRescore();
    AutoscaleConfig config() const;
    ScalingPolicy selectedPolicy() const;
    void onDataChanged();
    void onScoresChanged();
    void refreshChart();
    void updateModelLabel();
    void syncWithController();
    void updateFileLabel();
    void showMessage(const QString& text, bool error);
    void chooseMetrics();
    void chooseModel();
    void chooseSaveModel();
    void chooseExport(bool graph);

    PhasesController* controller_ = nullptr;
    QTimer* rescoreTimer_ = nullptr;
    PolicyScoreModel* scoreModel_ = nullptr;
    ContainerTableModel* containerModel_ = nullptr;
    PhaseSummaryModel* phaseModel_ = nullptr;
    PhaseUsagePlot* plot_ = nullptr;
    QStackedWidget* chartStack_ = nullptr;
    QLabel* chartEmpty_ = nullptr; // in the stack when no container is picked: empty axes tell nothing
    PhaseGraphView* graph_ = nullptr;
    QSortFilterProxyModel* containerProxy_ = nullptr;
    QTableView* containerTable_ = nullptr;
    QTableView* scoreTable_ = nullptr;
    QTableView* phaseTable_ = nullptr;
    SimulatedClusterBox* simulated_ = nullptr;
    QWidget* phasesBox_ = nullptr;
    QLabel* fileLabel_ = nullptr;
    QLabel* modelLabel_ = nullptr;
    QLabel* messageBar_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QSpinBox* phaseCount_ = nullptr;
    QPushButton* trainButton_ = nullptr;
    QPushButton* saveModelButton_ = nullptr;
    QToolButton* exportButton_ = nullptr;
    QComboBox* policy_ = nullptr;
    QSpinBox* interval_ = nullptr;
    QDoubleSpinBox* sigma_ = nullptr;
    QDoubleSpinBox* headroom_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QLabel* statusLabel_ = nullptr;
    Scenario::Autoscaler given_;  // the last settings from the scenario panel
    std::string policyOutside_;   // a policy the page does not score ("request"), until one is picked here
    ModelChoice modelChoice_;
    std::optional<ProjectPhases> restored_; // the project's phases, kept until the user replaces them
    bool restoring_ = false;                // the next data is the restore's, not the user's doing
    QString lastDir_;
};

} // namespace clens::ui
