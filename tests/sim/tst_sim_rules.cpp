// Hand-computed micro-scenarios, one per rule of docs/simulation.md "Semantics as implemented".
// Each states its arithmetic.
#include "core/sim/cluster_state.hpp"
#include "core/sim/scenario_json.hpp"
#include "core/sim/simulation_notes.hpp"
#include "core/util/input_limits.hpp"
#include "tests/sim/sim_test_support.hpp"

#include <QTest>

using namespace clens;
using namespace clens::test;

namespace {
Scenario withQuota(QuotaMode mode, std::map<std::string, std::int64_t> vc)
{
    Scenario s;
    s.quota.mode = mode;
    s.quota.vcGpus = std::move(vc);
    return s;
}
struct SpareCase {
    std::vector<JobSpec> jobs;
    std::map<std::string, std::int64_t> quota;
};
} // namespace

Q_DECLARE_METATYPE(SpareCase)

class TestSimRules : public QObject {
    Q_OBJECT
private slots:
    void unfitLevelCountsAsAllowed();
    void serverLevelUnfitStartsAtRackLevel();
    void bestFitPrefersFullerRack();
    void rackChoiceLooksPastTheFirstFit_data();
    void rackChoiceLooksPastTheFirstFit();
    void fragmentedJobStartsWhenARackGainsRoom_data();
    void fragmentedJobStartsWhenARackGainsRoom();
    void anyLevelKeepsRacksFew();
    void elasticStartSizeAndStretch();
    void heldIdleUnderGangNone();
    void trialRunOfFailedJob();
    void borrowStartsWithinQuotaFirst();
    void borrowPreemptRestartsVictim();
    void borrowPreemptKeepsVictimVcAtQuota();
    void borrowPreemptSparesUnneededVictims_data();
    void borrowPreemptSparesUnneededVictims();
    void preemptionLosesProgressSinceCheckpoint();
    void backfillNoneBlocksVc();
    void elasticHeadUnderBackfillNone();
    void unfinishedJobs();
    void endsReleaseBeforeSubmissions();
    void tiesByInputRow();
    void slowdownLowersUtilization();
    void slowdownIsCapped_data();
    void slowdownIsCapped();
    void seriesSamples();
};

void TestSimRules::unfitLevelCountsAsAllowed()
{
    // Two racks of one 8-GPU server; a 16-GPU job: k0 = 2 but no rack has 2 servers (server level
    // unfit), no rack has 16 GPUs (rack level unfit) -> `any` is allowed at once: starts at 0 on
    // 2 servers in 2 racks; r0(16) = 2, so the slowdown is (1 + 0.1*0)(1 + 0.2*0) = 1.
    const auto cluster = makeCluster({{"a", 8}, {"b", 8}});
    const auto r = simulate(cluster, makeTrace({{"v", 0, 16, 100}}), Scenario{});
    QCOMPARE(startOf(r, 0), std::int64_t{0});
    QVERIFY(r.jobs[0].level == LocalityLevel::Any);
    QCOMPARE(r.jobs[0].slowdown, 1.0);
    QCOMPARE(endOf(r, 0), std::int64_t{100});
}

void TestSimRules::serverLevelUnfitStartsAtRackLevel()
{
    // Rack A: 8,1,1,1,1 GPUs; rack B: 8. A 12-GPU job: k0 = 2 (8 + 8, largest servers first), but
    // no rack has 2 servers holding 12 (A: 8 + 1, B: 8) -> server level unfit; rack A holds 12 ->
    // rack level allowed at once: starts at 0 on A's 5 servers, slowdown 1 + 0.1*(5-2) = 1.3,
    // run 100 * 1.3 = 130 s.
    const auto cluster = makeCluster({{"A", 8}, {"A", 1}, {"A", 1}, {"A", 1}, {"A", 1}, {"B", 8}});
    const auto r = simulate(cluster, makeTrace({{"v", 0, 12, 100}}), Scenario{});
    QCOMPARE(startOf(r, 0), std::int64_t{0});
    QVERIFY(r.jobs[0].level == LocalityLevel::Rack);
    QCOMPARE(r.jobs[0].servers, 5);
    QCOMPARE(endOf(r, 0), std::int64_t{130});
}

void TestSimRules::bestFitPrefersFullerRack()
{
    // Rack A: two 4-GPU servers, rack B: one. A 2-GPU job leaves 2 free on any server (a tie);
    // best-fit then takes the rack with the fewest free GPUs left: A 8-2 = 6, B 4-2 = 2 -> B.
    // Spread takes the most left over: A (its lowest server, s0).
    const auto cluster = makeCluster({{"A", 4}, {"A", 4}, {"B", 4}});
    const auto trace = makeTrace({{"v", 0, 2, 10}});
    Scenario s;
    auto r = simulate(cluster, trace, s);
    QCOMPARE(r.cluster->serverOfGpu(r.occupancy.front().gpu), 2);
    s.placement = PlacementPolicy::Spread;
    r = simulate(cluster, trace, s);
    QCOMPARE(r.cluster->serverOfGpu(r.occupancy.front().gpu), 0);
}

