// Packing experiments (docs/packing.md): hand-computed micro-experiments where each policy's
// choices, the allocation and the fragmentation can be worked out by hand; the arrivals' inflate
// rule; the curve per percent arrived; grids independent of the thread count.
#include "core/pack/packing_arrivals.hpp"
#include "core/pack/packing_curve.hpp"
#include "core/pack/packing_experiment.hpp"
#include "core/pack/packing_grid.hpp"
#include "core/pack/packing_notes.hpp"
#include "core/pack/packing_state.hpp"
#include "core/sim/scenario_names.hpp"
#include "core/util/input_error.hpp"
#include "tests/sim/sim_test_support.hpp"

#include <QTest>

#include <algorithm>
#include <set>

using namespace clens;
using namespace clens::test;

Q_DECLARE_METATYPE(clens::PlacementPolicy)

namespace {

// Two servers of one GPU and 16 cores each. Pods P0..P3 ask 300, 300, 700 and 700 thousandths of
// a GPU and 1 core each, arriving in that order. Task classes: {300: 2 pods, 700: 2 pods}, each
// of popularity 0.5 (the first covers 50% < 95%, so both are kept).
std::shared_ptr<const Topology> twoGpus() { return makeClusterWith({{"r", 1, "", 16, 0}, {"r", 1, "", 16, 0}}); }

std::shared_ptr<const Trace> fourShares()
{
    return makeTrace({{"a", 0, 1, 10}, {"a", 0, 1, 10}, {"a", 0, 1, 10}, {"a", 0, 1, 10}},
                     {{1, std::nan(""), 300}, {1, std::nan(""), 300}, {1, std::nan(""), 700}, {1, std::nan(""), 700}});
}

std::vector<std::int32_t> inOrder(std::size_t n)
{
    std::vector<std::int32_t> order(n);
    for (std::size_t i = 0; i < n; ++i)
        order[i] = static_cast<std::int32_t>(i);
    return order;
}

} // namespace

class TestPacking : public QObject {
    Q_OBJECT
private slots:
    void policiesOnTwoGpus_data();
    void policiesOnTwoGpus();
    void cpuOnlyClassCountsWhenItNoLongerFits();
    void fgdTieRules_data();
    void fgdTieRules();
    void shuffledNodeOrderReportsTheClustersIndices();
    void stateAfterArrivalsIsWhatTheMapDraws();
    void inflateAppendsCopiesOrRemovesPods_data();
    void inflateAppendsCopiesOrRemovesPods();
    void arrivalsAreDeterministicPerSeed();
    void curveAveragesEachPercent();
    void meanCurveWeighsRuns();
    void gridDoesNotDependOnThreads();
    void badInflateIsAnInputError();
    void notesSayWhatWasLeftOut();
};

void TestPacking::policiesOnTwoGpus_data()
{
    QTest::addColumn<PlacementPolicy>("policy");
    QTest::addColumn<QList<int>>("servers");      // per pod, its server (-1: failed)
    QTest::addColumn<QList<double>>("fragmented"); // Σ F_s after each pod, in thousandths of a GPU
    // best-fit: P0 -> s0 (tie of empty GPUs: lowest index), 700 left; P1 -> s0, the least free
    // share that fits, 400 left; P2 -> s1, 300 left; P3 fits nowhere (400 and 300 < 700).
    // F after P0: s0 has 700 free, both classes fit (700 >= 300, 700 >= 700): 0.
    // After P1: s0 has 400: class 700 does not fit, all 400 count: 0.5 × 400 = 200.
    // After P2: s1 has 300: class 300 fits (nothing below 300), class 700 not: 0.5 × 300 = 150;
    // 200 + 150 = 350, unchanged by the failed P3.
    QTest::newRow("best-fit strands") << PlacementPolicy::BestFit << QList<int>{0, 0, 1, -1} << QList<double>{0, 200, 350, 350};
    // first-fit: lowest server, lowest GPU: the same choices as best-fit here.
    QTest::newRow("first-fit strands") << PlacementPolicy::FirstFit << QList<int>{0, 0, 1, -1} << QList<double>{0, 200, 350, 350};
    // fgd: P0: either empty GPU grows F by 0; best-fit's key breaks the tie: s0. P1: on s0 (700
    // free -> 400) F_s0 grows 0 -> 200; on s1 (1000 -> 700) it grows 0: s1. P2: s0 or s1, both
    // 700 -> 0, growth 0 each; tie -> s0. P3 -> s1. F stays 0: every GPU is either empty, 700
    // free (both classes fit) or full.
    QTest::newRow("fgd keeps room") << PlacementPolicy::Fgd << QList<int>{0, 1, 0, 1} << QList<double>{0, 0, 0, 0};
    // spread: the most free share first: P0 -> s0 (tie, lowest index), P1 -> s1 (1000 > 700),
    // P2 -> s0 (700 = 700, same free capacity, lowest index), P3 -> s1.
    QTest::newRow("spread keeps room") << PlacementPolicy::Spread << QList<int>{0, 1, 0, 1} << QList<double>{0, 0, 0, 0};
}

