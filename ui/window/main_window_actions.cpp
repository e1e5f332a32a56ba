// MainWindow: menus, opening data, scenario files, exports.
#include "ui/window/main_window.hpp"
#include "ui/window/recent_files_menu.hpp"
#include "ui/window/cluster_exports.hpp"
#include "ui/window/scenario_history.hpp"
#include "ui/views/notes_button.hpp"

#include "ui/window/last_dir.hpp"
#include "ui/window/session.hpp"
#include "ui/io/project_io.hpp"
#include "ui/io/scenario_files.hpp"
#include "core/io/tenant_quota_scenario.hpp"
#include "ui/io/file_filters.hpp"
#include "ui/io/import_options_dialog.hpp"
#include "ui/io/trace_loader.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/style/color_mode.hpp"
#include "ui/views/scenario_panel.hpp"
#include "ui/views/time_controls.hpp"

#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenuBar>
#include <QUndoStack>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QStatusBar>
#include <QToolButton>
#include <QtConcurrent/QtConcurrentRun>


namespace clens::ui {
void MainWindow::buildMenus()
{
    buildFileMenu();
    buildEditMenu();
    buildViewMenu();
    buildSimulationMenu();
    buildHelpMenu();
}

void MainWindow::buildFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Open &Project…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, &MainWindow::chooseProjectToOpen);
    file->addAction(tr("&Open Trace…"), QKeySequence::Open, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open a job trace"), lastDir(), traceFileFilter());
        if (path.isEmpty())
            return;
        if (looksLikeProject(path))
            openProject(path);
        else
            openTrace(path);
    });
    file->addAction(tr("Open Container &Metrics…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open AI4DL container metrics"), lastDir(),
                                                          tr("Container metrics (*.csv);;All files (*)"));
        if (!path.isEmpty()) {
            rememberDir(path);
            openMetrics(path);
        }
    });
    file->addAction(tr("Open Teaching &Demo"), this, &MainWindow::openDemo);
    recent_ = new RecentFilesMenu(file->addMenu(tr("Open &Recent")), this);
    connect(recent_, &RecentFilesMenu::openProjectRequested, this, [this](const QString& path) { openProject(path); });
    connect(recent_, &RecentFilesMenu::openTraceRequested, this,
            [this](const QString& trace, const QString& cluster) { openTrace(trace, cluster); });
    file->addSeparator();
    file->addAction(tr("&Save Project"), QKeySequence::Save, this, [this] { saveProjectInteractively(false); });
    file->addAction(tr("Save Project &As…"), QKeySequence::SaveAs, this, [this] { saveProjectInteractively(true); });
    file->addSeparator();
    file->addAction(tr("&Load Scenario…"), this, &MainWindow::loadScenarioFile);
    file->addAction(tr("Sa&ve Scenario…"), this, &MainWindow::saveScenarioFile);
    file->addSeparator();
    file->addAction(tr("Export &Report (PDF)…"), QKeySequence(Qt::CTRL | Qt::Key_P), this, &MainWindow::chooseReportFile);
    file->addAction(tr("Export &Timelines…"), exports_, &ClusterExports::exportTimelines);
    file->addAction(tr("Export Timelines &Data (CSV)…"), exports_, &ClusterExports::exportTimelinesData);
    file->addAction(tr("Export Cluster &Map…"), exports_, &ClusterExports::exportMap);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
}

void MainWindow::buildEditMenu()
{
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = history_->stack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = history_->stack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
}

void MainWindow::buildViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < pages_->count(); ++i) {
        QAction* a = view->addAction(tr("%1 Page").arg(pages_->tabText(i)));
        a->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + i)));
        connect(a, &QAction::triggered, this, [this, i] { pages_->setCurrentIndex(i); });
    }
    view->addSeparator();
    modeActions_ = new QActionGroup(this);
    int key = 1;
    for (const auto mode : kColorModes) {
        QAction* a = view->addAction(tr("Colour by %1").arg(toDisplayString(mode)));
        a->setCheckable(true);
        a->setData(static_cast<int>(mode));
        a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_0 + key++)));
        a->setChecked(mode == heatmap_->colorMode());
        modeActions_->addAction(a);
        connect(a, &QAction::triggered, this, [this, mode] { setColorMode(mode); });
    }
    view->addSeparator();
    view->addAction(tr("Show &All Racks"), this, [this] { heatmap_->zoomToRack(-1); });
    view->addSeparator();
    TimeWindow* window = session_->window();
    view->addAction(tr("Zoom &In on Time"), QKeySequence::ZoomIn, window, &TimeWindow::zoomIn);
    view->addAction(tr("Zoom &Out on Time"), QKeySequence::ZoomOut, window, &TimeWindow::zoomOut);
    view->addAction(tr("&Whole Trace"), QKeySequence(Qt::CTRL | Qt::Key_0), window, &TimeWindow::showAll);
    view->addAction(tr("Zoom to Selected &Job"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J), this, [this] {
        const auto s = session_->current();
        if (const auto v = s ? s->jobView(session_->selectedJob()) : std::nullopt)
            session_->window()->show(v->first, v->second);
    });
    view->addSeparator();
    for (auto* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());
}

