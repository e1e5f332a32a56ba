#include "ui/views/scenario_panel.hpp"

#include "ui/models/vc_quota_model.hpp"
#include "ui/views/autoscaler_knobs.hpp"
#include "ui/views/duration_knob.hpp"
#include "ui/views/knob_form.hpp"
#include "ui/views/power_knobs.hpp"
#include "ui/views/queue_knobs.hpp"
#include "ui/views/wheel_guard.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <optional>

namespace clens::ui {
namespace {

QLabel* note(const QString& text) { return knobNote(text); }
QFormLayout* form(QGroupBox* box) { return knobForm(box); }
QDoubleSpinBox* doubleSpin(double min, double max, double step, int decimals)
{
    return knobDoubleSpin(min, max, step, decimals);
}

// A "number or none" knob: its special value (the minimum, 0) is nullopt.
std::optional<double> optionalAmount(const QDoubleSpinBox* box, const std::optional<double>& previous)
{
    if (box->value() == box->minimum())
        return previous && box->valueFromText(box->textFromValue(*previous)) == box->minimum() ? previous : std::nullopt;
    return keptUnlessMoved(box, previous.value_or(box->minimum()));
}

template <typename E>
void setCombo(QComboBox* c, E value)
{
    c->setCurrentIndex(c->findData(static_cast<int>(value)));
}

template <typename E>
E comboValue(const QComboBox* c)
{
    return static_cast<E>(c->currentData().toInt());
}

} // namespace

ScenarioPanel::ScenarioPanel(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("scenarioPanel"));
    auto* scroll = build();
    // Choices show elided when the panel is narrow (their lists show them whole), so the window
    // fits a 1280-px screen (docs/gui.md "The window").
    for (auto* combo : findChildren<QComboBox*>()) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(8);
    }
    // As wide as the knobs need beside the scroll bar, so nothing is clipped on the right.
    scroll->setMinimumWidth(scroll->widget()->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width());
    setScenario(Scenario{});
}

void ScenarioPanel::offerVary(QFormLayout* form, QWidget* field, const QString& key)
{
    varyable_.emplace_back(field, key);
    const auto attach = [this, key](QWidget* w) {
        w->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(w, &QWidget::customContextMenuRequested, this, [this, w, key](const QPoint& pos) {
            QMenu menu;
            menu.addAction(tr("Vary in a sweep…"), this, [this, key] { emit varyRequested(key); });
            menu.exec(w->mapToGlobal(pos));
        });
    };
    if (auto* label = form->labelForField(field))
        attach(label);
    if (!qobject_cast<QAbstractSpinBox*>(field)) // a spin box keeps its own menu (copy, paste, step)
        attach(field);
}

QString ScenarioPanel::varyKeyOf(const QWidget* field) const
{
    for (const auto& [w, key] : varyable_)
        if (w == field)
            return key;
    return {};
}

void ScenarioPanel::addHeaderWidget(QWidget* widget)
{
    header_->addWidget(widget);
}

QScrollArea* ScenarioPanel::build()
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->setSpacing(0);
    header_ = new QVBoxLayout;
    header_->setContentsMargins(6, 6, 6, 6);
    outer->addLayout(header_);

    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    outer->addWidget(scroll, 1);
    auto* body = new QWidget;
    auto* v = new QVBoxLayout(body);
    v->setContentsMargins(6, 0, 6, 6);
    v->setSpacing(8);
    scroll->setWidget(body);

    v->addWidget(buildLocality());
    v->addWidget(buildGang());
    v->addWidget(buildQuotas());
    v->addWidget(buildPlacement());
    queue_ = new QueueKnobs; // docs/queue-policies.md
    v->addWidget(queue_);
    v->addWidget(buildSlowdown());
    v->addWidget(buildResources());
    v->addWidget(buildArrivals());
    v->addWidget(buildFailures());
    // Autoscaler and node power (docs/autoscaling.md).
    autoscaler_ = new AutoscalerKnobs;
    v->addWidget(autoscaler_);
    power_ = new PowerKnobs;
    v->addWidget(power_);
    v->addWidget(buildRun());
    v->addStretch(1);
    connectEdits();
    WheelGuard::protect(body, scroll);
    return scroll;
}

