// The background run controller: results arrive without blocking, knob bursts are debounced
// into one run, a stale run never overwrites a newer result, cancellation and errors are
// reported as signals (no exception crosses the thread boundary).
#include "core/util/input_error.hpp"
#include "tests/ui/ui_test_support.hpp"
#include "ui/run/run_controller.hpp"

#include <QCoreApplication>
#include <QSemaphore>
#include <QThread>
#include <QSignalSpy>
#include <QTest>

#include <atomic>

using namespace clens;
using namespace clens::ui;

namespace {

// simulate() waits on a gate chosen by the scenario (relax_to_any_after_s: default 1800 s ->
// gate 0, 0 s -> gate 1, anything else -> gate 2), so the test decides which run finishes
// first whatever order the worker threads start in. Ignores cancellation on purpose, so a
// superseded run really finishes late.
struct GatedEngine {
    std::shared_ptr<std::array<QSemaphore, 3>> gates = std::make_shared<std::array<QSemaphore, 3>>();
    std::shared_ptr<std::atomic<int>> calls = std::make_shared<std::atomic<int>>(0);

    Engine engine() const
    {
        Engine e = test::fakeEngine();
        e.simulate = [gates = gates, calls = calls](const SimInput& in, const Scenario& s, const ProgressFn&) {
            ++*calls;
            const auto relax = s.locality.relaxToAnyAfter_s;
            const std::size_t gate = relax == std::optional<std::int64_t>(1800) ? 0 : relax == std::optional<std::int64_t>(0) ? 1 : 2;
            (*gates)[gate].acquire();
            return test::fakeSimulate(in, s, {});
        };
        return e;
    }
    void release(std::size_t gate) const { (*gates)[gate].release(); }
};

// Opens every gate when the test leaves (declared after the controller, destroyed before it),
// so a failing test cannot leave a worker blocked and hang the controller's destructor.
struct OpenGatesOnExit {
    const GatedEngine& gated;
    ~OpenGatesOnExit()
    {
        for (auto& g : *gated.gates)
            g.release(100);
    }
};

Scenario withRelaxAny(std::optional<std::int64_t> s)
{
    Scenario sc;
    sc.locality.relaxToAnyAfter_s = s;
    return sc;
}

// The fake engine, counting its runs.
Engine countingEngine(std::shared_ptr<std::atomic<int>> calls)
{
    Engine e = test::fakeEngine();
    e.simulate = [calls](const SimInput& in, const Scenario& s, const ProgressFn& progress) {
        ++*calls;
        return test::fakeSimulate(in, s, progress);
    };
    return e;
}

} // namespace

class TestRunController : public QObject {
    Q_OBJECT
private slots:
    void firstResultArrives()
    {
        RunController runs(test::fakeEngine());
        QSignalSpy ready(&runs, &RunController::resultReady);
        QSignalSpy busy(&runs, &RunController::busyChanged);
        runs.setInput(test::demoInput());
        QVERIFY(runs.isBusy()); // returned at once, the run is in the background
        QVERIFY(ready.wait(10000));
        QCOMPARE(ready.count(), 1);
        const auto snapshot = ready.at(0).at(0).value<SnapshotPtr>();
        QVERIFY(snapshot && snapshot->result && snapshot->states);
        QCOMPARE(snapshot->result->jobs.size(), std::size_t(24));
        QCOMPARE(runs.latest(), snapshot);
        QVERIFY(!runs.isBusy());
        QCOMPARE(busy.count(), 2); // true, then false
    }

    void knobBurstIsDebouncedIntoOneRun()
    {
        RunController runs(test::fakeEngine());
        QSignalSpy ready(&runs, &RunController::resultReady);
        runs.setInput(test::demoInput());
        QVERIFY(ready.wait(10000));
        QSignalSpy started(&runs, &RunController::runStarted);
        // A slider drag: five values in one event-loop turn.
        for (std::int64_t v : {0, 60, 300, 600, 900})
            runs.setScenario(withRelaxAny(v));
        QVERIFY(ready.wait(10000));
        QCOMPARE(started.count(), 1);
        QCOMPARE(ready.count(), 2);
        const auto snapshot = ready.at(1).at(0).value<SnapshotPtr>();
        QVERIFY(snapshot->result->scenario.locality.relaxToAnyAfter_s == std::optional<std::int64_t>(900));
    }

