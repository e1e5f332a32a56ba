// Node power with every other knob, on small random clusters and traces: each run ends and its
// invariants hold (docs/autoscaling.md "Node power"). A run that never ends fails here by the
// test's timeout: the row being run names its seeds.
#include "core/sim/sim_invariants.hpp"
#include "core/sim/simulator.hpp"
#include "tests/sim/sim_test_support.hpp"

#include <QTest>

#include <random>

using namespace clens;
using namespace clens::test;

namespace {

constexpr int kSeedsPerRow = 1000;

struct RandomCase {
    std::shared_ptr<const Topology> cluster;
    std::shared_ptr<const Trace> trace;
    Scenario scenario;
};

template <class T>
T pick(std::mt19937_64& rng, std::initializer_list<T> values)
{
    return values.begin()[std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(rng)];
}

RandomCase randomCase(std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    const auto upTo = [&](int n) { return std::uniform_int_distribution<int>(0, n)(rng); };
    std::vector<ServerWith> servers;
    const int serverCount = 1 + upTo(4);
    int gpus = 0;
    const bool withCpu = upTo(3) == 0; // servers of 8 cores, jobs asking 1-6 (docs/resources.md)
    for (int s = 0; s < serverCount; ++s) {
        servers.push_back({upTo(1) == 0 ? "r0" : "r1", pick(rng, {1, 2, 4, 8}), "", withCpu ? 8.0 : 0.0, withCpu ? 64.0 : 0.0});
        gpus += servers.back().gpus;
    }
    std::vector<JobSpec> jobs;
    std::vector<Asks> asks;
    const int jobCount = 1 + upTo(7);
    for (int j = 0; j < jobCount; ++j) {
        jobs.push_back({upTo(1) == 0 ? "a" : "b", upTo(2000), 1 + upTo(gpus), 1 + upTo(999)});
        asks.push_back(withCpu ? Asks{1.0 + upTo(5), 8} : Asks{});
    }
    Scenario s;
    s.power.enabled = true;
    s.power.idleOffAfter_s = pick<std::int64_t>(rng, {0, 10, 60, 300});
    s.power.spareServers = pick(rng, {0, 1, 2});
    s.power.boot_s = pick<std::int64_t>(rng, {0, 50, 100, 600});
    s.gang.policy = pick(rng, {GangPolicy::Strict, GangPolicy::Elastic, GangPolicy::None});
    s.locality.relaxToRackAfter_s = pick<std::optional<std::int64_t>>(rng, {0, 100, std::nullopt});
    s.locality.relaxToAnyAfter_s = pick<std::optional<std::int64_t>>(rng, {0, 300, std::nullopt});
    s.backfill = pick(rng, {BackfillPolicy::None, BackfillPolicy::Greedy});
    s.queue.policy = pick(rng, {QueuePolicyKind::Fifo, QueuePolicyKind::Sjf, QueuePolicyKind::Las});
    s.quota.mode = pick(rng, {QuotaMode::None, QuotaMode::Strict, QuotaMode::Borrow, QuotaMode::BorrowPreempt});
    if (s.quota.mode != QuotaMode::None)
        for (const auto& j : jobs)
            s.quota.vcGpus.emplace(j.vc, 1 + upTo(gpus));
    s.failures.trialRun_s = pick<std::int64_t>(rng, {0, 0, 30});
    s.failures.serverMtbf_h = pick(rng, {0.0, 0.0, 0.0, 1.0});
    s.failures.horizon_s = 30 * 86400;
    s.failures.checkpoint_s = pick<std::int64_t>(rng, {0, 200});
    return {makeClusterWith(servers), makeTrace(jobs, asks), s};
}

} // namespace

class TestSimPowerRandom : public QObject {
    Q_OBJECT
private slots:
    void everyRunEnds_data();
    void everyRunEnds();
};

void TestSimPowerRandom::everyRunEnds_data()
{
    QTest::addColumn<int>("firstSeed");
    for (int first = 0; first < 8 * kSeedsPerRow; first += kSeedsPerRow)
        QTest::addRow("seeds %d-%d", first, first + kSeedsPerRow - 1) << first;
}

void TestSimPowerRandom::everyRunEnds()
{
    QFETCH(int, firstSeed);
    int booted = 0;
    for (int seed = firstSeed; seed < firstSeed + kSeedsPerRow; ++seed) {
        const auto c = randomCase(static_cast<std::uint64_t>(seed));
        const auto r = simulate(c.cluster, c.trace, c.scenario);
        const auto broken = checkSimInvariants(r);
        if (!broken.empty())
            QFAIL(qPrintable(QString("seed %1: %2").arg(seed).arg(QString::fromStdString(broken.front()))));
        for (const auto& off : r.powerOff)
            booted += off.booting ? 1 : 0;
    }
    QVERIFY(booted > 0); // the rows exercise boots, not only idle servers
}

QTEST_GUILESS_MAIN(TestSimPowerRandom)
#include "tst_sim_power_random.moc"