QGroupBox* ScenarioPanel::buildLocality()
{
    auto* locality = new QGroupBox(tr("Locality"));
    auto* lf = form(locality);
    lf->addRow(note(tr("A job first waits for GPUs on the fewest servers of one rack; "
                       "after waiting this long it accepts any servers of a rack, then any servers.")));
    relaxRack_ = new DurationKnob(true, tr("at once"));
    relaxRack_->setObjectName(QStringLiteral("relaxToRack"));
    relaxAny_ = new DurationKnob(true, tr("at once"));
    relaxAny_->setObjectName(QStringLiteral("relaxToAny"));
    lf->addRow(tr("Relax to rack after"), relaxRack_);
    lf->addRow(tr("Relax to any after"), relaxAny_);
    rackSize_ = new QSpinBox;
    rackSize_->setRange(1, 1024);
    rackSize_->setKeyboardTracking(false);
    rackSize_->setToolTip(tr("Servers per rack when the cluster file has no rack column"));
    lf->addRow(tr("Rack size"), rackSize_);
    offerVary(lf, relaxRack_, QStringLiteral("locality.relax_to_rack_after_s"));
    offerVary(lf, relaxAny_, QStringLiteral("locality.relax_to_any_after_s"));
    offerVary(lf, rackSize_, QStringLiteral("locality.rack_size"));
    return locality;
}

QGroupBox* ScenarioPanel::buildGang()
{
    auto* gangBox = new QGroupBox(tr("Gang scheduling"));
    auto* gf = form(gangBox);
    gang_ = new QComboBox;
    gang_->addItem(tr("strict: all GPUs at once"), static_cast<int>(GangPolicy::Strict));
    gang_->addItem(tr("elastic: may start smaller"), static_cast<int>(GangPolicy::Elastic));
    gang_->addItem(tr("none: hoard GPUs one by one"), static_cast<int>(GangPolicy::None));
    gf->addRow(tr("Policy"), gang_);
    minFraction_ = doubleSpin(0.01, 1.0, 0.05, 2);
    minFraction_->setToolTip(tr("Elastic: the smallest fraction of its GPUs a job may start on"));
    gf->addRow(tr("Min fraction"), minFraction_);
    elasticAfter_ = new DurationKnob(false, tr("at once"));
    gf->addRow(tr("Elastic after"), elasticAfter_);
    offerVary(gf, gang_, QStringLiteral("gang.policy"));
    offerVary(gf, minFraction_, QStringLiteral("gang.min_fraction"));
    offerVary(gf, elasticAfter_, QStringLiteral("gang.elastic_after_s"));
    return gangBox;
}

QGroupBox* ScenarioPanel::buildQuotas()
{
    auto* quotaBox = new QGroupBox(tr("Quotas (fair share)"));
    auto* qf = form(quotaBox);
    quotaMode_ = new QComboBox;
    quotaMode_->addItem(tr("none"), static_cast<int>(QuotaMode::None));
    quotaMode_->addItem(tr("strict"), static_cast<int>(QuotaMode::Strict));
    quotaMode_->addItem(tr("borrow idle GPUs"), static_cast<int>(QuotaMode::Borrow));
    quotaMode_->addItem(tr("borrow + preempt borrowers"), static_cast<int>(QuotaMode::BorrowPreempt));
    qf->addRow(tr("Mode"), quotaMode_);
    quotas_ = new VcQuotaModel(this);
    quotaTable_ = new QTableView;
    quotaTable_->setModel(quotas_);
    quotaTable_->verticalHeader()->hide();
    quotaTable_->verticalHeader()->setDefaultSectionSize(quotaTable_->fontMetrics().height() + 6);
    quotaTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    quotaTable_->horizontalHeader()->setStretchLastSection(true);
    quotaTable_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                                 QAbstractItemView::AnyKeyPressed);
    fitQuotaTable();
    quotaTable_->setToolTip(tr("Double-click a quota to edit it; empty = unlimited"));
    qf->addRow(quotaTable_);
    auto* clearQuotas = new QPushButton(tr("Clear all quotas"));
    clearQuotas->setObjectName(QStringLiteral("clearQuotas"));
    clearQuotas->setToolTip(tr("Every VC unlimited (also removes quotas for VCs this trace does not have)"));
    qf->addRow(clearQuotas);
    connect(clearQuotas, &QPushButton::clicked, this, [this] {
        quotas_->setQuotas({});
        fitQuotaTable();
        edited();
    });
    offerVary(qf, quotaMode_, QStringLiteral("quota.mode"));
    return quotaBox;
}