void TestPacking::policiesOnTwoGpus()
{
    QFETCH(PlacementPolicy, policy);
    QFETCH(QList<int>, servers);
    QFETCH(QList<double>, fragmented);
    const auto trace = fourShares();
    const auto r = runPackingInOrder(*twoGpus(), *trace, policy, {}, inOrder(4));
    QCOMPARE(r.capacityMilli, 2000);
    QCOMPARE(r.classes.size(), std::size_t{2});
    QCOMPARE(r.classes[0].popularity, 0.5);
    QCOMPARE(r.fragmentationBefore, 0.0);
    QCOMPARE(r.steps.size(), std::size_t{4});
    const std::int64_t asks[] = {300, 300, 700, 700};
    std::int64_t arrived = 0, allocated = 0;
    int failed = 0;
    for (int i = 0; i < 4; ++i) {
        const auto& s = r.steps[static_cast<std::size_t>(i)];
        QCOMPARE(s.job, i);
        QCOMPARE(s.server, servers[i]);
        arrived += asks[i];
        allocated += s.server >= 0 ? asks[i] : 0;
        failed += s.server < 0 ? 1 : 0;
        QCOMPARE(s.arrivedMilli, arrived);
        QCOMPARE(s.allocatedMilli, allocated);
        QCOMPARE(s.failed, failed);
        QCOMPARE(s.fragmentedMilli, fragmented[i]);
        QCOMPARE(s.gpuCount, s.server >= 0 ? 1 : 0);
        if (s.server >= 0)
            QCOMPARE(r.gpus[static_cast<std::size_t>(s.firstGpu)], s.server); // GPU i is on server i
    }
    // The curve: arrived 300, 600, 1300, 2000 of 2000 -> 15%, 30%, 65%, 100%.
    const auto curve = packingCurve(r);
    QCOMPARE(curve.size(), std::size_t{4});
    QCOMPARE(curve[3].arrivedPct, 100);
    QCOMPARE(curve[3].allocatedGpuPct, 100.0 * static_cast<double>(allocated) / 2000.0);
    QCOMPARE(curve[3].fragmentedGpuPct, fragmented[3] / 20.0);
    QCOMPARE(curve[3].failedPods, static_cast<double>(failed));
}

