#include "ui/window/report_export.hpp"

#include "ui/analysis/analysis_figures.hpp"
#include "ui/analysis/compare_figures.hpp"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

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

void ReportExport::start(const QString& path, analysis::ReportInput input)
{
    busy_ = true;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    cancel_ = cancel;
    auto* watcher = new QFutureWatcher<PreparedReport>(this);
    connect(watcher, &QFutureWatcher<PreparedReport>::finished, this, [=, this] {
        const PreparedReport prepared = watcher->result();
        watcher->deleteLater();
        cancel_.reset();
        if (prepared.cancelled || cancel->load()) {
            busy_ = false;
            emit cancelled();
            return;
        }
        QString error = prepared.error;
        if (error.isEmpty()) {
            emit writing(path);
            error = analysis::ReportWriter(prepared.input).write(path);
        }
        busy_ = false;
        if (error.isEmpty())
            emit written(path);
        else
            emit failed(error);
    });
    watcher->setFuture(QtConcurrent::run(prepareReport, std::move(input), cancel));
}

void ReportExport::cancel()
{
    if (cancel_)
        cancel_->store(true);
}

} // namespace clens::ui
