#include "ui/views/autoscaler_knobs.hpp"

#include "core/phases/scaling_policy.hpp"
#include "ui/views/knob_form.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QStandardItemModel>

namespace clens::ui {

AutoscalerKnobs::AutoscalerKnobs(QWidget* parent)
    : QGroupBox(tr("Autoscaler"), parent)
{
    setObjectName(QStringLiteral("autoscalerKnobs"));
    auto* f = knobForm(this);
    f->addRow(knobNote(tr("Every interval each running job's CPU and memory reservation is set by the policy from "
                          "its containers' demand; use above it is throttled (CPU) or killed and re-queued (memory).")));
    demand_ = new QComboBox;
    demand_->setObjectName(QStringLiteral("autoscalerDemand"));
    demand_->addItem(tr("none: jobs reserve what they ask"), static_cast<int>(UsageModel::None));
    demand_->addItem(tr("container metrics, replayed"), static_cast<int>(UsageModel::Metrics));
    demand_->addItem(tr("phase model walk"), static_cast<int>(UsageModel::Phases));
    demand_->setItemData(1, tr("Job i replays container (i mod n) of the Phases page's metrics, looping"), Qt::ToolTipRole);
    demand_->setItemData(2, tr("Each job walks the Phases page's phase graph, a phase run at a time: how long the "
                               "data stayed in each phase, where it went next, and a level drawn from the "
                               "phase's mean ± σ held for the run; seeded"),
                         Qt::ToolTipRole);
    f->addRow(tr("Demand"), demand_);
    note_ = knobNote({});
    note_->setObjectName(QStringLiteral("autoscalerDemandNote"));
    f->addRow(note_);

    policy_ = new QComboBox;
    policy_->addItem(QStringLiteral("request"), QStringLiteral("request"));
    policy_->setItemData(0, tr("Reserve the job's request; demand above it is throttled or killed"), Qt::ToolTipRole);
    for (const auto p : kScalingPolicies) {
        const auto name = QString::fromLatin1(scalingPolicyName(p).data());
        policy_->addItem(isOracle(p) ? name + tr(" (oracle)") : name, name);
    }
    f->addRow(tr("Policy"), policy_);
    interval_ = new QSpinBox;
    interval_->setRange(1, 86400 * 7);
    interval_->setSuffix(tr(" s"));
    interval_->setKeyboardTracking(false);
    interval_->setToolTip(tr("The reservations change every interval, on one clock for the whole cluster"));
    f->addRow(tr("Interval"), interval_);
    sigma_ = knobDoubleSpin(0, 1000, 0.5, 2);
    sigma_->setToolTip(tr("Rules policies reserve mean + σ × std of the usage (or of the phase)"));
    f->addRow(tr("σ multiplier"), sigma_);
    headroom_ = knobDoubleSpin(0, 10000, 5, 1);
    headroom_->setSuffix(tr(" %"));
    headroom_->setToolTip(tr("Every computed reservation is multiplied by (1 + headroom)"));
    f->addRow(tr("Headroom"), headroom_);

    const auto changed = [this] {
        if (updating_)
            return;
        refresh();
        emit edited();
    };
    connect(demand_, &QComboBox::currentIndexChanged, this, changed);
    connect(policy_, &QComboBox::currentIndexChanged, this, changed);
    connect(interval_, &QSpinBox::valueChanged, this, changed);
    connect(sigma_, &QDoubleSpinBox::valueChanged, this, changed);
    connect(headroom_, &QDoubleSpinBox::valueChanged, this, changed);
    refresh();
}

void AutoscalerKnobs::setValue(const Scenario::Autoscaler& a)
{
    updating_ = true;
    demand_->setCurrentIndex(demand_->findData(static_cast<int>(a.usage)));
    int policy = policy_->findData(QString::fromStdString(a.policy));
    if (policy < 0) {
        policy_->addItem(QString::fromStdString(a.policy), QString::fromStdString(a.policy));
        policy = policy_->count() - 1;
    }
    policy_->setCurrentIndex(policy);
    interval_->setValue(static_cast<int>(a.interval_s));
    sigma_->setValue(a.sigma);
    headroom_->setValue(a.headroom * 100.0);
    refresh();
    updating_ = false;
}

Scenario::Autoscaler AutoscalerKnobs::value(const Scenario::Autoscaler& previous) const
{
    Scenario::Autoscaler a = previous;
    a.usage = static_cast<UsageModel>(demand_->currentData().toInt());
    a.policy = policy_->currentData().toString().toStdString();
    a.interval_s = interval_->value();
    a.sigma = keptUnlessMoved(sigma_, previous.sigma);
    const bool headroomMoved = headroom_->value() != headroom_->valueFromText(headroom_->textFromValue(previous.headroom * 100.0));
    a.headroom = headroomMoved ? headroom_->value() / 100.0 : previous.headroom;
    return a;
}

void AutoscalerKnobs::setDemandSources(const DemandSources& sources)
{
    sources_ = sources;
    refresh();
}

QString AutoscalerKnobs::demandNote() const { return note_->text(); }

void AutoscalerKnobs::refresh()
{
    const auto usage = static_cast<UsageModel>(demand_->currentData().toInt());
    // A demand the Phases page cannot give is greyed out, unless it is the one chosen (a loaded
    // scenario): then the note says what is missing.
    auto* items = qobject_cast<QStandardItemModel*>(demand_->model());
    items->item(1)->setEnabled(sources_.hasMetrics() || usage == UsageModel::Metrics);
    items->item(2)->setEnabled(sources_.hasModel() || usage == UsageModel::Phases);

    QString text;
    bool missing = false;
    const QString openThem = tr("open container metrics on the Phases page (File → Open Container Metrics…)");
    if (usage == UsageModel::None) {
        text = sources_.hasMetrics() ? tr("Demand from the Phases page's %1 is available: choose it to autoscale the jobs. "
                                          "The knobs below then re-simulate; now they only score the Phases page's policies.")
                                           .arg(sources_.metricsName)
                                     : tr("Replaying container metrics or walking a phase model needs the Phases page's "
                                          "metrics. The knobs below only score the Phases page's policies.");
    } else if (!sources_.problem.isEmpty()) {
        missing = true;
        text = tr("The Phases page's metrics cannot be a demand: %1").arg(sources_.problem);
    } else if (!sources_.hasMetrics()) {
        missing = true;
        text = tr("Needs container metrics: %1.").arg(openThem);
    } else if (usage == UsageModel::Metrics) {
        text = tr("Job i replays container (i mod n) of %1, looping.").arg(sources_.metricsName);
    } else if (!sources_.hasModel()) {
        missing = true;
        text = tr("Needs a phase model: train or load one on the Phases page.");
    } else {
        text = tr("Each job walks the %1-phase model of %2 (seeded by the run's seed).").arg(sources_.phaseCount).arg(sources_.metricsName);
    }
    if (usage != UsageModel::None && policy_->currentData().toString() == QLatin1String("phase.rule") && !sources_.hasModel()
        && !missing) {
        missing = true;
        text += QLatin1Char(' ') + tr("Policy phase.rule needs a phase model.");
    }
    note_->setText(text);
    note_->setStyleSheet(missing ? QStringLiteral("color: #b3261e;") : QStringLiteral("color: #6a7380;"));
}

} // namespace clens::ui
