// Resources beyond GPUs (docs/resources.md): the resource-mode engine against the GPU-only one,
// and hand-computed micro-scenarios for each rule, each stating its arithmetic.
#include "core/sim/cluster_state.hpp"
#include "core/sim/scenario_json.hpp"
#include "core/sim/sim_invariants.hpp"
#include "core/synth/philly_like_generator.hpp"
#include "tests/sim/sim_test_support.hpp"

#include <QTest>

#include <cmath>

using namespace clens;
using namespace clens::test;

namespace {

// 3,000 philly-like jobs on 60 servers at offered load 3: long queues, every delay cause.
const GeneratedWorkload& loaded()
{
    static const auto w = generatedWorkload(3000, 60, 3.0, 17);
    return w;
}

std::string quotas(const char* mode)
{
    return std::string(R"("quota": {"mode": ")") + mode +
           R"(", "vc": {"6214e9": 80, "7f04ca": 40, "11cb48": 20, "b436b2": 80, "ee9e8c": 80, "e13805": 20, "6c71a0": 40, "2869ce": 20, "ed69ec": 10, "103959": 10, "0e4a51": 40}})";
}

// Every field the GPU-only engine produces, side by side (the resource fields aside).
void compareGpuFields(const SimResult& a, const SimResult& b)
{
    QCOMPARE(a.jobs.size(), b.jobs.size());
    for (std::size_t i = 0; i < a.jobs.size(); ++i) {
        const auto& x = a.jobs[i];
        const auto& y = b.jobs[i];
        const auto where = qPrintable(QStringLiteral("job %1").arg(i));
        QVERIFY2(x.status == y.status && x.start_s == y.start_s && x.end_s == y.end_s, where);
        QVERIFY2(x.queueDelay_s == y.queueDelay_s && x.fairshareDelay_s == y.fairshareDelay_s
                     && x.fragmentationDelay_s == y.fragmentationDelay_s && x.capacityDelay_s == y.capacityDelay_s,
                 where);
        QVERIFY2(x.allocatedGpus == y.allocatedGpus && x.servers == y.servers && x.racks == y.racks && x.level == y.level
                     && x.attempts == y.attempts,
                 where);
        QVERIFY2(x.gpuSeconds == y.gpuSeconds && x.heldIdleGpuSeconds == y.heldIdleGpuSeconds
                     && x.effectiveGpuSeconds == y.effectiveGpuSeconds && x.slowdown == y.slowdown
                     && x.effectiveUtil == y.effectiveUtil,
                 where);
    }
    QCOMPARE(a.waits.size(), b.waits.size());
    for (std::size_t i = 0; i < a.waits.size(); ++i)
        QVERIFY(a.waits[i].from_s == b.waits[i].from_s && a.waits[i].to_s == b.waits[i].to_s && a.waits[i].cause == b.waits[i].cause
                && a.waits[i].resource == b.waits[i].resource);
    QCOMPARE(a.occupancy.size(), b.occupancy.size());
    for (std::size_t i = 0; i < a.occupancy.size(); ++i) {
        const auto& x = a.occupancy[i];
        const auto& y = b.occupancy[i];
        QVERIFY(x.gpu == y.gpu && x.job == y.job && x.from_s == y.from_s && x.to_s == y.to_s && x.use == y.use
                && x.util == y.util && x.milli == y.milli);
    }
    QCOMPARE(a.series.allocatedGpus, b.series.allocatedGpus);
    QCOMPARE(a.series.queuedJobs, b.series.queuedJobs);
    QCOMPARE(a.series.freeServers, b.series.freeServers);
    QCOMPARE(a.series.heldIdleGpus, b.series.heldIdleGpus);
    QCOMPARE(a.summary.preemptions, b.summary.preemptions);
    QCOMPARE(a.summary.serverFailures, b.summary.serverFailures);
    QCOMPARE(a.events, b.events);
}

// The GPUs a job's last run took (by GPU index), and the servers it reserved CPU/memory on.
std::vector<std::int32_t> gpusOf(const SimResult& r, int job)
{
    std::vector<std::int32_t> out;
    for (const auto& iv : r.occupancy)
        if (iv.job == job && iv.use == GpuUse::Running)
            out.push_back(iv.gpu);
    return out;
}

