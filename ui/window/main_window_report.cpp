// MainWindow: File → Export Report (PDF), fed with the session; ReportExport does the work and
// the window shows its progress and outcome in the status bar.
#include "ui/analysis/report_writer.hpp"
#include "ui/window/last_dir.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/project_save.hpp"
#include "ui/window/report_export.hpp"
#include "ui/window/session.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

namespace clens::ui {

void MainWindow::exportReport(const QString& pathIn)
{
    const QString path = QFileInfo(pathIn).absoluteFilePath();
    if (reports_->busy())
        return reportFailedBecause(tr("A report is still being written."));
    if (!session_->input().valid())
        return reportFailedBecause(tr("There is nothing to report yet: open a trace first."));
    rememberDir(path);
    analysis::ReportInput in;
    in.trace = session_->input().trace;
    in.cluster = session_->input().cluster;
    if (const auto c = session_->current())
        in.result = c->result;
    if (const auto b = session_->baseline(); b && in.result)
        in.baseline = b->result;

    saveProgress_->setRange(0, 0); // busy: the figures have no finer progress
    saveProgress_->show();
    cancelSave_->setToolTip(tr("Stop the report: no file is written"));
    cancelSave_->show();
    statusBar()->showMessage(tr("Preparing the report…"));
    reports_->start(path, std::move(in));
}

void MainWindow::connectReports()
{
    const auto done = [this] {
        saveProgress_->hide();
        saveProgress_->setRange(0, 100);
        if (!projectSave_->busy())
            cancelSave_->hide();
        statusBar()->clearMessage();
    };
    connect(reports_, &ReportExport::writing, this,
            [this](const QString& path) { statusBar()->showMessage(tr("Writing %1…").arg(QFileInfo(path).fileName())); });
    connect(reports_, &ReportExport::written, this, [this, done](const QString& path) {
        done();
        statusBar()->showMessage(tr("Wrote the report %1").arg(path), 5000);
        emit reportWritten(path);
    });
    connect(reports_, &ReportExport::failed, this, [this, done](const QString& message) {
        done();
        reportFailedBecause(message);
    });
    connect(reports_, &ReportExport::cancelled, this, [this, done] {
        done();
        statusBar()->showMessage(tr("Report cancelled: no file written"), 8000);
        emit reportFailed(tr("cancelled"));
    });
}

void MainWindow::reportFailedBecause(const QString& message)
{
    showError(tr("Cannot write the report"), message);
    emit reportFailed(message);
}

void MainWindow::chooseReportFile()
{
    const auto& trace = session_->input().trace;
    const QString stem = projectPath_.isEmpty()
                             ? (trace ? QFileInfo(QString::fromStdString(trace->meta.source)).completeBaseName() : QString())
                             : QFileInfo(projectPath_).completeBaseName();
    const QString path = askSavePath(this, tr("Export report (PDF)"), (stem.isEmpty() ? QStringLiteral("clusterlens") : stem) + QStringLiteral("-report.pdf"),
                                     tr("PDF document (*.pdf)"), QStringLiteral("pdf"));
    if (path.isEmpty())
        return;
    exportReport(path);
}

} // namespace clens::ui
