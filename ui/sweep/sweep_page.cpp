#include "ui/sweep/sweep_page.hpp"

#include "core/analysis/inert_grid_keys.hpp"
#include "core/analysis/pareto_front.hpp"
#include "core/io/sweep_csv.hpp"
#include "core/sim/grid_values.hpp"
#include "core/sim/scenario_json.hpp"
#include "core/util/input_error.hpp"
#include "core/util/json_text.hpp"
#include "core/util/parallel_for.hpp"
#include "ui/io/save_text.hpp"
#include "ui/sweep/sweep_chart.hpp"
#include "ui/sweep/sweep_knobs.hpp"
#include "ui/sweep/sweep_table_model.hpp"
#include "ui/views/chart_export.hpp"

#include <QComboBox>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QThreadPool>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <boost/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <set>
#include <sstream>

namespace clens::ui {

namespace {

// How a metric is drawn on an axis: its values times a factor, in a unit.
struct AxisScale {
    double factor = 1;
    QString unit;
};

AxisScale axisScale(SweepPage::Metric m)
{
    using M = SummaryCompareModel;
    switch (m) {
    case M::MeanDelay: case M::P50Delay: case M::P95Delay: case M::FragmentationDelay: case M::FairshareDelay:
    case M::CapacityDelay: case M::MeanJct: case M::Makespan: case M::Throttled: case M::PowerDelay:
        return {1.0 / 60.0, SweepPage::tr("min")};
    case M::AllocFraction: case M::EffectiveUtil: case M::CpuAlloc: case M::MemAlloc: case M::ShareFragmentation:
        return {100.0, QStringLiteral("%")};
    case M::CpuUnder: case M::MemUnder: return {1.0, QStringLiteral("%")};
    case M::HeldIdle: return {1.0, SweepPage::tr("GPU-h")};
    case M::CpuReservedH: case M::CpuUsedH: return {1.0, SweepPage::tr("core-h")};
    case M::MemReservedH: case M::MemUsedH: return {1.0, SweepPage::tr("GB-h")};
    case M::Energy: return {1.0, SweepPage::tr("kWh")};
    case M::PoweredServerH: return {1.0, SweepPage::tr("server-h")};
    default: return {1.0, {}};
    }
}

// "1 run", "12 runs" (tr's %n plurals need a translation loaded to read well).
QString counted(std::size_t n, const char* one, const char* many)
{
    return n == 1 ? SweepPage::tr(one) : SweepPage::tr(many).arg(n);
}

QString axisLabel(SweepPage::Metric m)
{
    const auto scale = axisScale(m);
    const QString name = SummaryCompareModel::fullName(m);
    return scale.unit.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(name, scale.unit);
}

// A grid JSON value as the editor shows it: null as null, a string bare.
QString valueText(const boost::json::value& v)
{
    if (v.is_string())
        return QString::fromStdString(std::string(v.get_string()));
    return QString::fromStdString(toJsonText(v)); // 1.5, not Boost's "1.5E0"
}

// Sorts by SweepTableModel::SortRole: numbers by value, then texts ("never", a status); a run
// without the value (not back, failed, NaN) last in either direction.
class SweepSortProxy : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override
    {
        const QVariant a = left.data(SweepTableModel::SortRole), b = right.data(SweepTableModel::SortRole);
        const bool aNumber = a.typeId() == QMetaType::Double, bNumber = b.typeId() == QMetaType::Double;
        const bool aMissing = !a.isValid() || (aNumber && std::isnan(a.toDouble()));
        const bool bMissing = !b.isValid() || (bNumber && std::isnan(b.toDouble()));
        if (aMissing != bMissing) // missing is "greater" ascending and "smaller" descending: last both ways
            return sortOrder() == Qt::AscendingOrder ? bMissing : aMissing;
        if (aMissing)
            return left.row() < right.row();
        if (aNumber != bNumber)
            return aNumber; // numbers before texts
        if (aNumber)
            return a.toDouble() < b.toDouble();
        return QString::localeAwareCompare(a.toString(), b.toString()) < 0;
    }
};

} // namespace