void MainWindow::buildSimulationMenu()
{
    QMenu* sim = menuBar()->addMenu(tr("&Simulation"));
    PlaybackClock* clock = session_->clock();
    QAction* play = sim->addAction(tr("&Play / Pause"), clock, &PlaybackClock::togglePlay);
    play->setShortcut(Qt::Key_Space);
    QAction* next = sim->addAction(tr("&Next Event"), timeControls_, &TimeControls::stepForward);
    next->setShortcut(Qt::Key_Period);
    QAction* prev = sim->addAction(tr("P&revious Event"), timeControls_, &TimeControls::stepBack);
    prev->setShortcut(Qt::Key_Comma);
    sim->addAction(tr("Go to &Start"), this, [clock] { clock->seek(clock->begin()); })->setShortcut(Qt::Key_Home);
    sim->addAction(tr("Go to &End"), this, [clock] { clock->seek(clock->end()); })->setShortcut(Qt::Key_End);
    sim->addSeparator();
    sim->addAction(tr("Pin Result as &Baseline"), QKeySequence(Qt::CTRL | Qt::Key_B), this, [this] {
        session_->pinBaseline();
        markModified();
    });
    sim->addAction(tr("&Clear Baseline"), this, [this] {
        session_->clearBaseline();
        markModified();
    });
    sim->addSeparator();
    sim->addAction(tr("&Keep Knobs in Project As…"), this, [this] {
        bool ok = false;
        const QString name = QInputDialog::getText(this, tr("Keep these knobs"),
                                                   tr("Name (offered under Presets…, saved with the project):"),
                                                   QLineEdit::Normal, {}, &ok);
        if (ok && !keepScenarioAs(name))
            showError(tr("Cannot keep these knobs"), tr("Give them a name other than \"current\"."));
    });
    sim->addSeparator();
    sim->addAction(tr("Re-&run Now"), QKeySequence(Qt::Key_F5), session_->runs(), &RunController::runNow);
    sim->addAction(tr("Reset Knobs to &Defaults"), this, [this] {
        Scenario s;
        s.quota.vcGpus = session_->scenario().quota.vcGpus;
        applyScenario(s);
    });
}

void MainWindow::buildHelpMenu()
{
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Quick Guide"), this, [this] {
        QMessageBox::information(
            this, tr("ClusterLens quick guide"),
            tr("<p><b>The map</b> shows every GPU: racks are boxes, each row is a server. Blue = busy, "
               "amber = held idle by a gang still waiting for GPUs, grey = idle, black = failed server. "
               "Hover for details, click a GPU to inspect its job (its whole gang is outlined), "
               "double-click a rack to zoom in.</p>"
               "<p><b>Time</b>: press Space to play, drag the scrubber or click the timelines to jump, "
               "use , and . to step between events.</p>"
               "<p><b>Knobs</b> (left): every change re-simulates in the background; the results, "
               "map and timelines update when it finishes. Pin a result as the baseline to compare.</p>"
               "<p><b>Why did a job wait?</b> The inspector splits its waiting time into fair share (its VC "
               "was over quota), fragmentation (GPUs were free but not in an allowed placement) and "
               "capacity (not enough free GPUs).</p>"));
    });
    help->addAction(tr("&About ClusterLens"), this, [this] {
        QMessageBox::about(this, tr("About ClusterLens"),
                           tr("<p><b>ClusterLens</b> — a what-if tool for multi-tenant GPU clusters.</p>"
                              "<p>Replays job traces through a discrete-event simulation of the scheduler "
                              "(gang scheduling, locality relaxation, quotas) after Jeon et al., "
                              "<i>Analysis of Large-Scale Multi-Tenant GPU Clusters for DNN Training "
                              "Workloads</i>, USENIX ATC 2019.</p>"));
    });
}

void MainWindow::openMetrics(const QString& path)
{
    showPage(Page::Phases);
    phases_->openMetrics(path);
}

void MainWindow::openDemo()
{
    const QDir dir(demoDir_);
    openTrace(dir.filePath(QStringLiteral("jobs.csv")), dir.filePath(QStringLiteral("cluster.csv")));
}

