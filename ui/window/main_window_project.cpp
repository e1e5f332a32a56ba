// MainWindow: opening and saving .clens projects, in the background.
#include "ui/window/last_dir.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/recent_files_menu.hpp"
#include "ui/window/project_save.hpp"
#include "ui/window/report_export.hpp"
#include "ui/views/notes_button.hpp"
#include "ui/window/session.hpp"
#include "ui/io/project_io.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/style/color_mode.hpp"
#include "ui/sweep/sweep_page.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/scenario_panel.hpp"

#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>
#include <QtConcurrent/QtConcurrentRun>

namespace clens::ui {

void MainWindow::chooseProjectToOpen()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a ClusterLens project"), lastDir(),
                                                      tr("ClusterLens projects (*.clens);;All files (*)"));
    if (!path.isEmpty())
        openProject(path);
}

void MainWindow::openProject(const QString& pathIn)
{
    const QString path = QFileInfo(pathIn).absoluteFilePath();
    rememberDir(path);
    const auto [cancel, progress, ticket, dialog] = startOpening(tr("Opening %1…").arg(QFileInfo(path).fileName()));
    statusBar()->showMessage(tr("Opening %1…").arg(path));
    auto* watcher = new QFutureWatcher<OpenedProject>(this);
    connect(watcher, &QFutureWatcher<OpenedProject>::finished, this, [=, this] {
        const OpenedProject opened = watcher->result();
        watcher->deleteLater();
        if (openSucceeded(ticket, dialog, opened.cancelled, opened.error, tr("Opening cancelled"), tr("Cannot open project")))
            onProjectOpened(path, opened);
    });
    watcher->setFuture(QtConcurrent::run([engine = engine_, path, cancel, progress] {
        return readProject(engine, path, [&](double f) {
            progress->store(static_cast<int>(f * 100));
            return !cancel->load();
        });
    }));
}

MainWindow::OpenInFlight MainWindow::startOpening(const QString& label)
{
    if (loadCancel_)
        loadCancel_->store(true);
    OpenInFlight open{std::make_shared<std::atomic<bool>>(false), std::make_shared<std::atomic<int>>(0), ++loading_, nullptr};
    loadCancel_ = open.cancel;
    if (!interactive_)
        return open;
    auto* dialog = new QProgressDialog(label, tr("Cancel"), 0, 100, this);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(300);
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    connect(dialog, &QProgressDialog::canceled, this, [cancel = open.cancel] { cancel->store(true); });
    auto* poll = new QTimer(dialog);
    poll->setInterval(50);
    connect(poll, &QTimer::timeout, dialog, [dialog, progress = open.progress] { dialog->setValue(progress->load()); });
    poll->start();
    open.dialog = dialog;
    return open;
}

bool MainWindow::openSucceeded(int ticket, QProgressDialog* dialog, bool cancelled, const QString& error,
                               const QString& cancelledText, const QString& errorTitle)
{
    endOpening(dialog);
    statusBar()->clearMessage();
    if (ticket != loading_) // a newer open superseded this one
        return false;
    if (cancelled) {
        statusBar()->showMessage(cancelledText, 5000);
        emit loadFailed(tr("cancelled"));
        return false;
    }
    if (!error.isEmpty()) {
        showError(errorTitle, error);
        emit loadFailed(error);
        return false;
    }
    return true;
}

void MainWindow::endOpening(QProgressDialog* dialog)
{
    if (!dialog)
        return;
    dialog->hide();
    delete dialog; // its poll timer with it
}

void MainWindow::onProjectOpened(const QString& path, const OpenedProject& opened)
{
    importNotes_ = opened.notes;
    if (const auto& trace = opened.input.trace) {
        if (!trace->meta.tenantNote.empty())
            importNotes_ << QString::fromStdString(trace->meta.tenantNote);
        for (const auto& note : trace->meta.notes)
            importNotes_ << QString::fromStdString(note);
    }
    phases_->setAutoscaler(opened.scenario.autoscaler);
    // A project without container metrics leaves the Phases page as it is (they are not tied to
    // the trace).
    // Its phases are labelled again in the background; the demand they make is the one its
    // stored result was simulated with, so it is taken without re-simulating (unless a run
    // starts before it arrives).
    adoptDemandAfterOpen_ = opened.phases && opened.phases->metrics && opened.current;
    if (opened.phases) {
        const QString note = phases_->restore(*opened.phases);
        if (!note.isEmpty())
            importNotes_ << note;
    }
    notesButton_->setNotes(importNotes_);
    projectScenarios_ = opened.otherScenarios;
    sweep_->setInput(opened.input); // the sweep belongs to this data: set it before the sweep
    sweep_->restore(opened.sweep);
    refreshPresets();
    scenario_->setScenario(opened.scenario);
    setProjectPath(path);
    session_->restore(opened.input, QFileInfo(path).fileName(), opened.scenario, opened.current, opened.baseline);
    pendingView_ = opened.view; // applied when the restored result shows (it is published queued)
    setWindowModified(false);
    recent_->addProject(path);
    emit dataLoaded();
    emit projectOpened(path);
}

ProjectView MainWindow::currentView() const
{
    ProjectView view;
    if (session_->current())
        view.time_s = session_->clock()->time();
    if (session_->selectedJob() >= 0)
        view.selectedJob = session_->selectedJob();
    view.colorMode = colorModeName(heatmap_->colorMode()).toStdString();
    view.page = pageName(shownPage_).toStdString();
    if (const TimeWindow* w = session_->window(); session_->current() && w->zoomed()) {
        view.windowFrom_s = w->from();
        view.windowTo_s = w->to();
    }
    return view;
}

