// MainWindow: File → Export Report (PDF), the analysis engineer's ReportWriter fed with the
// session: figures and comparison computed on a worker, the pages drawn on the GUI thread
// (QCustomPlot draws there).
#include "ui/analysis/report_writer.hpp"
#include "ui/app/last_dir.hpp"
#include "ui/app/main_window.hpp"
#include "ui/app/session.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QProgressBar>
#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>
#include <QToolButton>

#include <atomic>
#include <memory>

namespace clens::ui {
namespace {

struct PreparedReport {
    analysis::ReportInput input;
    QString error;
    bool cancelled = false;
};

PreparedReport prepareReport(analysis::ReportInput in, std::shared_ptr<std::atomic<bool>> cancel)
{
    PreparedReport out;
    const auto stop = [cancel] { return cancel->load(); };
    const auto outcome = analysis::computeAnalysis({in.trace, in.cluster, in.result, nullptr}, stop);
    if (outcome.cancelled || stop()) {
        out.cancelled = true;
        return out;
    }
    if (!outcome.error.empty()) {
        out.error = QString::fromStdString(outcome.error);
        return out;
    }
    if (in.result && outcome.simulation)
        in.figures = std::make_shared<const analysis::SourceFigures>(*outcome.simulation);
    else
        in.figures = outcome.trace;
    if (in.baseline && in.result)
        in.comparison = std::make_shared<const analysis::CompareOutcome>(analysis::computeComparison(*in.baseline, *in.result));
    out.input = std::move(in);
    return out;
}

} // namespace

void MainWindow::exportReport(const QString& pathIn)
{
    const QString path = QFileInfo(pathIn).absoluteFilePath();
    const auto fail = [this](const QString& message) {
        showError(tr("Cannot write the report"), message);
        emit reportFailed(message);
    };
    if (reporting_)
        return fail(tr("A report is still being written."));
    if (!session_->input().valid())
        return fail(tr("There is nothing to report yet: open a trace first."));
    rememberDir(path);
    analysis::ReportInput in;
    in.trace = session_->input().trace;
    in.cluster = session_->input().cluster;
    if (const auto c = session_->current())
        in.result = c->result;
    if (const auto b = session_->baseline(); b && in.result)
        in.baseline = b->result;

    reporting_ = true;
    // The status bar's Cancel stops the report too (between figures); no file is written then.
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    saveCancel_ = cancel;
    saveProgress_->setRange(0, 0); // busy: the figures have no finer progress
    saveProgress_->show();
    cancelSave_->setToolTip(tr("Stop the report: no file is written"));
    cancelSave_->show();
    statusBar()->showMessage(tr("Preparing the report…"));
    auto* watcher = new QFutureWatcher<PreparedReport>(this);
    connect(watcher, &QFutureWatcher<PreparedReport>::finished, this, [=, this] {
        const PreparedReport prepared = watcher->result();
        watcher->deleteLater();
        saveCancel_.reset();
        cancelSave_->hide();
        if (prepared.cancelled || cancel->load()) {
            reporting_ = false;
            saveProgress_->hide();
            saveProgress_->setRange(0, 100);
            statusBar()->showMessage(tr("Report cancelled: no file written"), 8000);
            emit reportFailed(tr("cancelled"));
            return;
        }
        QString error = prepared.error;
        if (error.isEmpty()) {
            statusBar()->showMessage(tr("Writing %1…").arg(QFileInfo(path).fileName()));
            error = analysis::ReportWriter(prepared.input).write(path);
        }
        reporting_ = false;
        saveProgress_->hide();
        saveProgress_->setRange(0, 100);
        statusBar()->clearMessage();
        if (!error.isEmpty())
            return fail(error);
        statusBar()->showMessage(tr("Wrote the report %1").arg(path), 5000);
        emit reportWritten(path);
    });
    watcher->setFuture(QtConcurrent::run(prepareReport, std::move(in), cancel));
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
