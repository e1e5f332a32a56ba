// Hand-computed micro-scenarios for the queue policies (docs/queue-policies.md). Each states its
// arithmetic.
#include "core/sim/queue/queue_policy.hpp"
#include "core/sim/sim_invariants.hpp"
#include "core/sim/simulation_notes.hpp"
#include "tests/sim/sim_test_support.hpp"

#include <QTest>

#include <algorithm>

using namespace clens;
using namespace clens::test;

namespace {
Scenario withPolicy(QueuePolicyKind policy)
{
    Scenario s;
    s.queue.policy = policy;
    return s;
}
} // namespace

Q_DECLARE_METATYPE(QueuePolicyKind)

class TestSimQueue : public QObject {
    Q_OBJECT
private slots:
    void shortestFirst_data();
    void shortestFirst();
    void srtfPreemptsLongestRemaining();
    void srtfLeavesShorterRunning();
    void srtfTakesItsOwnVcsQuota();
    void qssfPredictsFromHistory();
    void qssfOrdersByPrediction();
    void lasDemotionWakesTheScheduler();
    void lasStarvationPromotion_data();
    void lasStarvationPromotion();
    void preemptionsProgressPastTheirOverhead_data();
    void preemptionsProgressPastTheirOverhead();
    void aPreemptingShareStaysWithinItsQuota();
    void fairShareTakesTurns_data();
    void fairShareTakesTurns();
    void fifoIsUnchanged();
};

void TestSimQueue::shortestFirst_data()
{
    QTest::addColumn<QueuePolicyKind>("policy");
    QTest::addColumn<std::int64_t>("longStart");
    QTest::addColumn<std::int64_t>("shortStart");
    // One 4-GPU server; j0 (4 GPUs) runs 0-100. j1 (4 GPUs, 300 s) is submitted at 10, j2 (4 GPUs,
    // 90 s) at 20. fifo: j1 100-400, j2 400. sjf and srtf order by service: j2 100-190, j1 190.
    // (srtf: j0 has 90 s left at 10, less than j1's 300, and 80 s at 20, less than j2's 90: no
    // preemption.)
    QTest::newRow("fifo") << QueuePolicyKind::Fifo << std::int64_t{100} << std::int64_t{400};
    QTest::newRow("sjf") << QueuePolicyKind::Sjf << std::int64_t{190} << std::int64_t{100};
    QTest::newRow("srtf") << QueuePolicyKind::Srtf << std::int64_t{190} << std::int64_t{100};
}

void TestSimQueue::shortestFirst()
{
    QFETCH(QueuePolicyKind, policy);
    QFETCH(std::int64_t, longStart);
    QFETCH(std::int64_t, shortStart);
    const auto cluster = makeCluster({{"r", 4}});
    const auto r = simulate(cluster, makeTrace({{"v", 0, 4, 100}, {"v", 10, 4, 300}, {"v", 20, 4, 90}}), withPolicy(policy));
    QCOMPARE(startOf(r, 1), longStart);
    QCOMPARE(startOf(r, 2), shortStart);
    QCOMPARE(r.summary.preemptions, std::int64_t{0});
    // The key each waited under: fifo its submit time (10, 20); sjf and srtf its service (300, 90).
    QCOMPARE(r.jobs[1].queueKey, policy == QueuePolicyKind::Fifo ? 10.0 : 300.0);
    QCOMPARE(r.jobs[2].queueKey, policy == QueuePolicyKind::Fifo ? 20.0 : 90.0);
}