void TestPacking::cpuOnlyClassCountsWhenItNoLongerFits()
{
    // One server: 2 GPUs, 4 cores. Classes: a CPU-only pod of 2 cores (pods 0, 1) and a whole GPU
    // with 1 core (pods 2, 3): popularity 0.5 each. Pods 2 then 0 then 3 arrive.
    // After pod 2 (1 GPU, 1 core): 1000 free on 1 GPU, 3 cores. CPU class fits: nothing of the GPUs
    // is below its share 0 -> 0. GPU class fits (a GPU with 1000 free, 3 >= 1 cores) -> 0. F = 0.
    // After pod 0 (2 cores): 1 core left. CPU class no longer fits: all 1000 free count, 0.5 ×
    // 1000 = 500. GPU class fits (1 core) -> 0. F = 500.
    // After pod 3 (1 GPU, 1 core): nothing free: F = 0.
    const auto cluster = makeClusterWith({{"r", 2, "", 4, 0}});
    const auto trace = makeTrace({{"a", 0, 0, 10}, {"a", 0, 0, 10}, {"a", 0, 1, 10}, {"a", 0, 1, 10}},
                                 {{2}, {2}, {1}, {1}});
    const auto r = runPackingInOrder(*cluster, *trace, PlacementPolicy::BestFit, {}, {2, 0, 3});
    QCOMPARE(r.steps.size(), std::size_t{3});
    QCOMPARE(r.steps[0].fragmentedMilli, 0.0);
    QCOMPARE(r.steps[1].fragmentedMilli, 500.0);
    QCOMPARE(r.steps[1].gpuCount, 0); // a CPU-only pod takes no GPU
    QCOMPARE(r.steps[1].arrivedMilli, 1000);
    QCOMPARE(r.steps[2].fragmentedMilli, 0.0);
    QCOMPARE(r.steps[2].allocatedMilli, 2000);
}

void TestPacking::stateAfterArrivalsIsWhatTheMapDraws()
{
    // best-fit on the two GPUs: P0 and P1 (300 each, 1 core each) share GPU 0 of s0, P2 (700)
    // takes GPU 1 of s1, P3 fails. Arrived 15%, 30%, 65%, 100%.
    const auto trace = fourShares();
    const auto cluster = twoGpus();
    const auto r = runPackingInOrder(*cluster, *trace, PlacementPolicy::BestFit, {}, inOrder(4));
    ClusterState s;
    packingStateAt(r, *cluster, 2, s);
    QCOMPARE(s.gpu[0], GpuState::Busy);
    QCOMPARE(s.used[0], std::uint16_t{600});
    QCOMPARE(s.sharers[0], std::uint8_t{2});
    QCOMPARE(s.job[0], 0); // the first to arrive
    QCOMPARE(s.gpu[1], GpuState::Idle);
    QCOMPARE(s.cpuReserved[0], 2.0f);
    QCOMPARE(s.cpuReserved[1], 0.0f);
    packingStateAt(r, *cluster, 4, s); // the failed P3 changes nothing
    QCOMPARE(s.used[1], std::uint16_t{700});
    QCOMPARE(s.cpuReserved[1], 1.0f);
    QCOMPARE(s.t_s, 4);
    QCOMPARE(arrivalsUpToPct(r, 14), std::size_t{0});
    QCOMPARE(arrivalsUpToPct(r, 30), std::size_t{2});
    QCOMPARE(arrivalsUpToPct(r, 64), std::size_t{2});
    QCOMPARE(arrivalsUpToPct(r, 65), std::size_t{3});
    QCOMPARE(arrivalsUpToPct(r, 200), std::size_t{4});
}

void TestPacking::inflateAppendsCopiesOrRemovesPods_data()
{
    QTest::addColumn<double>("inflate");
    QTest::addColumn<int>("pods");
    // One server of 4 GPUs; two pods of one whole GPU each: 2000 of 4000 asked.
    // 1.0: copies while the total stays <= 4000: two copies, 4 pods.
    QTest::newRow("1.0") << 1.0 << 4;
    // 1.1: target 4400; a fifth pod would make 5000: 4 pods.
    QTest::newRow("1.1") << 1.1 << 4;
    // 1.25: target 5000: 5 pods.
    QTest::newRow("1.25") << 1.25 << 5;
    // 0.5: target 2000: exactly what is asked, nothing added or removed.
    QTest::newRow("0.5") << 0.5 << 2;
    // 0.3: target 1200 < 2000: one pod removed at random.
    QTest::newRow("0.3") << 0.3 << 1;
}

