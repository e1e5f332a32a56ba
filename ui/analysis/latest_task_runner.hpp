#pragma once
// Runs work off the GUI thread and delivers, on the GUI thread, only the result of the newest
// request: a newer request makes older ones stale (their work can stop early by polling the
// stale() function it is given, and their results are dropped). Nothing crosses the thread as
// an exception: a throwing work function delivers a default-constructed result.
#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

namespace clens::ui::analysis {

class LatestTaskRunner : public QObject {
    Q_OBJECT
public:
    using StaleFn = std::function<bool()>;

    explicit LatestTaskRunner(QObject* parent = nullptr)
        : QObject(parent)
    {
    }

    // R must be default-constructible and copyable (e.g. a shared_ptr to the outcome).
    template <class R>
    void run(std::function<R(const StaleFn&)> work, std::function<void(R)> deliver)
    {
        const auto generation = ++*latest_;
        const auto latest = latest_;
        const StaleFn stale = [latest, generation] { return latest->load() != generation; };
        auto* watcher = new QFutureWatcher<R>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, deliver] {
            watcher->deleteLater();
            if (generation != latest_->load())
                return;
            delivered_ = generation;
            deliver(watcher->result());
        });
        watcher->setFuture(QtConcurrent::run([work, stale]() -> R {
            try {
                return work(stale);
            } catch (...) {
                return R{};
            }
        }));
    }

    // Makes every running request stale.
    void cancel() { delivered_ = ++*latest_; }
    // A request is running whose result has not been delivered yet.
    bool busy() const { return delivered_ != latest_->load(); }

private:
    std::shared_ptr<std::atomic<std::uint64_t>> latest_ = std::make_shared<std::atomic<std::uint64_t>>(0);
    std::uint64_t delivered_ = 0;
};

} // namespace clens::ui::analysis
