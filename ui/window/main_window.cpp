#include "ui/window/main_window.hpp"
#include "ui/window/recent_files_menu.hpp"
#include "ui/window/page_docks.hpp"
#include "ui/window/project_save.hpp"
#include "ui/window/results_dock_fit.hpp"
#include "ui/window/report_export.hpp"
#include "ui/window/cluster_exports.hpp"

#include "core/sim/scenario_json.hpp"
#include "core/sim/simulation_notes.hpp"

#include "ui/analysis/analysis_page.hpp"
#include "ui/analysis/compare_page.hpp"
#include "ui/window/session.hpp"
#include "ui/io/project_io.hpp"
#include "ui/models/summary_compare_model.hpp"
#include "ui/pack/packing_page.hpp"
#include "ui/sweep/sweep_page.hpp"
#include "ui/window/scenario_history.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/io/scenario_files.hpp"
#include "ui/time/time_format.hpp"
#include "ui/phases/phases_controller.hpp"
#include "ui/views/autoscaler_knobs.hpp"
#include "ui/views/gantt_view.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/inspector_panel.hpp"
#include "ui/views/job_table_panel.hpp"
#include "ui/views/legend_widget.hpp"
#include "ui/views/notes_button.hpp"
#include "ui/views/scenario_panel.hpp"
#include "ui/views/summary_panel.hpp"
#include "ui/views/time_controls.hpp"
#include "ui/views/time_overview.hpp"
#include "ui/views/timeline_view.hpp"

#include <QActionGroup>
#include <QApplication>
#include <QButtonGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

static void initClusterLensResources()
{
    Q_INIT_RESOURCE(clusterlens);
}