void TestSimRules::rackChoiceLooksPastTheFirstFit_data()
{
    // A 6-GPU job on 4-GPU servers: k0 = 2 (4 + 4), so every rack is searched for 2 servers
    // holding 6, which leave 8 - 6 = 2 GPUs on them in every rack. Racks "small" {4, 4} (spare
    // 8 - 6 = 2) and "big" {4, 4, 4} (spare 12 - 6 = 6). Keys (smallest wins): best-fit
    // (left, spare, rack) = (2, 2, small) < (2, 6, big); spread (-left, -spare, rack) =
    // (-2, -6, big) < (-2, -2, small); first-fit (rack) = the first. Each row puts the winner in
    // the second rack where it can: the search must not stop at the first rack that fits.
    QTest::addColumn<bool>("bigFirst");
    QTest::addColumn<int>("policy");
    QTest::addColumn<QString>("rack");
    QTest::newRow("best-fit, the smaller rack second") << true << int(PlacementPolicy::BestFit) << "small";
    QTest::newRow("spread, the bigger rack second") << false << int(PlacementPolicy::Spread) << "big";
    QTest::newRow("first-fit, the first rack") << false << int(PlacementPolicy::FirstFit) << "small";
    QTest::newRow("best-fit, the smaller rack first") << false << int(PlacementPolicy::BestFit) << "small";
}

void TestSimRules::rackChoiceLooksPastTheFirstFit()
{
    QFETCH(bool, bigFirst);
    QFETCH(int, policy);
    QFETCH(QString, rack);
    const std::vector<std::pair<std::string, int>> small{{"small", 4}, {"small", 4}};
    const std::vector<std::pair<std::string, int>> big{{"big", 4}, {"big", 4}, {"big", 4}};
    auto servers = bigFirst ? big : small;
    const auto& second = bigFirst ? small : big;
    servers.insert(servers.end(), second.begin(), second.end());
    const auto cluster = makeCluster(servers);
    Scenario s;
    s.placement = static_cast<PlacementPolicy>(policy);
    const auto r = simulate(cluster, makeTrace({{"v", 0, 6, 100}}), s);
    QCOMPARE(startOf(r, 0), std::int64_t{0});
    QCOMPARE(r.jobs[0].servers, 2);
    QVERIFY(r.jobs[0].level == LocalityLevel::Server);
    const auto server = r.cluster->serverOfGpu(r.occupancy.front().gpu);
    const auto& onRack = r.cluster->racks()[static_cast<std::size_t>(r.cluster->servers()[static_cast<std::size_t>(server)].rack)];
    QCOMPARE(QString::fromStdString(onRack.name), rack);
}

void TestSimRules::fragmentedJobStartsWhenARackGainsRoom_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<qint64>("start");
    // Never relaxed, e waits for one server with 2 free GPUs: x's end (t=100) frees one on s0
    // (rack A then has 2 free, but on two servers: no room), y1's end (t=150) one on s4 (rack C: 1
    // free), c's end (t=300) all four of s2 -> e starts at 300 and waits 300 - 10 = 290 s, all of
    // it fragmentation (3 or more GPUs free the whole time, never 2 on one server).
    QTest::newRow("never relaxed") << R"({"locality": {"relax_to_rack_after_s": null, "relax_to_any_after_s": null}})" << qint64{300};
    // Relaxed to its rack after 60 s (t=70): rack B has s2's 1 + s3's 1 free -> starts at 70.
    QTest::newRow("rack after 60 s") << R"({"locality": {"relax_to_rack_after_s": 60, "relax_to_any_after_s": null}})" << qint64{70};
    // Relaxed anywhere after 60 s (t=70): 3 GPUs free -> starts at 70.
    QTest::newRow("anywhere after 60 s") << R"({"locality": {"relax_to_rack_after_s": null, "relax_to_any_after_s": 60}})" << qint64{70};
}

