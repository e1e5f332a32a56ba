#include "ui/phases/phases_page.hpp"

#include "core/phases/phase_model_json.hpp"
#include "ui/phases/container_table_model.hpp"
#include "ui/phases/phase_graph_view.hpp"
#include "ui/phases/phase_summary_model.hpp"
#include "ui/phases/phase_usage_plot.hpp"
#include "ui/phases/phases_controller.hpp"
#include "ui/phases/policy_score_model.hpp"
#include "ui/phases/simulated_cluster_box.hpp"
#include "ui/views/chart_export.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTimer>

#include <utility>
#include <QToolButton>
#include <QVBoxLayout>

#include <exception>

namespace clens::ui {

namespace {

constexpr int kRescoreDebounceMs = 150;

QTableView* makeTable(QAbstractItemModel* model)
{
    auto* table = new QTableView;
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->horizontalHeader()->setHighlightSections(false);
    return table;
}

// Makes a short table (the phases) exactly as tall as its rows, up to maxRows.
void fitHeightToRows(QTableView* table, int maxRows)
{
    const int rows = std::min(table->model()->rowCount(), maxRows);
    const int height = table->horizontalHeader()->sizeHint().height() + rows * table->verticalHeader()->defaultSectionSize() +
                       2 * table->frameWidth() + 2;
    table->setMinimumHeight(height);
    table->setMaximumHeight(table->model()->rowCount() > maxRows ? QWIDGETSIZE_MAX : height);
}

QLabel* caption(const QString& text)
{
    auto* label = new QLabel(text);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    return label;
}

QWidget* titled(const QString& title, QWidget* body, const QString& hint = {})
{
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(caption(title));
    if (!hint.isEmpty()) {
        auto* h = new QLabel(hint);
        h->setWordWrap(true);
        h->setStyleSheet(QStringLiteral("color: #616161;"));
        layout->addWidget(h);
    }
    layout->addWidget(body, 1);
    return box;
}

} // namespace

PhasesPage::PhasesPage(QWidget* parent)
    : QWidget(parent)
    , controller_(new PhasesController(this))
    , rescoreTimer_(new QTimer(this))
    , scoreModel_(new PolicyScoreModel(this))
    , containerModel_(new ContainerTableModel(this))
    , phaseModel_(new PhaseSummaryModel(this))
{
    setAcceptDrops(true);
    rescoreTimer_->setSingleShot(true);
    rescoreTimer_->setInterval(kRescoreDebounceMs);
    connect(rescoreTimer_, &QTimer::timeout, this, [this] { controller_->score(config()); });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    layout->addWidget(buildToolbar());
    layout->addWidget(buildKnobs());
    messageBar_ = new QLabel;
    messageBar_->setWordWrap(true);
    messageBar_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(messageBar_);

    QWidget* containers = buildTables();
    layout->addWidget(buildBody(containers), 1);
    connectController();

    progress_->hide();
    cancelButton_->hide();
    showMessage(tr("Open an AI4DL container-metrics CSV (for example sample_traces/ai4dl/sample-dlaas.csv, or drop "
                   "one here) to find its phases and score autoscaling policies on it."),
                false);
    updateModelLabel();
    refreshChart();
}

PhasesPage::~PhasesPage() = default;

// The chart, the phase graph and the three tables; returns the containers' table under its filter.
QWidget* PhasesPage::buildTables()
{
    plot_ = new PhaseUsagePlot;
    plot_->setMinimumHeight(260);
    chartEmpty_ = new QLabel;
    chartEmpty_->setAlignment(Qt::AlignCenter);
    chartEmpty_->setWordWrap(true);
    chartEmpty_->setMargin(24);
    chartEmpty_->setStyleSheet(QStringLiteral("color: #6a7380; background: white;"));
    chartStack_ = new QStackedWidget;
    chartStack_->addWidget(plot_);
    chartStack_->addWidget(chartEmpty_);
    graph_ = new PhaseGraphView;
    containerProxy_ = new QSortFilterProxyModel(this);
    containerProxy_->setSourceModel(containerModel_);
    containerProxy_->setSortRole(Qt::UserRole);
    containerProxy_->setFilterKeyColumn(ContainerTableModel::Container);
    containerProxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    containerTable_ = makeTable(containerProxy_);
    containerTable_->setSortingEnabled(true);
    containerTable_->sortByColumn(-1, Qt::AscendingOrder); // file order until a header is clicked
    containerTable_->setToolTip(tr("Click a header to sort (e.g. by under-provisioned steps)."));
    auto* filter = new QLineEdit;
    filter->setPlaceholderText(tr("Filter containers…"));
    filter->setClearButtonEnabled(true);
    connect(filter, &QLineEdit::textChanged, containerProxy_, &QSortFilterProxyModel::setFilterFixedString);
    auto* containersBox = new QWidget;
    auto* containersLayout = new QVBoxLayout(containersBox);
    containersLayout->setContentsMargins(0, 0, 0, 0);
    containersLayout->setSpacing(2);
    containersLayout->addWidget(filter);
    containersLayout->addWidget(containerTable_, 1);
    containerTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    containerTable_->horizontalHeader()->setStretchLastSection(true);
    phaseTable_ = makeTable(phaseModel_);
    phaseTable_->setSelectionMode(QAbstractItemView::NoSelection);
    phaseTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    phaseTable_->horizontalHeader()->setStretchLastSection(true);
    scoreTable_ = makeTable(scoreModel_);
    scoreTable_->setSelectionMode(QAbstractItemView::NoSelection);
    scoreTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    scoreTable_->horizontalHeader()->setStretchLastSection(false);
    scoreTable_->setToolTip(tr("Click a policy to draw its allocation on the chart."));
    connect(containerTable_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] { refreshChart(); });
    connect(scoreTable_, &QTableView::clicked, this, [this](const QModelIndex& index) {
        const auto name = QString::fromUtf8(scalingPolicyName(PolicyScoreModel::policyAt(index.row())).data());
        policy_->setCurrentIndex(policy_->findData(name)); // emits through the combo
    });
    return containersBox;
}