void TestSimQueue::srtfPreemptsLongestRemaining()
{
    // One 8-GPU server. j0 (4 GPUs, 1000 s) and j1 (4 GPUs, 2000 s) start at 0. j2 (4 GPUs, 100 s)
    // arrives at 100: remaining j0 900, j1 1900, both above 100, so both are candidates, the
    // longest remaining first: freeing j1 gives j2 a placement -> only j1 is preempted. j2 runs
    // 100-200. j1 keeps its 100 s of progress (checkpoint on preemption) and restarts at 200 with
    // 1900 s left plus preempt_overhead_s = 30 -> ends 200 + 1900 + 30 = 2130. j0 ends at 1000.
    const auto cluster = makeCluster({{"r", 8}});
    auto s = withPolicy(QueuePolicyKind::Srtf);
    s.queue.preemptOverhead_s = 30;
    const auto r = simulate(cluster, makeTrace({{"v", 0, 4, 1000}, {"v", 0, 4, 2000}, {"v", 100, 4, 100}}), s);
    QCOMPARE(endOf(r, 0), std::int64_t{1000});
    QCOMPARE(startOf(r, 2), std::int64_t{100});
    QCOMPARE(endOf(r, 2), std::int64_t{200});
    QCOMPARE(endOf(r, 1), std::int64_t{2130});
    QCOMPARE(r.jobs[1].attempts, 2);
    QCOMPARE(r.jobs[0].attempts, 1);
    QCOMPARE(r.summary.preemptions, std::int64_t{1});
    // Waiting: j1 from 100 to 200.
    QCOMPARE(r.jobs[1].queueDelay_s, std::int64_t{100});
    // Keys: j1 last waited with its 1900 s remaining (re-queued at 100), j2 with its 100 s, j0
    // with its 1000 s at submission.
    QCOMPARE(r.jobs[1].queueKey, 1900.0);
    QCOMPARE(r.jobs[2].queueKey, 100.0);
    QCOMPARE(r.jobs[0].queueKey, 1000.0);
}

void TestSimQueue::srtfLeavesShorterRunning()
{
    // One 4-GPU server; j0 (4 GPUs, 1000 s) at 0; j1 (4 GPUs, 900 s) at 50: j0 has 950 s left,
    // more than 900 -> preempted at 50 (keeps 50 s), j1 runs 50-950, j0 restarts at 950 with 950
    // s left -> ends 1900. With j1 needing 960 s instead, j0's 950 is less: no preemption, j1
    // waits until 1000.
    const auto cluster = makeCluster({{"r", 4}});
    auto r = simulate(cluster, makeTrace({{"v", 0, 4, 1000}, {"v", 50, 4, 900}}), withPolicy(QueuePolicyKind::Srtf));
    QCOMPARE(startOf(r, 1), std::int64_t{50});
    QCOMPARE(endOf(r, 0), std::int64_t{1900});
    r = simulate(cluster, makeTrace({{"v", 0, 4, 1000}, {"v", 50, 4, 960}}), withPolicy(QueuePolicyKind::Srtf));
    QCOMPARE(startOf(r, 1), std::int64_t{1000});
    QCOMPARE(r.summary.preemptions, std::int64_t{0});
}

void TestSimQueue::srtfTakesItsOwnVcsQuota()
{
    // One 8-GPU server, strict quota a = 4. j0 (a, 4 GPUs, 1000 s) at 0; j1 (a, 4 GPUs, 100 s) at
    // 100: 4 GPUs are free but a's quota is full. fifo: j1 waits for j0, starts at 1000. srtf:
    // j0 has 900 s left > 100, and it is a's own job, so preempting it gives the quota back:
    // j1 runs 100-200, j0 (kept 100 s) restarts at 200 and ends 200 + 900 = 1100. A job of
    // another VC (b's j2, 4 GPUs, 2000 s from 0) is never a victim for a's quota.
    const auto cluster = makeCluster({{"r", 12}});
    auto s = withPolicy(QueuePolicyKind::Fifo);
    s.quota.mode = QuotaMode::Strict;
    s.quota.vcGpus = {{"a", 4}};
    const auto trace = makeTrace({{"a", 0, 4, 1000}, {"a", 100, 4, 100}, {"b", 0, 4, 2000}});
    auto r = simulate(cluster, trace, s);
    QCOMPARE(startOf(r, 1), std::int64_t{1000});
    s.queue.policy = QueuePolicyKind::Srtf;
    r = simulate(cluster, trace, s);
    QCOMPARE(startOf(r, 1), std::int64_t{100});
    QCOMPARE(endOf(r, 0), std::int64_t{1100});
    QCOMPARE(endOf(r, 2), std::int64_t{2000});
    QCOMPARE(r.jobs[0].preemptions, 1);
    QCOMPARE(r.jobs[2].preemptions, 0);
}

