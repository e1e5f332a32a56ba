#include "ui/window/project_save.hpp"

#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace clens::ui {

void ProjectSave::start(const QString& path, SessionContents contents)
{
    busy_ = true;
    auto progress = std::make_shared<std::atomic<int>>(0);
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    cancel_ = cancel;
    auto* watcher = new QFutureWatcher<SavedProject>(this);
    auto* poll = new QTimer(watcher);
    poll->setInterval(50);
    connect(poll, &QTimer::timeout, this, [this, progress] { emit progressed(progress->load()); });
    poll->start();
    connect(watcher, &QFutureWatcher<SavedProject>::finished, this, [=, this] {
        const SavedProject outcome = watcher->result();
        watcher->deleteLater();
        busy_ = false;
        cancel_.reset();
        if (outcome.cancelled)
            emit cancelled(path);
        else if (!outcome.error.isEmpty())
            emit failed(outcome.error);
        else
            emit saved(path);
    });
    watcher->setFuture(QtConcurrent::run([path, contents = std::move(contents), progress, cancel] {
        return writeProject(path, contents, [&](double f) {
            progress->store(static_cast<int>(f * 100));
            return !cancel->load();
        });
    }));
}

void ProjectSave::cancel()
{
    if (cancel_)
        cancel_->store(true);
}

} // namespace clens::ui