QWidget* PhasesPage::buildBody(QWidget* containersBox)
{
    // Left column: what was found (containers, phases, how phases follow each other); right:
    // the selected container's chart over the scores of every policy.
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(titled(tr("Containers"), containersBox), 3);
    phasesBox_ = titled(tr("Phases, from the idlest (P0) to the busiest · mean ± σ"), phaseTable_);
    phaseTable_->setToolTip(tr("Phases found by the model; statistics of the steps shown."));
    leftLayout->addWidget(phasesBox_, 0);
    simulated_ = new SimulatedClusterBox(graph_);
    leftLayout->addWidget(simulated_, 0);
    connect(simulated_, &SimulatedClusterBox::seekRequested, this, &PhasesPage::seekRequested);
    leftLayout->addWidget(graph_, 4);
    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(chartStack_);
    right->addWidget(titled(tr("Autoscaling policies"), scoreTable_,
                            tr("Every policy scored on all containers; the highlighted one is drawn on the chart "
                               "(click a row to draw another). Oracles see the interval they allocate for: a lower "
                               "bound, not a real policy.")));
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 1);
    right->setSizes({640, 220});
    auto* body = new QSplitter(Qt::Horizontal);
    body->addWidget(left);
    body->addWidget(right);
    body->setStretchFactor(0, 0);
    body->setStretchFactor(1, 1);
    body->setSizes({420, 1180});
    return body;
}

void PhasesPage::connectController()
{
    connect(controller_, &PhasesController::analysisStarted, this, [this](const QString& what) {
        statusLabel_->setText(what);
        progress_->setValue(0);
    });
    connect(controller_, &PhasesController::progressChanged, this, [this](int permille) { progress_->setValue(permille); });
    connect(controller_, &PhasesController::busyChanged, this, [this](bool busy) {
        progress_->setVisible(controller_->analysing());
        cancelButton_->setVisible(controller_->analysing());
        if (!busy)
            statusLabel_->clear();
        emit busyChanged(busy);
    });
    connect(controller_, &PhasesController::dataChanged, this, &PhasesPage::onDataChanged);
    connect(controller_, &PhasesController::scoresChanged, this, &PhasesPage::onScoresChanged);
    connect(controller_, &PhasesController::failed, this, [this](const QString& message) {
        syncWithController();
        showMessage(message, true);
        emit failed(message);
    });
    connect(controller_, &PhasesController::cancelled, this, [this] {
        syncWithController();
        showMessage(controller_->data() ? tr("Cancelled; the previous results are still shown.") : tr("Cancelled."), false);
    });
}