void TestSimRules::fragmentedJobStartsWhenARackGainsRoom()
{
    // Rack A: s0, s1 (4 GPUs each); B: s2, s3 (4 each); C: s4 (2). At t=0, best-fit puts y1 and y2
    // (1 GPU each) on s4, a, b, c, d (3 each) on s0, s1, s2, s3 and x (1) on s0: 1 GPU free on each
    // of s1, s2, s3. The gang pass skips e, which found no room, until a rack gains room for it
    // (docs/simulation.md "Performance"); the start must not move.
    QFETCH(QString, scenario);
    QFETCH(qint64, start);
    const auto cluster = makeCluster({{"A", 4}, {"A", 4}, {"B", 4}, {"B", 4}, {"C", 2}});
    const auto trace = makeTrace({{"v", 0, 1, 150},
                                  {"v", 0, 1, 2000},
                                  {"v", 0, 3, 1000},
                                  {"v", 0, 3, 500},
                                  {"v", 0, 3, 300},
                                  {"v", 0, 3, 2000},
                                  {"v", 0, 1, 100},
                                  {"v", 10, 2, 50}});
    const auto r = simulate(cluster, trace, parseScenarioJson(scenario.toStdString(), "scenario"));
    const auto serverOf = [&](std::int32_t job) { // of its first interval
        const auto it = std::find_if(r.occupancy.begin(), r.occupancy.end(), [&](const GpuInterval& g) { return g.job == job; });
        return it == r.occupancy.end() ? -1 : r.cluster->serverOfGpu(it->gpu);
    };
    // The placements the arithmetic assumes: y1, y2 on s4, a-d on s0-s3, x on s0.
    const std::vector<std::int32_t> placed{serverOf(0), serverOf(1), serverOf(2), serverOf(3), serverOf(4), serverOf(5), serverOf(6)};
    QCOMPARE(placed, (std::vector<std::int32_t>{4, 4, 0, 1, 2, 3, 0}));
    QCOMPARE(startOf(r, 7), std::int64_t{start});
    QCOMPARE(r.jobs[7].fragmentationDelay_s, start - 10);
    QCOMPARE(r.jobs[7].capacityDelay_s, std::int64_t{0});
}

void TestSimRules::anyLevelKeepsRacksFew()
{
    // 2-GPU servers: rack A s0, rack B s1, rack C s2-s4, rack D s5-s6. An 8-GPU job: k0 = 4; no
    // rack holds 4 servers or 8 GPUs, so `any` is its base level. It needs 4 servers (all have 2
    // free); among equals, servers of the racks with the most free GPUs come first: C's three and
    // one of D -> 2 racks = r0(8) (6 + 4), slowdown 1. (By index alone, s0-s3 would span 3 racks.)
    const auto cluster = makeCluster({{"A", 2}, {"B", 2}, {"C", 2}, {"C", 2}, {"C", 2}, {"D", 2}, {"D", 2}});
    const auto r = simulate(cluster, makeTrace({{"v", 0, 8, 100}}), Scenario{});
    QCOMPARE(startOf(r, 0), std::int64_t{0});
    QCOMPARE(r.jobs[0].servers, 4);
    QCOMPARE(r.jobs[0].racks, 2);
    QCOMPARE(r.jobs[0].slowdown, 1.0);
    QCOMPARE(endOf(r, 0), std::int64_t{100});
}

void TestSimRules::elasticStartSizeAndStretch()
{
    // One 8-GPU server. j0 holds 6 GPUs until 1000. j1 (4 GPUs, 100 s) waits with 2 free
    // (capacity: 4 > 2) until elastic_after_s = 300; then a in [ceil(0.5*4) = 2, 4]: the largest
    // that fits is 2 -> starts at 300 on 2 GPUs and runs 100 * 4/2 = 200 s -> ends 500.
    const auto cluster = makeCluster({{"r", 8}});
    Scenario s;
    s.gang.policy = GangPolicy::Elastic;
    s.gang.elasticAfter_s = 300;
    const auto r = simulate(cluster, makeTrace({{"v", 0, 6, 1000}, {"v", 0, 4, 100}}), s);
    const auto& j1 = r.jobs[1];
    QCOMPARE(startOf(r, 1), std::int64_t{300});
    QCOMPARE(endOf(r, 1), std::int64_t{500});
    QCOMPARE(j1.allocatedGpus, 2);
    QCOMPARE(j1.gpuSeconds, std::int64_t{400});
    QCOMPARE(j1.capacityDelay_s, std::int64_t{300});
    // Strict gang: j1 waits for j0's end at 1000.
    const auto strict = simulate(cluster, makeTrace({{"v", 0, 6, 1000}, {"v", 0, 4, 100}}), Scenario{});
    QCOMPARE(startOf(strict, 1), std::int64_t{1000});
}