std::vector<std::int32_t> reservedServersOf(const SimResult& r, int job)
{
    std::vector<std::int32_t> out;
    for (const auto& v : r.reservations)
        if (v.job == job)
            out.push_back(v.server);
    return out;
}

struct PackingCase {
    std::vector<ServerWith> servers;
    std::vector<JobSpec> jobs;
    std::vector<Asks> asks;
    int job;                 // the job checked
    std::int64_t start;      // its start
    std::int64_t capacity;   // its capacity delay
    std::int64_t fragmentation;
    WaitResource waitsFor;   // what its (one) waiting interval names
};

} // namespace

Q_DECLARE_METATYPE(PackingCase)

class TestSimResources : public QObject {
    Q_OBJECT
private slots:
    void resourceModeMatchesGpuOnlyWhenNothingLimits_data();
    void resourceModeMatchesGpuOnlyWhenNothingLimits();
    void packingByCpuAndMemory_data();
    void packingByCpuAndMemory();
    void reservationIsThePortionOfEachServer();
    void shareBestFitAndSpread_data();
    void shareBestFitAndSpread();
    void fgdAvoidsUnusableSlivers();
    void modelConstraints();
    void localityCountsAllowedServers();
    void zeroGpuJobs();
    void defaultsFillWhatTheTraceLacks();
    void resourceSummaries();
    void checkerCatchesResourceViolations();
    void stateAtShowsSharesAndReservations();
    void arrivalsSpeedUp();
};

void TestSimResources::resourceModeMatchesGpuOnlyWhenNothingLimits_data()
{
    QTest::addColumn<QString>("scenario");
    for (const auto& [name, json] : gpuKnobScenarios())
        QTest::newRow(name) << QString(json);
    QTest::newRow("strict quota") << QString::fromStdString("{" + quotas("strict") + "}");
    QTest::newRow("borrow") << QString::fromStdString("{" + quotas("borrow") + "}");
    QTest::newRow("borrow-preempt") << QString::fromStdString("{" + quotas("borrow-preempt") + "}");
    QTest::newRow("gang none, borrow") << QString::fromStdString(R"({"gang": {"policy": "none"}, )" + quotas("borrow") + "}");
    QTest::newRow("trial runs") << R"({"failures": {"trial_run_s": 120}})";
    QTest::newRow("server failures") << R"({"failures": {"server_mtbf_h": 100, "repair_h": 2, "checkpoint_s": 1800}})";
}

void TestSimResources::resourceModeMatchesGpuOnlyWhenNothingLimits()
{
    // Every job asks 4 cores and 16 GB per GPU of servers whose CPU and memory are unlimited: the
    // run is in resource mode (CPU and memory booked per server) but nothing ever limits, so
    // every GPU-only result must come out the same.
    QFETCH(QString, scenario);
    const auto s = parseScenarioJson(scenario.toStdString(), "test");
    auto withDefaults = s;
    withDefaults.resources.jobDefaults.cpuPerGpu = 4;
    withDefaults.resources.jobDefaults.memGbPerGpu = 16;
    const auto gpuOnly = simulate(loaded().cluster, loaded().trace, s);
    const auto withResources = simulate(loaded().cluster, loaded().trace, withDefaults);
    QVERIFY(gpuOnly.reservations.empty());
    QVERIFY(!withResources.reservations.empty());
    compareGpuFields(gpuOnly, withResources);
    QVERIFY(checkSimInvariants(withResources).empty());
    QVERIFY(gpuOnly.summary.meanQueueDelay_s > 0); // the scenario queues: placements are contested
    if (s.quota.mode == QuotaMode::BorrowPreempt)
        QVERIFY(gpuOnly.summary.preemptions > 0);
}

