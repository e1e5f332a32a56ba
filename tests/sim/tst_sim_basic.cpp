// Hand-computed scenarios for the core rules of docs/simulation.md "Semantics as implemented"
// (strict gang, locality relaxation, best-fit, greedy backfill, delay attribution, outputs).
#include "core/sim/cluster_state.hpp"
#include "core/sim/series_recorder.hpp"
#include "tests/sim/sim_test_support.hpp"

#include <QTest>

using namespace clens;
using namespace clens::test;

class TestSimBasic : public QObject {
    Q_OBJECT
private slots:
    void waitsForRackRelaxation();
    void waitsForAnyRelaxation();
    void capacityDelay();
    void strictQuotaWaitIsFairshare();
    void bestFitPacks();
    void stateAtInstants();
    void skippedJobsAreNotSimulated();
    void seriesOfAVeryLongTraceStaysBounded();
};

void TestSimBasic::waitsForRackRelaxation()
{
    // One rack, two 4-GPU servers. j0 and j1 (3 GPUs, 1000 s) leave 1 free GPU on each server.
    // j2 (2 GPUs at t=10): k0 = 1, no server has 2 free -> waits; rack level allowed at
    // 10 + 600 = 610, the rack has 1 + 1 free -> starts at 610 on 2 servers (level rack),
    // slowdown 1 + 0.1*(2-1) = 1.1 -> run 100*1.1 = 110 s -> ends 720. Its 600 s wait had
    // 2 free GPUs >= 2 throughout: all fragmentation.
    const auto cluster = makeCluster({{"r", 4}, {"r", 4}});
    const auto trace = makeTrace({{"a", 0, 3, 1000}, {"a", 0, 3, 1000}, {"a", 10, 2, 100}});
    const auto r = simulate(cluster, trace, Scenario{});
    const auto& j2 = r.jobs[2];
    QCOMPARE(startOf(r, 2), std::int64_t{610});
    QCOMPARE(endOf(r, 2), std::int64_t{720});
    QCOMPARE(j2.queueDelay_s, std::int64_t{600});
    QCOMPARE(j2.fragmentationDelay_s, std::int64_t{600});
    QCOMPARE(j2.capacityDelay_s, std::int64_t{0});
    QVERIFY(j2.level == LocalityLevel::Rack);
    QCOMPARE(j2.servers, 2);
    QCOMPARE(j2.racks, 1);
    QCOMPARE(j2.slowdown, 1.1);
    QCOMPARE(j2.gpuSeconds, std::int64_t{220});
}

void TestSimBasic::waitsForAnyRelaxation()
{
    // Two racks of one 4-GPU server. j0, j1 (3 GPUs) leave 1 free on each. j2 (2 GPUs at 0):
    // server level no, rack level (at 600) no (each rack 1 free), any at 1800 -> 2 servers in
    // 2 racks: k0 = 1, r0 = 1 -> 1.1 * 1.2 = 1.32 -> 1000 * 1.32 = 1320 s -> ends 3120.
    const auto cluster = makeCluster({{"r0", 4}, {"r1", 4}});
    const auto trace = makeTrace({{"a", 0, 3, 5000}, {"a", 0, 3, 5000}, {"b", 0, 2, 1000}});
    const auto r = simulate(cluster, trace, Scenario{});
    QCOMPARE(startOf(r, 2), std::int64_t{1800});
    QCOMPARE(endOf(r, 2), std::int64_t{3120});
    QVERIFY(r.jobs[2].level == LocalityLevel::Any);
    QCOMPARE(r.jobs[2].fragmentationDelay_s, std::int64_t{1800});
    // relax_to_any_after_s = null: never relaxed, it waits for j0/j1 to end at 5000.
    Scenario never;
    never.locality.relaxToAnyAfter_s.reset();
    const auto r2 = simulate(cluster, trace, never);
    QCOMPARE(startOf(r2, 2), std::int64_t{5000});
    QVERIFY(r2.jobs[2].level == LocalityLevel::Server);
    // 0 = at once: starts at 0 spread over both racks.
    Scenario atOnce;
    atOnce.locality.relaxToAnyAfter_s = 0;
    const auto r3 = simulate(cluster, trace, atOnce);
    QCOMPARE(startOf(r3, 2), std::int64_t{0});
    QCOMPARE(r3.jobs[2].queueDelay_s, std::int64_t{0});
}

