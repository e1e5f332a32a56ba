// SimulatedPhaseIndex on a hand-built result: which phases the autoscaled jobs are in at t, and
// the phase transitions of each job's consecutive intervals up to t.
#include "core/sim/simulated_phases.hpp"

#include <QtTest>

using namespace clens;

namespace {

// Autoscaler interval 100 s from the first submission at 0, so ticks at 100, 200, 300, 400.
//   job 0, a gang on servers 0 and 1 (two runs, the same phases), 50..320:
//          [50,100) P0 · [100,200) P1 · [200,300) P1 · [300,320) P2
//   job 1, attempt 1 on server 2, 120..250: [120,200) P2 · [200,250) P0
//          attempt 2 (re-queued) on server 3, 250..380: [250,300) P1 · [300,380) unknown
SimResult handBuilt()
{
    SimResult r;
    r.firstSubmit_s = 0;
    r.scenario.autoscaler.interval_s = 100;
    const auto levels = [&](std::initializer_list<int> phases) {
        const auto first = static_cast<std::uint32_t>(r.scaledLevels.size());
        for (const int p : phases) {
            ScaledLevels l;
            l.phase = static_cast<std::int16_t>(p);
            r.scaledLevels.push_back(l);
        }
        return first;
    };
    r.scaledRuns.push_back({0, 0, 50, 320, levels({0, 1, 1, 2}), 4});
    r.scaledRuns.push_back({0, 1, 50, 320, levels({0, 1, 1, 2}), 4});
    r.scaledRuns.push_back({1, 2, 120, 250, levels({2, 0}), 2});
    r.scaledRuns.push_back({1, 3, 250, 380, levels({1, -1}), 2});
    return r;
}

using Counts = QList<int>;
using Matrix = QList<QList<int>>;

Counts toList(const std::vector<std::int32_t>& v) { return Counts(v.begin(), v.end()); }

} // namespace

class TstSimulatedPhases : public QObject {
    Q_OBJECT
private slots:
    void phaseCountIsTheLargestPhaseSeen() { QCOMPARE(SimulatedPhaseIndex(handBuilt()).phaseCount(), 3); }

    // The result lists its runs by start, then server. Listed otherwise — here job 2's gang
    // attempt [400,500) on servers 4 and 5 with its second attempt [500,600) on server 6 between
    // the two parts — the counts are the same: at t=450 job 2 runs once (in P1), not twice; at
    // t=550 its second attempt runs in P0 (one level per attempt: no transitions).
    void runsInAnyOrderCountTheSame()
    {
        SimResult r;
        r.firstSubmit_s = 0;
        r.scenario.autoscaler.interval_s = 100;
        for (const int p : {1, 1, 0}) {
            ScaledLevels l;
            l.phase = static_cast<std::int16_t>(p);
            r.scaledLevels.push_back(l);
        }
        r.scaledRuns.push_back({2, 4, 400, 500, 0, 1});
        r.scaledRuns.push_back({2, 5, 400, 500, 1, 1});
        r.scaledRuns.push_back({2, 6, 500, 600, 2, 1});
        SimResult shuffled = r;
        std::swap(shuffled.scaledRuns[1], shuffled.scaledRuns[2]); // s4@400, s6@500, s5@400
        const SimulatedPhaseIndex a(r), b(shuffled);
        QCOMPARE(b.at(450).runningTotal(), std::int64_t(1));
        QCOMPARE(b.at(450).running[1], 1);
        QCOMPARE(b.at(550).running[0], 1);
        for (std::int64_t t = 0; t <= 700; t += 10) {
            const auto x = a.at(t, 2), y = b.at(t, 2);
            QCOMPARE(toList(y.running), toList(x.running));
            QCOMPARE(y.transitionTotal(), x.transitionTotal());
        }
    }

    void emptyWithoutAutoscaledRuns()
    {
        const SimulatedPhaseIndex index{SimResult{}};
        QVERIFY(index.empty());
        const auto at = index.at(100, 4);
        QCOMPARE(at.running.size(), std::size_t(4));
        QCOMPARE(at.runningTotal(), std::int64_t(0));
        QCOMPARE(at.transitionTotal(), std::int64_t(0));
    }