void TestSimResources::packingByCpuAndMemory_data()
{
    QTest::addColumn<PackingCase>("c");
    // Two 4-GPU servers with 8 cores each, one rack. j0 (1 GPU, 6 cores, 0-1000) goes to s0 (a
    // tie; lowest index): s0 keeps 3 GPUs but 2 cores. j1 (2 GPUs, 8 cores) at 10: s0 can hold
    // floor(2*2/8) = 0 of its GPUs, so s1, 10-110. j2 (1 GPU, 4 cores) at 20: free CPU is 2 + 0 = 2
    // < 4 in total -> capacity until j1 ends at 110, then s1: 90 s of capacity delay.
    QTest::newRow("CPU short in total: capacity")
        << PackingCase{{{"r", 4, "", 8}, {"r", 4, "", 8}},
                       {{"v", 0, 1, 1000}, {"v", 10, 2, 100}, {"v", 20, 1, 100}},
                       {{6}, {8}, {4}}, 2, 110, 90, 0, WaitResource::Cpu};
    // j0 and j1 (1 GPU, 5 cores each) take s0 and s1 (s0 keeps 3 cores: floor(3*1/5) = 0 GPUs for
    // j1). j2 (1 GPU, 4 cores) at 2: 3 + 3 = 6 free cores and 6 free GPUs in total, but no server
    // has 4 cores -> fragmentation until j0 ends at 100: 98 s.
    QTest::newRow("CPU enough in total, on no server: fragmentation")
        << PackingCase{{{"r", 4, "", 8}, {"r", 4, "", 8}},
                       {{"v", 0, 1, 100}, {"v", 1, 1, 1000}, {"v", 2, 1, 50}},
                       {{5}, {5}, {4}}, 2, 100, 0, 98, WaitResource::Cpu};
    // Memory alike: one 4-GPU server with 64 GB. j0 (1 GPU, 48 GB, 0-300); j1 (1 GPU, 32 GB) at 5:
    // 16 GB free < 32 -> capacity until 300: 295 s.
    QTest::newRow("memory short: capacity")
        << PackingCase{{{"r", 4, "", 0, 64}}, {{"v", 0, 1, 300}, {"v", 5, 1, 10}}, {{NAN, 48}, {NAN, 32}}, 1, 300, 295, 0,
                       WaitResource::Memory};
    // Memory fragmented: two 2-GPU servers with 64 GB. j0 and j1 (1 GPU, 40 GB) take one each;
    // j2 (1 GPU, 32 GB) at 1: 24 + 24 = 48 GB free in total, 2 free GPUs, but no server has 32 GB
    // -> fragmentation of memory until j0 ends at 100 (99 s).
    QTest::newRow("memory enough in total, on no server: fragmentation")
        << PackingCase{{{"r", 2, "", 0, 64}, {"r", 2, "", 0, 64}},
                       {{"v", 0, 1, 100}, {"v", 0, 1, 1000}, {"v", 1, 1, 10}},
                       {{NAN, 40}, {NAN, 40}, {NAN, 32}}, 2, 100, 0, 99, WaitResource::Memory};
}

void TestSimResources::packingByCpuAndMemory()
{
    QFETCH(PackingCase, c);
    const auto r = simulate(makeClusterWith(c.servers), makeTrace(c.jobs, c.asks), Scenario{});
    QVERIFY(checkSimInvariants(r).empty());
    const auto& j = r.jobs[static_cast<std::size_t>(c.job)];
    QCOMPARE(startOf(r, c.job), c.start);
    QCOMPARE(j.capacityDelay_s, c.capacity);
    QCOMPARE(j.fragmentationDelay_s, c.fragmentation);
    QCOMPARE(j.fairshareDelay_s, std::int64_t{0});
    QCOMPARE(j.waitCount, 1u);
    QVERIFY(r.waits[j.firstWait].resource == c.waitsFor);
}

void TestSimResources::reservationIsThePortionOfEachServer()
{
    // A 3-GPU job asking 10 cores and 3 GB on two 2-GPU servers of one rack (any level at once):
    // 2 GPUs on s0 reserve ceil(10000 * 2/3) = 6,667 millicores and ceil(3072 * 2/3) = 2,048 MiB,
    // 1 GPU on s1 ceil(10000/3) = 3,334 and 1,024. Rounding up: 10,001 millicores in all.
    Scenario s;
    s.locality.relaxToAnyAfter_s = 0;
    const auto r = simulate(makeClusterWith({{"r", 2, "", 16, 16}, {"r", 2, "", 16, 16}}),
                            makeTrace({{"v", 0, 3, 100}}, {{10, 3}}), s);
    QCOMPARE(r.reservations.size(), std::size_t{2});
    QCOMPARE(r.reservations[0].server, 0);
    QCOMPARE(r.reservations[0].cpuMilli, std::int64_t{6667});
    QCOMPARE(r.reservations[0].memMib, std::int64_t{2048});
    QCOMPARE(r.reservations[1].server, 1);
    QCOMPARE(r.reservations[1].cpuMilli, std::int64_t{3334});
    QCOMPARE(r.reservations[1].memMib, std::int64_t{1024});
    QCOMPARE(r.resources.size(), r.jobs.size()); // resource mode: each job's kept
    QCOMPARE(r.resourcesOf(0).cpuCores, 10.0);
    QCOMPARE(r.resourcesOf(0).memGb, 3.0);
}