QWidget* PhasesPage::buildToolbar()
{
    auto* bar = new QWidget;
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    auto* open = new QPushButton(tr("Open metrics…"));
    open->setToolTip(tr("An AI4DL container-metrics CSV (timestamp, pod.id, cpu.*, mem.* columns)"));
    connect(open, &QPushButton::clicked, this, &PhasesPage::chooseMetrics);
    row->addWidget(open);
    fileLabel_ = new QLabel(tr("no metrics"));
    fileLabel_->setMinimumWidth(160);
    row->addWidget(fileLabel_, 1);

    row->addWidget(new QLabel(tr("Seed")));
    seed_ = new QSpinBox;
    seed_->setRange(0, std::numeric_limits<int>::max());
    seed_->setValue(1);
    seed_->setToolTip(tr("The same seed gives the same model and phases on every machine."));
    row->addWidget(seed_);
    row->addWidget(new QLabel(tr("Phases")));
    phaseCount_ = new QSpinBox;
    phaseCount_->setRange(2, 12);
    phaseCount_->setValue(5);
    phaseCount_->setToolTip(tr("Number of phases (k of k-means)."));
    row->addWidget(phaseCount_);
    trainButton_ = new QPushButton(tr("Train"));
    trainButton_->setToolTip(tr("Train a phase model (CRBM + k-means) on the open metrics."));
    trainButton_->setEnabled(false); // nothing to train on until metrics are open
    trainButton_->setObjectName(QStringLiteral("trainButton"));
    connect(trainButton_, &QPushButton::clicked, this,
            [this] { train(static_cast<std::uint64_t>(seed_->value()), phaseCount_->value()); });
    row->addWidget(trainButton_);
    auto* load = new QPushButton(tr("Load model…"));
    load->setToolTip(tr("A phase model JSON from `clusterlens-cli phases train` (or the AI4DL reference export)."));
    connect(load, &QPushButton::clicked, this, &PhasesPage::chooseModel);
    row->addWidget(load);
    saveModelButton_ = new QPushButton(tr("Save model…"));
    saveModelButton_->setEnabled(false);
    connect(saveModelButton_, &QPushButton::clicked, this, &PhasesPage::chooseSaveModel);
    row->addWidget(saveModelButton_);
    modelLabel_ = new QLabel;
    modelLabel_->setStyleSheet(QStringLiteral("color: #424242;"));
    row->addWidget(modelLabel_, 1);

    exportButton_ = new QToolButton;
    exportButton_->setText(tr("Export"));
    exportButton_->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(exportButton_);
    menu->addAction(tr("CPU / memory chart…"), this, [this] { chooseExport(false); });
    menu->addAction(tr("Phase graph…"), this, [this] { chooseExport(true); });
    exportButton_->setMenu(menu);
    exportButton_->setEnabled(false);
    row->addWidget(exportButton_);
    return bar;
}