void TestSimQueue::qssfPredictsFromHistory()
{
    // Priority = GPUs x prediction. Ended: alice (VC v) 100 s, bob (v) 300 s, carol (w) 1000 s.
    //   alice, 2 GPUs: her mean 100 -> 200;   dave (v), 1 GPU: no history, VC v's mean 200 -> 200;
    //   erin (z), 1 GPU: median of {100, 300, 1000} = 300;  the unnamed user (w), 3 GPUs: VC w's
    //   mean 1000 -> 3000 (a trace without users is not one user).  Before anything ended: 3600 s.
    Trace trace;
    const auto v = trace.internTenant("v"), w = trace.internTenant("w"), z = trace.internTenant("z");
    const auto unnamed = trace.internUser("");
    const auto alice = trace.internUser("alice"), bob = trace.internUser("bob"), carol = trace.internUser("carol"),
               dave = trace.internUser("dave"), erin = trace.internUser("erin");
    Scenario::Queue q;
    q.policy = QueuePolicyKind::Qssf;
    auto policy = makeQueuePolicy(q, trace);
    const auto jobOf = [](std::int32_t vc, std::int32_t user, std::int32_t gpus, std::int64_t duration) {
        Job j;
        j.tenant = vc;
        j.user = user;
        j.gpus = gpus;
        j.duration_s = duration;
        return j;
    };
    const auto priority = [&](const Job& j) { return policy->key(QueuedJob{&j, 0, 0, 0, 0}, 0).primary; };
    QCOMPARE(priority(jobOf(v, alice, 2, 5)), 7200.0);
    policy->jobEnded(jobOf(v, alice, 1, 100));
    policy->jobEnded(jobOf(v, bob, 1, 300));
    policy->jobEnded(jobOf(w, carol, 1, 1000));
    QCOMPARE(priority(jobOf(v, alice, 2, 5)), 200.0);
    QCOMPARE(priority(jobOf(v, dave, 1, 5)), 200.0);
    QCOMPARE(priority(jobOf(z, erin, 1, 5)), 300.0);
    QCOMPARE(priority(jobOf(w, unnamed, 3, 5)), 3000.0);
}

void TestSimQueue::qssfOrdersByPrediction()
{
    // One 4-GPU server. j0 (alice, 4 GPUs, 300 s) runs 0-300; j1 (bob, 4 GPUs, 1000 s) runs
    // 300-1300. At 500 j2 (alice, 4 GPUs, 50 s): alice's mean 300 -> 4 x 300 = 1200. At 600 j3
    // (carol, VC w, 2 GPUs, 50 s): no user or VC history, median of all ended (300) -> 600. At
    // 1300: j3 first (600 < 1200) on 2 GPUs; j2 needs 4 -> starts when j3 ends at 1350. fifo:
    // j2 at 1300, j3 after it at 1350.
    const auto cluster = makeCluster({{"r", 4}});
    const auto trace = makeTrace({{"v", 0, 4, 300, JobStatus::Pass, std::nanf(""), "", "alice"},
                                  {"v", 0, 4, 1000, JobStatus::Pass, std::nanf(""), "", "bob"},
                                  {"v", 500, 4, 50, JobStatus::Pass, std::nanf(""), "", "alice"},
                                  {"w", 600, 2, 50, JobStatus::Pass, std::nanf(""), "", "carol"}});
    auto r = simulate(cluster, trace, withPolicy(QueuePolicyKind::Qssf));
    QCOMPARE(startOf(r, 1), std::int64_t{300});
    QCOMPARE(startOf(r, 3), std::int64_t{1300});
    QCOMPARE(startOf(r, 2), std::int64_t{1350});
    QCOMPARE(r.jobs[2].queueKey, 1200.0);
    QCOMPARE(r.jobs[3].queueKey, 600.0);
    r = simulate(cluster, trace, withPolicy(QueuePolicyKind::Fifo));
    QCOMPARE(startOf(r, 2), std::int64_t{1300});
    QCOMPARE(startOf(r, 3), std::int64_t{1350});
}