void TestSimResources::shareBestFitAndSpread_data()
{
    QTest::addColumn<PlacementPolicy>("policy");
    QTest::addColumn<std::vector<std::int32_t>>("gpus");  // of j0, j1, j2
    QTest::addColumn<std::int64_t>("start2");
    QTest::addColumn<std::int64_t>("fragmentation2");
    // One server with 2 GPUs. j0 and j1 ask 500 thousandths each (0-100), j2 a whole GPU at 1.
    // best-fit: j0 on g0 (both free: a tie, lowest GPU); j1 where the least share is free that
    // fits: g0 (500) -> g1 stays whole and j2 starts at once.
    QTest::newRow("best-fit packs") << PlacementPolicy::BestFit << std::vector<std::int32_t>{0, 0, 1} << std::int64_t{1}
                                    << std::int64_t{0};
    // spread: j1 where the most is free: g1 (1000) -> no whole GPU is left, though 500 + 500
    // thousandths are free in total -> j2 waits, fragmentation, until both end at 100 (99 s),
    // then takes g0.
    QTest::newRow("spread spreads") << PlacementPolicy::Spread << std::vector<std::int32_t>{0, 1, 0} << std::int64_t{100}
                                    << std::int64_t{99};
    QTest::newRow("first-fit: lowest GPU") << PlacementPolicy::FirstFit << std::vector<std::int32_t>{0, 0, 1}
                                           << std::int64_t{1} << std::int64_t{0};
}

void TestSimResources::shareBestFitAndSpread()
{
    QFETCH(PlacementPolicy, policy);
    QFETCH(std::vector<std::int32_t>, gpus);
    QFETCH(std::int64_t, start2);
    QFETCH(std::int64_t, fragmentation2);
    Scenario s;
    s.placement = policy;
    const auto r = simulate(makeClusterWith({{"r", 2}}), makeTrace({{"v", 0, 1, 100}, {"v", 0, 1, 100}, {"v", 1, 1, 50}},
                                                                   {{NAN, NAN, 500}, {NAN, NAN, 500}, {}}),
                            s);
    QVERIFY(checkSimInvariants(r).empty());
    for (int j = 0; j < 3; ++j)
        QCOMPARE(gpusOf(r, j), std::vector<std::int32_t>{gpus[static_cast<std::size_t>(j)]});
    QCOMPARE(startOf(r, 2), start2);
    QCOMPARE(r.jobs[2].fragmentationDelay_s, fragmentation2);
    if (fragmentation2 > 0) // the GPUs themselves are split, not CPU or memory
        QVERIFY(r.waits[r.jobs[2].firstWait].resource == WaitResource::Gpus);
    // A share counts as its part of a GPU: 100 s x 0.5 GPU.
    QCOMPARE(r.jobs[0].gpuSeconds, std::int64_t{50});
    QCOMPARE(r.resourcesOf(0).gpuMilli, 500);
}

void TestSimResources::fgdAvoidsUnusableSlivers()
{
    // Two 1-GPU servers. The trace's task classes (docs/resources.md "`fgd` — fragmentation gradient descent"): four 500-share jobs
    // (at 5000, after the rest), one 400 share and one 300 share: 500 covers 4/6 < 95%, then
    // 400 (first seen) 5/6, then 300: popularities 2/3, 1/6, 1/6.
    // j0 (400) at 0: both servers alike -> s0 (ties: best-fit's key, lowest index); s0 keeps 600.
    // j1 (300) at 10:
    //   on s0 (600 -> 300): before, every class fits and nothing is below its share: F = 0; after,
    //     500 and 400 no longer fit: F = 300 * (2/3 + 1/6) = 250 -> growth +250;
    //   on s1 (1000 -> 700): every class still fits, no free share below 500: growth 0.
    // fgd takes s1 (GPU 1); best-fit the least free share that fits: s0 (GPU 0).
    std::vector<JobSpec> jobs{{"v", 0, 1, 1000}, {"v", 10, 1, 1000}};
    std::vector<Asks> asks{{NAN, NAN, 400}, {NAN, NAN, 300}};
    for (int i = 0; i < 4; ++i) {
        jobs.push_back({"v", 5000, 1, 10});
        asks.push_back({NAN, NAN, 500});
    }
    const auto cluster = makeClusterWith({{"r", 1}, {"r", 1}});
    Scenario s;
    s.placement = PlacementPolicy::Fgd;
    const auto fgd = simulate(cluster, makeTrace(jobs, asks), s);
    QCOMPARE(gpusOf(fgd, 0), std::vector<std::int32_t>{0});
    QCOMPARE(gpusOf(fgd, 1), std::vector<std::int32_t>{1});
    const auto bestFit = simulate(cluster, makeTrace(jobs, asks), Scenario{});
    QCOMPARE(gpusOf(bestFit, 1), std::vector<std::int32_t>{0});
    QVERIFY(checkSimInvariants(fgd).empty());
}