QWidget* PhasesPage::buildKnobs()
{
    auto* bar = new QWidget;
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(caption(tr("Autoscaler")));
    row->addWidget(new QLabel(tr("policy")));
    policy_ = new QComboBox;
    for (auto p : kScalingPolicies) {
        const auto name = QString::fromUtf8(scalingPolicyName(p).data());
        policy_->addItem(isOracle(p) ? name + tr(" (oracle)") : name, name);
    }
    policy_->setCurrentIndex(policy_->findData(QStringLiteral("phase.rule")));
    policy_->setToolTip(tr("The policy drawn on the chart and highlighted in the table (all are scored)."));
    row->addWidget(policy_);
    row->addSpacing(8);
    row->addWidget(new QLabel(tr("interval")));
    interval_ = new QSpinBox;
    interval_->setRange(1, 7 * 86400);
    interval_->setValue(300);
    interval_->setSuffix(tr(" s"));
    interval_->setToolTip(tr("The autoscaler resizes every interval, from what it saw in the previous one."));
    row->addWidget(interval_);
    row->addSpacing(8);
    row->addWidget(new QLabel(tr("σ")));
    sigma_ = new QDoubleSpinBox;
    sigma_->setRange(0, 20);
    sigma_->setDecimals(2);
    sigma_->setSingleStep(0.25);
    sigma_->setValue(2.0);
    sigma_->setToolTip(tr("Rules policies allocate mean + σ × std of the usage (or of the phase)."));
    row->addWidget(sigma_);
    row->addSpacing(8);
    row->addWidget(new QLabel(tr("headroom")));
    headroom_ = new QDoubleSpinBox;
    headroom_->setRange(0, 500);
    headroom_->setDecimals(1);
    headroom_->setSingleStep(5);
    headroom_->setSuffix(tr(" %"));
    headroom_->setToolTip(tr("Every computed allocation is multiplied by (1 + headroom)."));
    row->addWidget(headroom_);
    row->addStretch(1);
    statusLabel_ = new QLabel;
    row->addWidget(statusLabel_);
    progress_ = new QProgressBar;
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->setMaximumWidth(180);
    row->addWidget(progress_);
    cancelButton_ = new QPushButton(tr("Cancel"));
    connect(cancelButton_, &QPushButton::clicked, this, &PhasesPage::cancel);
    row->addWidget(cancelButton_);

    connect(policy_, &QComboBox::currentIndexChanged, this, [this] {
        policyOutside_.clear();
        knobEdited(false);
    });
    connect(interval_, &QSpinBox::valueChanged, this, [this] { knobEdited(true); });
    connect(sigma_, &QDoubleSpinBox::valueChanged, this, [this] { knobEdited(true); });
    connect(headroom_, &QDoubleSpinBox::valueChanged, this, [this] { knobEdited(true); });
    return bar;
}

void PhasesPage::knobEdited(bool needsRescore)
{
    if (needsRescore)
        scheduleRescore();
    else
        refreshChart();
    emit autoscalerEdited(autoscaler());
}

void PhasesPage::scheduleRescore() { rescoreTimer_->start(); }

void PhasesPage::setAutoscaler(const Scenario::Autoscaler& settings)
{
    given_ = settings;
    const auto policy = scalingPolicyFromName(settings.policy);
    // "request" is a cluster-only policy (no scaling): the page keeps drawing its own choice.
    policyOutside_ = settings.policy == "request" ? settings.policy : std::string();
    if (!policy && policyOutside_.empty())
        showMessage(tr("Unknown autoscaler policy '%1'; keeping %2.")
                        .arg(QString::fromStdString(settings.policy), policy_->currentData().toString()),
                    true);
    const auto before = config();
    {
        const QSignalBlocker b1(policy_), b2(interval_), b3(sigma_), b4(headroom_);
        if (policy)
            policy_->setCurrentIndex(policy_->findData(QString::fromUtf8(scalingPolicyName(*policy).data())));
        interval_->setValue(static_cast<int>(std::clamp<std::int64_t>(settings.interval_s, interval_->minimum(), interval_->maximum())));
        sigma_->setValue(settings.sigma);
        headroom_->setValue(settings.headroom * 100.0);
    }
    if (!(config() == before))
        scheduleRescore();
    refreshChart();
}

Scenario::Autoscaler PhasesPage::autoscaler() const
{
    Scenario::Autoscaler a = given_; // the demand (usage) is the scenario panel's alone
    a.policy = policyOutside_.empty() ? policy_->currentData().toString().toStdString() : policyOutside_;
    a.interval_s = interval_->value();
    a.sigma = sigma_->value();
    a.headroom = headroom_->value() / 100.0;
    return a;
}

AutoscaleConfig PhasesPage::config() const
{
    AutoscaleConfig c;
    c.interval_s = interval_->value();
    c.sigma = sigma_->value();
    c.headroom = headroom_->value() / 100.0;
    return c;
}

