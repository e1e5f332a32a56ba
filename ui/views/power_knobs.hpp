#pragma once
// The scenario panel's "Node power" group (docs/autoscaling.md "Node power"): servers idle for a
// while switch off (keeping some spares on), a waiting job boots them, and the watts behind the
// energy in the results.
#include "core/sim/scenario.hpp"

#include <QGroupBox>

class QCheckBox;
class QDoubleSpinBox;
class QSpinBox;

namespace clens::ui {

class DurationKnob;

class PowerKnobs : public QGroupBox {
    Q_OBJECT
public:
    explicit PowerKnobs(QWidget* parent = nullptr);

    // Shows the values without emitting edited().
    void setValue(const Scenario::Power& value);
    // The widgets' values over `previous` (kept where a box rounds it and was not moved).
    Scenario::Power value(const Scenario::Power& previous) const;

    QCheckBox* enabledCheck() const { return enabled_; }
    DurationKnob* idleOffKnob() const { return idleOff_; }
    QSpinBox* spareSpin() const { return spare_; }

signals:
    void edited();

private:
    void refreshEnabled();

    QCheckBox* enabled_ = nullptr;
    DurationKnob* idleOff_ = nullptr;
    QSpinBox* spare_ = nullptr;
    QSpinBox* boot_ = nullptr;
    QDoubleSpinBox* serverIdle_ = nullptr;
    QDoubleSpinBox* gpuIdle_ = nullptr;
    QDoubleSpinBox* gpuBusy_ = nullptr;
    QDoubleSpinBox* off_ = nullptr;
    bool updating_ = false;
};

} // namespace clens::ui