void TestSimRules::heldIdleUnderGangNone()
{
    // One 4-GPU server, gang none. j0 (2 GPUs) ends at 100, j1 (2 GPUs) at 300. j2 (4 GPUs at 10)
    // takes j0's 2 GPUs at 100 and holds them idle, takes j1's at 300 and starts: ends 350.
    // Held idle: 2 GPUs x 200 s = 400; gpu_seconds = 400 + 4 x 50 = 600; waited 290 s, all
    // capacity (no free GPU after each pass).
    const auto cluster = makeCluster({{"r", 4}});
    Scenario s;
    s.gang.policy = GangPolicy::None;
    s.seriesStep_s = 100;
    const auto r = simulate(cluster, makeTrace({{"v", 0, 2, 100}, {"v", 0, 2, 300}, {"w", 10, 4, 50}}), s);
    const auto& j2 = r.jobs[2];
    QCOMPARE(startOf(r, 2), std::int64_t{300});
    QCOMPARE(endOf(r, 2), std::int64_t{350});
    QCOMPARE(j2.heldIdleGpuSeconds, std::int64_t{400});
    QCOMPARE(j2.gpuSeconds, std::int64_t{600});
    QCOMPARE(j2.queueDelay_s, std::int64_t{290});
    QCOMPARE(j2.capacityDelay_s, std::int64_t{290});
    QCOMPARE(j2.attempts, 1);
    QCOMPARE(r.summary.heldIdleGpuSeconds, 400.0);
    // Samples at 0, 100, 200, 300: 2 GPUs held idle at 100 and 200.
    QCOMPARE(r.series.heldIdleGpus[1], 2);
    QCOMPARE(r.series.heldIdleGpus[2], 2);
    QCOMPARE(r.series.heldIdleGpus[3], 0);
    QCOMPARE(r.series.allocatedGpus[2], 4);
    const auto held = std::count_if(r.occupancy.begin(), r.occupancy.end(),
                                    [](const GpuInterval& iv) { return iv.use == GpuUse::HeldIdle; });
    QCOMPARE(held, 2);
}

void TestSimRules::trialRunOfFailedJob()
{
    // trial_run_s = 60 on one 4-GPU server.
    // j0 (4 GPUs, 50 s, Failed): trial of min(60, 50) = 50 s on 1 GPU; service <= trial -> ends
    //   Failed at 50 having cost 50 GPU-seconds instead of 200.
    // j1 (4 GPUs, 200 s, Pass): trial 0-60 on 1 GPU, re-queues, full run 60-260 on 4 GPUs:
    //   attempts 2, gpu_seconds 60 + 800 = 860, start 0 (the trial), no wait.
    // j2 (4 GPUs, 100 s, Failed, at 1000): service > trial -> trial 1000-1060, then its full
    //   service 1060-1160, ends Failed.
    const auto cluster = makeCluster({{"r", 4}});
    Scenario s;
    s.failures.trialRun_s = 60;
    const auto r = simulate(cluster,
                            makeTrace({{"v", 0, 4, 50, JobStatus::Failed}, {"v", 0, 4, 200}, {"v", 1000, 4, 100, JobStatus::Failed}}),
                            s);
    QCOMPARE(endOf(r, 0), std::int64_t{50});
    QVERIFY(r.jobs[0].status == JobStatus::Failed);
    QCOMPARE(r.jobs[0].gpuSeconds, std::int64_t{50});
    QCOMPARE(r.jobs[0].attempts, 1);
    QCOMPARE(startOf(r, 1), std::int64_t{0});
    QCOMPARE(endOf(r, 1), std::int64_t{260});
    QCOMPARE(r.jobs[1].attempts, 2);
    QCOMPARE(r.jobs[1].gpuSeconds, std::int64_t{860});
    QCOMPARE(r.jobs[1].queueDelay_s, std::int64_t{0});
    QCOMPARE(endOf(r, 2), std::int64_t{1160});
    QVERIFY(r.jobs[2].status == JobStatus::Failed);
    QCOMPARE(r.jobs[2].attempts, 2);
    // 1-GPU jobs take no trial.
    const auto one = simulate(cluster, makeTrace({{"v", 0, 1, 30, JobStatus::Failed}}), s);
    QCOMPARE(one.jobs[0].attempts, 1);
    QCOMPARE(endOf(one, 0), std::int64_t{30});
}

void TestSimRules::borrowStartsWithinQuotaFirst()
{
    // 8 GPUs; quota a = 2, b = 6. At 0, j0 (a, 4 GPUs) is first in the queue but would exceed a's
    // quota; j1 (b, 6 GPUs) is within quota. borrow: j1 starts first (6), then j0 finds 2 free
    // and waits, charged to fairshare (a would exceed its quota), until j1 ends at 100.
    // Without quotas, j0 starts first and j1 waits for it.
    const auto cluster = makeCluster({{"r", 8}});
    const auto trace = makeTrace({{"a", 0, 4, 100}, {"b", 0, 6, 100}});
    const auto r = simulate(cluster, trace, withQuota(QuotaMode::Borrow, {{"a", 2}, {"b", 6}}));
    QCOMPARE(startOf(r, 1), std::int64_t{0});
    QCOMPARE(startOf(r, 0), std::int64_t{100});
    QCOMPARE(r.jobs[0].fairshareDelay_s, std::int64_t{100});
    const auto none = simulate(cluster, trace, Scenario{});
    QCOMPARE(startOf(none, 0), std::int64_t{0});
    QCOMPARE(startOf(none, 1), std::int64_t{100});
    // strict: j0 never borrows; it starts when... never (4 > quota 2): Unfinished.
    const auto strict = simulate(cluster, trace, withQuota(QuotaMode::Strict, {{"a", 2}, {"b", 6}}));
    QVERIFY(strict.jobs[0].status == JobStatus::Unfinished);
    QVERIFY(!strict.jobs[0].start_s);
}