ScalingPolicy PhasesPage::selectedPolicy() const
{
    return scalingPolicyFromName(policy_->currentData().toString().toStdString()).value_or(ScalingPolicy::PhaseRule);
}

bool PhasesPage::busy() const { return controller_->busy(); }

QString PhasesPage::message() const { return messageBar_->isHidden() ? QString() : messageBar_->text(); }

void PhasesPage::openMetrics(const QString& path)
{
    if (modelChoice_.kind == ModelChoice::Kind::Train) {
        modelChoice_.seed = static_cast<std::uint64_t>(seed_->value());
        modelChoice_.k = phaseCount_->value();
    }
    lastDir_ = QFileInfo(path).absolutePath();
    restored_.reset();
    restoring_ = false;
    analyse(path);
}

void PhasesPage::analyse(const QString& path, std::shared_ptr<const ContainerMetrics> metrics)
{
    fileLabel_->setText(QFileInfo(path).fileName());
    fileLabel_->setToolTip(path);
    trainButton_->setEnabled(true);
    controller_->setConfig(config());
    controller_->analyse(path, modelChoice_, std::move(metrics));
}

void PhasesPage::train(std::uint64_t seed, int phases)
{
    {
        const QSignalBlocker b1(seed_), b2(phaseCount_);
        seed_->setValue(static_cast<int>(std::min<std::uint64_t>(seed, static_cast<std::uint64_t>(seed_->maximum()))));
        phaseCount_->setValue(phases);
    }
    modelChoice_ = ModelChoice{};
    modelChoice_.seed = seed;
    modelChoice_.k = phases;
    restoring_ = false;
    controller_->setModel(modelChoice_);
    updateModelLabel();
}

void PhasesPage::loadModel(const QString& path)
{
    modelChoice_ = ModelChoice{};
    modelChoice_.kind = ModelChoice::Kind::File;
    modelChoice_.path = path.toStdString();
    lastDir_ = QFileInfo(path).absolutePath();
    restoring_ = false;
    controller_->setModel(modelChoice_);
    updateModelLabel();
}

std::optional<ProjectPhases> PhasesPage::projectPhases() const
{
    const auto data = controller_->data();
    if (restored_ && (!data || data->metrics != restored_->metrics))
        return restored_;
    if (!data)
        return std::nullopt;
    return ProjectPhases{data->metrics, phaseModelToJson(*data->model)};
}

QString PhasesPage::restore(const ProjectPhases& phases)
{
    if (!phases.metrics)
        return {};
    restored_ = phases;
    restoring_ = true;
    QString note;
    ModelChoice choice;
    choice.seed = static_cast<std::uint64_t>(seed_->value());
    choice.k = phaseCount_->value();
    if (!phases.modelJson.empty()) {
        try {
            choice.given = std::make_shared<const PhaseModel>(parsePhaseModelJson(phases.modelJson, "the project's phase model"));
            choice.kind = ModelChoice::Kind::Given;
        } catch (const std::exception& e) {
            note = tr("The project's phase model cannot be used (%1); a model is trained on its metrics instead.")
                       .arg(QString::fromStdString(e.what()));
        }
    }
    modelChoice_ = choice;
    analyse(QString::fromStdString(phases.metrics->source), phases.metrics);
    updateModelLabel();
    return note;
}