void TestSimQueue::lasDemotionWakesTheScheduler()
{
    // One 1-GPU server, thresholds [100] GPU-s. j0 (1 GPU, 500 s) starts at 0. j1 (1 GPU, 30 s)
    // arrives at 50: both in queue 0 (j0 has 50 GPU-s) -> no preemption. At 100 j0 reaches 100
    // GPU-s -> queue 1: the scheduler wakes and j1 preempts it. j1 runs 100-130; j0 kept 100 s
    // and restarts at 130 with 400 s left -> ends 530.
    const auto cluster = makeCluster({{"r", 1}});
    auto s = withPolicy(QueuePolicyKind::Las);
    s.queue.lasThresholdsGpuS = {100};
    const auto r = simulate(cluster, makeTrace({{"v", 0, 1, 500}, {"v", 50, 1, 30}}), s);
    QCOMPARE(startOf(r, 1), std::int64_t{100});
    QCOMPARE(endOf(r, 1), std::int64_t{130});
    QCOMPARE(endOf(r, 0), std::int64_t{530});
    QCOMPARE(r.summary.preemptions, std::int64_t{1});
    QCOMPARE(r.jobs[0].attempts, 2);
    // j0 restarted from queue 1 (re-queued at 100 GPU-s), j1 started from queue 0.
    QCOMPARE(r.jobs[0].queueKey, 1.0);
    QCOMPARE(r.jobs[1].queueKey, 0.0);
}

void TestSimQueue::lasStarvationPromotion_data()
{
    QTest::addColumn<double>("factor");
    QTest::addColumn<std::int64_t>("end0");
    QTest::addColumn<std::int64_t>("end1");
    QTest::addColumn<std::int64_t>("preemptions");
    // One 1-GPU server, thresholds [100]; j0 (1000 s) at 0, j1 (1000 s) at 50.
    // f = 0: j0 demoted at 100, j1 (queue 0) preempts it; j1 reaches 100 GPU-s at 200 and both
    // are in queue 1, where nobody preempts (only across queues): j1 ends 100 + 1000 = 1100; j0
    // (900 s left) runs 1100-2000. One preemption.
    // f = 1: a job that waited its last run (100 s) goes back to queue 0 with its attained
    // service forgotten, so the two alternate in 100 s slices: j0 runs [0,100), [200,300), ...,
    // [1800,1900) -> ten slices, ends 1900; j1 [100,200), ..., [1700,1800) (nine slices), then
    // its last 100 s from 1900 -> ends 2000. Preemptions at 100, 200, ..., 1800: 18.
    QTest::newRow("no promotion") << 0.0 << std::int64_t{2000} << std::int64_t{1100} << std::int64_t{1};
    QTest::newRow("f = 1") << 1.0 << std::int64_t{1900} << std::int64_t{2000} << std::int64_t{18};
}

void TestSimQueue::lasStarvationPromotion()
{
    QFETCH(double, factor);
    QFETCH(std::int64_t, end0);
    QFETCH(std::int64_t, end1);
    QFETCH(std::int64_t, preemptions);
    const auto cluster = makeCluster({{"r", 1}});
    auto s = withPolicy(QueuePolicyKind::Las);
    s.queue.lasThresholdsGpuS = {100};
    s.queue.starvationFactor = factor;
    const auto r = simulate(cluster, makeTrace({{"v", 0, 1, 1000}, {"v", 50, 1, 1000}}), s);
    QCOMPARE(endOf(r, 0), end0);
    QCOMPARE(endOf(r, 1), end1);
    QCOMPARE(r.summary.preemptions, preemptions);
}