void TestPacking::inflateAppendsCopiesOrRemovesPods()
{
    QFETCH(double, inflate);
    QFETCH(int, pods);
    const auto cluster = makeCluster({{"r", 4}});
    const auto trace = makeTrace({{"a", 0, 1, 10}, {"a", 0, 1, 10}});
    const ResourceModel model(*cluster, *trace, {}, true);
    const auto arrivals = packingArrivals(*trace, model, 4000, inflate, 7);
    QCOMPARE(static_cast<int>(arrivals.size()), pods);
    for (const auto j : arrivals)
        QVERIFY(j == 0 || j == 1);
    if (pods >= 2) { // the trace's own pods come first, each once
        QCOMPARE(std::set<std::int32_t>(arrivals.begin(), arrivals.begin() + 2).size(), std::size_t{2});
    }
}

void TestPacking::arrivalsAreDeterministicPerSeed()
{
    const auto cluster = makeCluster({{"r", 8}});
    std::vector<JobSpec> jobs(50, JobSpec{"a", 0, 1, 10});
    const auto trace = makeTrace(jobs);
    const ResourceModel model(*cluster, *trace, {}, true);
    const auto a = packingArrivals(*trace, model, 8000, 1.3, 42);
    QCOMPARE(packingArrivals(*trace, model, 8000, 1.3, 42), a);
    QVERIFY(packingArrivals(*trace, model, 8000, 1.3, 43) != a);
    // Tune-down keeps 10 of the 50 one-GPU pods (10 000 <= 1.25 × 8000).
    QCOMPARE(packingArrivals(*trace, model, 8000, 1.25, 42).size(), std::size_t{10});
}

void TestPacking::curveAveragesEachPercent()
{
    // Capacity 1000: arrived 4 and 5 thousandths round to 0% and 1% (0.4, 0.5 -> half away from
    // zero), 14 to 1%. Percent 1 is the mean of its two steps: allocated (5 + 14)/2 = 9.5 -> 0.95%,
    // fragmented (10 + 30)/2 = 20 -> 2%; failed pods at its last step: 1.
    PackResult r;
    r.capacityMilli = 1000;
    const auto step = [](std::int64_t arrived, std::int64_t allocated, double fragmented, std::int32_t failed) {
        PackStep s;
        s.arrivedMilli = arrived;
        s.allocatedMilli = allocated;
        s.fragmentedMilli = fragmented;
        s.failed = failed;
        return s;
    };
    r.steps = {step(4, 4, 0, 0), step(5, 5, 10, 0), step(14, 14, 30, 1)};
    const auto curve = packingCurve(r);
    QCOMPARE(curve.size(), std::size_t{2});
    QCOMPARE(curve[0].arrivedPct, 0);
    QCOMPARE(curve[0].allocatedGpuPct, 0.4);
    QCOMPARE(curve[1].arrivedPct, 1);
    QCOMPARE(curve[1].allocatedGpuPct, 0.95);
    QCOMPARE(curve[1].fragmentedGpuPct, 2.0);
    QCOMPARE(curve[1].failedPods, 1.0);
}

void TestPacking::meanCurveWeighsRuns()
{
    // Seed A reaches 0% and 1%, seed B only 0%: 0% is the mean of both, 1% is A's alone.
    const std::vector<PackPoint> a{{0, 1.0, 2.0, 0, 1}, {1, 3.0, 4.0, 1, 1}};
    const std::vector<PackPoint> b{{0, 3.0, 4.0, 2, 1}};
    const auto m = meanCurve({a, b});
    QCOMPARE(m.size(), std::size_t{2});
    QCOMPARE(m[0].allocatedGpuPct, 2.0);
    QCOMPARE(m[0].fragmentedGpuPct, 3.0);
    QCOMPARE(m[0].failedPods, 1.0);
    QCOMPARE(m[0].runs, 2);
    QCOMPARE(m[1].allocatedGpuPct, 3.0);
    QCOMPARE(m[1].runs, 1);
    // A mean of two runs counts twice beside one run: (2·2 + 5)/3 = 3.
    const auto again = meanCurve({m, {{0, 5.0, 0, 0, 1}}});
    QCOMPARE(again[0].allocatedGpuPct, 3.0);
}

