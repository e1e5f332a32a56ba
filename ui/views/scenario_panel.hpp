#pragma once
// Every knob of the scenario JSON (docs/simulation.md), grouped as an operator thinks about
// them. Any edit emits scenarioEdited with the whole scenario; the run controller debounces.
// Knobs ignore the mouse wheel unless focused (the panel scrolls instead).
#include "core/model/trace.hpp"
#include "core/sim/scenario.hpp"

#include <QWidget>

#include <memory>
#include <utility>
#include <vector>

class QComboBox;
class QFormLayout;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QTableView;
class QVBoxLayout;

class QGroupBox;
class QScrollArea;

namespace clens::ui {

class AutoscalerKnobs;
class DurationKnob;
class PowerKnobs;
class QueueKnobs;
struct DemandSources;
class VcQuotaModel;

class ScenarioPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioPanel(QWidget* parent = nullptr);

    // Shows a scenario without emitting scenarioEdited.
    void setScenario(const Scenario& scenario);
    const Scenario& scenario() const { return scenario_; }
    void setTrace(std::shared_ptr<const Trace> trace);
    // What the Phases page offers the autoscaler (its note says what a demand needs).
    void setDemandSources(const DemandSources& sources);
    // Buttons for load / save / presets live at the top of the panel.
    void addHeaderWidget(QWidget* widget);

    // The knobs, for tests and for the "done when" demo.
    DurationKnob* relaxToRackKnob() const { return relaxRack_; }
    DurationKnob* relaxToAnyKnob() const { return relaxAny_; }
    QComboBox* placementCombo() const { return placement_; }
    QComboBox* gangCombo() const { return gang_; }
    QComboBox* quotaModeCombo() const { return quotaMode_; }
    VcQuotaModel* quotaModel() const { return quotas_; }
    AutoscalerKnobs* autoscalerKnobs() const { return autoscaler_; }
    PowerKnobs* powerKnobs() const { return power_; }
    QueueKnobs* queueKnobs() const { return queue_; }
    QComboBox* autoscalerPolicyCombo() const;
    QDoubleSpinBox* autoscalerSigmaSpin() const;
    QDoubleSpinBox* maxFactorSpin() const { return maxFactor_; }
    // resources.server_defaults (0 = unlimited) and job_defaults (0 = none).
    QDoubleSpinBox* serverCpuSpin() const { return serverCpu_; }
    QDoubleSpinBox* serverMemSpin() const { return serverMem_; }
    QDoubleSpinBox* jobCpuSpin() const { return jobCpu_; }
    QDoubleSpinBox* jobMemSpin() const { return jobMem_; }

    // The scenario JSON key path a knob's right-click menu offers to vary in a sweep ("" for none).
    QString varyKeyOf(const QWidget* field) const;

signals:
    void scenarioEdited(const clens::Scenario& scenario);
    // "Vary in a sweep…" on a knob (or its label): the key path to vary.
    void varyRequested(const QString& key);

private:
    QScrollArea* build();
    // One group of knobs each.
    QGroupBox* buildLocality();
    QGroupBox* buildGang();
    QGroupBox* buildQuotas();
    QGroupBox* buildPlacement();
    QGroupBox* buildSlowdown();
    QGroupBox* buildResources();
    QGroupBox* buildArrivals();
    QGroupBox* buildFailures();
    QGroupBox* buildRun();
    void connectEdits();
    void edited();             // read widgets -> scenario_, emit
    void refreshEnabled();
    void fitQuotaTable();
    // A right-click menu on the knob's label (and on the knob, unless a spin box) offering to
    // vary it in a sweep.
    void offerVary(QFormLayout* form, QWidget* field, const QString& key);

    Scenario scenario_;
    bool updating_ = false;
    QVBoxLayout* header_ = nullptr;
    DurationKnob* relaxRack_ = nullptr;
    DurationKnob* relaxAny_ = nullptr;
    QSpinBox* rackSize_ = nullptr;
    QComboBox* gang_ = nullptr;
    QDoubleSpinBox* minFraction_ = nullptr;
    DurationKnob* elasticAfter_ = nullptr;
    QComboBox* quotaMode_ = nullptr;
    VcQuotaModel* quotas_ = nullptr;
    QTableView* quotaTable_ = nullptr;
    QueueKnobs* queue_ = nullptr;
    QComboBox* placement_ = nullptr;
    QComboBox* backfill_ = nullptr;
    QDoubleSpinBox* perExtraServer_ = nullptr;
    QDoubleSpinBox* crossRack_ = nullptr;
    QDoubleSpinBox* maxFactor_ = nullptr;
    QDoubleSpinBox* serverCpu_ = nullptr; // 0 = unlimited
    QDoubleSpinBox* serverMem_ = nullptr;
    QDoubleSpinBox* jobCpu_ = nullptr;    // 0 = none
    QDoubleSpinBox* jobMem_ = nullptr;
    QDoubleSpinBox* speedup_ = nullptr;   // arrivals.speedup
    DurationKnob* trialRun_ = nullptr;
    QDoubleSpinBox* mtbf_ = nullptr;
    QDoubleSpinBox* repair_ = nullptr;
    DurationKnob* checkpoint_ = nullptr;
    QDoubleSpinBox* horizon_ = nullptr;
    AutoscalerKnobs* autoscaler_ = nullptr;
    PowerKnobs* power_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QSpinBox* seriesStep_ = nullptr;
    std::vector<std::pair<const QWidget*, QString>> varyable_;
};

} // namespace clens::ui