void TestSimQueue::preemptionsProgressPastTheirOverhead_data()
{
    QTest::addColumn<std::int64_t>("overhead");
    QTest::addColumn<std::int64_t>("horizon");
    QTest::addColumn<std::int64_t>("preemptions");
    QTest::addColumn<std::int64_t>("end0"); // -1: unfinished, the run stopped at the horizon
    QTest::addColumn<std::int64_t>("end1");
    QTest::addColumn<std::int64_t>("lastEvent");
    // As lasStarvationPromotion's f = 1 row (100 s slices): one GPU, j0 (1,000 s) at 0, j1
    // (1,000 s) at 50, LAS threshold 100 GPU-s, starvation factor 1.
    // No overhead: they take turns in 100 s slices and end at 1,900 and 2,000 (18 preemptions).
    // Overhead 150 s: the overhead is no LAS service, so a restarted job runs 150 s of overhead
    // and 100 s of service (250 s) before its demotion. At 100 j1 preempts j0 (j0 kept 100 s) and
    // runs 100-200; at 200 j0, promoted (waited 1 x 100), preempts j1 and runs 200-450 (service
    // from 350); j1, promoted at 300, preempts at 450, runs 450-700; and so on, a preemption every
    // 250 s from 450, each slice 100 s of progress: j0's 9th restart is at 200 + 8 x 500 = 4,200
    // and it ends at 4,200 + 150 + 100 = 4,450 with 1,000 s done; j1 restarts then (its 9th) and
    // ends at 4,450 + 250 = 4,700. Preemptions at 100, 200 and every 250 s from 450 to 4,200: 18.
    // (Before, the overhead counted as service: each restart was demoted after 100 s of overhead
    // and neither job progressed past its first 100 s, until the horizon.)
    // Horizon 2,000 s after the last submission (50): the run stops after its instant 1,950 (the
    // next, 2,200, is past 2,050), 9 preemptions in (100, 200, 450, ..., 1,950), both unfinished.
    QTest::newRow("no overhead") << std::int64_t{0} << std::int64_t{2000} << std::int64_t{18} << std::int64_t{1900} << std::int64_t{2000}
                                 << std::int64_t{2000};
    QTest::newRow("overhead above the slice") << std::int64_t{150} << std::int64_t{10000} << std::int64_t{18} << std::int64_t{4450}
                                              << std::int64_t{4700} << std::int64_t{4700};
    QTest::newRow("overhead, stopped at the horizon") << std::int64_t{150} << std::int64_t{2000} << std::int64_t{9} << std::int64_t{-1}
                                                      << std::int64_t{-1} << std::int64_t{1950};
}

void TestSimQueue::preemptionsProgressPastTheirOverhead()
{
    QFETCH(std::int64_t, overhead);
    QFETCH(std::int64_t, horizon);
    QFETCH(std::int64_t, preemptions);
    QFETCH(std::int64_t, end0);
    QFETCH(std::int64_t, end1);
    QFETCH(std::int64_t, lastEvent);
    auto s = withPolicy(QueuePolicyKind::Las);
    s.queue.lasThresholdsGpuS = {100};
    s.queue.starvationFactor = 1;
    s.queue.preemptOverhead_s = overhead;
    s.failures.horizon_s = horizon;
    const auto r = simulate(makeCluster({{"r", 1}}), makeTrace({{"v", 0, 1, 1000}, {"v", 50, 1, 1000}}), s);
    QCOMPARE(r.summary.preemptions, preemptions);
    QCOMPARE(endOf(r, 0), end0);
    QCOMPARE(endOf(r, 1), end1);
    QCOMPARE(r.lastEvent_s, lastEvent);
    const bool stopped = end0 < 0;
    const auto notes = simulationNotes(r);
    QCOMPARE(std::any_of(notes.begin(), notes.end(), [](const std::string& n) { return n.find("still running or waiting") != std::string::npos; }),
             stopped);
    if (stopped) {
        QCOMPARE(r.summary.unfinishedJobs, std::int64_t{2});
        QCOMPARE(r.summary.gpuAllocFraction, 1.0); // held all along, over the whole run (no job finished)
    }
    QVERIFY(checkSimInvariants(r).empty());
}