QGroupBox* ScenarioPanel::buildPlacement()
{
    auto* schedBox = new QGroupBox(tr("Placement and backfill"));
    auto* sf = form(schedBox);
    placement_ = new QComboBox;
    placement_->addItem(tr("best-fit (pack)"), static_cast<int>(PlacementPolicy::BestFit));
    placement_->addItem(tr("first-fit (lowest server)"), static_cast<int>(PlacementPolicy::FirstFit));
    placement_->addItem(tr("spread (most room)"), static_cast<int>(PlacementPolicy::Spread));
    placement_->addItem(tr("fgd (fewest stranded GPUs)"), static_cast<int>(PlacementPolicy::Fgd));
    placement_->setItemData(placement_->count() - 1,
                            tr("Fragmentation gradient descent: the placement that strands the least GPU capacity "
                               "(shares that no waiting job could use)"),
                            Qt::ToolTipRole);
    placement_->addItem(tr("fgd-first (fgd, ties to the lowest server)"), static_cast<int>(PlacementPolicy::FgdFirst));
    placement_->setItemData(placement_->count() - 1,
                            tr("fgd with the FGD artifact's tie rule: among servers whose fragmentation grows as little, "
                               "the lowest-index one (fgd takes the tightest fit)"),
                            Qt::ToolTipRole);
    sf->addRow(tr("Placement"), placement_);
    backfill_ = new QComboBox;
    backfill_->addItem(tr("greedy: any job that fits starts"), static_cast<int>(BackfillPolicy::Greedy));
    backfill_->addItem(tr("none: a blocked job blocks its VC"), static_cast<int>(BackfillPolicy::None));
    sf->addRow(tr("Backfill"), backfill_);
    offerVary(sf, placement_, QStringLiteral("placement"));
    offerVary(sf, backfill_, QStringLiteral("backfill"));
    return schedBox;
}

QGroupBox* ScenarioPanel::buildSlowdown()
{
    auto* slowBox = new QGroupBox(tr("Slowdown of spread jobs"));
    auto* slf = form(slowBox);
    perExtraServer_ = doubleSpin(0, 10, 0.05, 2);
    perExtraServer_->setToolTip(tr("Run time grows by this fraction per server beyond the fewest possible"));
    crossRack_ = doubleSpin(0, 10, 0.05, 2);
    crossRack_->setToolTip(tr("Run time grows by this fraction per rack beyond the fewest possible"));
    maxFactor_ = doubleSpin(1, 1e6, 0.1, 2);
    maxFactor_->setPrefix(tr("×"));
    maxFactor_->setToolTip(tr("The slowdown factor never exceeds this"));
    slf->addRow(tr("Per extra server"), perExtraServer_);
    slf->addRow(tr("Per extra rack"), crossRack_);
    slf->addRow(tr("At most"), maxFactor_);
    offerVary(slf, perExtraServer_, QStringLiteral("slowdown.per_extra_server"));
    offerVary(slf, crossRack_, QStringLiteral("slowdown.cross_rack"));
    offerVary(slf, maxFactor_, QStringLiteral("slowdown.max_factor"));
    return slowBox;
}