QString PhasesPage::saveModel(const QString& path) const
{
    const auto data = controller_->data();
    if (!data)
        return tr("No model to save yet.");
    try {
        savePhaseModel(*data->model, path.toStdString());
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

bool PhasesPage::showsUsageChart() const { return chartStack_->currentWidget() == plot_; }

QString PhasesPage::chartPlaceholder() const { return showsUsageChart() ? QString() : chartEmpty_->text(); }

QString PhasesPage::exportChart(const QString& path, QSize size) { return exportPlot(*plot_, path, size); }

QString PhasesPage::exportChart(const QString& path, const ChartExportOptions& options)
{
    return exportPlot(*plot_, path, options.size, chartFrame(options, {tr("Metrics: %1").arg(fileLabel_->text()), modelLabel_->text()}));
}

QString PhasesPage::exportPhaseGraph(const QString& path, QSize size)
{
    if (size.isEmpty())
        size = graph_->size().expandedTo(graph_->sizeHint());
    return exportPainting([this](QPainter& p, const QRectF& area) { graph_->render(p, area); }, size, path);
}

void PhasesPage::cancel()
{
    rescoreTimer_->stop();
    controller_->cancel();
}

void PhasesPage::setSimulatedCluster(std::shared_ptr<const SimResult> result, const TimeFormat& format,
                                     std::shared_ptr<const SimulatedPhaseIndex> phases)
{
    simulated_->setResult(std::move(result), format, std::move(phases));
}

void PhasesPage::setClusterTime(std::int64_t t) { simulated_->setTime(t); }

void PhasesPage::onDataChanged()
{
    const auto data = controller_->data();
    const QString previous = selectedContainer() >= 0 && containerModel_->rowCount() > selectedContainer()
                                 ? containerModel_->data(containerModel_->index(selectedContainer(), 0), Qt::UserRole).toString()
                                 : QString();
    containerModel_->setData(data);
    phaseModel_->setData(data);
    fitHeightToRows(phaseTable_, 12);
    phasesBox_->setMaximumHeight(phaseTable_->maximumHeight() == QWIDGETSIZE_MAX ? QWIDGETSIZE_MAX
                                                                                 : phasesBox_->sizeHint().height());
    graph_->setData(data);
    simulated_->setPhaseCount(data->phaseCount());
    scoreModel_->setScores(nullptr);
    saveModelButton_->setEnabled(true);
    exportButton_->setEnabled(true);
    updateFileLabel();
    int row = 0;
    for (int r = 0; r < containerModel_->rowCount(); ++r)
        if (containerModel_->data(containerModel_->index(r, 0), Qt::UserRole).toString() == previous)
            row = r;
    selectContainer(row);
    updateModelLabel();
    QStringList notes;
    for (const auto& n : data->notes)
        notes << QString::fromStdString(n);
    if (notes.isEmpty())
        showMessage({}, false);
    else
        showMessage(tr("Note: %1").arg(notes.join(QStringLiteral("; "))), false);
    emit phasesReady();
    if (!std::exchange(restoring_, false))
        emit edited();
}

void PhasesPage::onScoresChanged()
{
    const auto scores = controller_->scores();
    scoreModel_->setScores(scores);
    scoreModel_->setSelectedPolicy(selectedPolicy());
    containerModel_->setScores(scores, selectedPolicy());
    refreshChart();
    emit scoresReady();
}

void PhasesPage::refreshChart()
{
    const auto policy = selectedPolicy();
    scoreModel_->setSelectedPolicy(policy);
    containerModel_->setScores(controller_->scores(), policy);
    const int row = selectedContainer();
    if (!controller_->data() || row < 0) {
        plot_->clearContainer();
        chartEmpty_->setText(controller_->data() ? tr("Pick a container on the left to see its CPU and memory over time, coloured by phase.")
                                                 : tr("A container's CPU and memory over time, coloured by phase, show here once "
                                                      "container metrics are open (Open metrics…)."));
        chartStack_->setCurrentWidget(chartEmpty_);
        return;
    }
    chartStack_->setCurrentWidget(plot_);
    plot_->showContainer(controller_->data(), controller_->scores(), static_cast<std::size_t>(row), policy);
}

void PhasesPage::selectContainer(int row)
{
    if (row < 0 || row >= containerModel_->rowCount())
        return;
    const auto index = containerProxy_->mapFromSource(containerModel_->index(row, 0));
    if (!index.isValid())
        return; // filtered out
    containerTable_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    containerTable_->scrollTo(index);
    refreshChart();
}

int PhasesPage::selectedContainer() const
{
    const auto current = containerProxy_->mapToSource(containerTable_->selectionModel()->currentIndex());
    return current.isValid() ? current.row() : -1;
}

void PhasesPage::updateFileLabel()
{
    const auto data = controller_->data();
    if (!data) {
        fileLabel_->setText(tr("no metrics"));
        fileLabel_->setToolTip({});
        return;
    }
    fileLabel_->setToolTip(QString::fromStdString(data->metricsPath));
    fileLabel_->setText(tr("%1 — %2 containers, %3 steps")
                            .arg(QFileInfo(QString::fromStdString(data->metricsPath)).fileName())
                            .arg(data->metrics->containers.size())
                            .arg(data->metrics->totalRows()));
}

void PhasesPage::syncWithController()
{
    // After a failure or a cancel the controller is back on the data it shows.
    modelChoice_ = controller_->model();
    trainButton_->setEnabled(!controller_->metricsPath().isEmpty());
    updateFileLabel();
    updateModelLabel();
}

void PhasesPage::updateModelLabel()
{
    const auto data = controller_->data();
    QString text;
    if (data && data->modelChoice == modelChoice_) {
        const auto& m = *data->model;
        if (modelChoice_.kind == ModelChoice::Kind::Train)
            text = tr("Model: trained here, seed %1, %2 phases, %3 epochs").arg(m.training.seed).arg(m.k()).arg(m.training.epochsTrained);
        else if (modelChoice_.kind == ModelChoice::Kind::Given)
            text = tr("Model: saved in the project, seed %1, %2 phases").arg(m.training.seed).arg(m.k());
        else
            text = tr("Model: %1, %2 phases").arg(QFileInfo(QString::fromStdString(modelChoice_.path)).fileName()).arg(m.k());
        if (data->policyStatsFromData)
            text += tr(" (no phase statistics)");
    } else if (modelChoice_.kind == ModelChoice::Kind::File) {
        text = tr("Model: %1 (used with the next metrics)").arg(QFileInfo(QString::fromStdString(modelChoice_.path)).fileName());
    } else if (modelChoice_.kind == ModelChoice::Kind::Given) {
        text = tr("Model: saved in the project");
    } else {
        text = tr("Model: trained on open");
    }
    modelLabel_->setText(text);
}

void PhasesPage::showMessage(const QString& text, bool error)
{
    if (text.isEmpty()) {
        messageBar_->hide();
        messageBar_->clear();
        return;
    }
    messageBar_->setText(error ? tr("Error: %1").arg(text) : text);
    messageBar_->setStyleSheet(error ? QStringLiteral("background: #FDECEA; color: #8A1C1C; padding: 4px; border-radius: 3px;")
                                     : QStringLiteral("background: #EEF4FB; color: #1A3A5C; padding: 4px; border-radius: 3px;"));
    messageBar_->show();
}

void PhasesPage::chooseMetrics()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open AI4DL container metrics"), lastDir_,
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (!path.isEmpty())
        openMetrics(path);
}

void PhasesPage::chooseModel()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load a phase model"), lastDir_, tr("Phase model (*.json);;All files (*)"));
    if (!path.isEmpty())
        loadModel(path);
}