    void countsAt_data()
    {
        QTest::addColumn<qint64>("t");
        QTest::addColumn<Counts>("running");
        QTest::addColumn<int>("unknown");
        QTest::addColumn<Matrix>("transitions");
        const Matrix none{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
        QTest::newRow("before anything") << qint64(0) << Counts{0, 0, 0} << 0 << none;
        // job 0 in [50,100) P0 (counted once though on two servers).
        QTest::newRow("job 0 alone") << qint64(50) << Counts{1, 0, 0} << 0 << none;
        // A transition counts from the instant its later interval begins (job 0's P0 -> P1 at 100).
        QTest::newRow("t=99") << qint64(99) << Counts{1, 0, 0} << 0 << none;
        QTest::newRow("t=100") << qint64(100) << Counts{0, 1, 0} << 0 << Matrix{{0, 1, 0}, {0, 0, 0}, {0, 0, 0}};
        // job 0 [100,200) P1, job 1 [120,200) P2; job 0's P0 -> P1 began at 100.
        QTest::newRow("t=150") << qint64(150) << Counts{0, 1, 1} << 0 << Matrix{{0, 1, 0}, {0, 0, 0}, {0, 0, 0}};
        // job 0 [200,300) P1, job 1's second attempt [250,300) P1. Transitions by 250: job 0 P0->P1
        // (100), P1->P1 (200); job 1 P2->P0 (200); nothing across the re-queue at 250.
        QTest::newRow("t=250") << qint64(250) << Counts{0, 2, 0} << 0 << Matrix{{0, 1, 0}, {0, 1, 0}, {1, 0, 0}};
        // job 0 [300,320) P2, job 1 [300,380) unknown; job 0's P1 -> P2 at 300; P1 -> unknown not counted.
        QTest::newRow("t=310") << qint64(310) << Counts{0, 0, 1} << 1 << Matrix{{0, 1, 0}, {0, 1, 1}, {1, 0, 0}};
        // An interval ends before t: job 0 ended at 320.
        QTest::newRow("t=320") << qint64(320) << Counts{0, 0, 0} << 1 << Matrix{{0, 1, 0}, {0, 1, 1}, {1, 0, 0}};
        QTest::newRow("after everything") << qint64(1000) << Counts{0, 0, 0} << 0 << Matrix{{0, 1, 0}, {0, 1, 1}, {1, 0, 0}};
    }

    void countsAt()
    {
        QFETCH(qint64, t);
        QFETCH(Counts, running);
        QFETCH(int, unknown);
        QFETCH(Matrix, transitions);
        const auto at = simulatedPhasesAt(handBuilt(), t);
        QCOMPARE(toList(at.running), running);
        QCOMPARE(at.runningUnknown, unknown);
        QCOMPARE(at.transitions.size(), std::size_t(3));
        for (std::size_t a = 0; a < 3; ++a)
            QCOMPARE(toList(at.transitions[a]), transitions[static_cast<qsizetype>(a)]);
    }

    void seriesSamplesEvenly()
    {
        // Five instants over [0, 400]: 0, 100, 200, 300, 400. At 100 job 0 is in P1 (its
        // interval [100,200)); at 200 job 0 P1 and job 1 P0 ([200,250)); at 300 job 0 P2 and job 1
        // unknown (not in any phase's count); nothing runs at 0 or 400.
        const SimulatedPhaseIndex index(handBuilt());
        const auto s = simulatedPhaseSeries(index, 0, 400, 5, 4);
        QCOMPARE(s.t, (std::vector<std::int64_t>{0, 100, 200, 300, 400}));
        QCOMPARE(s.running.size(), std::size_t(4));
        QCOMPARE(toList(s.running[0]), (Counts{0, 0, 1, 0, 0}));
        QCOMPARE(toList(s.running[1]), (Counts{0, 1, 1, 0, 0}));
        QCOMPARE(toList(s.running[2]), (Counts{0, 0, 0, 1, 0}));
        QCOMPARE(toList(s.running[3]), (Counts{0, 0, 0, 0, 0}));
        QCOMPARE(simulatedPhaseSeries(index, 150, 150, 5).t, (std::vector<std::int64_t>{150}));
    }

    void paddedToTheModelsPhases()
    {
        const auto at = simulatedPhasesAt(handBuilt(), 150, 5);
        QCOMPARE(toList(at.running), (Counts{0, 1, 1, 0, 0}));
        QCOMPARE(at.transitions[4].size(), std::size_t(5));
    }

    // More transitions than one checkpoint holds: the prefix counts still add up.
    void manyTransitionsAcrossCheckpoints()
    {
        SimResult r;
        r.scenario.autoscaler.interval_s = 10;
        const int intervals = 10000; // job 0 alternates P0, P1 from 0 to 100,000 s
        for (int i = 0; i < intervals; ++i) {
            ScaledLevels l;
            l.phase = static_cast<std::int16_t>(i % 2);
            r.scaledLevels.push_back(l);
        }
        r.scaledRuns.push_back({0, 0, 0, intervals * 10, 0, static_cast<std::uint32_t>(intervals)});
        const SimulatedPhaseIndex index(r);
        // By t = 50,000 the intervals starting at 10, 20, ..., 50,000 began: 5,000 transitions,
        // alternately P0->P1 (into odd intervals) and P1->P0.
        const auto at = index.at(50'000);
        QCOMPARE(at.transitions[0][1], 2500);
        QCOMPARE(at.transitions[1][0], 2500);
        QCOMPARE(at.running[0], 1); // interval 5,000 [50,000, 50,010) is even: P0
        QCOMPARE(index.at(99'999).transitionTotal(), std::int64_t(intervals - 1));
    }
};

QTEST_APPLESS_MAIN(TstSimulatedPhases)
#include "tst_simulated_phases.moc"