QGroupBox* ScenarioPanel::buildResources()
{
    auto* resBox = new QGroupBox(tr("Resources (CPU, memory)"));
    auto* rsf = form(resBox);
    rsf->addRow(note(tr("What servers have and jobs ask when the cluster file or the trace does not say. "
                        "A job runs only where its CPU and memory fit next to its GPUs.")));
    const auto amountKnob = [](double max, double step, const QString& none, const QString& suffix, const QString& tip) {
        auto* d = doubleSpin(0, max, step, 1);
        d->setSpecialValueText(none);
        d->setSuffix(suffix);
        d->setToolTip(tip);
        // Not as wide as "1000000000.0 GB per GPU" (the bound): the panel fits a 1280-px screen.
        d->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        d->setMinimumWidth(d->fontMetrics().horizontalAdvance(QStringLiteral("0000.0") + suffix) + 30);
        return d;
    };
    serverCpu_ = amountKnob(1e6, 8, tr("unlimited"), tr(" cores"),
                            tr("CPU cores of a server whose cluster file gives none (unlimited: CPU never limits it)"));
    serverMem_ = amountKnob(1e9, 32, tr("unlimited"), tr(" GB"),
                            tr("Memory of a server whose cluster file gives none (unlimited: memory never limits it)"));
    jobCpu_ = amountKnob(1e6, 1, tr("none"), tr(" per GPU"),
                         tr("CPU cores per GPU for a job whose trace gives none (none: it asks no CPU)"));
    jobMem_ = amountKnob(1e9, 4, tr("none"), tr(" GB per GPU"),
                         tr("Memory per GPU for a job whose trace gives none (none: it asks no memory)"));
    serverCpu_->setObjectName(QStringLiteral("serverCpuDefault"));
    serverMem_->setObjectName(QStringLiteral("serverMemDefault"));
    jobCpu_->setObjectName(QStringLiteral("jobCpuDefault"));
    jobMem_->setObjectName(QStringLiteral("jobMemDefault"));
    rsf->addRow(tr("Server CPU cores"), serverCpu_);
    rsf->addRow(tr("Server memory"), serverMem_);
    rsf->addRow(tr("Job CPU cores"), jobCpu_);
    rsf->addRow(tr("Job memory"), jobMem_);
    return resBox;
}

QGroupBox* ScenarioPanel::buildArrivals()
{
    auto* arrivalsBox = new QGroupBox(tr("Arrivals"));
    auto* arf = form(arrivalsBox);
    arf->addRow(note(tr("What if jobs came faster? Submissions are replayed this many times faster toward the "
                        "first one; run times stay. More load from the same trace.")));
    speedup_ = doubleSpin(0.01, 1e6, 1, 2);
    speedup_->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    speedup_->setPrefix(tr("×"));
    speedup_->setObjectName(QStringLiteral("arrivalsSpeedup"));
    speedup_->setToolTip(tr("arrivals.speedup: 1 replays the trace as recorded, 1000 a thousand times faster"));
    arf->addRow(tr("Faster by"), speedup_);
    offerVary(arf, speedup_, QStringLiteral("arrivals.speedup"));
    return arrivalsBox;
}

QGroupBox* ScenarioPanel::buildFailures()
{
    auto* failBox = new QGroupBox(tr("Failures"));
    auto* ff = form(failBox);
    trialRun_ = new DurationKnob(false, tr("off"));
    trialRun_->setToolTip(tr("Multi-GPU jobs first run this long on one GPU, so early failures cost little"));
    ff->addRow(tr("Trial run"), trialRun_);
    mtbf_ = doubleSpin(0, 1e7, 24, 0);
    mtbf_->setSpecialValueText(tr("no failures"));
    mtbf_->setSuffix(tr(" h"));
    ff->addRow(tr("Server MTBF"), mtbf_);
    repair_ = doubleSpin(0, 1e5, 1, 1);
    repair_->setSuffix(tr(" h"));
    ff->addRow(tr("Repair time"), repair_);
    checkpoint_ = new DurationKnob(false, tr("none"));
    ff->addRow(tr("Checkpoint every"), checkpoint_);
    horizon_ = doubleSpin(0, 3650, 1, 1);
    horizon_->setSuffix(tr(" days"));
    horizon_->setToolTip(tr("With failures on, the simulation stops this long after the last submission"));
    ff->addRow(tr("Stop after"), horizon_);
    offerVary(ff, trialRun_, QStringLiteral("failures.trial_run_s"));
    offerVary(ff, mtbf_, QStringLiteral("failures.server_mtbf_h"));
    offerVary(ff, repair_, QStringLiteral("failures.repair_h"));
    offerVary(ff, checkpoint_, QStringLiteral("failures.checkpoint_s"));
    return failBox;
}