void MainWindow::openTrace(const QString& tracePath, const QString& clusterPathIn)
{
    const DetectedFormat detected = detectFormat(tracePath);
    if (!detected.format) {
        showError(tr("Cannot open trace"), detected.error);
        emit loadFailed(detected.error);
        return;
    }
    QString clusterPath = clusterPathIn;
    if (clusterPath.isEmpty()) {
        if (const auto found = findClusterFileFor(tracePath, *detected.format))
            clusterPath = *found;
        else if (interactive_)
            clusterPath = QFileDialog::getOpenFileName(
                this, tr("Which cluster does %1 run on?").arg(QFileInfo(tracePath).fileName()),
                QFileInfo(tracePath).absolutePath(), clusterFileFilter());
        if (clusterPath.isEmpty()) {
            const QString message = tr("%1: no cluster file given (looked for cluster.csv or a machine list next to it)")
                                        .arg(tracePath);
            showError(tr("Cannot open trace"), message);
            emit loadFailed(message);
            return;
        }
    }
    // Slurm and Kubernetes exports: ask how to read them (time zone, tenant, racks, quotas).
    ImportOptions importOptions = importOptions_;
    QString quotasPath = importQuotasPath_;
    if (interactive_ && ImportOptionsDialog::asksFor(*detected.format)) {
        ImportOptionsDialog::recall(importOptions);
        if (quotasPath.isEmpty())
            quotasPath = findQuotaFileFor(tracePath, *detected.format).value_or(QString());
        if (importOptions.topologyPath.empty())
            if (const auto topology = findTopologyFileFor(clusterPath))
                importOptions.topologyPath = topology->toStdString();
        ImportOptionsDialog dialog(*detected.format, importOptions, quotasPath, this);
        if (dialog.exec() != QDialog::Accepted) {
            emit loadFailed(tr("cancelled"));
            return;
        }
        importOptions = dialog.options();
        quotasPath = dialog.quotasPath();
    }
    rememberDir(tracePath);

    LoadRequest request;
    request.tracePath = tracePath;
    request.clusterPath = clusterPath;
    request.format = *detected.format;
    request.rackSize = session_->scenario().locality.rackSize;
    request.importOptions = importOptions;
    request.quotasPath = quotasPath;
    const auto [cancel, progress, ticket, dialog] = startOpening(tr("Loading %1…").arg(QFileInfo(tracePath).fileName()));
    statusBar()->showMessage(tr("Loading %1…").arg(tracePath));
    auto* watcher = new QFutureWatcher<LoadedData>(this);
    connect(watcher, &QFutureWatcher<LoadedData>::finished, this, [=, this] {
        const LoadedData data = watcher->result();
        watcher->deleteLater();
        if (!openSucceeded(ticket, dialog, data.cancelled, data.error, tr("Loading cancelled"), tr("Cannot open trace")))
            return;
        const QString description = QStringLiteral("%1 (%2)").arg(QFileInfo(tracePath).fileName(),
                                                                  QString::fromUtf8(toString(*detected.format).data()));
        importNotes_ = data.notes;
        std::optional<Scenario> withQuotas;
        if (data.quotas) { // the cluster's own quotas become the scenario's (strict) VC quotas
            withQuotas = session_->scenario();
            for (const auto& note : applyTenantQuotas(*data.quotas, quotasPath.toStdString(), *data.trace, *withQuotas))
                importNotes_ << QString::fromStdString(note);
        }
        notesButton_->setNotes(importNotes_);
        setProjectPath({});
        setWindowModified(false);
        session_->setInput(SimInput{data.cluster, data.trace}, description);
        if (withQuotas) {
            applyScenario(*withQuotas);
            history_->reset(*withQuotas); // the trace's quotas are where its history starts
        }
        recent_->addTrace(tracePath, clusterPath);
        emit dataLoaded();
    });
    watcher->setFuture(QtConcurrent::run([request, cancel, progress] {
        return loadData(request, [&](double f) {
            progress->store(static_cast<int>(f * 100));
            return !cancel->load();
        });
    }));
}

void MainWindow::loadScenarioFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load scenario"), lastDir(), tr("Scenario JSON (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    rememberDir(path);
    applyScenarioFile(path);
}

bool MainWindow::applyScenarioFile(const QString& path)
{
    const LoadedScenario loaded = loadScenario(path);
    if (!loaded.scenario) {
        showError(tr("Cannot load scenario"), loaded.error);
        return false;
    }
    applyScenario(*loaded.scenario);
    statusBar()->showMessage(tr("Loaded scenario %1").arg(path), 5000);
    return true;
}

bool MainWindow::selectJobById(const QString& id)
{
    const auto& trace = session_->input().trace;
    if (!trace)
        return false;
    const std::string wanted = id.toStdString();
    for (std::size_t j = 0; j < trace->jobs.size(); ++j)
        if (trace->jobs[j].id == wanted) {
            session_->selectJob(static_cast<std::int32_t>(j));
            return true;
        }
    return false;
}

bool MainWindow::zoomToRack(const QString& name)
{
    const Topology* topology = heatmap_->topology();
    if (!topology)
        return false;
    for (std::int32_t r = 0; r < topology->rackCount(); ++r)
        if (QString::fromStdString(topology->racks()[static_cast<std::size_t>(r)].name) == name) {
            heatmap_->zoomToRack(r);
            return true;
        }
    return false;
}

void MainWindow::saveScenarioFile()
{
    const QString path = askSavePath(this, tr("Save scenario"), QStringLiteral("scenario.json"), tr("Scenario JSON (*.json)"), QStringLiteral("json"));
    if (path.isEmpty())
        return;
    rememberDir(path);
    const QString error = saveScenario(path, session_->scenario());
    if (!error.isEmpty())
        showError(tr("Cannot save scenario"), error);
    else
        statusBar()->showMessage(tr("Saved scenario %1").arg(path), 5000);
}

} // namespace clens::ui