namespace clens::ui {

MainWindow::MainWindow(Engine engine, QWidget* parent)
    : QMainWindow(parent)
    , engine_(engine)
    , session_(new Session(std::move(engine), this))
    , pageDocks_(std::make_unique<PageDocks>())
{
    initClusterLensResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("ClusterLens"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/clusterlens.svg")));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    buildCentral();
    buildDocks();
    reports_ = new ReportExport(this);
    connectReports();
    projectSave_ = new ProjectSave(this);
    connectProjectSave();
    history_ = new ScenarioHistory([this](const Scenario& s) { showScenario(s); }, this);
    exports_ = new ClusterExports(session_, timelines_, heatmap_, legend_, this);
    connect(exports_, &ClusterExports::exported, this, [this](const QString& path) { statusBar()->showMessage(tr("Exported %1").arg(path), 5000); });
    connect(exports_, &ClusterExports::failed, this, [this](const QString& message) { showError(tr("Export failed"), message); });
    buildMenus();
    connectSession();
    connectPhases();
    connectAnalysis();
    connectSweep();
    resize(1600, 1000);
    restoreSettings();
}

MainWindow::~MainWindow()
{
    history_->stack()->disconnect(this); // its clearing on destruction must not reach a window half gone
    if (loadCancel_) // a load still running has nobody to report to
        loadCancel_->store(true);
}

namespace {

// A page's own minimum size must not widen the window (the tab widget takes the largest of its
// pages'): a page narrower than its layout wants scrolls instead.
QWidget* scrollable(QWidget* page)
{
    auto* area = new QScrollArea;
    area->setWidget(page);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}

} // namespace

void MainWindow::buildCentral()
{
    pages_ = new QTabWidget(this);
    pages_->setObjectName(QStringLiteral("pages"));
    pages_->setDocumentMode(true);
    const auto addPage = [this](Page page, QWidget* widget, const QString& title, const QString& tip) {
        pageTabs_.emplace_back(page, widget);
        pages_->setTabToolTip(pages_->addTab(widget, title), tip);
    };
    addPage(Page::Cluster, buildClusterPage(), tr("Cluster"),
            tr("The cluster map over time, with the results, the job inspector, timelines and jobs"));
    analysis_ = new analysis::AnalysisPage;
    addPage(Page::Analysis, scrollable(analysis_), tr("Analysis"),
            tr("The figures of the Philly study for the trace and for the current simulation"));
    compare_ = new analysis::ComparePage;
    addPage(Page::Compare, scrollable(compare_), tr("Compare"),
            tr("The current result against the pinned baseline: metric deltas and the jobs that changed most"));
    phases_ = new PhasesPage;
    addPage(Page::Phases, scrollable(phases_), tr("Phases"),
            tr("AI4DL phases of container metrics and the scores of the autoscaling policies"));
    packing_ = new PackingPage;
    addPage(Page::Packing, scrollable(packing_), tr("Packing"),
            tr("How full the cluster gets before pods fail, per placement policy (the FGD packing experiment)"));
    sweep_ = new SweepPage;
    addPage(Page::Sweep, scrollable(sweep_), tr("Sweep"),
            tr("Vary up to three knobs, run every combination, and find the best trade-offs (the Pareto front)"));
    setCentralWidget(pages_);
    connect(pages_, &QTabWidget::currentChanged, this, &MainWindow::onPageChanged);
}

QWidget* MainWindow::buildClusterPage()
{
    auto* central = new QWidget;
    auto* v = new QVBoxLayout(central);
    v->setContentsMargins(6, 6, 6, 0);
    v->setSpacing(4);

    auto* header = new QHBoxLayout;
    header->setSpacing(2);
    auto* colourBy = new QLabel(tr("Colour by"));
    colourBy->setStyleSheet(QStringLiteral("color: #4a5360;"));
    header->addWidget(colourBy);
    header->addSpacing(4);
    modeButtons_ = new QButtonGroup(this);
    for (const auto mode : kColorModes) {
        auto* b = new QToolButton;
        b->setText(toDisplayString(mode));
        if (mode == ColorMode::CpuReserved) { // the server modes, short (their tooltips say "servers by"): the row must fit 1280 px
            auto* line = new QFrame;
            line->setFrameShape(QFrame::VLine);
            line->setStyleSheet(QStringLiteral("color: #c8ced6;"));
            header->addSpacing(4);
            header->addWidget(line);
            header->addSpacing(4);
        }
        if (isServerMode(mode)) {
            b->setText(shortDisplayString(mode));
            b->setToolTip(modeToolTip(mode));
        }
        b->setCheckable(true);
        b->setAutoRaise(false);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        modeButtons_->addButton(b, static_cast<int>(mode));
        header->addWidget(b);
    }
    modeButtons_->button(0)->setChecked(true);
    header->addSpacing(16);
    zoomOut_ = new QToolButton;
    zoomOut_->setText(tr("◂ All racks"));
    zoomOut_->setToolTip(tr("Show the whole cluster (Esc)"));
    zoomOut_->setAutoRaise(true);
    header->addWidget(zoomOut_);
    zoomLabel_ = new QLabel;
    QFont bold = zoomLabel_->font();
    bold.setBold(true);
    zoomLabel_->setFont(bold);
    header->addWidget(zoomLabel_);
    header->addStretch(1);
    clusterInfo_ = new QLabel;
    clusterInfo_->setStyleSheet(QStringLiteral("color: #4a5360;"));
    // Clipped rather than widening the window when the centre is narrow.
    clusterInfo_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    clusterInfo_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    header->addWidget(clusterInfo_);
    v->addLayout(header);

    banner_ = new QLabel;
    banner_->setObjectName(QStringLiteral("errorBanner"));
    banner_->setWordWrap(true);
    banner_->setStyleSheet(QStringLiteral("background: #fdecea; color: #8a1f17; border: 1px solid #f2b8b5; "
                                          "border-radius: 4px; padding: 6px;"));
    banner_->hide();
    v->addWidget(banner_);

    legend_ = new LegendWidget;
    v->addWidget(legend_);
    heatmap_ = new HeatmapWidget;
    v->addWidget(heatmap_, 1);
    timeControls_ = new TimeControls(session_->clock());
    timeControls_->setWindow(session_->window());
    v->addWidget(timeControls_);
    overview_ = new TimeOverview(session_->window());
    v->addWidget(overview_);

    connect(modeButtons_, &QButtonGroup::idClicked, this, [this](int id) { setColorMode(static_cast<ColorMode>(id)); });
    connect(heatmap_, &HeatmapWidget::legendChanged, this, [this] { legend_->setEntries(heatmap_->legend()); });
    connect(heatmap_, &HeatmapWidget::zoomChanged, this, &MainWindow::refreshZoomLabel);
    connect(zoomOut_, &QToolButton::clicked, this, [this] { heatmap_->zoomToRack(-1); });
    refreshZoomLabel(-1);
    return central;
}

MainWindow::Page MainWindow::currentPage() const
{
    return shownPage_;
}

QString MainWindow::pageName(Page page)
{
    switch (page) {
    case Page::Cluster: return QStringLiteral("cluster");
    case Page::Analysis: return QStringLiteral("analysis");
    case Page::Compare: return QStringLiteral("compare");
    case Page::Phases: return QStringLiteral("phases");
    case Page::Packing: return QStringLiteral("packing");
    case Page::Sweep: return QStringLiteral("sweep");
    }
    return QStringLiteral("cluster");
}

std::optional<MainWindow::Page> MainWindow::pageFromName(const QString& name)
{
    for (const auto page : {Page::Cluster, Page::Analysis, Page::Compare, Page::Phases, Page::Packing, Page::Sweep})
        if (pageName(page) == name)
            return page;
    return std::nullopt;
}

void MainWindow::showPage(Page page)
{
    for (const auto& [p, widget] : pageTabs_)
        if (p == page)
            pages_->setCurrentWidget(widget);
}

void MainWindow::onPageChanged(int index)
{
    Page next = Page::Cluster;
    for (const auto& [p, widget] : pageTabs_)
        if (widget == pages_->widget(index))
            next = p;
    const Page previous = shownPage_;
    shownPage_ = next;
    pageDocks_->switchPage(previous, next);
    refreshShownPage();
}

void MainWindow::connectAnalysis()
{
    const auto analysisStale = [this] {
        analysisStale_ = true;
        compareStale_ = true;
        refreshShownPage();
    };
    connect(session_, &Session::inputChanged, this, analysisStale);
    connect(session_, &Session::inputChanged, this, [this] {
        packingStale_ = true;
        refreshShownPage();
    });
    connect(packing_, &PackingPage::failed, this, [this](const QString& message) { statusBar()->showMessage(message, 10000); });
    connect(session_, &Session::snapshotChanged, this, analysisStale);
    connect(session_, &Session::baselineChanged, this, analysisStale);
    connect(compare_, &analysis::ComparePage::jobActivated, this, &MainWindow::onCompareJobActivated);
}

void MainWindow::refreshShownPage()
{
    const auto resultOf = [](const SnapshotPtr& s) { return s ? s->result : nullptr; };
    if (shownPage_ == Page::Analysis && analysisStale_) {
        analysisStale_ = false;
        analysis_->setBaseline(resultOf(session_->baseline()));
        analysis_->setSource(session_->input().trace, session_->input().cluster, resultOf(session_->current()));
    } else if (shownPage_ == Page::Compare && compareStale_) {
        compareStale_ = false;
        compare_->setResults(resultOf(session_->baseline()), resultOf(session_->current()));
    } else if (shownPage_ == Page::Packing && packingStale_ && session_->input().cluster) {
        packingStale_ = false;
        packing_->setInputs(session_->input().cluster, session_->input().trace);
    } else if (shownPage_ == Page::Sweep && sweepStale_) {
        sweepStale_ = false;
        refreshSweepInputs();
    }
}

void MainWindow::connectSweep()
{
    const auto stale = [this] {
        sweepStale_ = true;
        refreshShownPage();
    };
    connect(session_, &Session::inputChanged, this, stale);
    connect(session_, &Session::snapshotChanged, this, stale);
    connect(session_, &Session::baselineChanged, this, stale);
    sweep_->setBaseSource([this] { return session_->scenario(); });
    connect(sweep_, &SweepPage::scenarioChosen, this, [this](const Scenario& scenario) {
        applyScenario(scenario, tr("Load a sweep's run"));
        showPage(Page::Cluster);
    });
    connect(sweep_, &SweepPage::changed, this, &MainWindow::markModified);
    connect(scenario_, &ScenarioPanel::varyRequested, this, [this](const QString& key) {
        sweep_->addVary(key);
        showPage(Page::Sweep);
    });
    connect(sweep_, &SweepPage::failed, this, [this](const QString& message) { statusBar()->showMessage(message, 10000); });
}

void MainWindow::refreshSweepInputs()
{
    sweep_->setInput(session_->input());
    const auto reference = session_->baseline() ? session_->baseline() : session_->current();
    if (reference && reference->result)
        sweep_->setReference(&reference->result->summary, reference->result->scenario,
                             session_->baseline() ? tr("pinned baseline") : tr("current result"));
    else
        sweep_->setReference(nullptr, {}, {});
}

void MainWindow::onCompareJobActivated(int job)
{
    session_->selectJob(job);
    // Show the job where it ran: when it holds no GPU now, go to its start.
    if (const auto current = session_->current(); current && job >= 0) {
        const auto& jobs = current->result->jobs;
        const auto& state = session_->state();
        const bool onMap = std::find(state.job.begin(), state.job.end(), job) != state.job.end();
        if (!onMap && static_cast<std::size_t>(job) < jobs.size() && jobs[static_cast<std::size_t>(job)].start_s)
            session_->clock()->seek(*jobs[static_cast<std::size_t>(job)].start_s);
    }
    showPage(Page::Cluster);
}

void MainWindow::buildDocks()
{
    QDockWidget* scenarioDock = buildScenarioDock();
    buildClusterDocks(scenarioDock);
    buildStatusBar();
}

QDockWidget* MainWindow::addPageDock(const QString& title, const QString& name, QWidget* content, Qt::DockWidgetArea area)
{
    auto* d = new QDockWidget(title, this);
    d->setObjectName(name);
    d->setWidget(content);
    d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    addDockWidget(area, d);
    return d;
}

// The knobs, under a row of presets and scenario files.
QDockWidget* MainWindow::buildScenarioDock()
{
    scenario_ = new ScenarioPanel;
    auto* presetRow = new QWidget;
    auto* pr = new QHBoxLayout(presetRow);
    pr->setContentsMargins(0, 0, 0, 0);
    presets_ = new QComboBox;
    presets_->setObjectName(QStringLiteral("presets"));
    presets_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // fits 1280 px (docs/gui.md "The window")
    presets_->setMinimumContentsLength(10);
    refreshPresets();
    pr->addWidget(presets_, 1);
    auto* load = new QPushButton(tr("Load…"));
    auto* save = new QPushButton(tr("Save…"));
    load->setToolTip(tr("Load a scenario JSON file"));
    save->setToolTip(tr("Save these knobs as a scenario JSON file"));
    pr->addWidget(load);
    pr->addWidget(save);
    scenario_->addHeaderWidget(presetRow);
    connect(presets_, &QComboBox::activated, this, [this](int index) {
        const QString data = presets_->itemData(index).toString();
        presets_->setCurrentIndex(0);
        if (data.startsWith(QLatin1String("named:"))) {
            applyNamedScenario(data.mid(6));
            return;
        }
        bool ok = false;
        const int preset = data.toInt(&ok);
        const auto all = scenarioPresets();
        if (!ok || preset < 0 || static_cast<std::size_t>(preset) >= all.size())
            return;
        const ScenarioPreset& chosen = all[static_cast<std::size_t>(preset)];
        Scenario sc = chosen.scenario;
        // Presets leave the data-specific knobs (quotas, rack size) as they are, unless the
        // preset is about a particular data set's quotas.
        if (!chosen.keepsQuotas)
            sc.quota.vcGpus = session_->scenario().quota.vcGpus;
        sc.locality.rackSize = session_->scenario().locality.rackSize;
        presetName_ = chosen.name;
        presetScenario_ = sc;
        applyScenario(sc, tr("Apply preset %1").arg(chosen.name));
        refreshPresetMarker(); // also when the preset changed no knob (no step, no index change)
        openPhasesSampleIfNeeded(sc);
    });
    connect(load, &QPushButton::clicked, this, &MainWindow::loadScenarioFile);
    connect(save, &QPushButton::clicked, this, &MainWindow::saveScenarioFile);
    auto* scenarioDock = addPageDock(tr("Scenario"), QStringLiteral("scenarioDock"), scenario_, Qt::LeftDockWidgetArea);
    scenarioDock->setMinimumWidth(280);
    // The Phases page has its own autoscaler knobs and needs the width.
    pageDocks_->add(scenarioDock, {Page::Cluster, Page::Analysis, Page::Compare, Page::Sweep});
    return scenarioDock;
}

// The results, the job inspector and the bottom tabs (timelines, Gantt, jobs): the Cluster page's.
void MainWindow::buildClusterDocks(QDockWidget* scenarioDock)
{
    summary_ = new SummaryPanel;
    auto* summaryDock = addPageDock(tr("Results"), QStringLiteral("summaryDock"), summary_, Qt::RightDockWidgetArea);
    inspector_ = new InspectorPanel;
    auto* inspectorDock = addPageDock(tr("Job inspector"), QStringLiteral("inspectorDock"), inspector_, Qt::RightDockWidgetArea);
    splitDockWidget(summaryDock, inspectorDock, Qt::Vertical);
    summaryDock->setMinimumWidth(280);
    summary_->setMinimumHeight(160); // on a 720-px screen the inspector needs the other half

    bottomTabs_ = new QTabWidget;
    bottomTabs_->setDocumentMode(true);
    timelines_ = new TimelineView;
    timelines_->setWindow(session_->window());
    jobs_ = new JobTablePanel;
    gantt_ = new GanttView(session_->window());
    bottomTabs_->addTab(timelines_, tr("Timelines"));
    bottomTabs_->addTab(gantt_, tr("Gantt"));
    bottomTabs_->addTab(jobs_, tr("Jobs"));
    auto* bottom = addPageDock(tr("Over time"), QStringLiteral("bottomDock"), bottomTabs_, Qt::BottomDockWidgetArea);
    bottomTabs_->setMinimumHeight(250);
    for (auto* d : {summaryDock, inspectorDock, bottom})
        pageDocks_->add(d, {Page::Cluster});
    auto* fit = new ResultsDockFit(this, summaryDock, inspectorDock, summary_);
    // Default proportions, applied once the window has its size (saved state wins).
    QTimer::singleShot(0, this, [=, this] {
        if (QSettings().contains(QStringLiteral("window/state")))
            return;
        resizeDocks({bottom}, {300}, Qt::Vertical);
        resizeDocks({scenarioDock, summaryDock}, {330, 390}, Qt::Horizontal);
        fit->fit();
    });
}

void MainWindow::buildStatusBar()
{
    // Status bar: what is loaded, the run in flight, the last run.
    status_ = new QLabel;
    status_->setObjectName(QStringLiteral("statusText"));
    statusBar()->addWidget(status_, 1);
    // QStatusBar hides its normal widgets under a message only if they are visible then: a
    // message shown before the window (a scenario loaded at start-up) was drawn over the text.
    connect(statusBar(), &QStatusBar::messageChanged, status_, [this](const QString& message) { status_->setVisible(message.isEmpty()); });
    notesButton_ = new NotesButton(tr("Import notes"), tr("What the importer changed or left out"));
    statusBar()->addPermanentWidget(notesButton_);
    runNotesButton_ = new NotesButton(tr("Run notes"), tr("What this simulation left out, could never run or bounded"));
    runNotesButton_->setObjectName(QStringLiteral("runNotes"));
    statusBar()->addPermanentWidget(runNotesButton_);
    progress_ = new QProgressBar;
    progress_->setRange(0, 100);
    progress_->setMaximumWidth(160);
    progress_->setMaximumHeight(14);
    progress_->setTextVisible(false);
    progress_->hide();
    statusBar()->addPermanentWidget(progress_);
    cancelRun_ = new QToolButton;
    cancelRun_->setText(tr("Cancel"));
    cancelRun_->setAutoRaise(true);
    cancelRun_->hide();
    statusBar()->addPermanentWidget(cancelRun_);
    saveProgress_ = new QProgressBar;
    saveProgress_->setObjectName(QStringLiteral("saveProgress"));
    saveProgress_->setRange(0, 100);
    saveProgress_->setMaximumWidth(120);
    saveProgress_->setMaximumHeight(14);
    saveProgress_->setTextVisible(false);
    saveProgress_->setToolTip(tr("Saving the project"));
    saveProgress_->hide();
    statusBar()->addPermanentWidget(saveProgress_);
    cancelSave_ = new QToolButton;
    cancelSave_->setObjectName(QStringLiteral("cancelSave"));
    cancelSave_->setText(tr("Cancel"));
    cancelSave_->setToolTip(tr("Stop saving: the file stays as it was"));
    cancelSave_->setAutoRaise(true);
    cancelSave_->hide();
    connect(cancelSave_, &QToolButton::clicked, this, &MainWindow::cancelSave);
    statusBar()->addPermanentWidget(cancelSave_);
    runInfo_ = new QLabel;
    runInfo_->setObjectName(QStringLiteral("runInfo"));
    runInfo_->setMinimumWidth(240);
    runInfo_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    runInfo_->setStyleSheet(QStringLiteral("color: #4a5360;"));
    statusBar()->addPermanentWidget(runInfo_);
}

void MainWindow::refreshZoomLabel(std::int32_t rack)
{
    zoomOut_->setVisible(rack >= 0);
    if (rack >= 0 && heatmap_->topology())
        zoomLabel_->setText(tr("Rack %1").arg(QString::fromStdString(heatmap_->topology()->racks()[static_cast<std::size_t>(rack)].name)));
    else
        zoomLabel_->clear();
}

void MainWindow::setColorMode(ColorMode mode)
{
    heatmap_->setColorMode(mode);
    if (auto* b = modeButtons_->button(static_cast<int>(mode)))
        b->setChecked(true);
    if (modeActions_)
        for (auto* a : modeActions_->actions())
            if (a->data().toInt() == static_cast<int>(mode))
                a->setChecked(true);
}

void MainWindow::connectSession()
{
    RunController* runs = session_->runs();
    PlaybackClock* clock = session_->clock();

    connect(scenario_, &ScenarioPanel::scenarioEdited, session_, &Session::setScenario);
    // What a project saves changed by the user's hand (not by a result arriving).
    connect(scenario_, &ScenarioPanel::scenarioEdited, this, &MainWindow::markModified);
    connect(scenario_, &ScenarioPanel::scenarioEdited, history_, [this](const Scenario& s) { history_->changed(s); });
    connect(history_->stack(), &QUndoStack::indexChanged, this, &MainWindow::refreshPresetMarker);
    connect(summary_, &SummaryPanel::pinRequested, this, &MainWindow::markModified);
    connect(summary_, &SummaryPanel::clearRequested, this, &MainWindow::markModified);
    connect(session_, &Session::inputChanged, this, &MainWindow::onInputChanged);
    connect(session_, &Session::snapshotChanged, this, &MainWindow::onSnapshot);
    connect(session_, &Session::stateChanged, this, [this] {
        heatmap_->setState(session_->state());
        timelines_->setCursorState(session_->state());
    });
    connect(session_, &Session::baselineChanged, this, [this](SnapshotPtr b) {
        summary_->setBaseline(b);
        timelines_->setBaseline(b);
    });
    connect(session_, &Session::selectedJobChanged, this, [this](std::int32_t job) {
        heatmap_->setSelectedJob(job);
        gantt_->setSelectedJob(job);
        inspector_->setJob(job);
        jobs_->selectJob(job);
    });
    connect(heatmap_, &HeatmapWidget::jobClicked, session_, &Session::selectJob);
    connect(jobs_, &JobTablePanel::jobSelected, session_, &Session::selectJob);
    connect(jobs_, &JobTablePanel::exported, this, [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(summary_, &SummaryPanel::pinRequested, session_, &Session::pinBaseline);
    connect(summary_, &SummaryPanel::clearRequested, session_, &Session::clearBaseline);
    connect(inspector_, &InspectorPanel::seekRequested, clock, &PlaybackClock::seek);
    connect(timelines_, &TimelineView::seekRequested, clock, &PlaybackClock::seek);
    connect(timelines_, &TimelineView::jobsAtRequested, this, [this](std::int64_t, JobStanding standing) {
        bottomTabs_->setCurrentWidget(jobs_); // the cursor is already there (seekRequested came first)
        jobs_->showOnlyAtCursor(standing);
    });
    connect(overview_, &TimeOverview::seekRequested, clock, &PlaybackClock::seek);
    connect(gantt_, &GanttView::seekRequested, clock, &PlaybackClock::seek);
    connect(gantt_, &GanttView::jobClicked, session_, &Session::selectJob);
    connect(inspector_, &InspectorPanel::zoomRequested, session_->window(), &TimeWindow::show);
    // The cursor stays in the window: the window follows playback and jumps, and a window moved
    // away from the cursor takes the cursor along (to its nearer edge).
    connect(session_->window(), &TimeWindow::changed, clock, [clock](std::int64_t from, std::int64_t to) {
        clock->seek(std::clamp(clock->time(), from, to));
    });
    connect(clock, &PlaybackClock::timeChanged, this, [this](std::int64_t t) {
        session_->window()->keepInView(t);
        overview_->setTime(t);
        gantt_->setTime(t);
        timelines_->setTime(t);
        inspector_->setTime(t);
        jobs_->setTime(t);
    });
    timeControls_->setEventFinders(
        [this](std::int64_t t) -> std::optional<std::int64_t> {
            const auto s = session_->current();
            return s && s->states ? s->states->nextChangeAfter(t) : std::nullopt;
        },
        [this](std::int64_t t) -> std::optional<std::int64_t> {
            const auto s = session_->current();
            return s && s->states ? s->states->prevChangeBefore(t) : std::nullopt;
        });

    connect(runs, &RunController::busyChanged, this, [this](bool busy) {
        progress_->setVisible(busy);
        cancelRun_->setVisible(busy);
        summary_->setBusy(busy);
        if (busy) {
            progress_->setRange(0, 0); // busy indicator until the first progress report
            runInfo_->setText(tr("Simulating…"));
        }
    });
    connect(runs, &RunController::progressChanged, this, [this](std::uint64_t, double f) {
        progress_->setRange(0, 100);
        progress_->setValue(static_cast<int>(f * 100));
    });
    connect(runs, &RunController::runFailed, this, [this](std::uint64_t, const QString& message) {
        if (session_->scenario().autoscaler.usage != UsageModel::None && phases_->busy()) {
            // The demand is on its way (say, a preset opened the AI4DL sample there): the run
            // comes again when the Phases page is ready (onPhasesReady), so no error yet.
            runInfo_->setText(tr("Waiting for the Phases page's container metrics and model…"));
            return;
        }
        runInfo_->setText(tr("Simulation failed"));
        banner_->setText(tr("The simulation rejected this scenario: %1").arg(message));
        banner_->show();
    });
    connect(cancelRun_, &QToolButton::clicked, runs, &RunController::cancel);
}

void MainWindow::refreshPresets()
{
    presets_->clear();
    presets_->addItem(tr("Presets…"));
    const auto all = scenarioPresets();
    const Trace* trace = session_->input().trace.get();
    QString loadHint; // a preset made for this data that speeds its arrivals (it queues then)
    for (std::size_t i = 0; i < all.size(); ++i) {
        presets_->addItem(all[i].name, QString::number(i));
        const int row = presets_->count() - 1;
        // A data set's quotas on other data would only fail the run ("unknown VC"): offered, but
        // greyed out with the reason.
        if (const QString why = presetMismatch(all[i], trace); !why.isEmpty()) {
            presets_->setItemData(row, all[i].description + QStringLiteral("\n\n") + tr("Not for this data: %1.").arg(why), Qt::ToolTipRole);
            if (auto* model = qobject_cast<QStandardItemModel*>(presets_->model()))
                model->item(row)->setEnabled(false);
        } else {
            presets_->setItemData(row, all[i].description, Qt::ToolTipRole);
            if (trace && all[i].keepsQuotas && all[i].scenario.arrivals.speedup > 1)
                loadHint = all[i].name;
        }
    }
    sweep_->setLoadHint(loadHint);
    if (!projectScenarios_.empty())
        presets_->insertSeparator(presets_->count());
    for (const auto& named : projectScenarios_) {
        const QString name = QString::fromStdString(named.name);
        presets_->addItem(tr("Project: %1").arg(name), QStringLiteral("named:") + name);
        presets_->setItemData(presets_->count() - 1, tr("Knobs kept in this project"), Qt::ToolTipRole);
    }
    refreshPresetMarker();
}

bool MainWindow::keepScenarioAs(const QString& nameIn)
{
    const std::string name = nameIn.trimmed().toStdString();
    if (name.empty() || name == kCurrentName) // "current" is the project's own knobs
        return false;
    const NamedScenario kept{name, scenarioToJson(session_->scenario())};
    const auto same = std::find_if(projectScenarios_.begin(), projectScenarios_.end(),
                                   [&](const NamedScenario& n) { return n.name == name; });
    if (same != projectScenarios_.end())
        *same = kept;
    else
        projectScenarios_.push_back(kept);
    refreshPresets();
    markModified();
    statusBar()->showMessage(tr("Kept these knobs as \"%1\" (saved with the project)").arg(nameIn.trimmed()), 5000);
    return true;
}

bool MainWindow::applyNamedScenario(const QString& name)
{
    for (const auto& named : projectScenarios_) {
        if (QString::fromStdString(named.name) != name)
            continue;
        try {
            const auto scenario = parseScenarioJson(named.json, tr("scenario '%1'").arg(name).toStdString());
            presetName_ = tr("Project: %1").arg(name);
            presetScenario_ = scenario;
            applyScenario(scenario, tr("Apply %1").arg(presetName_));
            refreshPresetMarker();
            return true;
        } catch (const std::exception& e) {
            showError(tr("Cannot use this scenario"), QString::fromStdString(e.what()));
            return false;
        }
    }
    return false;
}

void MainWindow::applyScenario(const Scenario& scenario, const QString& what)
{
    showScenario(scenario);
    history_->changed(scenario, what);
}

void MainWindow::showScenario(const Scenario& scenario)
{
    markModified();
    scenario_->setScenario(scenario);
    phases_->setAutoscaler(scenario.autoscaler);
    session_->setScenario(scenario);
}

QString MainWindow::presetMarker() const
{
    if (presetName_.isEmpty() || !history_)
        return tr("Presets…");
    return history_->current() == presetScenario_ ? tr("Preset: %1").arg(presetName_)
                                                  : tr("Preset: %1 · changed").arg(presetName_);
}

void MainWindow::refreshPresetMarker()
{
    if (!presets_ || presets_->count() == 0 || !history_)
        return;
    presets_->setItemText(0, presetMarker());
    presets_->setItemData(0, presetName_.isEmpty() ? QVariant() : QVariant(tr("Knobs applied from \"%1\"%2; choose a preset to apply another")
                                                                                 .arg(presetName_, history_->current() == presetScenario_ ? QString() : tr(", changed since"))),
                          Qt::ToolTipRole);
}

void MainWindow::connectPhases()
{
    phases_->setAutoscaler(session_->scenario().autoscaler);
    // Knobs → page (the page re-scores, debounced, and does not echo back); page → knobs. Both
    // re-simulate when the autoscaler has a demand (RunController::setScenario decides).
    connect(scenario_, &ScenarioPanel::scenarioEdited, phases_,
            [this](const Scenario& s) { phases_->setAutoscaler(s.autoscaler); });
    connect(phases_, &PhasesPage::phasesReady, this, &MainWindow::onPhasesReady);
    connect(session_->runs(), &RunController::runStarted, this, [this] { adoptDemandAfterOpen_ = false; });
    connect(session_->runs(), &RunController::keptResultUsed, this, [this](std::uint64_t generation) { keptGeneration_ = generation; });
    connect(session_->clock(), &PlaybackClock::timeChanged, phases_, [this] { phases_->setClusterTime(session_->clock()->time()); });
    connect(phases_, &PhasesPage::seekRequested, session_->clock(), &PlaybackClock::seek);
    connect(phases_, &PhasesPage::autoscalerEdited, this, [this](const Scenario::Autoscaler& a) {
        Scenario s = scenario_->scenario();
        s.autoscaler = a;
        scenario_->setScenario(s);
        session_->setScenario(s);
        markModified();
        history_->changed(s);
    });
    connect(phases_, &PhasesPage::edited, this, &MainWindow::markModified);
    connect(phases_, &PhasesPage::failed, this, [this](const QString& message) { statusBar()->showMessage(message, 10000); });
}

void MainWindow::openPhasesSampleIfNeeded(const Scenario& scenario)
{
    if (scenario.autoscaler.usage == UsageModel::None || phases_->controller()->data() || phases_->busy())
        return;
    const QString sample = QDir(demoDir_).filePath(QStringLiteral("../ai4dl/sample-dlaas.csv"));
    if (demoDir_.isEmpty() || !QFileInfo::exists(sample))
        return;
    statusBar()->showMessage(tr("The autoscaler's demand comes from the Phases page: opening the AI4DL sample there"), 8000);
    phases_->openMetrics(QFileInfo(sample).canonicalFilePath());
}

void MainWindow::onPhasesReady()
{
    const auto data = phases_->controller()->data();
    DemandSources sources;
    if (data) {
        sources.metricsName = QFileInfo(QString::fromStdString(data->metricsPath)).fileName();
        sources.phaseCount = data->demand ? static_cast<int>(data->demand->phases.size()) : 0;
        sources.problem = QString::fromStdString(data->demandError);
    }
    scenario_->setDemandSources(sources);
    session_->runs()->setDemand(data ? data->demand : nullptr, !std::exchange(adoptDemandAfterOpen_, false));
}

void MainWindow::onInputChanged()
{
    history_->reset(session_->scenario()); // nothing to undo into another trace's knobs
    presetName_.clear();
    refreshPresets(); // a data set's presets fit some traces only (and the marker with them)
    pendingView_.reset(); // a project's view belongs to its own data (set again after a restore)
    sweep_->setInput(session_->input()); // a sweep of other data is dropped (and stopped) at once
    const SimInput& in = session_->input();
    banner_->hide();
    scenario_->setTrace(in.trace);
    phases_->setSimulatedCluster(nullptr, {});
    heatmap_->setSnapshot(nullptr);
    overview_->setSnapshot(nullptr);
    gantt_->setSnapshot(nullptr);
    heatmap_->setCluster(in.cluster, in.trace);
    inspector_->setSnapshot(nullptr);
    summary_->setCurrent(nullptr);
    summary_->setBaseline(nullptr);
    timelines_->setBaseline(nullptr);
    updateTitle();
    const QLocale locale;
    if (in.cluster)
        clusterInfo_->setText(tr("%1 racks · %2 servers · %3 GPUs")
                                  .arg(locale.toString(in.cluster->rackCount()), locale.toString(in.cluster->serverCount()),
                                       locale.toString(in.cluster->gpuCount())));
    status_->setText(session_->description());
}

const QStringList& MainWindow::runNotes() const
{
    return runNotesButton_->notes();
}

void MainWindow::onSnapshot(SnapshotPtr snapshot)
{
    banner_->hide();
    const SimResult& r = *snapshot->result;
    if (r.cluster && r.cluster.get() != heatmap_->topology())
        heatmap_->setCluster(r.cluster, r.trace);
    timeControls_->setTimeFormat(timeFormatOf(r));
    timelines_->setSnapshot(snapshot);
    timelines_->setTime(session_->clock()->time());
    overview_->setSnapshot(snapshot);
    overview_->setTime(session_->clock()->time());
    gantt_->setSnapshot(snapshot);
    gantt_->setTime(session_->clock()->time());
    summary_->setCurrent(snapshot);
    inspector_->setSnapshot(snapshot);
    jobs_->setSnapshot(snapshot);
    jobs_->setTime(session_->clock()->time());
    QStringList runNotes;
    for (const auto& note : simulationNotes(r))
        runNotes << QString::fromStdString(note);
    runNotesButton_->setNotes(runNotes);
    heatmap_->setSnapshot(snapshot);
    heatmap_->setState(session_->state());
    phases_->setSimulatedCluster(snapshot->result, timeFormatOf(r), snapshot->phases);
    phases_->setClusterTime(session_->clock()->time());
    const QLocale locale;
    if (snapshot->generation == keptGeneration_) { // this scenario ran a moment ago (docs/gui.md "Results kept for going back")
        runInfo_->setText(tr("%1 jobs · kept result, shown at once (it took %2 s to simulate)")
                              .arg(locale.toString(r.summary.jobs))
                              .arg(snapshot->runSeconds, 0, 'f', 2));
    } else {
        runInfo_->setText(tr("%1 jobs simulated in %2 s").arg(locale.toString(r.summary.jobs)).arg(snapshot->runSeconds, 0, 'f', 2));
    }
    // As the results table words them (one rounding for both).
    const auto metric = [&](SummaryCompareModel::Row row) {
        return SummaryCompareModel::format(row, SummaryCompareModel::value(snapshot.get(), row).value_or(0.0));
    };
    // The cause that weighs most (with quotas it is fair share, and "fragmentation 0 s" misled).
    const auto cause = SummaryCompareModel::largestCause(snapshot.get());
    status_->setText(tr("%1 · mean wait %2 · %3 %4 per job")
                         .arg(session_->description(), metric(SummaryCompareModel::MeanDelay),
                              SummaryCompareModel::name(cause).trimmed(), metric(cause)));
    if (pendingView_) // an opened project's view, once its result shows
        applyView(*std::exchange(pendingView_, std::nullopt));
    emit viewsUpdated(snapshot->generation);
}

QString MainWindow::statusText() const
{
    return status_->text();
}

void MainWindow::showError(const QString& title, const QString& message)
{
    statusBar()->showMessage(message, 10000);
    if (interactive_)
        QMessageBox::warning(this, title, message);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (projectSave_->busy()) { // close when the file is complete
        closeAfterSave_ = true;
        statusBar()->showMessage(tr("Finishing the save before closing…"));
        event->ignore();
        return;
    }
    if (interactive_ && isWindowModified() && !projectPath_.isEmpty()) {
        const auto answer = QMessageBox::question(
            this, tr("Save changes?"), tr("Save the changes to %1 before closing?").arg(QFileInfo(projectPath_).fileName()),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Cancel) {
            event->ignore();
            return;
        }
        if (answer == QMessageBox::Save) {
            closeAfterSave_ = true;
            saveProject(projectPath_);
            event->ignore();
            return;
        }
    }
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::restoreSettings()
{
    QSettings s;
    if (s.contains(QStringLiteral("window/geometry")))
        restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    if (s.contains(QStringLiteral("window/state")))
        restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    // A name since the server modes; older settings hold the mode's number, which still reads.
    setColorMode(colorModeFromName(s.value(QStringLiteral("view/colorMode")).toString()).value_or(ColorMode::State));
    session_->clock()->setSpeed(s.value(QStringLiteral("view/speed"), 1000.0).toDouble());
    recent_->refresh();
}

void MainWindow::saveSettings()
{
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    // The dock layout is the Cluster page's, whatever page is shown.
    const Page page = shownPage_;
    if (page != Page::Cluster)
        showPage(Page::Cluster);
    s.setValue(QStringLiteral("window/state"), saveState());
    if (page != Page::Cluster)
        showPage(page);
    s.setValue(QStringLiteral("view/colorMode"), colorModeName(heatmap_->colorMode()));
    s.setValue(QStringLiteral("view/speed"), session_->clock()->speed());
}

} // namespace clens::ui