// A sweep under way: the workers write runs[i] and then set back[i]; the page copies the runs
// that are back on a timer (each element is written by one worker, read only once it is back).
struct SweepPage::Job {
    std::shared_ptr<SweepResult> work;
    std::unique_ptr<std::atomic<char>[]> back;
    std::atomic<bool> cancel{false};
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

SweepPage::SweepPage(QWidget* parent)
    : QWidget(parent)
    , poll_(new QTimer(this))
    , pool_(new QThreadPool(this))
{
    pool_->setMaxThreadCount(1); // the sweep's own: it fans out on its threads; opening and saving keep the global pool
    setObjectName(QStringLiteral("sweepPage"));
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(6, 6, 6, 6);
    v->addWidget(buildEditor());
    v->addWidget(buildRunRow());
    v->addWidget(buildResults(), 1);
    poll_->setInterval(200); // throttled: the table and chart follow the runs five times a second
    connect(poll_, &QTimer::timeout, this, &SweepPage::pollJob);
    setVary(0, QStringLiteral("locality.relax_to_any_after_s"), QStringLiteral("0, 600, 1800, null"));
    setVary(1, QStringLiteral("quota.mode"), QStringLiteral("none, strict, borrow"));
    setMetrics(SummaryCompareModel::MeanDelay, SummaryCompareModel::AllocFraction);
    refreshStatus();
}

SweepPage::~SweepPage()
{
    if (job_)
        job_->cancel = true;
    // QWidget deletes the children after this page's members are gone, and a focused line edit
    // then finishes editing: its slot must not run on them.
    for (auto* child : findChildren<QObject*>())
        child->disconnect(this);
}

QWidget* SweepPage::buildEditor()
{
    auto* box = new QGroupBox(tr("Vary up to three knobs; every other knob is as in the scenario panel"));
    auto* grid = new QGridLayout(box);
    grid->setColumnStretch(1, 1);
    for (int row = 0; row < kMaxKnobs; ++row) {
        auto* keys = new QComboBox;
        keys->setObjectName(QStringLiteral("sweepKey%1").arg(row));
        keys->setEditable(true); // any key path of the scenario JSON, e.g. quota.vc.<VC>
        keys->setInsertPolicy(QComboBox::NoInsert);
        keys->setMinimumContentsLength(28);
        keys->addItem(tr("— not varied"), QString());
        for (const auto& k : sweepKnobs())
            keys->addItem(k.label, k.key);
        keys->setToolTip(tr("A knob of the scenario panel, or any key path of the scenario JSON (e.g. quota.vc.<VC>)"));
        auto* values = new QLineEdit;
        values->setObjectName(QStringLiteral("sweepValues%1").arg(row));
        values->setPlaceholderText(tr("a list: 0, 600, null   or a range: 0..3600 step 600"));
        auto* count = new QLabel;
        count->setMinimumWidth(90);
        connect(keys, &QComboBox::activated, this, [this, row] {
            const QString key = varyKey(row);
            if (key.isEmpty())
                values_[row]->clear();
            else if (const auto* knob = sweepKnob(key))
                values_[row]->setText(knob->example);
        });
        connect(keys->lineEdit(), &QLineEdit::editingFinished, this, &SweepPage::refreshStatus);
        connect(values, &QLineEdit::textChanged, this, &SweepPage::refreshStatus);
        keys_[row] = keys;
        values_[row] = values;
        counts_[row] = count;
        grid->addWidget(keys, row, 0);
        grid->addWidget(values, row, 1);
        grid->addWidget(count, row, 2);
    }
    total_ = new QLabel;
    total_->setObjectName(QStringLiteral("sweepTotal"));
    grid->addWidget(total_, kMaxKnobs, 0, 1, 3);
    return box;
}

QWidget* SweepPage::buildRunRow()
{
    auto* row = new QWidget;
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    run_ = new QPushButton(tr("Run sweep"));
    run_->setObjectName(QStringLiteral("runSweep"));
    run_->setToolTip(tr("Run every combination in the background on all cores"));
    connect(run_, &QPushButton::clicked, this, [this] { run(); });
    h->addWidget(run_);
    cancel_ = new QPushButton(tr("Cancel"));
    cancel_->setEnabled(false);
    connect(cancel_, &QPushButton::clicked, this, &SweepPage::cancel);
    h->addWidget(cancel_);
    progress_ = new QProgressBar;
    progress_->setMaximumWidth(160);
    progress_->hide();
    h->addWidget(progress_);
    status_ = new QLabel;
    status_->setObjectName(QStringLiteral("sweepStatus"));
    status_->setStyleSheet(QStringLiteral("color: #4a5360;"));
    status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    status_->setMinimumWidth(160);
    status_->setWordWrap(true); // a long verdict (why every run agrees, what would load the cluster) on two lines, not cut
    h->addWidget(status_, 1);
    export_ = makePageExportButton(tr("Table (CSV, as clusterlens-cli sweep writes it)…"), this, [this](bool csv) { chooseExport(csv); });
    h->addWidget(export_);
    return row;
}

QWidget* SweepPage::buildResults()
{
    auto* split = new QSplitter(Qt::Vertical);
    auto* top = new QWidget;
    auto* tv = new QVBoxLayout(top);
    tv->setContentsMargins(0, 0, 0, 0);
    auto* axes = new QHBoxLayout;
    const auto metricCombo = [this](const QString& name) {
        auto* c = new QComboBox;
        c->setObjectName(name);
        for (int m = 0; m < SummaryCompareModel::RowCount; ++m)
            c->addItem(SummaryCompareModel::fullName(static_cast<Metric>(m)), m);
        connect(c, &QComboBox::currentIndexChanged, this, &SweepPage::refreshChart);
        return c;
    };
    axes->addWidget(new QLabel(tr("Horizontal")));
    xMetric_ = metricCombo(QStringLiteral("sweepX"));
    axes->addWidget(xMetric_);
    axes->addSpacing(12);
    axes->addWidget(new QLabel(tr("Vertical")));
    yMetric_ = metricCombo(QStringLiteral("sweepY"));
    axes->addWidget(yMetric_);
    auto* hint = new QLabel(tr("Click a run to load it into the what-if views."));
    hint->setStyleSheet(QStringLiteral("color: #4a5360;"));
    axes->addSpacing(12);
    axes->addWidget(hint, 1);
    tv->addLayout(axes);
    chart_ = new SweepChart;
    chart_->setDescriber([this](int run) { return describeRun(run); });
    connect(chart_, &SweepChart::runClicked, this, &SweepPage::chooseRun);
    tv->addWidget(chart_, 1);
    split->addWidget(top);

    model_ = new SweepTableModel(this);
    sorted_ = new SweepSortProxy(this);
    sorted_->setSourceModel(model_);
    sorted_->setSortRole(SweepTableModel::SortRole);
    table_ = new QTableView;
    table_->setObjectName(QStringLiteral("sweepTable"));
    table_->setModel(sorted_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(0, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setToolTip(tr("Double-click a run to load it into the what-if views"));
    connect(table_, &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { chooseRun(sorted_->data(index, SweepTableModel::RunRole).toInt()); });
    split->addWidget(table_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    return split;
}

void SweepPage::setInput(const SimInput& input)
{
    const bool newData = input.cluster != input_.cluster || input.trace != input_.trace;
    input_ = input;
    if (newData)
        clear();
}

void SweepPage::setLoadHint(const QString& presetName)
{
    loadHint_ = presetName;
    refreshStatus();
}

void SweepPage::setReference(const SimSummary* summary, const Scenario& scenario, const QString& label)
{
    reference_.reset();
    if (summary)
        reference_.emplace(*summary, scenario);
    referenceLabel_ = label;
    refreshChart();
}

void SweepPage::setVary(int row, const QString& key, const QString& values)
{
    if (row < 0 || row >= kMaxKnobs)
        return;
    const int i = keys_[row]->findData(key);
    if (i >= 0)
        keys_[row]->setCurrentIndex(i);
    else
        keys_[row]->setEditText(key);
    values_[row]->setText(key.isEmpty() ? QString() : values);
    refreshStatus();
}

void SweepPage::addVary(const QString& key)
{
    int row = -1;
    for (int r = 0; r < kMaxKnobs && row < 0; ++r)
        if (varyKey(r) == key)
            row = r;
    for (int r = 0; r < kMaxKnobs && row < 0; ++r)
        if (varyKey(r).isEmpty())
            row = r;
    if (row < 0)
        row = kMaxKnobs - 1;
    const auto* knob = sweepKnob(key);
    if (varyKey(row) != key)
        setVary(row, key, knob ? knob->example : QString());
    values_[row]->setFocus();
}

QString SweepPage::varyKey(int row) const
{
    const auto* keys = keys_[row];
    const int i = keys->currentIndex();
    if (i >= 0 && keys->currentText() == keys->itemText(i))
        return keys->itemData(i).toString();
    return keys->currentText().trimmed(); // typed by hand
}

QString SweepPage::varyValues(int row) const { return values_[row]->text(); }

bool SweepPage::run()
{
    if (!input_.valid()) {
        status_->setText(tr("Open a trace and a cluster first."));
        return false;
    }
    if (baseSource_)
        base_ = baseSource_();
    std::vector<std::pair<std::string, std::vector<std::string>>> vary;
    auto result = std::make_shared<SweepResult>();
    try {
        std::set<QString> seen;
        for (int row = 0; row < kMaxKnobs; ++row) {
            const QString key = varyKey(row);
            if (key.isEmpty())
                continue;
            if (!seen.insert(key).second)
                throw InputError("sweep", 0, key.toStdString(), "varied twice: choose another knob");
            vary.emplace_back(key.toStdString(), parseGridValues(values_[row]->text().toStdString(), key.toStdString()));
        }
        if (vary.empty())
            throw InputError("sweep", 0, "", "choose a knob to vary");
        result->gridJson = gridJson(scenarioToJson(base_), vary);
        result->grid = std::make_shared<const ScenarioGrid>(parseScenarioGrid(result->gridJson, "sweep"));
    } catch (const std::exception& e) {
        status_->setText(tr("Cannot run this sweep: %1").arg(QString::fromStdString(e.what())));
        emit failed(status_->text());
        return false;
    }
    cancel();
    seconds_ = 0;
    const auto n = result->grid->runs.size();
    result->runs.assign(n, {});
    result->back.assign(n, 0);
    auto job = std::make_shared<Job>();
    job->work = std::make_shared<SweepResult>(*result);
    job->back = std::make_unique<std::atomic<char>[]>(n);
    job_ = job;
    chosen_ = -1;
    showResult(result, false);
    progress_->setRange(0, static_cast<int>(n));
    progress_->setValue(0);
    progress_->show();
    cancel_->setEnabled(true);
    poll_->start();
    auto* watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, job] {
        watcher->deleteLater();
        onJobFinished(job);
    });
    const auto input = input_;
    watcher->setFuture(QtConcurrent::run(pool_, [job, input] {
        auto& work = *job->work;
        const std::function<bool()> stop = [&job] { return job->cancel.load(); };
        parallelFor(
            work.runs.size(), 0,
            [&](std::size_t i) {
                work.runs[i] = runSweepScenario(input.cluster, input.trace, work.grid->runs[i], input.demand, stop);
                if (!job->cancel.load()) // a run stopped by the cancel did not come back
                    job->back[i].store(1, std::memory_order_release);
            },
            [&](std::size_t, std::size_t) { return !job->cancel.load(); });
    }));
    emit changed();
    return true;
}

void SweepPage::cancel()
{
    if (!job_)
        return;
    job_->cancel = true;
    endJob(); // what came back stays
}

void SweepPage::endJob()
{
    pollJob();
    job_.reset();
    poll_->stop();
    auto done = std::make_shared<SweepResult>(*result_);
    done->finished = true;
    showResult(done, true);
    progress_->hide();
    cancel_->setEnabled(false);
    emit finished();
    emit changed();
}

bool SweepPage::busy() const { return job_ != nullptr; }

void SweepPage::pollJob()
{
    if (!job_ || !result_)
        return;
    const auto& work = *job_->work;
    std::shared_ptr<SweepResult> next;
    for (std::size_t i = 0; i < work.runs.size(); ++i)
        if (!result_->back[i] && job_->back[i].load(std::memory_order_acquire)) {
            if (!next)
                next = std::make_shared<SweepResult>(*result_);
            next->runs[i] = work.runs[i];
            next->back[i] = 1;
        }
    if (!next)
        return;
    showResult(next, true);
    emit runsBack();
}

void SweepPage::onJobFinished(const std::shared_ptr<Job>& job)
{
    if (job != job_) // cancelled or superseded: its runs were taken when it was cancelled
        return;
    seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - job->start).count();
    endJob();
}

void SweepPage::restore(std::shared_ptr<const SweepResult> result)
{
    cancel();
    chosen_ = -1;
    seconds_ = 0;
    if (!result) {
        clear();
        return;
    }
    // The editor shows the grid's keys and values, as lists.
    try {
        const auto root = boost::json::parse(result->gridJson);
        const auto& vary = root.at("vary").as_object();
        int row = 0;
        for (const auto& kv : vary) {
            if (row >= kMaxKnobs)
                break;
            QStringList values;
            for (const auto& v : kv.value().as_array())
                values << valueText(v);
            setVary(row++, QString::fromStdString(std::string(kv.key())), values.join(QStringLiteral(", ")));
        }
        for (; row < kMaxKnobs; ++row)
            setVary(row, {}, {});
    } catch (const std::exception&) {
        // A grid the project could not read back keeps the editor as it is; the table still shows.
    }
    showResult(std::move(result), false);
}

void SweepPage::clear()
{
    if (job_) {
        job_->cancel = true;
        job_.reset();
    }
    poll_->stop();
    progress_->hide();
    cancel_->setEnabled(false);
    chosen_ = -1;
    showResult(nullptr, false);
}

void SweepPage::showResult(std::shared_ptr<const SweepResult> result, bool sameSweep)
{
    result_ = std::move(result);
    if (sameSweep)
        model_->refresh(result_);
    else
        model_->setResult(result_);
    if (result_ && progress_->isVisible())
        progress_->setValue(static_cast<int>(result_->backCount()));
    // Worked out once the runs are all back (status refreshes follow every keystroke in the editor).
    inertNote_ = result_ && result_->backCount() == result_->runs.size() ? inertKnobsNote() : QString();
    refreshColumns();
    refreshChart();
    refreshStatus();
    table_->resizeColumnsToContents(); // headers whole: "Relax to any server after (s)", "Mean wait · fair share"
}

void SweepPage::setMetrics(Metric x, Metric y)
{
    xMetric_->setCurrentIndex(xMetric_->findData(static_cast<int>(x)));
    yMetric_->setCurrentIndex(yMetric_->findData(static_cast<int>(y)));
}

SweepPage::Metric SweepPage::xMetric() const { return static_cast<Metric>(xMetric_->currentData().toInt()); }
SweepPage::Metric SweepPage::yMetric() const { return static_cast<Metric>(yMetric_->currentData().toInt()); }

void SweepPage::refreshChart()
{
    if (!chart_ || !xMetric_ || !yMetric_ || !model_)
        return;
    const auto x = xMetric(), y = yMetric();
    const auto sx = axisScale(x), sy = axisScale(y);
    chart_->setAxes(axisLabel(x), axisLabel(y));
    std::vector<SweepChart::Point> points;
    std::vector<ParetoPoint> raw;
    if (result_)
        for (std::size_t run = 0; run < result_->runs.size(); ++run) {
            const auto vx = model_->value(run, x), vy = model_->value(run, y);
            if (!vx || !vy || std::isnan(*vx) || std::isnan(*vy))
                continue;
            points.push_back({static_cast<int>(run), *vx * sx.factor, *vy * sy.factor});
            raw.push_back({*vx, *vy});
        }
    front_.clear();
    std::vector<std::size_t> frontRuns;
    std::vector<std::pair<double, double>> frontValues;
    for (const auto k : paretoFront(raw, SummaryCompareModel::lowerIsBetter(x), SummaryCompareModel::lowerIsBetter(y))) {
        front_.push_back(points[k].run);
        frontRuns.push_back(static_cast<std::size_t>(points[k].run));
        frontValues.emplace_back(raw[k].x, raw[k].y);
    }
    // Runs whose knobs do not matter here (a quota mode without quotas) tie on both metrics.
    std::sort(frontValues.begin(), frontValues.end());
    distinctOnFront_ = static_cast<std::size_t>(std::unique(frontValues.begin(), frontValues.end()) - frontValues.begin());
    chart_->setPoints(points, front_);
    model_->setFront(frontRuns);
    std::optional<QPointF> reference;
    if (reference_) {
        const auto rx = SummaryCompareModel::value(reference_->first, reference_->second, x);
        const auto ry = SummaryCompareModel::value(reference_->first, reference_->second, y);
        if (rx && ry)
            reference = QPointF(*rx * sx.factor, *ry * sy.factor);
    }
    chart_->setReference(reference, referenceLabel_);
    chart_->setMarked(chosen_);
}

void SweepPage::refreshColumns()
{
    // A metric no run has (the autoscaler's without it, power's without node power) is hidden.
    for (int m = 0; m < SummaryCompareModel::RowCount; ++m) {
        bool any = false;
        if (result_)
            for (std::size_t run = 0; run < result_->runs.size() && !any; ++run)
                any = model_->value(run, static_cast<Metric>(m)).has_value();
        const bool someBack = result_ && result_->backCount() > 0;
        table_->setColumnHidden(model_->columnOf(static_cast<Metric>(m)), someBack && !any);
    }
}

void SweepPage::refreshStatus()
{
    // The editor: how many values each row has, and the runs they make.
    std::size_t total = 1;
    bool any = false, bad = false;
    for (int row = 0; row < kMaxKnobs; ++row) {
        const QString key = varyKey(row);
        if (key.isEmpty()) {
            counts_[row]->clear();
            continue;
        }
        try {
            const auto n = parseGridValues(values_[row]->text().toStdString(), key.toStdString()).size();
            counts_[row]->setText(counted(n, "1 value", "%1 values"));
            counts_[row]->setStyleSheet({});
            counts_[row]->setToolTip({});
            total *= n;
            any = true;
        } catch (const std::exception& e) {
            counts_[row]->setText(tr("cannot read"));
            counts_[row]->setStyleSheet(QStringLiteral("color: #8a1f17;"));
            counts_[row]->setToolTip(QString::fromStdString(e.what()));
            bad = true;
        }
    }
    total_->setText(bad ? tr("Fix the values marked red to run the sweep.")
                        : any ? counted(total, "1 run, all cores", "%1 runs, all cores")
                              : tr("Choose a knob to vary."));
    run_->setEnabled(!bad && any);
    if (!status_)
        return;
    if (!result_) {
        status_->setText(tr("Each run is a whole simulation without the cluster map: the table and chart fill as runs come back."));
        return;
    }
    const auto n = result_->runs.size();
    const auto back = result_->backCount();
    std::size_t failed = 0;
    for (std::size_t i = 0; i < n; ++i)
        failed += result_->back[i] && !result_->runs[i].ok ? 1 : 0;
    QString text;
    if (job_)
        text = tr("Running: %1 of %2 back…").arg(back).arg(counted(n, "1 run", "%1 runs"));
    else if (back < n)
        text = tr("Cancelled: %1 of %2 back").arg(back).arg(counted(n, "1 run", "%1 runs"));
    else if (seconds_ > 0)
        text = tr("%1 in %2 s").arg(counted(n, "1 run", "%1 runs")).arg(seconds_, 0, 'f', 1);
    else
        text = counted(n, "1 run", "%1 runs");
    if (failed > 0)
        text += tr(" · %1 failed (see Status)").arg(failed);
    if (!front_.empty())
        text += tr(" · %1 on the Pareto front (★)").arg(front_.size());
    const auto ok = back - failed;
    // Knobs that decide waits cannot matter when no job waits (the Philly sample at the default
    // knobs): then say what loads the cluster.
    bool anyWait = false;
    for (std::size_t i = 0; i < n; ++i)
        anyWait = anyWait || (result_->back[i] && result_->runs[i].ok && result_->runs[i].summary.meanQueueDelay_s > 0);
    const bool variesArrivals = result_->grid && std::ranges::find(result_->grid->keys, "arrivals.speedup") != result_->grid->keys.end();
    const bool idle = ok > 0 && back == n && !anyWait && !variesArrivals;
    const QString load = loadHint_.isEmpty() ? tr("no job waits in any run: try Arrival speed-up or quotas")
                                             : tr("no job waits in any run: try Arrival speed-up, quotas or the preset %1").arg(loadHint_);
    const QString inert = !idle && back == n ? inertNote_ : QString();
    if (distinctOnFront_ == 1 && front_.size() == ok && ok > 1 && back == n) { // one point: say why
        text += tr(", all: every run gives the same %1 and %2").arg(xMetric_->currentText(), yMetric_->currentText());
        text += idle ? QStringLiteral(" · ") + load : inert.isEmpty() ? tr(" (the knobs varied change neither here)") : QString();
    } else {
        if (distinctOnFront_ < front_.size())
            text += distinctOnFront_ == 1 ? tr(", all with the same two metrics")
                                          : tr(", %1 different pairs of metrics").arg(distinctOnFront_);
        if (idle)
            text += QStringLiteral(" · ") + load;
    }
    text += inert;
    runSummary_ = text;
    status_->setText(text);
    status_->setToolTip(text); // the whole line where a narrow window cuts it
}

QString SweepPage::inertKnobsNote() const
{
    std::vector<SweepCsvRow> csv(result_->runs.size());
    std::vector<const SweepCsvRow*> rows;
    for (std::size_t i = 0; i < result_->runs.size(); ++i) {
        csv[i] = csvRowOf(result_->runs[i]);
        rows.push_back(result_->back[i] ? &csv[i] : nullptr);
    }
    const auto& grid = *result_->grid;
    QStringList names;
    bool quotaMode = false;
    for (const auto k : inertGridKeys(grid, rows)) {
        // Without its unit in a sentence: "Relax to any server after", not "… after (s)".
        names << sweepKnobLabel(QString::fromStdString(grid.keys[k])).remove(QRegularExpression(QStringLiteral(" \\([^()]*\\)$")));
        quotaMode = quotaMode || grid.keys[k] == "quota.mode";
    }
    if (names.isEmpty())
        return {};
    // The usual reason the quota mode changes nothing: there is no quota to enforce or borrow.
    const bool noQuota = quotaMode && std::ranges::all_of(grid.runs, [](const Scenario& s) { return s.quota.vcGpus.empty(); });
    const QString list = names.size() == 1 ? names.front() : names.mid(0, names.size() - 1).join(QStringLiteral(", ")) + tr(" and ") + names.back();
    return (names.size() == 1 ? tr(" · %1 changes no metric of any run") : tr(" · %1 change no metric of any run")).arg(list)
           + (noQuota ? tr(" (no VC has a quota)") : QString());
}

QString SweepPage::describeRun(int run) const
{
    if (!result_ || run < 0 || static_cast<std::size_t>(run) >= result_->runs.size())
        return {};
    const auto r = static_cast<std::size_t>(run);
    QStringList lines{tr("Run %1").arg(run + 1)};
    for (std::size_t k = 0; k < result_->grid->keys.size(); ++k) {
        const auto& label = result_->grid->labels[r][k];
        lines << QStringLiteral("%1: %2").arg(sweepKnobLabel(QString::fromStdString(result_->grid->keys[k])),
                                              label.empty() ? tr("never") : QString::fromStdString(label));
    }
    for (const auto m : {xMetric(), yMetric()})
        if (const auto v = model_->value(r, m))
            lines << QStringLiteral("%1: %2").arg(SummaryCompareModel::fullName(m), SummaryCompareModel::format(m, *v));
    lines << tr("Click to load it into the what-if views");
    return lines.join(QLatin1Char('\n'));
}

void SweepPage::chooseRun(int run)
{
    if (!result_ || run < 0 || static_cast<std::size_t>(run) >= result_->grid->runs.size())
        return;
    chosen_ = run;
    chart_->setMarked(run);
    const auto source = model_->index(run, 0);
    table_->selectRow(sorted_->mapFromSource(source).row());
    emit scenarioChosen(result_->grid->runs[static_cast<std::size_t>(run)]);
}

QString SweepPage::statusText() const { return status_->text(); }

QString SweepPage::exportTable(const QString& path) const
{
    if (!result_)
        return tr("There is no sweep to export yet.");
    std::vector<SweepCsvRow> rows;
    for (std::size_t i = 0; i < result_->runs.size(); ++i) {
        if (result_->back[i]) {
            rows.push_back(csvRowOf(result_->runs[i]));
        } else {
            SweepCsvRow row;
            row.error = "cancelled";
            rows.push_back(row);
        }
    }
    std::ostringstream text;
    writeSweepCsv(text, *result_->grid, rows);
    return saveTextAtomically(path, text.str());
}

QString SweepPage::exportChart(const QString& path, QSize size) { return exportPlot(*chart_, path, size); }

QString SweepPage::exportChart(const QString& path, const ChartExportOptions& options)
{
    const auto error = exportPlot(*chart_, path, options.size, chartFrame(options, {runSummary_}));
    if (error.isEmpty())
        status_->setText(tr("Exported to %1").arg(path));
    return error;
}

void SweepPage::chooseExport(bool csv)
{
    const auto error = runPageExport(
        this, csv,
        {tr("Export the sweep's table"), [this](const QString& path) { return exportTable(path); }, QStringLiteral("sweep.png"),
         ChartExportOptions::titled(tr("The sweep's runs"), QSize(1200, 750)),
         [this](const QString& path, const ChartExportOptions& options) { return exportChart(path, options); }},
        status_);
    if (!error.isEmpty())
        emit failed(error);
}

} // namespace clens::ui