void TestSimResources::modelConstraints()
{
    // s0: 4 T4 GPUs, s1: 4 V100. j0 (2 GPUs, V100 only) goes to s1 though best-fit would take the
    // lowest index; j1 asks an A100 that no server has -> it can never start: Unfinished, never
    // queued; j2 (T4 or V100, 4 GPUs) at 1: s0 is whole -> starts at 1 on s0.
    const auto r = simulate(makeClusterWith({{"r", 4, "T4"}, {"r", 4, "V100"}}),
                            makeTrace({{"v", 0, 2, 100}, {"v", 0, 1, 100}, {"v", 1, 4, 100}},
                                      {{NAN, NAN, 1000, "V100"}, {NAN, NAN, 1000, "A100"}, {NAN, NAN, 1000, "V100|T4"}}),
                            Scenario{});
    QCOMPARE(gpusOf(r, 0), (std::vector<std::int32_t>{4, 5}));
    QVERIFY(r.jobs[1].status == JobStatus::Unfinished);
    QCOMPARE(r.jobs[1].queueDelay_s, std::int64_t{0});
    QCOMPARE(startOf(r, 2), std::int64_t{1});
    QCOMPARE(gpusOf(r, 2), (std::vector<std::int32_t>{0, 1, 2, 3}));
    QVERIFY(checkSimInvariants(r).empty());
}

void TestSimResources::localityCountsAllowedServers()
{
    // One rack: s0 and s1 with 2 T4 GPUs each, s2 with 8 V100. A 4-GPU job allowed only T4: over
    // its allowed servers k0(4) = 2 (2 + 2), so s0 + s1 is the `server` level, it starts at once
    // with slowdown 1. Without the constraint k0(4) = 1 (s2), so the same two servers would be
    // a `rack` placement at (1 + 0.1 * (2 - 1)) = 1.1.
    const auto cluster = makeClusterWith({{"r", 2, "T4"}, {"r", 2, "T4"}, {"r", 8, "V100"}});
    const auto r = simulate(cluster, makeTrace({{"v", 0, 4, 100}}, {{NAN, NAN, 1000, "T4"}}), Scenario{});
    QCOMPARE(startOf(r, 0), std::int64_t{0});
    QCOMPARE(r.jobs[0].servers, 2);
    QVERIFY(r.jobs[0].level == LocalityLevel::Server);
    QCOMPARE(r.jobs[0].slowdown, 1.0);
    QCOMPARE(endOf(r, 0), std::int64_t{100});
}

void TestSimResources::zeroGpuJobs()
{
    // s0: 4 GPUs, 8 cores; s1: no GPU, 16 cores. j0 (no GPU, 12 cores) fits only s1: runs there
    // from 0. j1 (no GPU, 8 cores) at 1: best-fit leaves the least CPU: s0 (8 - 8 = 0; s1 has 4
    // left, too few). j2 (1 GPU, 1 core) at 2: the GPU servers' free CPU is 0 < 1 -> capacity
    // until j1 ends at 101. j3 (no GPU, 32 cores) fits no server: Unfinished.
    const auto r = simulate(makeClusterWith({{"r", 4, "", 8}, {"r", 0, "", 16}}),
                            makeTrace({{"v", 0, 0, 1000}, {"v", 1, 0, 100}, {"v", 2, 1, 10}, {"v", 3, 0, 10}},
                                      {{12}, {8}, {1}, {32}}),
                            Scenario{});
    QCOMPARE(reservedServersOf(r, 0), std::vector<std::int32_t>{1});
    QCOMPARE(reservedServersOf(r, 1), std::vector<std::int32_t>{0});
    QCOMPARE(startOf(r, 1), std::int64_t{1});
    QCOMPARE(startOf(r, 2), std::int64_t{101});
    QCOMPARE(r.jobs[2].capacityDelay_s, std::int64_t{99});
    QVERIFY(r.jobs[3].status == JobStatus::Unfinished);
    QCOMPARE(r.jobs[0].gpuSeconds, std::int64_t{0});
    QCOMPARE(r.jobs[0].servers, 1);
    QVERIFY(r.jobs[0].level == LocalityLevel::Server);
    QVERIFY(checkSimInvariants(r).empty());
}