void TestSimBasic::capacityDelay()
{
    // 4 GPUs. j0 takes all 4 for 500 s; j1 (1 GPU at 100) waits 400 s with 0 free: capacity.
    const auto cluster = makeCluster({{"r", 4}});
    const auto trace = makeTrace({{"a", 0, 4, 500}, {"a", 100, 1, 50}});
    const auto r = simulate(cluster, trace, Scenario{});
    QCOMPARE(startOf(r, 1), std::int64_t{500});
    QCOMPARE(r.jobs[1].capacityDelay_s, std::int64_t{400});
    QCOMPARE(r.jobs[1].queueDelay_s, std::int64_t{400});
    QCOMPARE(r.summary.makespan_s, std::int64_t{550});
    // A GPU-only run keeps no CPU, memory or share per job: each job's are the defaults.
    QVERIFY(r.resources.empty());
    QCOMPARE(r.resourcesOf(1).gpuMilli, 1000);
    QCOMPARE(r.resourcesOf(1).cpuCores, 0.0);
}

void TestSimBasic::strictQuotaWaitIsFairshare()
{
    // VC a has quota 4 on an 8-GPU server. j0 (a, 4 GPUs, 1000 s) uses it all; j1 (a, 2 GPUs at
    // 0) must wait until 1000 although 4 GPUs are free: 1000 s of fairshare delay.
    const auto cluster = makeCluster({{"r", 8}});
    const auto trace = makeTrace({{"a", 0, 4, 1000}, {"a", 0, 2, 100}, {"b", 0, 4, 100}});
    Scenario s;
    s.quota.mode = QuotaMode::Strict;
    s.quota.vcGpus["a"] = 4;
    const auto r = simulate(cluster, trace, s);
    QCOMPARE(startOf(r, 1), std::int64_t{1000});
    QCOMPARE(r.jobs[1].fairshareDelay_s, std::int64_t{1000});
    QCOMPARE(r.jobs[1].queueDelay_s, std::int64_t{1000});
    QCOMPARE(startOf(r, 2), std::int64_t{0}); // VC b has no quota
}

void TestSimBasic::bestFitPacks()
{
    // Servers with 8, 4, 8 GPUs (one rack). j0 (2 GPUs) goes where the fewest free GPUs are left:
    // s1 (4 - 2 = 2 left). first-fit: s0; spread: the most left over, s0 (lowest index of s0/s2).
    const auto cluster = makeCluster({{"r", 8}, {"r", 4}, {"r", 8}});
    const auto trace = makeTrace({{"a", 0, 2, 10}});
    const auto serverOf = [&](PlacementPolicy p) {
        Scenario s;
        s.placement = p;
        SimOptions o;
        const auto r = simulate(cluster, trace, s, o);
        return r.cluster->serverOfGpu(r.occupancy.front().gpu);
    };
    QCOMPARE(serverOf(PlacementPolicy::BestFit), 1);
    QCOMPARE(serverOf(PlacementPolicy::FirstFit), 0);
    QCOMPARE(serverOf(PlacementPolicy::Spread), 0);
}