void TestSimQueue::aPreemptingShareStaysWithinItsQuota()
{
    // One 8-GPU server with 8 cores; VC b's strict quota 4 GPUs; srtf. jA (4 GPUs, 4 cores,
    // 1000 s) runs from 0, jC (no GPU, 4 cores, 2000 s) from 10: all cores taken, 4 GPUs free.
    // At 100 jS (a quarter GPU, 1 core, 50 s) would put b at 4.25 GPUs: it may preempt its own
    // VC's jobs of longer remaining service, jC (1,910 s) first, then jA (900 s). Freeing jC gives
    // the core but not the quota; jA gives both, so jA is preempted and jC keeps running (the
    // placement does not need it). jS runs 100-150; jA kept 100 s and ends at 150 + 900 = 1050.
    // Before, freeing jC was enough: jS started with b at 4.25 GPUs and jA was never preempted.
    auto s = withPolicy(QueuePolicyKind::Srtf);
    s.quota.mode = QuotaMode::Strict;
    s.quota.vcGpus = {{"b", 4}};
    const auto r = simulate(makeClusterWith({{"r", 8, "", 8, 64}}),
                            makeTrace({{"b", 0, 4, 1000}, {"b", 10, 0, 2000}, {"b", 100, 1, 50}}, {{4, 1}, {4, 1}, {1, 1, 250}}), s);
    QCOMPARE(startOf(r, 2), std::int64_t{100});
    QCOMPARE(endOf(r, 2), std::int64_t{150});
    QCOMPARE(r.jobs[0].preemptions, 1);
    QCOMPARE(endOf(r, 0), std::int64_t{1050});
    QCOMPARE(r.jobs[1].preemptions, 0);
    QCOMPARE(endOf(r, 1), std::int64_t{2010});
    QCOMPARE(checkSimInvariants(r), std::vector<std::string>{});
}

void TestSimQueue::fairShareTakesTurns_data()
{
    QTest::addColumn<QueuePolicyKind>("policy");
    QTest::addColumn<std::int64_t>("quotaA"); // -1: none
    QTest::addColumn<std::int64_t>("start1");
    QTest::addColumn<std::int64_t>("start2");
    // One 4-GPU server; at 0 VC a submits j0 and j1, VC b j2, each 2 GPUs for 100 s. fifo: j0, j1
    // at 0, j2 at 100. fair-share (equal shares 2 and 2): j0 starts (a: 2/2 = 1), then b (0/2)
    // goes before a's j1 -> j2 at 0, j1 at 100. With a quota of 4 for a (mode none: shares only),
    // b's share is (4 - 4) / 1 = 0: b goes last -> j1 at 0, j2 at 100.
    QTest::newRow("fifo") << QueuePolicyKind::Fifo << std::int64_t{-1} << std::int64_t{0} << std::int64_t{100};
    QTest::newRow("fair-share") << QueuePolicyKind::FairShare << std::int64_t{-1} << std::int64_t{100} << std::int64_t{0};
    QTest::newRow("fair-share, a's share 4") << QueuePolicyKind::FairShare << std::int64_t{4} << std::int64_t{0} << std::int64_t{100};
}

void TestSimQueue::fairShareTakesTurns()
{
    QFETCH(QueuePolicyKind, policy);
    QFETCH(std::int64_t, quotaA);
    QFETCH(std::int64_t, start1);
    QFETCH(std::int64_t, start2);
    const auto cluster = makeCluster({{"r", 4}});
    auto s = withPolicy(policy);
    if (quotaA >= 0)
        s.quota.vcGpus["a"] = quotaA;
    const auto r = simulate(cluster, makeTrace({{"a", 0, 2, 100}, {"a", 0, 2, 100}, {"b", 0, 2, 100}}), s);
    QCOMPARE(startOf(r, 0), std::int64_t{0});
    QCOMPARE(startOf(r, 1), start1);
    QCOMPARE(startOf(r, 2), start2);
}

void TestSimQueue::fifoIsUnchanged()
{
    // The queue policy's default is fifo, and fifo is the engine's old order: submit, then row.
    QVERIFY(Scenario{}.queue.policy == QueuePolicyKind::Fifo);
    const auto cluster = makeCluster({{"r", 4}});
    const auto r = simulate(cluster, makeTrace({{"v", 5, 4, 10}, {"v", 0, 4, 10}, {"v", 0, 4, 10}}), Scenario{});
    // j1 and j2 at 0 (tie -> row 1 first), j0 submitted at 5 last.
    QCOMPARE(startOf(r, 1), std::int64_t{0});
    QCOMPARE(startOf(r, 2), std::int64_t{10});
    QCOMPARE(startOf(r, 0), std::int64_t{20});
}

QTEST_APPLESS_MAIN(TestSimQueue)
#include "tst_sim_queue.moc"