QGroupBox* ScenarioPanel::buildRun()
{
    auto* runBox = new QGroupBox(tr("Run"));
    auto* rf = form(runBox);
    seed_ = new QSpinBox;
    seed_->setRange(0, 1 << 30);
    seed_->setKeyboardTracking(false);
    rf->addRow(tr("Random seed"), seed_);
    offerVary(rf, seed_, QStringLiteral("seed"));
    seriesStep_ = new QSpinBox;
    seriesStep_->setRange(1, 86400);
    seriesStep_->setSuffix(tr(" s"));
    seriesStep_->setKeyboardTracking(false);
    seriesStep_->setToolTip(tr("Sampling step of the timelines"));
    rf->addRow(tr("Timeline step"), seriesStep_);
    return runBox;
}

// Every knob's change is an edit of the scenario.
void ScenarioPanel::connectEdits()
{
    const auto changed = [this] { edited(); };
    for (auto* k : {relaxRack_, relaxAny_, elasticAfter_, trialRun_, checkpoint_})
        connect(k, &DurationKnob::valueChanged, this, changed);
    for (auto* c : {gang_, quotaMode_, placement_, backfill_})
        connect(c, &QComboBox::currentIndexChanged, this, changed);
    for (auto* s : {rackSize_, seed_, seriesStep_})
        connect(s, &QSpinBox::valueChanged, this, changed);
    for (auto* d : {minFraction_, perExtraServer_, crossRack_, maxFactor_, serverCpu_, serverMem_, jobCpu_, jobMem_, speedup_,
                    mtbf_, repair_, horizon_})
        connect(d, &QDoubleSpinBox::valueChanged, this, changed);
    connect(quotas_, &VcQuotaModel::quotasEdited, this, changed);
    connect(autoscaler_, &AutoscalerKnobs::edited, this, changed);
    connect(power_, &PowerKnobs::edited, this, changed);
    connect(queue_, &QueueKnobs::edited, this, changed);
}

void ScenarioPanel::setDemandSources(const DemandSources& sources)
{
    autoscaler_->setDemandSources(sources);
}

QComboBox* ScenarioPanel::autoscalerPolicyCombo() const { return autoscaler_->policyCombo(); }
QDoubleSpinBox* ScenarioPanel::autoscalerSigmaSpin() const { return autoscaler_->sigmaSpin(); }

void ScenarioPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    quotas_->setTrace(std::move(trace));
    fitQuotaTable();
}

void ScenarioPanel::fitQuotaTable()
{
    // As tall as its rows (a 3-VC demo needs little room), at most about eight rows.
    const int rows = std::clamp(quotas_->rowCount(), 2, 8);
    const int height = quotaTable_->horizontalHeader()->sizeHint().height() +
                       rows * quotaTable_->verticalHeader()->defaultSectionSize() + 2 * quotaTable_->frameWidth();
    quotaTable_->setFixedHeight(height);
}

void ScenarioPanel::setScenario(const Scenario& s)
{
    updating_ = true;
    scenario_ = s;
    relaxRack_->setValue(s.locality.relaxToRackAfter_s);
    relaxAny_->setValue(s.locality.relaxToAnyAfter_s);
    rackSize_->setValue(s.locality.rackSize);
    setCombo(gang_, s.gang.policy);
    minFraction_->setValue(s.gang.minFraction);
    elasticAfter_->setValue(s.gang.elasticAfter_s);
    setCombo(quotaMode_, s.quota.mode);
    quotas_->setQuotas(s.quota.vcGpus);
    fitQuotaTable();
    setCombo(placement_, s.placement);
    setCombo(backfill_, s.backfill);
    perExtraServer_->setValue(s.slowdown.perExtraServer);
    crossRack_->setValue(s.slowdown.crossRack);
    maxFactor_->setValue(s.slowdown.maxFactor);
    serverCpu_->setValue(s.resources.serverDefaults.cpuCores.value_or(0));
    serverMem_->setValue(s.resources.serverDefaults.memGb.value_or(0));
    jobCpu_->setValue(s.resources.jobDefaults.cpuPerGpu.value_or(0));
    jobMem_->setValue(s.resources.jobDefaults.memGbPerGpu.value_or(0));
    speedup_->setValue(s.arrivals.speedup);
    trialRun_->setValue(s.failures.trialRun_s);
    mtbf_->setValue(s.failures.serverMtbf_h);
    repair_->setValue(s.failures.repair_h);
    checkpoint_->setValue(s.failures.checkpoint_s);
    horizon_->setValue(static_cast<double>(s.failures.horizon_s) / 86400.0);
    autoscaler_->setValue(s.autoscaler);
    power_->setValue(s.power);
    queue_->setValue(s.queue);
    seed_->setValue(static_cast<int>(s.seed));
    seriesStep_->setValue(static_cast<int>(s.seriesStep_s));
    refreshEnabled();
    updating_ = false;
}