void TestSimRules::borrowPreemptRestartsVictim()
{
    // 8 GPUs; quota a = 4, b = 4. j0 (b, 4 GPUs, 0-2000) is within b's quota; j1 (b, 2 GPUs at 10,
    // 300 s) borrows (b holds 6 > 4). j2 (a, 4 GPUs at 100) is within quota but only 2 are free:
    // it preempts the youngest over-quota job, j1 (b keeps 6 - 2 = 4 >= its quota), and starts at
    // 100, ending 600. j1 re-queues, loses its 90 s (no checkpoints), waits as a borrower
    // (fairshare: b at quota) until 600, reruns 300 s -> ends 900; attempts 2;
    // gpu_seconds 2 x 90 + 2 x 300 = 780; queue delay 500.
    const auto cluster = makeCluster({{"r", 8}});
    const auto trace = makeTrace({{"b", 0, 4, 2000}, {"b", 10, 2, 300}, {"a", 100, 4, 500}});
    const auto r = simulate(cluster, trace, withQuota(QuotaMode::BorrowPreempt, {{"a", 4}, {"b", 4}}));
    QCOMPARE(startOf(r, 2), std::int64_t{100});
    QCOMPARE(r.jobs[1].attempts, 2);
    QCOMPARE(startOf(r, 1), std::int64_t{10});
    QCOMPARE(endOf(r, 1), std::int64_t{900});
    QCOMPARE(r.jobs[1].gpuSeconds, std::int64_t{780});
    QCOMPARE(r.jobs[1].queueDelay_s, std::int64_t{500});
    QCOMPARE(r.jobs[1].fairshareDelay_s, std::int64_t{500});
    QCOMPARE(r.summary.preemptions, std::int64_t{1});
    QCOMPARE(endOf(r, 0), std::int64_t{2000}); // never a victim
    // borrow without preemption: j2 waits for j1's end at 310.
    const auto b = simulate(cluster, trace, withQuota(QuotaMode::Borrow, {{"a", 4}, {"b", 4}}));
    QCOMPARE(startOf(b, 2), std::int64_t{310});
    QCOMPARE(b.summary.preemptions, std::int64_t{0});
}

void TestSimRules::borrowPreemptKeepsVictimVcAtQuota()
{
    // 8 GPUs; quota a = 4, b = 3. j0 (b, 6 GPUs, 0-1000) borrows (b: 6 > 3). j1 (a, 4 GPUs at 100)
    // cannot be placed (2 free); preempting j0 would drop b to 0 < 3 -> nobody is preempted and
    // j1 waits until 1000.
    const auto cluster = makeCluster({{"r", 8}});
    const auto r = simulate(cluster, makeTrace({{"b", 0, 6, 1000}, {"a", 100, 4, 10}}),
                            withQuota(QuotaMode::BorrowPreempt, {{"a", 4}, {"b", 3}}));
    QCOMPARE(startOf(r, 1), std::int64_t{1000});
    QCOMPARE(r.jobs[0].attempts, 1);
    QCOMPARE(r.summary.preemptions, std::int64_t{0});
}