void TestPacking::gridDoesNotDependOnThreads()
{
    const auto cluster = makeClusterWith({{"r", 4, "", 32, 0}, {"r", 2, "", 16, 0}, {"r", 8, "", 64, 0}});
    std::vector<JobSpec> jobs;
    std::vector<Asks> asks;
    for (int i = 0; i < 40; ++i) {
        jobs.push_back({"a", 0, i % 7 == 0 ? 2 : i % 5 == 0 ? 0 : 1, 10});
        asks.push_back({static_cast<double>(1 + i % 4), std::nan(""), i % 3 == 0 ? 1000 : 250 + 50 * (i % 4)});
    }
    const auto trace = makeTrace(jobs, asks);
    PackGrid grid;
    grid.placements = {PlacementPolicy::BestFit, PlacementPolicy::Fgd};
    grid.inflates = {0.8, 1.3};
    grid.seeds = 3;
    const auto one = runPackingGrid(*cluster, *trace, grid, 1);
    const auto two = runPackingGrid(*cluster, *trace, grid, 2);
    QCOMPARE(one.size(), std::size_t{4});
    for (std::size_t c = 0; c < one.size(); ++c) {
        QVERIFY2(one[c].ok, one[c].error.c_str());
        QCOMPARE(two[c].curve.size(), one[c].curve.size());
        for (std::size_t k = 0; k < one[c].curve.size(); ++k) {
            QCOMPARE(two[c].curve[k].allocatedGpuPct, one[c].curve[k].allocatedGpuPct);
            QCOMPARE(two[c].curve[k].fragmentedGpuPct, one[c].curve[k].fragmentedGpuPct);
        }
    }
    QCOMPARE(one[1].inflate, 1.3);
    QVERIFY(one[2].placement == PlacementPolicy::Fgd);
    // Arrivals reach about 130% of the GPUs for inflate 1.3 and never pass it.
    QVERIFY(one[1].curve.back().arrivedPct <= 130);
    QVERIFY(one[1].curve.back().arrivedPct >= 120);
}

void TestPacking::fgdTieRules_data()
{
    QTest::addColumn<PlacementPolicy>("policy");
    QTest::addColumn<QList<int>>("servers");
    // s0 has 2 GPUs, s1 one; three pods of one whole GPU and 1 core. One task class (1 GPU):
    // it fits wherever a GPU is free and no GPU is ever partly free, so F_s = 0 on every server
    // before and after any placement: every fgd choice is a tie of growth 0.
    // fgd breaks it by best-fit's key (fewest free GPUs left): P0 -> s1 (0 left, s0 would keep
    // 1), then s1 is full: P1, P2 -> s0.
    QTest::newRow("fgd: tightest") << PlacementPolicy::Fgd << QList<int>{1, 0, 0};
    // fgd-first takes the lowest index, as first-fit: P0, P1 -> s0, P2 -> s1.
    QTest::newRow("fgd-first: lowest index") << PlacementPolicy::FgdFirst << QList<int>{0, 0, 1};
}

void TestPacking::fgdTieRules()
{
    QFETCH(PlacementPolicy, policy);
    QFETCH(QList<int>, servers);
    const auto cluster = makeClusterWith({{"r", 2, "", 16, 0}, {"r", 1, "", 16, 0}});
    const auto trace = makeTrace({{"a", 0, 1, 10}, {"a", 0, 1, 10}, {"a", 0, 1, 10}}, {{1}, {1}, {1}});
    const auto r = runPackingInOrder(*cluster, *trace, policy, {}, inOrder(3));
    QCOMPARE(r.steps.size(), std::size_t{3});
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(r.steps[static_cast<std::size_t>(i)].server, servers[i]);
        QCOMPARE(r.steps[static_cast<std::size_t>(i)].fragmentedMilli, 0.0);
    }
}

