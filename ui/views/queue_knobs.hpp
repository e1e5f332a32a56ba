#pragma once
// The scenario panel's "Queue order" group (docs/queue-policies.md): which waiting job goes
// first, LAS's thresholds and starvation promotion, and what a preemption costs the victim.
#include "core/sim/scenario.hpp"

#include <QGroupBox>

#include <optional>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace clens::ui {

class QueueKnobs : public QGroupBox {
    Q_OBJECT
public:
    explicit QueueKnobs(QWidget* parent = nullptr);

    // Shows the values without emitting edited().
    void setValue(const Scenario::Queue& value);
    // The widgets' values over `previous` (kept where a box rounds it and was not moved, and the
    // thresholds while their text does not parse).
    Scenario::Queue value(const Scenario::Queue& previous) const;

    QComboBox* policyCombo() const { return policy_; }
    QLineEdit* thresholdsEdit() const { return thresholds_; }

signals:
    void edited();

private:
    void refreshEnabled();

    QComboBox* policy_ = nullptr;
    QLabel* explanation_ = nullptr;
    QLineEdit* thresholds_ = nullptr;
    QDoubleSpinBox* starvation_ = nullptr;
    QSpinBox* overhead_ = nullptr;
    bool updating_ = false;
};

// "1, 10" (GPU-hours) <-> {3600, 36000} GPU-seconds; nullopt when the text is not an ascending
// list of positive numbers.
std::optional<std::vector<double>> parseGpuHours(const QString& text);
QString formatGpuHours(const std::vector<double>& gpuSeconds);

} // namespace clens::ui
