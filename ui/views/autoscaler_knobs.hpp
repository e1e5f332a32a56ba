#pragma once
// The scenario panel's "Autoscaler" group (docs/autoscaling.md): where running jobs' CPU and
// memory demand comes from (none, the Phases page's container metrics replayed, or a walk over its
// phase model), the policy that sets their reservations every interval, the interval, σ and the
// headroom. A note says what the chosen demand needs and whether the Phases page has it.
#include "core/sim/scenario.hpp"

#include <QGroupBox>
#include <QString>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace clens::ui {

// What the Phases page offers the cluster's autoscaler.
struct DemandSources {
    QString metricsName; // "" without container metrics
    int phaseCount = 0;  // of the phase model labelling them; 0 without one
    QString problem;     // why the metrics cannot be a demand ("" when they can)
    bool hasMetrics() const { return !metricsName.isEmpty() && problem.isEmpty(); }
    bool hasModel() const { return hasMetrics() && phaseCount > 0; }
};

class AutoscalerKnobs : public QGroupBox {
    Q_OBJECT
public:
    explicit AutoscalerKnobs(QWidget* parent = nullptr);

    // Shows the values without emitting edited().
    void setValue(const Scenario::Autoscaler& value);
    // The widgets' values over `previous` (kept where a box rounds it and was not moved).
    Scenario::Autoscaler value(const Scenario::Autoscaler& previous) const;
    void setDemandSources(const DemandSources& sources);

    QComboBox* demandCombo() const { return demand_; }
    QComboBox* policyCombo() const { return policy_; }
    QSpinBox* intervalSpin() const { return interval_; }
    QDoubleSpinBox* sigmaSpin() const { return sigma_; }
    QDoubleSpinBox* headroomSpin() const { return headroom_; } // percent
    QString demandNote() const;

signals:
    void edited();

private:
    void refresh();

    QComboBox* demand_ = nullptr;
    QComboBox* policy_ = nullptr;
    QSpinBox* interval_ = nullptr;
    QDoubleSpinBox* sigma_ = nullptr;
    QDoubleSpinBox* headroom_ = nullptr;
    QLabel* note_ = nullptr;
    DemandSources sources_;
    bool updating_ = false;
};

} // namespace clens::ui