void TestPacking::shuffledNodeOrderReportsTheClustersIndices()
{
    // Servers of 1, 2, 3 and 4 GPUs (GPUs 0 | 1-2 | 3-5 | 6-9); one pod of 3 GPUs, and inflate 0.3
    // of the 10 GPUs (3,000 thousandths) admits no copy. First-fit takes the first server in the
    // node order with 3 GPUs free: s2 in the file's order; shuffled, s2 or s3 by the seed.
    const auto cluster = makeClusterWith({{"r", 1, "", 16, 0}, {"r", 2, "", 16, 0}, {"r", 3, "", 16, 0}, {"r", 4, "", 16, 0}});
    const auto trace = makeTrace({{"a", 0, 3, 10}}, {{1}});
    PackOptions options;
    options.placement = PlacementPolicy::FirstFit;
    options.inflate = 0.3;
    std::set<std::int32_t> chosen;
    for (std::uint64_t seed = 42; seed < 52; ++seed) {
        options.seed = seed;
        options.nodeOrder = NodeOrder::File;
        const auto file = runPacking(*cluster, *trace, options);
        QCOMPARE(file.steps.size(), std::size_t{1});
        QCOMPARE(file.steps[0].server, 2);
        options.nodeOrder = NodeOrder::Shuffled;
        const auto shuffled = runPacking(*cluster, *trace, options);
        const auto again = runPacking(*cluster, *trace, options);
        const auto& step = shuffled.steps.at(0);
        QVERIFY(step.server == 2 || step.server == 3);
        QCOMPARE(again.steps.at(0).server, step.server); // one order per seed
        // Its 3 GPUs are named by the cluster's own ids: distinct GPUs of the server it names.
        QCOMPARE(step.gpuCount, 3);
        std::set<std::int32_t> gpus;
        for (std::int32_t k = 0; k < step.gpuCount; ++k) {
            const auto g = shuffled.gpus[static_cast<std::size_t>(step.firstGpu + k)];
            QCOMPARE(cluster->serverOfGpu(g), step.server);
            gpus.insert(g);
        }
        QCOMPARE(gpus.size(), std::size_t{3});
        chosen.insert(step.server);
    }
    // Over 10 seeds both orders of s2 and s3 come up (each seed: s3 before s2 with probability 1/2).
    QCOMPARE(chosen.size(), std::size_t{2});
}

void TestPacking::badInflateIsAnInputError()
{
    const auto trace = fourShares();
    PackOptions options;
    options.inflate = 0;
    try {
        runPacking(*twoGpus(), *trace, options);
        QFAIL("inflate 0 was accepted");
    } catch (const InputError& e) {
        QCOMPARE(e.field(), std::string("inflate"));
    }
}

void TestPacking::notesSayWhatWasLeftOut()
{
    // One GPU; two 1-GPU pods and a job asking for nothing. Inflate 1: the target is 1000, the
    // pods ask 2000, so one is removed; the empty job is no pod.
    const auto cluster = makeCluster({{"r", 1}});
    const auto trace = makeTrace({{"a", 0, 1, 10}, {"a", 0, 1, 10}, {"a", 0, 0, 10}});
    PackOptions options;
    options.inflate = 1.0;
    const auto run = runPacking(*cluster, *trace, options);
    QCOMPARE(run.steps.size(), std::size_t{1});
    const auto notes = packingNotes(*trace, run, options.inflate);
    QCOMPARE(notes.size(), std::size_t{2});
    QCOMPARE(notes[0], std::string("1 of the trace's 3 jobs ask for no GPU, CPU or memory: they are not pods and were left out"));
    QCOMPARE(notes[1], std::string("the 2 pods ask for more than inflate 1 × the cluster's GPUs: 1 were removed at random"));
    // Nothing left out or removed: nothing said.
    options.inflate = 2.0;
    const auto all = makeTrace({{"a", 0, 1, 10}, {"a", 0, 1, 10}});
    QVERIFY(packingNotes(*all, runPacking(*cluster, *all, options), options.inflate).empty());
}

QTEST_GUILESS_MAIN(TestPacking)
#include "tst_packing.moc"
