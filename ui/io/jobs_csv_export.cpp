#include "ui/io/jobs_csv_export.hpp"

#include "core/io/job_results_csv.hpp"
#include "core/util/atomic_file.hpp"

#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace clens::ui {

namespace {
struct Outcome {
    QString error;
    bool cancelled = false;
};
constexpr std::size_t kWriteBuffer = std::size_t{1} << 20;
} // namespace

void JobsCsvExport::start(const QString& path, std::shared_ptr<const SimResult> result, std::vector<std::int32_t> jobs)
{
    if (busy() || !result)
        return;
    auto progress = std::make_shared<std::atomic<int>>(0);
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    cancel_ = cancel;
    const auto count = static_cast<qint64>(jobs.size());
    auto* watcher = new QFutureWatcher<Outcome>(this);
    auto* poll = new QTimer(watcher);
    poll->setInterval(100);
    connect(poll, &QTimer::timeout, this, [this, progress] { emit progressed(progress->load()); });
    poll->start();
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [=, this] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        cancel_.reset();
        if (outcome.cancelled)
            emit cancelled(path);
        else if (!outcome.error.isEmpty())
            emit failed(outcome.error);
        else
            emit exported(path, count);
    });
    watcher->setFuture(QtConcurrent::run([path, result = std::move(result), jobs = std::move(jobs), progress, cancel] {
        try { // nothing crosses the thread boundary as an exception
            store::AtomicOutputFile file(path.toStdString(), kWriteBuffer);
            writeJobResultsCsv(file.stream(), *result, jobs, [&](double f) {
                progress->store(static_cast<int>(f * 100));
                return !cancel->load();
            });
            file.commit();
            return Outcome{};
        } catch (const Cancelled&) {
            return Outcome{{}, true};
        } catch (const std::exception& e) {
            return Outcome{QString::fromStdString(e.what()), false};
        }
    }));
}

void JobsCsvExport::cancel()
{
    if (cancel_)
        cancel_->store(true);
}

} // namespace clens::ui