void TestSimRules::borrowPreemptSparesUnneededVictims_data()
{
    // Both on one rack of s0 and s1 (4 GPUs each). Either way j3 starts at 100 on s1, only j1
    // is preempted (it reruns when j3 ends at 600 -> ends 900, attempts 2) and j2 keeps running
    // (ends 320, attempts 1).
    QTest::addColumn<SpareCase>("spare");
    // Quota a = 4, b = 2. Best-fit: j0 (b, 2 GPUs at 0) -> s0; j1 (b, 3 at 10, borrows) -> s1
    // (s0 has only 2 free); j2 (b, 2 at 20, borrows) -> s0 (fuller than s1). j3 (a, 4 at 100)
    // needs one server with 4 free; 1 is free. Youngest first: freeing j2 gives 3 < 4; freeing
    // j1 too (b keeps 7 - 2 - 3 = 2 >= 2) gives s1 4 free -> j3 on s1. j2 is on s0, which the
    // placement does not use.
    QTest::newRow("victim off the placement")
        << SpareCase{{{"b", 0, 2, 2000}, {"b", 10, 3, 300}, {"b", 20, 2, 300}, {"a", 100, 4, 500}}, {{"a", 4}, {"b", 2}}};
    // Quota a = 4, b = 0 (every b job borrows); c has no quota (never a victim). j0 (c, 4 at 0)
    // fills s0; j1 (b, 3 at 10) takes 3 of s1, j2 (b, 1 at 20) its last GPU. j3 (a, 3 at 100)
    // needs 3 GPUs on one server; none is free. Freeing j2 gives 1 < 3; freeing j1 too gives s1
    // 4 free -> j3 on 3 of them. Covered from the oldest victim back, j1's 3 GPUs suffice: j2,
    // on the placement's server, is not needed.
    QTest::newRow("victim the placement leaves")
        << SpareCase{{{"c", 0, 4, 5000}, {"b", 10, 3, 300}, {"b", 20, 1, 300}, {"a", 100, 3, 500}}, {{"a", 4}, {"b", 0}}};
}

void TestSimRules::borrowPreemptSparesUnneededVictims()
{
    QFETCH(SpareCase, spare);
    const auto r = simulate(makeCluster({{"r", 4}, {"r", 4}}), makeTrace(spare.jobs), withQuota(QuotaMode::BorrowPreempt, spare.quota));
    QCOMPARE(startOf(r, 3), std::int64_t{100});
    QCOMPARE(r.summary.preemptions, std::int64_t{1});
    QCOMPARE(r.jobs[2].attempts, 1);
    QCOMPARE(endOf(r, 2), std::int64_t{320});
    QCOMPARE(r.jobs[1].attempts, 2);
    QCOMPARE(endOf(r, 1), std::int64_t{900});
}

void TestSimRules::preemptionLosesProgressSinceCheckpoint()
{
    // As borrowPreemptRestartsVictim with checkpoint_s = 60: j1 ran 90 s when preempted at 100,
    // saved at 60 -> reruns 300 - 60 = 240 s from 600 -> ends 840; gpu_seconds 180 + 480 = 660.
    const auto cluster = makeCluster({{"r", 8}});
    auto s = withQuota(QuotaMode::BorrowPreempt, {{"a", 4}, {"b", 4}});
    s.failures.checkpoint_s = 60;
    const auto r = simulate(cluster, makeTrace({{"b", 0, 4, 2000}, {"b", 10, 2, 300}, {"a", 100, 4, 500}}), s);
    QCOMPARE(endOf(r, 1), std::int64_t{840});
    QCOMPARE(r.jobs[1].gpuSeconds, std::int64_t{660});
}

void TestSimRules::backfillNoneBlocksVc()
{
    // 4 GPUs. j0 (a, 3 GPUs, 0-100); j1 (a, 2 GPUs at 10) waits (1 free); j2 (a, 1 GPU at 20).
    // greedy: j2 takes the free GPU at 20. none: j2 is blocked behind j1 (same VC) until j1 starts
    // at 100; j2 takes the head's cause: capacity (j1 needs 2, 1 or 0 free), although a free GPU
    // would have fit j2 itself. j3 (b, 1 GPU at 30) is not blocked by VC a: starts at 30.
    const auto cluster = makeCluster({{"r", 4}});
    const auto trace = makeTrace({{"a", 0, 3, 100}, {"a", 10, 2, 50}, {"a", 20, 1, 10}, {"b", 30, 1, 10}});
    const auto greedy = simulate(cluster, trace, Scenario{});
    QCOMPARE(startOf(greedy, 2), std::int64_t{20});
    Scenario s;
    s.backfill = BackfillPolicy::None;
    const auto r = simulate(cluster, trace, s);
    QCOMPARE(startOf(r, 1), std::int64_t{100});
    QCOMPARE(startOf(r, 2), std::int64_t{100});
    QCOMPARE(r.jobs[2].capacityDelay_s, std::int64_t{80});
    QCOMPARE(startOf(r, 3), std::int64_t{30});
}

void TestSimRules::elasticHeadUnderBackfillNone()
{
    // backfill none, gang elastic (after 300 s, min 0.5). One 8-GPU server: j0 (v, 6 GPUs) runs
    // until 1000; j1 (w, 4 GPUs at 0) heads VC w's queue with 2 free GPUs: capacity (4 > 2) until
    // its elastic instant 300, when it starts on 2 GPUs (the timer wakes the scheduler even though
    // the job stays in its VC's lane), running 100 * 4/2 = 200 s.
    const auto cluster = makeCluster({{"r", 8}});
    Scenario s;
    s.backfill = BackfillPolicy::None;
    s.gang.policy = GangPolicy::Elastic;
    s.gang.elasticAfter_s = 300;
    const auto r = simulate(cluster, makeTrace({{"v", 0, 6, 1000}, {"w", 0, 4, 100}}), s);
    QCOMPARE(startOf(r, 1), std::int64_t{300});
    QCOMPARE(endOf(r, 1), std::int64_t{500});
    QCOMPARE(r.jobs[1].capacityDelay_s, std::int64_t{300});
}

