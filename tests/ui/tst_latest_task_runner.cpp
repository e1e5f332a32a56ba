// LatestTaskRunner (ui/analysis/latest_task_runner.hpp): only the newest request's result reaches
// the GUI thread, an older one still running is dropped and sees stale(); a throwing work
// function reports its message through fail, or delivers a default result without one.
#include "ui/analysis/latest_task_runner.hpp"

#include <QSemaphore>
#include <QTest>

#include <stdexcept>

using clens::ui::analysis::LatestTaskRunner;

class TestLatestTaskRunner : public QObject {
    Q_OBJECT
private slots:
    void newestResultWins();
    void failureReportsItsMessage();
    void failureWithoutHandlerDeliversDefault();
};

void TestLatestTaskRunner::newestResultWins()
{
    LatestTaskRunner runner;
    QSemaphore firstMayFinish;
    std::atomic<bool> firstSawStale{false};
    QList<int> delivered;
    runner.run<int>(
        [&](const LatestTaskRunner::StaleFn& stale) {
            firstMayFinish.acquire(); // held until the second request exists
            firstSawStale = stale();
            return 1;
        },
        [&](int v) { delivered << v; });
    runner.run<int>([](const LatestTaskRunner::StaleFn&) { return 2; }, [&](int v) { delivered << v; });
    firstMayFinish.release();
    QTRY_VERIFY(!runner.busy());
    QTRY_VERIFY(firstSawStale.load());
    QCOMPARE(delivered, QList<int>{2});
}

void TestLatestTaskRunner::failureReportsItsMessage()
{
    LatestTaskRunner runner;
    QString failed;
    bool deliveredAnything = false;
    runner.run<int>([](const LatestTaskRunner::StaleFn&) -> int { throw std::runtime_error("disk on fire"); },
                    [&](int) { deliveredAnything = true; }, [&](const QString& message) { failed = message; });
    QTRY_COMPARE(failed, QStringLiteral("disk on fire"));
    QVERIFY(!deliveredAnything);
    QVERIFY(!runner.busy());
}

void TestLatestTaskRunner::failureWithoutHandlerDeliversDefault()
{
    LatestTaskRunner runner;
    int delivered = -1;
    runner.run<int>([](const LatestTaskRunner::StaleFn&) -> int { throw std::runtime_error("x"); }, [&](int v) { delivered = v; });
    QTRY_COMPARE(delivered, 0);
}

QTEST_MAIN(TestLatestTaskRunner)
#include "tst_latest_task_runner.moc"