    void aSingleChangeDoesNotWaitForTheDebounce()
    {
        RunController runs(test::fakeEngine());
        QSignalSpy ready(&runs, &RunController::resultReady);
        runs.setInput(test::demoInput());
        QVERIFY(ready.wait(10000));
        runs.setDebounceMs(60'000); // a run that waited for it would come long after the wait below
        QSignalSpy started(&runs, &RunController::runStarted);
        runs.setScenario(withRelaxAny(300));
        QVERIFY(runs.isBusy());
        QVERIFY(ready.wait(10000));
        QCOMPARE(started.count(), 1);
        QVERIFY(ready.last().at(0).value<SnapshotPtr>()->result->scenario.locality.relaxToAnyAfter_s
                == std::optional<std::int64_t>(300));
        QVERIFY(!runs.isBusy()); // no change since: no run to come
    }

    void aDragRunsAtItsStartAndOnceAfterItsEnd()
    {
        RunController runs(test::fakeEngine());
        QSignalSpy ready(&runs, &RunController::resultReady);
        runs.setInput(test::demoInput());
        QVERIFY(ready.wait(10000));
        runs.setDebounceMs(60'000);
        QSignalSpy started(&runs, &RunController::runStarted);
        runs.setScenario(withRelaxAny(0)); // the drag's first move: runs at the next turn
        QVERIFY(started.wait(10000));
        for (std::int64_t v : {60, 300, 600}) { // later moves, in later turns, within the interval
            runs.setScenario(withRelaxAny(v));
            QCoreApplication::processEvents();
        }
        QCOMPARE(started.count(), 1);
        QVERIFY(runs.isBusy()); // a run is to come
        runs.setDebounceMs(0); // the drag ends: the interval runs out
        runs.setScenario(withRelaxAny(900));
        QVERIFY(started.wait(10000));
        const auto results = ready.count();
        QVERIFY(ready.wait(10000) || ready.count() > results);
        QVERIFY(!runs.isBusy());
        QCOMPARE(started.count(), 2);
        QVERIFY(runs.latest()->result->scenario.locality.relaxToAnyAfter_s == std::optional<std::int64_t>(900));
    }

    void staleResultNeverOverwritesNewer()
    {
        GatedEngine gated;
        RunController runs(gated.engine());
        OpenGatesOnExit guard{gated};
        runs.setDebounceMs(0);
        QSignalSpy ready(&runs, &RunController::resultReady);
        QSignalSpy discarded(&runs, &RunController::runDiscarded);
        runs.setInput(test::demoInput());  // generation 1, default scenario (gate 0)
        const auto first = runs.generation();
        runs.setScenario(withRelaxAny(0)); // generation 2 (gate 1)
        runs.runNow();
        const auto second = runs.generation();
        QVERIFY(second > first);
        QTRY_COMPARE(gated.calls->load(), 2);
        gated.release(1); // the newer run finishes first
        QVERIFY(ready.wait(10000));
        gated.release(0); // then the stale one
        QVERIFY(discarded.wait(10000));
        QCOMPARE(discarded.at(0).at(0).value<std::uint64_t>(), first);
        QCOMPARE(ready.count(), 1);
        const auto latest = runs.latest();
        QCOMPARE(latest->generation, second);
        QVERIFY(latest->result->scenario.locality.relaxToAnyAfter_s == std::optional<std::int64_t>(0));
    }

    void resultQueuedBeforeANewRequestIsDropped()
    {
        // The first run finishes completely (past its cancellation checks) and its result
        // waits in the event queue while a new request starts: only the generation number
        // can tell that this result is stale.
        RunController runs(test::fakeEngine());
        runs.setDebounceMs(0);
        QSignalSpy ready(&runs, &RunController::resultReady);
        QSignalSpy discarded(&runs, &RunController::runDiscarded);
        runs.setInput(test::demoInput());
        const auto first = runs.generation();
        runs.waitForWorkers(); // no event processed: the result is queued, not delivered
        QCOMPARE(ready.count(), 0);
        runs.setScenario(withRelaxAny(0));
        runs.runNow();
        QVERIFY(ready.wait(10000));
        QCOMPARE(ready.count(), 1);
        QCOMPARE(discarded.count(), 1);
        QCOMPARE(discarded.at(0).at(0).value<std::uint64_t>(), first);
        QVERIFY(runs.latest()->result->scenario.locality.relaxToAnyAfter_s == std::optional<std::int64_t>(0));
    }

    void newRunCancelsTheOldOne()
    {
        // The first run (default scenario) spins until asked to cancel; the second must still
        // be published.
        auto sawCancel = std::make_shared<std::atomic<bool>>(false);
        auto calls = std::make_shared<std::atomic<int>>(0);
        Engine e = test::fakeEngine();
        e.simulate = [sawCancel, calls](const SimInput& in, const Scenario& s, const ProgressFn& progress) {
            ++*calls;
            if (s.locality.relaxToAnyAfter_s == std::optional<std::int64_t>(1800)) {
                while (progress(0.5))
                    QThread::yieldCurrentThread();
                sawCancel->store(true);
                throw Cancelled();
            }
            return test::fakeSimulate(in, s, progress);
        };
        RunController runs(e);
        QSignalSpy ready(&runs, &RunController::resultReady);
        QSignalSpy discarded(&runs, &RunController::runDiscarded);
        runs.setInput(test::demoInput());
        QTRY_COMPARE(calls->load(), 1);
        runs.setScenario(withRelaxAny(60));
        runs.runNow();
        QVERIFY(ready.wait(10000));
        if (discarded.isEmpty())
            QVERIFY(discarded.wait(10000));
        QVERIFY(sawCancel->load());
        QCOMPARE(ready.count(), 1);
        QVERIFY(runs.latest()->result->scenario.locality.relaxToAnyAfter_s == std::optional<std::int64_t>(60));
    }

    void explicitCancelPublishesNothing()
    {
        GatedEngine gated;
        RunController runs(gated.engine());
        OpenGatesOnExit guard{gated};
        QSignalSpy ready(&runs, &RunController::resultReady);
        QSignalSpy discarded(&runs, &RunController::runDiscarded);
        runs.setInput(test::demoInput());
        QTRY_COMPARE(gated.calls->load(), 1);
        runs.cancel();
        QVERIFY(!runs.isBusy());
        gated.release(0);
        QVERIFY(discarded.wait(10000));
        QCOMPARE(ready.count(), 0);
        QVERIFY(!runs.latest());
    }

    void engineErrorBecomesASignal()
    {
        Engine e = test::fakeEngine();
        e.simulate = [](const SimInput&, const Scenario&, const ProgressFn&) -> SimResult {
            throw InputError("scenario", 0, "quota.vc", "unknown VC 'ghost'");
        };
        RunController runs(e);
        QSignalSpy failed(&runs, &RunController::runFailed);
        QSignalSpy ready(&runs, &RunController::resultReady);
        runs.setInput(test::demoInput());
        QVERIFY(failed.wait(10000));
        QVERIFY(failed.at(0).at(1).toString().contains(QStringLiteral("unknown VC 'ghost'")));
        QCOMPARE(ready.count(), 0);
        QVERIFY(!runs.isBusy());
    }

    void progressIsReportedForTheCurrentRun()
    {
        Engine e = test::fakeEngine();
        e.simulate = [](const SimInput& in, const Scenario& s, const ProgressFn& progress) {
            // Report for a while (the controller throttles to one report per ~40 ms).
            QElapsedTimer timer;
            timer.start();
            while (timer.elapsed() < 150)
                if (!progress(static_cast<double>(timer.elapsed()) / 150.0))
                    throw Cancelled();
            return test::fakeSimulate(in, s, progress);
        };
        RunController runs(e);
        QSignalSpy progress(&runs, &RunController::progressChanged);
        QSignalSpy ready(&runs, &RunController::resultReady);
        runs.setInput(test::demoInput());
        QVERIFY(ready.wait(10000));
        QVERIFY(progress.count() >= 1);
        QVERIFY(progress.count() < 50); // throttled, not one per call
        for (const auto& args : progress)
            QCOMPARE(args.at(0).value<std::uint64_t>(), runs.generation());
    }

    // The autoscaler's knobs and demand re-simulate only when the scenario's autoscaler uses a
    // demand; a new trace keeps the demand (it is the Phases page's, not the trace's).
    void autoscalerRerunsOnlyWithADemand_data()
    {
        QTest::addColumn<int>("usage");
        QTest::addColumn<QString>("change");
        QTest::addColumn<bool>("reruns");
        const int none = static_cast<int>(UsageModel::None), phases = static_cast<int>(UsageModel::Phases);
        QTest::newRow("sigma, demand none") << none << QStringLiteral("sigma") << false;
        QTest::newRow("sigma, demand phases") << phases << QStringLiteral("sigma") << true;
        QTest::newRow("new demand, demand none") << none << QStringLiteral("demand") << false;
        QTest::newRow("new demand, demand phases") << phases << QStringLiteral("demand") << true;
        QTest::newRow("adopted demand, demand phases") << phases << QStringLiteral("adopt") << false;
        QTest::newRow("power, demand none") << none << QStringLiteral("power") << true;
    }

    void autoscalerRerunsOnlyWithADemand()
    {
        QFETCH(int, usage);
        QFETCH(QString, change);
        QFETCH(bool, reruns);
        RunController runs(test::fakeEngine());
        QSignalSpy ready(&runs, &RunController::resultReady);
        Scenario s;
        s.autoscaler.usage = static_cast<UsageModel>(usage);
        runs.setScenario(s);
        runs.setInput(test::demoInput());
        QVERIFY(ready.wait(10000));
        QSignalSpy started(&runs, &RunController::runStarted);
        const auto demand = std::make_shared<const DemandProfile>();
        if (change == QLatin1String("sigma")) {
            s.autoscaler.sigma = 0.5;
            runs.setScenario(s);
        } else if (change == QLatin1String("power")) {
            s.power.enabled = true;
            runs.setScenario(s);
        } else {
            runs.setDemand(demand, change == QLatin1String("demand"));
        }
        QCOMPARE(runs.isBusy(), reruns); // busy from the debounce's start
        if (reruns)
            QVERIFY(started.wait(10000));
        if (change != QLatin1String("sigma") && change != QLatin1String("power")) {
            QCOMPARE(runs.input().demand, demand);
            runs.setInput(test::demoInput());
            QCOMPARE(runs.input().demand, demand);
        }
    }

    // Results kept for going back (docs/gui.md "Results kept for going back"): A → B → A shows
    // A's result again at once, published under the new request's generation, without a run.
    void goingBackShowsTheKeptResult()
    {
        auto calls = std::make_shared<std::atomic<int>>(0);
        RunController runs(countingEngine(calls));
        QSignalSpy ready(&runs, &RunController::resultReady);
        runs.setInput(test::demoInput());
        QVERIFY(ready.wait(10000));
        const auto first = ready.last().at(0).value<SnapshotPtr>();
        runs.setScenario(withRelaxAny(0));
        QVERIFY(ready.wait(10000));
        QCOMPARE(calls->load(), 2);
        QSignalSpy started(&runs, &RunController::runStarted);
        QSignalSpy kept(&runs, &RunController::keptResultUsed);
        runs.setScenario(Scenario{}); // back to the first knobs
        QVERIFY(ready.wait(10000));
        QCOMPARE(calls->load(), 2); // no third run
        QCOMPARE(ready.last().at(0).value<SnapshotPtr>(), first);
        QCOMPARE(started.count(), 1);
        QCOMPARE(kept.count(), 1);
        QCOMPARE(kept.at(0).at(0).value<std::uint64_t>(), runs.generation());
        QCOMPARE(first->generation, runs.generation());
        QCOMPARE(runs.latest(), first);
        QVERIFY(!runs.isBusy());
        QCOMPARE(runs.keptResults().size(), std::size_t(2));
    }

    // A kept result holds only for the input it was simulated with: another trace or cluster, or
    // another demand, runs again; a budget of 0 keeps nothing.
    void keptResultsGoWithTheirInput_data()
    {
        QTest::addColumn<QString>("change");
        QTest::newRow("new input") << QStringLiteral("input");
        QTest::newRow("new demand") << QStringLiteral("demand");
        QTest::newRow("no budget") << QStringLiteral("budget");
    }

    void keptResultsGoWithTheirInput()
    {
        QFETCH(QString, change);
        auto calls = std::make_shared<std::atomic<int>>(0);
        RunController runs(countingEngine(calls));
        QSignalSpy ready(&runs, &RunController::resultReady);
        if (change == QLatin1String("budget"))
            runs.setKeptResultsBytes(0);
        runs.setInput(test::demoInput());
        QVERIFY(ready.wait(10000));
        runs.setScenario(withRelaxAny(0));
        QVERIFY(ready.wait(10000));
        if (change == QLatin1String("input")) {
            runs.setInput(test::demoInput()); // runs with relax 0 (3rd call)
            QVERIFY(ready.wait(10000));
        } else if (change == QLatin1String("demand")) {
            runs.setDemand(std::make_shared<const DemandProfile>(), false); // demand none: no run now
        }
        const int before = calls->load();
        QSignalSpy kept(&runs, &RunController::keptResultUsed);
        runs.setScenario(Scenario{});
        QVERIFY(ready.wait(10000));
        QCOMPARE(calls->load(), before + 1);
        QCOMPARE(kept.count(), 0);
    }

    // The kept result's publication is queued like a run's: a newer request before it is
    // delivered wins, and the kept one is discarded.
    void aKeptResultNeverOverwritesANewerRequest()
    {
        auto calls = std::make_shared<std::atomic<int>>(0);
        RunController runs(countingEngine(calls));
        QSignalSpy ready(&runs, &RunController::resultReady);
        runs.setInput(test::demoInput());
        QVERIFY(ready.wait(10000));
        runs.setScenario(withRelaxAny(0));
        QVERIFY(ready.wait(10000));
        QSignalSpy discarded(&runs, &RunController::runDiscarded);
        runs.setScenario(Scenario{});
        runs.runNow(); // the kept result: published at the next turn...
        runs.setScenario(withRelaxAny(600));
        runs.runNow(); // ...but this request, a new value (a run), comes after it
        QVERIFY(ready.wait(10000));
        QTRY_COMPARE_WITH_TIMEOUT(calls->load(), 3, 10000);
        QVERIFY(ready.last().at(0).value<SnapshotPtr>()->result->scenario.locality.relaxToAnyAfter_s
                == std::optional<std::int64_t>(600));
        QCOMPARE(ready.count(), 3); // the kept publication was discarded
        QCOMPARE(discarded.count(), 1);
    }

    // The budget counts a result's arrays twice; over it the oldest go, freed on a worker thread
    // (a large result takes a while to free), never the one just shown.
    void keptResultsLeaveOffTheGuiThread()
    {
        auto freed = std::make_shared<test::FreedSnapshots>();
        auto calls = std::make_shared<std::atomic<int>>(0);
        const Engine engine = test::reportingFrees(countingEngine(calls), freed);
        RunController runs(engine);
        QSignalSpy ready(&runs, &RunController::resultReady);
        runs.setInput(test::demoInput());
        QVERIFY(ready.wait(10000));
        const auto one = approximateBytes(*ready.last().at(0).value<SnapshotPtr>());
        QVERIFY(one > 0);
        ready.clear(); // the spy holds what it saw: it would free it here
        runs.setKeptResultsBytes(one * 5 / 2); // room for two demo results, not three (their sizes differ a little)
        for (const std::int64_t relax : {0, 600}) {
            runs.setScenario(withRelaxAny(relax));
            QVERIFY(ready.wait(10000));
            ready.clear();
        }
        QCOMPARE(runs.keptResults().size(), std::size_t(2));
        QTRY_COMPARE_WITH_TIMEOUT(freed->count.load(), 1, 10000); // the first, the oldest
        QVERIFY(!freed->onGuiThread);
        runs.setKeptResultsBytes(one * 3 / 2); // the newest only
        QCOMPARE(runs.keptResults().size(), std::size_t(1));
        QTRY_COMPARE_WITH_TIMEOUT(freed->count.load(), 2, 10000);
        QVERIFY(!freed->onGuiThread);
        QVERIFY(runs.keptResults().bytes() <= one * 3 / 2);
        QSignalSpy kept(&runs, &RunController::keptResultUsed);
        const int before = calls->load();
        runs.runNow(); // the newest (relax 600) is the one kept
        QVERIFY(ready.wait(10000));
        QCOMPARE(kept.count(), 1);
        runs.setScenario(withRelaxAny(0)); // let go: runs again
        QVERIFY(ready.wait(10000));
        QCOMPARE(kept.count(), 1);
        QCOMPARE(calls->load(), before + 1);
        ready.clear();
    }
};

QTEST_GUILESS_MAIN(TestRunController)
#include "tst_run_controller.moc"