void TestSimRules::unfinishedJobs()
{
    // 4 GPUs. j0 asks for 5 (more than the cluster): Unfinished, never queued. j1 (a, 3 GPUs) with
    // a strict quota of 2: Unfinished. j2 runs normally.
    const auto cluster = makeCluster({{"r", 4}});
    const auto r = simulate(cluster, makeTrace({{"b", 0, 5, 10}, {"a", 0, 3, 10}, {"b", 5, 1, 10}}),
                            withQuota(QuotaMode::Strict, {{"a", 2}}));
    for (int j : {0, 1}) {
        QVERIFY(r.jobs[static_cast<std::size_t>(j)].status == JobStatus::Unfinished);
        QVERIFY(!r.jobs[static_cast<std::size_t>(j)].start_s && !r.jobs[static_cast<std::size_t>(j)].end_s);
        QCOMPARE(r.jobs[static_cast<std::size_t>(j)].attempts, 0);
    }
    QCOMPARE(endOf(r, 2), std::int64_t{15});
    QCOMPARE(r.summary.unfinishedJobs, std::int64_t{2});
    QCOMPARE(r.summary.finishedJobs, std::int64_t{1});
    // Both are said, with the first as the example; nothing else is.
    QCOMPARE(r.neverStartable, (std::vector<std::int32_t>{0, 1}));
    const auto notes = simulationNotes(r);
    QCOMPARE(notes.size(), std::size_t{1});
    QVERIFY2(notes[0].starts_with("2 jobs can never start") && notes[0].find("asks 5 GPUs of the cluster's 4") != std::string::npos,
             notes[0].c_str());
    // A job still running or waiting at the failure horizon is Unfinished too: horizon 50 s after
    // the last submission (0) with a 1000 s job and a queued one; a long MTBF keeps failures away.
    Scenario h;
    h.failures.serverMtbf_h = 1e6;
    h.failures.horizon_s = 50;
    const auto r2 = simulate(cluster, makeTrace({{"a", 0, 4, 1000}, {"a", 0, 1, 10}}), h);
    QVERIFY(r2.jobs[0].status == JobStatus::Unfinished);
    QCOMPARE(startOf(r2, 0), std::int64_t{0});
    QVERIFY(!r2.jobs[0].end_s);
    QVERIFY(r2.jobs[1].status == JobStatus::Unfinished);
    QVERIFY(!r2.jobs[1].start_s);
    // The clock stops at 2^50 s (docs/simulation.md "Jobs that cannot finish"): 1,026 jobs of
    // 2^40 s on the whole cluster run one after another, job k from k x 2^40 s. Job 1023 ends and
    // job 1024 starts at exactly 1024 x 2^40 = 2^50 s (still processed); the next instant,
    // 2^50 + 2^40 s, is past the clock: job 1024 is Unfinished with its start, 1025 never starts.
    std::vector<JobSpec> serial(1026, JobSpec{"a", 0, 4, kMaxSeconds});
    const auto r3 = simulate(cluster, makeTrace(serial), Scenario{});
    QVERIFY(r3.jobs[1023].status == JobStatus::Pass);
    QCOMPARE(r3.jobs[1023].end_s.value_or(-1), kMaxClockSeconds);
    QVERIFY(r3.jobs[1024].status == JobStatus::Unfinished);
    QCOMPARE(startOf(r3, 1024), kMaxClockSeconds);
    QVERIFY(!r3.jobs[1024].end_s);
    QVERIFY(r3.jobs[1025].status == JobStatus::Unfinished);
    QVERIFY(!r3.jobs[1025].start_s);
    QCOMPARE(r3.lastEvent_s, kMaxClockSeconds);
}

void TestSimRules::endsReleaseBeforeSubmissions()
{
    // 4 GPUs; j0 ends at 100 exactly when j1 (4 GPUs) arrives: the end is applied first, so j1
    // starts at 100 with no delay.
    const auto cluster = makeCluster({{"r", 4}});
    const auto r = simulate(cluster, makeTrace({{"a", 0, 4, 100}, {"a", 100, 4, 10}}), Scenario{});
    QCOMPARE(startOf(r, 1), std::int64_t{100});
    QCOMPARE(r.jobs[1].queueDelay_s, std::int64_t{0});
}

