#include "ui/views/power_knobs.hpp"

#include "ui/views/duration_knob.hpp"
#include "ui/views/knob_form.hpp"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

namespace clens::ui {

PowerKnobs::PowerKnobs(QWidget* parent)
    : QGroupBox(tr("Node power"), parent)
{
    setObjectName(QStringLiteral("powerKnobs"));
    auto* f = knobForm(this);
    f->addRow(knobNote(tr("Switched on, a server idle for longer than Idle off after powers off (a few spares stay "
                          "on); a job that cannot start boots servers and waits for them (delay cause power). The watts "
                          "give the energy in the results.")));
    enabled_ = new QCheckBox(tr("Switch idle servers off"));
    enabled_->setObjectName(QStringLiteral("powerEnabled"));
    f->addRow(enabled_);
    idleOff_ = new DurationKnob(false, tr("at once"));
    idleOff_->setObjectName(QStringLiteral("powerIdleOff"));
    f->addRow(tr("Idle off after"), idleOff_);
    spare_ = new QSpinBox;
    spare_->setRange(0, 10'000'000);
    spare_->setKeyboardTracking(false);
    spare_->setToolTip(tr("Idle servers kept on, ready for the next job"));
    f->addRow(tr("Spare servers"), spare_);
    boot_ = new QSpinBox;
    boot_->setRange(0, 86400 * 7);
    boot_->setSuffix(tr(" s"));
    boot_->setKeyboardTracking(false);
    f->addRow(tr("Boot time"), boot_);
    const auto watts = [](const QString& tip) {
        auto* d = knobDoubleSpin(0, 1e7, 10, 1);
        d->setSuffix(tr(" W"));
        d->setToolTip(tip);
        return d;
    };
    serverIdle_ = watts(tr("A powered server without its GPUs"));
    gpuIdle_ = watts(tr("Each idle GPU of a powered server"));
    gpuBusy_ = watts(tr("Each GPU a job holds"));
    off_ = watts(tr("A server switched off"));
    f->addRow(tr("Server idle"), serverIdle_);
    f->addRow(tr("GPU idle"), gpuIdle_);
    f->addRow(tr("GPU busy"), gpuBusy_);
    f->addRow(tr("Server off"), off_);

    const auto changed = [this] {
        if (updating_)
            return;
        refreshEnabled();
        emit edited();
    };
    connect(enabled_, &QCheckBox::toggled, this, changed);
    connect(idleOff_, &DurationKnob::valueChanged, this, changed);
    for (auto* s : {spare_, boot_})
        connect(s, &QSpinBox::valueChanged, this, changed);
    for (auto* d : {serverIdle_, gpuIdle_, gpuBusy_, off_})
        connect(d, &QDoubleSpinBox::valueChanged, this, changed);
    refreshEnabled();
}

void PowerKnobs::setValue(const Scenario::Power& p)
{
    updating_ = true;
    enabled_->setChecked(p.enabled);
    idleOff_->setValue(p.idleOffAfter_s);
    spare_->setValue(p.spareServers);
    boot_->setValue(static_cast<int>(p.boot_s));
    serverIdle_->setValue(p.serverIdleW);
    gpuIdle_->setValue(p.gpuIdleW);
    gpuBusy_->setValue(p.gpuBusyW);
    off_->setValue(p.offW);
    refreshEnabled();
    updating_ = false;
}

Scenario::Power PowerKnobs::value(const Scenario::Power& previous) const
{
    Scenario::Power p = previous;
    p.enabled = enabled_->isChecked();
    p.idleOffAfter_s = idleOff_->value().value_or(0);
    p.spareServers = spare_->value();
    p.boot_s = boot_->value();
    p.serverIdleW = keptUnlessMoved(serverIdle_, previous.serverIdleW);
    p.gpuIdleW = keptUnlessMoved(gpuIdle_, previous.gpuIdleW);
    p.gpuBusyW = keptUnlessMoved(gpuBusy_, previous.gpuBusyW);
    p.offW = keptUnlessMoved(off_, previous.offW);
    return p;
}

void PowerKnobs::refreshEnabled()
{
    const bool on = enabled_->isChecked();
    // The watts count whether or not servers switch off: the energy is always in the results.
    for (QWidget* w : std::initializer_list<QWidget*>{idleOff_, spare_, boot_})
        w->setEnabled(on);
}

} // namespace clens::ui