void PhasesPage::chooseSaveModel()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the phase model"), lastDir_ + QStringLiteral("/model.json"),
                                                      tr("Phase model (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = saveModel(path);
    showMessage(error.isEmpty() ? tr("Model saved to %1").arg(path) : error, !error.isEmpty());
}

void PhasesPage::chooseExport(bool graph)
{
    QString path;
    QString error;
    if (graph) {
        QString filter;
        path = withChartSuffix(
            QFileDialog::getSaveFileName(this, tr("Export the phase graph"), lastDir_ + QStringLiteral("/phase-graph.png"), chartExportFilter(), &filter),
            filter);
        if (path.isEmpty())
            return;
        error = exportPhaseGraph(path);
    } else {
        const auto request = askChartExport(this, tr("Export the chart"), lastDir_ + QStringLiteral("/phases-chart.png"), ChartExportOptions::titled(tr("A container's CPU and memory, by behaviour phase"), QSize(1200, 600)));
        if (!request)
            return;
        path = request->path;
        error = exportChart(path, request->options);
    }
    showMessage(error.isEmpty() ? tr("Exported to %1").arg(path) : error, !error.isEmpty());
}

void PhasesPage::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void PhasesPage::dropEvent(QDropEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls()) {
        const QString path = url.toLocalFile();
        if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
            loadModel(path);
        else if (!path.isEmpty())
            openMetrics(path);
    }
    event->acceptProposedAction();
}

} // namespace clens::ui