void TestSimRules::tiesByInputRow()
{
    // Two jobs submitted together, each wanting the whole cluster: the earlier input row runs
    // first, whatever the ids or VC names say.
    const auto cluster = makeCluster({{"r", 4}});
    const auto r = simulate(cluster, makeTrace({{"zz", 0, 4, 10, JobStatus::Pass, std::nanf(""), "z9"},
                                                {"aa", 0, 4, 10, JobStatus::Pass, std::nanf(""), "a1"}}),
                            Scenario{});
    QCOMPARE(startOf(r, 0), std::int64_t{0});
    QCOMPARE(startOf(r, 1), std::int64_t{10});
}

void TestSimRules::slowdownLowersUtilization()
{
    // spread puts the two 1-GPU jobs on different servers (most GPUs left over), so a 2-GPU job
    // with utilization 0.66 must take 1 GPU on each server (any level allowed at once):
    // slowdown (1 + 0.1*1)(1 + 0.2*1) = 1.32 across 2 racks; utilization 0.66/1.32 = 0.5;
    // run 100 * 1.32 = 132 s.
    const auto cluster = makeCluster({{"a", 2}, {"b", 2}});
    Scenario s;
    s.locality.relaxToAnyAfter_s = 0;
    s.placement = PlacementPolicy::Spread;
    const auto r = simulate(cluster, makeTrace({{"v", 0, 1, 1000}, {"v", 0, 1, 1000}, {"w", 0, 2, 100, JobStatus::Pass, 0.66f}}), s);
    QCOMPARE(r.jobs[2].slowdown, 1.1 * 1.2);
    QCOMPARE(r.jobs[2].effectiveUtil, 0.5);
    QCOMPARE(endOf(r, 2), std::int64_t{132});
}

void TestSimRules::slowdownIsCapped_data()
{
    QTest::addColumn<double>("maxFactor");
    QTest::addColumn<std::int64_t>("end");
    // Rack A: one 8-GPU server; rack B: eight 1-GPU servers. k0(8) = 1 (largest servers first),
    // r0(8) = 1. A is busy and `any` is allowed at once, so an 8-GPU job runs on B's 8 servers
    // (one rack): (1 + 0.3*(8-1)) * (1 + 0.2*0) = 3.1, then min(max_factor, 3.1).
    QTest::newRow("default cap 2") << 2.0 << std::int64_t{10 + 200};     // 100 s x 2
    QTest::newRow("cap 4: uncapped") << 4.0 << std::int64_t{10 + 310};   // 100 s x 3.1
    QTest::newRow("cap 1: never slower") << 1.0 << std::int64_t{10 + 100};
}

void TestSimRules::slowdownIsCapped()
{
    QFETCH(double, maxFactor);
    QFETCH(std::int64_t, end);
    std::vector<std::pair<std::string, int>> servers{{"A", 8}};
    for (int i = 0; i < 8; ++i)
        servers.emplace_back("B", 1);
    Scenario s;
    s.locality.relaxToAnyAfter_s = 0;
    s.slowdown.perExtraServer = 0.3;
    s.slowdown.maxFactor = maxFactor;
    // j0 holds A's 8 GPUs from 0 to 1000; j1 (8 GPUs, 100 s) arrives at 10.
    const auto r = simulate(makeCluster(servers), makeTrace({{"v", 0, 8, 1000}, {"v", 10, 8, 100}}), s);
    QCOMPARE(startOf(r, 1), std::int64_t{10});
    QCOMPARE(r.jobs[1].servers, 8);
    QCOMPARE(r.jobs[1].slowdown, std::min(maxFactor, 3.1));
    QCOMPARE(endOf(r, 1), end);
}

void TestSimRules::seriesSamples()
{
    // Samples every 100 s from the first submission (0) through the last event (350):
    // 0,100,200,300. At 50: j0 runs on 4 of 8 GPUs and j1 (8 GPUs) is queued in VC b.
    const auto cluster = makeCluster({{"r", 4}, {"r", 4}});
    Scenario s;
    s.seriesStep_s = 100;
    const auto r = simulate(cluster, makeTrace({{"a", 0, 4, 250}, {"b", 10, 8, 100}}), s);
    QCOMPARE(r.series.t_s.size(), std::size_t{4});
    QCOMPARE(r.series.allocatedGpus[1], 4);
    QCOMPARE(r.series.queuedJobs[1], 1);
    QCOMPARE(r.series.queuedByVc[1][1], 1);
    QCOMPARE(r.series.queuedByVc[0][1], 0);
    QCOMPARE(r.series.freeServers[1], 1);
    QCOMPARE(r.series.effectiveUtil[1], 0.5);
    QCOMPARE(r.series.allocatedGpus[3], 8); // j1 runs 250-350
}

QTEST_GUILESS_MAIN(TestSimRules)
#include "tst_sim_rules.moc"