void TestSimResources::defaultsFillWhatTheTraceLacks()
{
    // Servers with unknown CPU get server_defaults.cpu_cores = 8; jobs without a CPU request ask
    // job_defaults.cpu_per_gpu = 3 per GPU. On one 4-GPU server: j0 (2 GPUs -> 6 cores) at 0;
    // j1 (1 GPU -> 3 cores) at 1: 2 cores free -> capacity until 100. A job with its own request
    // (j2: 1 GPU, 1 core, at 2) keeps it and starts at once.
    Scenario s;
    s.resources.serverDefaults.cpuCores = 8;
    s.resources.jobDefaults.cpuPerGpu = 3;
    const auto r = simulate(makeClusterWith({{"r", 4}}), makeTrace({{"v", 0, 2, 100}, {"v", 1, 1, 10}, {"v", 2, 1, 10}},
                                                                   {{}, {}, {1}}),
                            s);
    QCOMPARE(r.resourcesOf(0).cpuCores, 6.0);
    QCOMPARE(startOf(r, 1), std::int64_t{100});
    QCOMPARE(r.jobs[1].capacityDelay_s, std::int64_t{99});
    QCOMPARE(startOf(r, 2), std::int64_t{2});
    // Without the defaults nothing limits: j1 starts at once.
    const auto open = simulate(makeClusterWith({{"r", 4}}), makeTrace({{"v", 0, 2, 100}, {"v", 1, 1, 10}}), Scenario{});
    QCOMPARE(startOf(open, 1), std::int64_t{1});
}

void TestSimResources::resourceSummaries()
{
    // One server: 2 GPUs, 8 cores, 32 GB. j0 (a 500 share, 4 cores, 8 GB) runs 0-100, the whole
    // makespan. CPU allocation 4/8 = 0.5, memory 8/32 = 0.25. Free GPU capacity: 500 on the
    // shared GPU + 1000 on the other; on shared GPUs 500 -> share fragmentation 1/3 all along.
    // GPU allocation 0.5 GPU / 2 GPUs = 0.25.
    Scenario s;
    s.seriesStep_s = 50;
    const auto r = simulate(makeClusterWith({{"r", 2, "", 8, 32}}), makeTrace({{"v", 0, 1, 100}}, {{4, 8, 500}}), s);
    QCOMPARE(r.summary.cpuAllocFraction, 0.5);
    QCOMPARE(r.summary.memAllocFraction, 0.25);
    QCOMPARE(r.summary.gpuShareFragmentation, 1.0 / 3.0);
    QCOMPARE(r.summary.gpuAllocFraction, 0.25);
    // Samples at 0, 50, 100: running at 0 and 50, done at 100.
    QCOMPARE(r.series.allocatedGpus, (std::vector<double>{0.5, 0.5, 0.0}));
    QCOMPARE(r.series.cpuReserved, (std::vector<double>{4.0, 4.0, 0.0}));
    QCOMPARE(r.series.memReserved, (std::vector<double>{8.0, 8.0, 0.0}));
    QCOMPARE(r.series.shareFragmentation[1], 1.0 / 3.0);
    // Unlimited CPU: no fraction to give.
    const auto open = simulate(makeClusterWith({{"r", 2}}), makeTrace({{"v", 0, 1, 100}}, {{4}}), s);
    QVERIFY(std::isnan(open.summary.cpuAllocFraction));
}