void TestSimBasic::stateAtInstants()
{
    // Same as waitsForRackRelaxation: at t=100 GPUs 0-2 and 4-6 busy, j2 queued; at 700 all 8
    // busy (j2 on GPUs 3 and 7); at 720 j2 is gone; after 1000 everything is idle.
    const auto cluster = makeCluster({{"r", 4}, {"r", 4}});
    const auto trace = makeTrace({{"a", 0, 3, 1000, JobStatus::Pass, 0.5f}, {"a", 0, 3, 1000}, {"a", 10, 2, 100}});
    const auto r = std::make_shared<const SimResult>(simulate(cluster, trace, Scenario{}));
    const StateTimeline tl(r);
    ClusterState s;
    tl.stateAt(100, s);
    QCOMPARE(s.queuedJobs, 1);
    QVERIFY(s.gpu[0] == GpuState::Busy && s.gpu[3] == GpuState::Idle && s.gpu[7] == GpuState::Idle);
    QCOMPARE(s.job[0], 0);
    QCOMPARE(s.util[0], 0.5f);
    tl.stateAt(700, s);
    QCOMPARE(s.queuedJobs, 0);
    QCOMPARE(s.job[3], 2);
    QCOMPARE(s.job[7], 2);
    tl.stateAt(720, s);
    QVERIFY(s.gpu[3] == GpuState::Idle);
    tl.stateAt(5000, s);
    QVERIFY(std::all_of(s.gpu.begin(), s.gpu.end(), [](GpuState g) { return g == GpuState::Idle; }));
    QCOMPARE(tl.nextChangeAfter(10).value_or(-1), std::int64_t{610});
    QCOMPARE(tl.prevChangeBefore(720).value_or(-1), std::int64_t{610});
    QCOMPARE(tl.begin_s(), std::int64_t{0});
    QCOMPARE(tl.end_s(), std::int64_t{1000});
}

void TestSimBasic::skippedJobsAreNotSimulated()
{
    const auto cluster = makeCluster({{"r", 4}});
    const auto trace = makeTrace({{"a", 0, 0, 100}, {"a", 5, 1, 100}});
    const auto r = simulate(cluster, trace, Scenario{});
    QVERIFY(!r.jobs[0].simulated);
    QVERIFY(r.jobs[1].simulated);
    QCOMPARE(r.summary.jobs, std::int64_t{1});
    QCOMPARE(startOf(r, 1), std::int64_t{5});
}

QTEST_GUILESS_MAIN(TestSimBasic)
#include "tst_sim_basic.moc"

void TestSimBasic::seriesOfAVeryLongTraceStaysBounded()
{
    // A job at 0 and one at 2^40 s (~35,000 years; the importers' limit), each 100 s, step 300 s:
    // 3.7e9 samples at that step. One tenant: the bound is min(2^24 / 14, 2^18) = 262,144
    // samples. Each time the series reaches it, every other sample is kept and the step doubles;
    // (262,144 - 1) x 300 x 2^13 = 6.4e11 s < 2^40 <= (262,144 - 1) x 300 x 2^14 = 1.29e12 s, so
    // it ends after 14 doublings with a step of 300 x 2^14 = 4,915,200 s, every sample on that
    // grid from 0.
    const auto cluster = makeCluster({{"r", 4}});
    const std::int64_t far = std::int64_t{1} << 40;
    const auto trace = makeTrace({{"a", 0, 1, 100}, {"a", far, 1, 100}});
    Scenario sc;
    sc.seriesStep_s = 300;
    const auto r = simulate(cluster, trace, sc);
    QCOMPARE(SeriesRecorder::maxSamples(1), std::size_t{262144});
    QCOMPARE(r.series.step_s, std::int64_t{300} << 14);
    QVERIFY(r.series.t_s.size() < SeriesRecorder::maxSamples(1));
    for (std::size_t i = 0; i < r.series.t_s.size(); ++i)
        QCOMPARE(r.series.t_s[i], static_cast<std::int64_t>(i) * r.series.step_s);
    QVERIFY(r.series.t_s.back() > far - r.series.step_s); // it reaches the far job
    QCOMPARE(r.series.queuedJobs.size(), r.series.t_s.size());
    QCOMPARE(r.series.queuedByVc[0].size(), r.series.t_s.size());
    QCOMPARE(endOf(r, 1), far + 100);
}
