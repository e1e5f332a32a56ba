#pragma once
// Runs work off the GUI thread and delivers, on the GUI thread, only the result of the newest
// request: a newer request makes older ones stale (their work can stop early by polling the
// stale() function it is given, and their results are dropped). Nothing crosses the thread as
// an exception: when the work throws, fail(message) is called with the exception's text (or,
// without fail, deliver gets a default-constructed result).
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <exception>
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
    void run(std::function<R(const StaleFn&)> work, std::function<void(R)> deliver, std::function<void(QString)> fail = {})
    {
        struct Outcome {
            R value{};
            bool failed = false;
            QString error;
        };
        const auto generation = ++*latest_;
        const auto latest = latest_;
        const StaleFn stale = [latest, generation] { return latest->load() != generation; };
        auto* watcher = new QFutureWatcher<Outcome>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, deliver, fail] {
            watcher->deleteLater();
            if (generation != latest_->load())
                return;
            delivered_ = generation;
            auto outcome = watcher->result();
            if (outcome.failed && fail)
                fail(outcome.error);
            else
                deliver(std::move(outcome.value));
        });
        watcher->setFuture(QtConcurrent::run([work, stale]() -> Outcome {
            try {
                return {work(stale), false, {}};
            } catch (const std::exception& e) {
                return {R{}, true, QString::fromUtf8(e.what())};
            } catch (...) {
                return {R{}, true, QStringLiteral("an unknown error")};
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
