#include "ui/views/queue_knobs.hpp"

#include "ui/views/knob_form.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QSpinBox>

namespace clens::ui {

namespace {
QString explanationOf(QueuePolicyKind p)
{
    switch (p) {
    case QueuePolicyKind::Fifo: return QObject::tr("First come, first served.");
    case QueuePolicyKind::Sjf: return QObject::tr("Shortest run time first (an oracle: it knows every job's run time).");
    case QueuePolicyKind::Srtf:
        return QObject::tr("Shortest remaining run time first; a waiting job preempts longer running ones (they keep "
                           "their progress).");
    case QueuePolicyKind::Qssf:
        return QObject::tr("GPUs × predicted run time first; the prediction is the mean of the user's (else the VC's) "
                           "finished jobs.");
    case QueuePolicyKind::Las:
        return QObject::tr("Least attained GPU time first (Tiresias): a job drops a queue at each threshold; a waiting "
                           "job preempts jobs of a lower queue.");
    case QueuePolicyKind::FairShare:
        return QObject::tr("The VC with the fewest GPUs per share first (share = its quota, or an equal split).");
    }
    return {};
}
} // namespace

std::optional<std::vector<double>> parseGpuHours(const QString& text)
{
    std::vector<double> out;
    for (const auto& part : text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double h = QLocale::c().toDouble(part, &ok);
        if (!ok || !(h > 0) || (!out.empty() && h * 3600 <= out.back()))
            return std::nullopt;
        out.push_back(h * 3600);
    }
    return out;
}

QString formatGpuHours(const std::vector<double>& gpuSeconds)
{
    QStringList parts;
    for (const auto s : gpuSeconds)
        parts << QLocale::c().toString(s / 3600, 'g', 6);
    return parts.join(QStringLiteral(", "));
}

QueueKnobs::QueueKnobs(QWidget* parent)
    : QGroupBox(tr("Queue order"), parent)
{
    setObjectName(QStringLiteral("queueKnobs"));
    auto* f = knobForm(this);
    policy_ = new QComboBox;
    policy_->setObjectName(QStringLiteral("queuePolicy"));
    policy_->addItem(tr("fifo: submit order"), static_cast<int>(QueuePolicyKind::Fifo));
    policy_->addItem(tr("sjf: shortest job first"), static_cast<int>(QueuePolicyKind::Sjf));
    policy_->addItem(tr("srtf: shortest remaining first (preempts)"), static_cast<int>(QueuePolicyKind::Srtf));
    policy_->addItem(tr("qssf: GPUs × predicted time (Helios)"), static_cast<int>(QueuePolicyKind::Qssf));
    policy_->addItem(tr("las: least attained service (Tiresias, preempts)"), static_cast<int>(QueuePolicyKind::Las));
    policy_->addItem(tr("fair-share: VC furthest below its share"), static_cast<int>(QueuePolicyKind::FairShare));
    f->addRow(tr("Policy"), policy_);
    explanation_ = knobNote(QString());
    f->addRow(explanation_);
    thresholds_ = new QLineEdit;
    thresholds_->setObjectName(QStringLiteral("lasThresholds"));
    thresholds_->setToolTip(tr("las: GPU-hours attained at which a job drops to the next queue, ascending (e.g. 1, 10)"));
    f->addRow(tr("LAS thresholds (GPU-h)"), thresholds_);
    starvation_ = knobDoubleSpin(0, 1e6, 0.5, 2);
    starvation_->setSpecialValueText(tr("never"));
    starvation_->setPrefix(tr("×"));
    starvation_->setToolTip(tr("las: a job that waited this many times its last run goes back to the first queue"));
    f->addRow(tr("Starvation after"), starvation_);
    overhead_ = new QSpinBox;
    overhead_->setRange(0, 86400);
    overhead_->setSuffix(tr(" s"));
    overhead_->setKeyboardTracking(false);
    overhead_->setToolTip(tr("Extra run time a preempted job pays when it restarts (checkpoint reload)"));
    f->addRow(tr("Preemption overhead"), overhead_);

    const auto changed = [this] {
        if (updating_)
            return;
        refreshEnabled();
        emit edited();
    };
    connect(policy_, &QComboBox::currentIndexChanged, this, changed);
    connect(thresholds_, &QLineEdit::editingFinished, this, [this, changed] {
        const bool ok = parseGpuHours(thresholds_->text()).has_value();
        thresholds_->setStyleSheet(ok ? QString() : QStringLiteral("QLineEdit { color: #c62828; }"));
        if (ok)
            changed();
    });
    connect(starvation_, &QDoubleSpinBox::valueChanged, this, changed);
    connect(overhead_, &QSpinBox::valueChanged, this, changed);
    refreshEnabled();
}

void QueueKnobs::setValue(const Scenario::Queue& q)
{
    updating_ = true;
    policy_->setCurrentIndex(policy_->findData(static_cast<int>(q.policy)));
    thresholds_->setText(formatGpuHours(q.lasThresholdsGpuS));
    thresholds_->setStyleSheet(QString());
    starvation_->setValue(q.starvationFactor);
    overhead_->setValue(static_cast<int>(q.preemptOverhead_s));
    refreshEnabled();
    updating_ = false;
}

Scenario::Queue QueueKnobs::value(const Scenario::Queue& previous) const
{
    Scenario::Queue q = previous;
    q.policy = static_cast<QueuePolicyKind>(policy_->currentData().toInt());
    if (const auto t = parseGpuHours(thresholds_->text()); t && formatGpuHours(*t) != formatGpuHours(previous.lasThresholdsGpuS))
        q.lasThresholdsGpuS = *t;
    q.starvationFactor = keptUnlessMoved(starvation_, previous.starvationFactor);
    q.preemptOverhead_s = overhead_->value();
    return q;
}

void QueueKnobs::refreshEnabled()
{
    const auto p = static_cast<QueuePolicyKind>(policy_->currentData().toInt());
    explanation_->setText(explanationOf(p));
    const bool las = p == QueuePolicyKind::Las;
    thresholds_->setEnabled(las);
    starvation_->setEnabled(las);
    overhead_->setEnabled(las || p == QueuePolicyKind::Srtf);
}

} // namespace clens::ui