void ScenarioPanel::edited()
{
    if (updating_)
        return;
    Scenario s = scenario_;
    s.locality.relaxToRackAfter_s = relaxRack_->value();
    s.locality.relaxToAnyAfter_s = relaxAny_->value();
    s.locality.rackSize = rackSize_->value();
    s.gang.policy = comboValue<GangPolicy>(gang_);
    s.gang.minFraction = minFraction_->value();
    s.gang.elasticAfter_s = elasticAfter_->value().value_or(0);
    s.quota.mode = comboValue<QuotaMode>(quotaMode_);
    s.quota.vcGpus = quotas_->quotas();
    s.placement = comboValue<PlacementPolicy>(placement_);
    s.backfill = comboValue<BackfillPolicy>(backfill_);
    s.slowdown.perExtraServer = perExtraServer_->value();
    s.slowdown.crossRack = crossRack_->value();
    s.slowdown.maxFactor = keptUnlessMoved(maxFactor_, scenario_.slowdown.maxFactor);
    auto& rs = s.resources;
    rs.serverDefaults.cpuCores = optionalAmount(serverCpu_, scenario_.resources.serverDefaults.cpuCores);
    rs.serverDefaults.memGb = optionalAmount(serverMem_, scenario_.resources.serverDefaults.memGb);
    rs.jobDefaults.cpuPerGpu = optionalAmount(jobCpu_, scenario_.resources.jobDefaults.cpuPerGpu);
    rs.jobDefaults.memGbPerGpu = optionalAmount(jobMem_, scenario_.resources.jobDefaults.memGbPerGpu);
    s.arrivals.speedup = keptUnlessMoved(speedup_, scenario_.arrivals.speedup);
    s.failures.trialRun_s = trialRun_->value().value_or(0);
    s.failures.serverMtbf_h = mtbf_->value();
    s.failures.repair_h = repair_->value();
    s.failures.checkpoint_s = checkpoint_->value().value_or(0);
    // Keep the exact seconds unless the user moved the spin box.
    if (std::abs(horizon_->value() - static_cast<double>(scenario_.failures.horizon_s) / 86400.0) > 0.05)
        s.failures.horizon_s = static_cast<std::int64_t>(std::llround(horizon_->value() * 86400.0));
    s.autoscaler = autoscaler_->value(scenario_.autoscaler);
    s.power = power_->value(scenario_.power);
    s.queue = queue_->value(scenario_.queue);
    s.seed = static_cast<std::uint64_t>(seed_->value());
    s.seriesStep_s = seriesStep_->value();
    refreshEnabled();
    if (s == scenario_)
        return;
    scenario_ = s;
    emit scenarioEdited(scenario_);
}

void ScenarioPanel::refreshEnabled()
{
    const bool elastic = comboValue<GangPolicy>(gang_) == GangPolicy::Elastic;
    minFraction_->setEnabled(elastic);
    elasticAfter_->setEnabled(elastic);
    quotaTable_->setEnabled(comboValue<QuotaMode>(quotaMode_) != QuotaMode::None);
    repair_->setEnabled(mtbf_->value() > 0);
    horizon_->setEnabled(mtbf_->value() > 0);
}

} // namespace clens::ui