void TestSimResources::checkerCatchesResourceViolations()
{
    const auto r = simulate(makeClusterWith({{"r", 2, "T4", 8, 32}, {"r", 2, "V100", 8, 32}}),
                            makeTrace({{"v", 0, 1, 100}, {"v", 0, 1, 100}, {"v", 0, 0, 100}},
                                      {{4, 8, 600}, {2, 8, 1000, "V100"}, {3}}),
                            Scenario{});
    QVERIFY(checkSimInvariants(r).empty());
    auto broken = r;
    broken.occupancy.push_back(broken.occupancy.front()); // the 600 share twice on its GPU: 1200
    QVERIFY(!checkSimInvariants(broken).empty());
    broken = r;
    broken.reservations.front().cpuMilli = 9000; // more than the server's 8 cores
    QVERIFY(!checkSimInvariants(broken).empty());
    broken = r;
    for (auto& iv : broken.occupancy)
        if (iv.job == 1)
            iv.gpu = 0; // the V100-only job on a T4
    QVERIFY(!checkSimInvariants(broken).empty());
}

void TestSimResources::stateAtShowsSharesAndReservations()
{
    // One server, 2 GPUs, 8 cores. j0 (share 600, 2 cores) 0-100 and j1 (share 300, 1 core)
    // 10-50 share GPU 0 (best-fit); j2 (whole GPU, 4 cores) 20-80 takes GPU 1.
    const auto r = std::make_shared<const SimResult>(
        simulate(makeClusterWith({{"r", 2, "", 8}}),
                 makeTrace({{"v", 0, 1, 100}, {"v", 10, 1, 40}, {"v", 20, 1, 60}}, {{2, NAN, 600}, {1, NAN, 300}, {4}}), Scenario{}));
    const StateTimeline tl(r);
    ClusterState s;
    tl.stateAt(30, s); // all three: GPU 0 holds 600 + 300, led by j0 (started first); 2 + 1 + 4 cores
    QVERIFY(s.gpu[0] == GpuState::Busy);
    QCOMPARE(s.job[0], 0);
    QCOMPARE(s.used[0], std::uint16_t{900});
    QCOMPARE(s.sharers[0], std::uint8_t{2});
    QCOMPARE(s.util[0], 0.9f); // 1.0 x 0.6 + 1.0 x 0.3
    QCOMPARE(s.job[1], 2);
    QCOMPARE(s.used[1], std::uint16_t{1000});
    QCOMPARE(s.sharers[1], std::uint8_t{0});
    QCOMPARE(s.cpuReserved[0], 7.0f);
    tl.stateAt(60, s); // j1 left at 50: j0 alone on GPU 0 as a share; 2 + 4 cores
    QCOMPARE(s.used[0], std::uint16_t{600});
    QCOMPARE(s.sharers[0], std::uint8_t{1});
    QCOMPARE(s.cpuReserved[0], 6.0f);
    tl.stateAt(100, s); // all done
    QVERIFY(s.gpu[0] == GpuState::Idle);
    QCOMPARE(s.used[0], std::uint16_t{0});
    QCOMPARE(s.cpuReserved[0], 0.0f);
    QCOMPARE(tl.nextChangeAfter(50).value_or(-1), std::int64_t{80});
}

void TestSimResources::arrivalsSpeedUp()
{
    // Submissions at 100, 200 and 301, twice as fast toward the first (100): 100, 150 and
    // 100 + round(201 / 2) = 201 (half away from zero); durations stay. One 1-GPU server: j1
    // now waits for j0 (100-200) until 200 instead of starting on arrival.
    Scenario s;
    s.arrivals.speedup = 2;
    const auto trace = makeTrace({{"v", 100, 1, 100}, {"v", 200, 1, 10}, {"v", 301, 1, 10}});
    const auto r = simulate(makeClusterWith({{"r", 1}}), trace, s);
    QCOMPARE(r.trace->jobs[1].submit_s, std::int64_t{150});
    QCOMPARE(r.trace->jobs[2].submit_s, std::int64_t{201});
    QCOMPARE(startOf(r, 1), std::int64_t{200});
    QCOMPARE(r.jobs[1].queueDelay_s, std::int64_t{50});
    QCOMPARE(trace->jobs[1].submit_s, std::int64_t{200}); // the loaded trace is left alone
    QCOMPARE(startOf(simulate(makeClusterWith({{"r", 1}}), trace, Scenario{}), 1), std::int64_t{200});
}

QTEST_APPLESS_MAIN(TestSimResources)
#include "tst_sim_resources.moc"