void MainWindow::applyView(const ProjectView& view)
{
    // Each part only when it fits this data: a file edited by hand must not break the window.
    // The window first, so the cursor is then kept in it (not the window moved to the cursor).
    // No window saved: the whole trace was shown (not the opening window of a new trace).
    if (view.windowFrom_s && view.windowTo_s)
        session_->window()->show(*view.windowFrom_s, *view.windowTo_s);
    else
        session_->window()->showAll();
    if (view.time_s)
        session_->clock()->seek(*view.time_s);
    const auto& trace = session_->input().trace;
    if (view.selectedJob && trace && *view.selectedJob >= 0 && static_cast<std::size_t>(*view.selectedJob) < trace->jobs.size())
        session_->selectJob(static_cast<std::int32_t>(*view.selectedJob));
    if (const auto mode = colorModeFromName(QString::fromStdString(view.colorMode)))
        setColorMode(*mode);
    if (const auto page = pageFromName(QString::fromStdString(view.page)))
        showPage(*page);
}

void MainWindow::saveProjectInteractively(bool askForName)
{
    QString path = projectPath_;
    if (askForName || path.isEmpty()) {
        QString suggestion = projectPath_;
        if (suggestion.isEmpty()) {
            const auto& trace = session_->input().trace;
            const QString stem = trace ? QFileInfo(QString::fromStdString(trace->meta.source)).completeBaseName() : QString();
            suggestion = (stem.isEmpty() ? QStringLiteral("project") : stem) + QStringLiteral(".clens");
        }
        path = askSavePath(this, tr("Save project"), suggestion, tr("ClusterLens projects (*.clens)"), QStringLiteral("clens"));
        if (path.isEmpty())
            return;
    }
    saveProject(path);
}

void MainWindow::saveProject(const QString& pathIn)
{
    const QString path = QFileInfo(pathIn).absoluteFilePath();
    if (projectSave_->busy()) {
        showError(tr("Cannot save project"), tr("A save is still in progress."));
        emit saveFailed(tr("a save is still in progress"));
        return;
    }
    if (!session_->input().valid()) {
        showError(tr("Cannot save project"), tr("There is nothing to save yet."));
        emit saveFailed(tr("nothing to save"));
        return;
    }
    rememberDir(path);
    // Everything handed to the worker is immutable (shared snapshots), so the user can go on
    // changing knobs while the file is written.
    SessionContents contents;
    contents.input = session_->input();
    contents.scenario = session_->scenario();
    if (const auto c = session_->current())
        contents.current = c->result;
    if (const auto b = session_->baseline())
        contents.baseline = b->result;
    contents.otherScenarios = projectScenarios_;
    contents.phases = phases_->projectPhases();
    contents.view = currentView();
    if (const auto sweep = sweep_->result(); sweep && sweep->finished)
        contents.sweep = sweep; // a sweep still running is saved once it is done

    saveProgress_->setValue(0);
    saveProgress_->show();
    cancelSave_->setToolTip(tr("Stop saving: the file stays as it was"));
    cancelSave_->show();
    statusBar()->showMessage(tr("Saving %1…").arg(QFileInfo(path).fileName()));
    projectSave_->start(path, std::move(contents));
}

void MainWindow::connectProjectSave()
{
    const auto done = [this] {
        saveProgress_->hide();
        if (!reports_->busy())
            cancelSave_->hide();
        statusBar()->clearMessage();
    };
    connect(projectSave_, &ProjectSave::progressed, saveProgress_, &QProgressBar::setValue);
    connect(projectSave_, &ProjectSave::cancelled, this, [this, done](const QString& path) {
        done();
        closeAfterSave_ = false;
        statusBar()->showMessage(tr("Save cancelled: %1 is as it was").arg(QFileInfo(path).fileName()), 8000);
        emit saveFailed(tr("cancelled"));
    });
    connect(projectSave_, &ProjectSave::failed, this, [this, done](const QString& message) {
        done();
        closeAfterSave_ = false;
        showError(tr("Cannot save project"), message);
        emit saveFailed(message);
    });
    connect(projectSave_, &ProjectSave::saved, this, [this, done](const QString& path) {
        done();
        setProjectPath(path);
        setWindowModified(false);
        recent_->addProject(path);
        statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
        emit projectSaved(path);
        if (closeAfterSave_)
            close();
    });
}

bool MainWindow::isSaving() const
{
    return projectSave_->busy();
}

void MainWindow::cancelSave()
{
    projectSave_->cancel();
    reports_->cancel();
}

void MainWindow::setProjectPath(const QString& path)
{
    projectPath_ = path;
    if (path.isEmpty() && !projectScenarios_.empty()) {
        projectScenarios_.clear();
        refreshPresets();
    }
    updateTitle();
}

void MainWindow::markModified()
{
    if (!projectPath_.isEmpty())
        setWindowModified(true);
}

void MainWindow::updateTitle()
{
    const QString name = projectPath_.isEmpty() ? session_->description() : QFileInfo(projectPath_).fileName();
    setWindowTitle(name.isEmpty() ? tr("ClusterLens") : tr("ClusterLens — %1[*]").arg(name));
}

} // namespace clens::ui
