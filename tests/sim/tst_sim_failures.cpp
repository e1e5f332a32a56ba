// Server failures, repairs and checkpoints (docs/simulation.md "Failures"), checked against a
// reference model of the documented recipe: per server a Boost.Random mt19937_64 seeded through
// seed_seq{seed low 32 bits, seed high 32 bits, server index}; u = top 53 bits / 2^53; TTF = max(1,
// ceil(-ln(1-u)·MTBF)).
#include "core/sim/cluster_state.hpp"
#include "tests/sim/sim_test_support.hpp"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/seed_seq.hpp>

#include "core/util/input_error.hpp"

#include <QTest>

#include <cmath>

using namespace clens;
using namespace clens::test;

namespace {

class ReferenceFailures {
public:
    ReferenceFailures(std::uint64_t seed, std::uint32_t server, double mtbf_s) : mtbf_(mtbf_s)
    {
        boost::random::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32), server};
        rng_.seed(seq);
    }
    std::int64_t next()
    {
        const double u = static_cast<double>(rng_() >> 11) / 9007199254740992.0;
        return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(-std::log(1.0 - u) * mtbf_)));
    }

private:
    double mtbf_;
    boost::random::mt19937_64 rng_;
};

struct Expected {
    std::int64_t end = 0;
    int attempts = 0;
    std::int64_t gpuSeconds = 0;
};

// One 1-GPU job submitted at 0 on a 1-GPU server that fails and is repaired repeatedly.
Expected referenceRun(std::int64_t service, std::int64_t checkpoint, std::uint64_t seed, double mtbf_s, std::int64_t repair)
{
    ReferenceFailures f(seed, 0, mtbf_s);
    Expected e;
    std::int64_t t = 0, saved = 0, fail = f.next();
    while (true) {
        ++e.attempts;
        if (t + service - saved <= fail) { // an end at the failure instant is applied first
            e.end = t + service - saved;
            e.gpuSeconds += service - saved;
            return e;
        }
        e.gpuSeconds += fail - t;
        if (checkpoint > 0)
            saved = (saved + fail - t) / checkpoint * checkpoint;
        t = fail + repair;
        fail = t + f.next();
    }
}

} // namespace

class TestSimFailures : public QObject {
    Q_OBJECT
private slots:
    void restartsFromCheckpoint_data();
    void restartsFromCheckpoint();
    void drawsAreReproducible();
    void endBeforeFailureAtSameInstant();
    void failuresBeyondTheBudgetStopTheRun();
};

void TestSimFailures::restartsFromCheckpoint_data()
{
    QTest::addColumn<std::int64_t>("service");
    QTest::addColumn<std::int64_t>("checkpoint");
    QTest::addColumn<quint64>("seed");
    QTest::newRow("3 h, checkpoint 600 s") << std::int64_t{3 * 3600} << std::int64_t{600} << quint64{1};
    QTest::newRow("3 h, checkpoint 1000 s, seed 5") << std::int64_t{3 * 3600} << std::int64_t{1000} << quint64{5};
    QTest::newRow("2 h, no checkpoints") << std::int64_t{2 * 3600} << std::int64_t{0} << quint64{3};
}

void TestSimFailures::restartsFromCheckpoint()
{
    QFETCH(std::int64_t, service);
    QFETCH(std::int64_t, checkpoint);
    QFETCH(quint64, seed);
    // MTBF 1 h, repair 0.5 h: the job is interrupted several times; with checkpoints it resumes
    // from the last multiple of checkpoint_s of useful work, without it starts over.
    Scenario s;
    s.failures.serverMtbf_h = 1;
    s.failures.repair_h = 0.5;
    s.failures.checkpoint_s = checkpoint;
    s.seed = seed;
    const auto r = simulate(makeCluster({{"r", 1}}), makeTrace({{"v", 0, 1, service}}), s);
    const auto e = referenceRun(service, checkpoint, seed, 3600.0, 1800);
    QVERIFY(e.attempts > 1); // the scenario does exercise restarts
    QCOMPARE(endOf(r, 0), e.end);
    QCOMPARE(r.jobs[0].attempts, e.attempts);
    QCOMPARE(r.jobs[0].gpuSeconds, e.gpuSeconds);
    QCOMPARE(startOf(r, 0), std::int64_t{0});
    // Every wait is a repair: capacity (no GPU up), and it sums to end - service-time run.
    QCOMPARE(r.jobs[0].queueDelay_s, r.jobs[0].capacityDelay_s);
    QCOMPARE(r.summary.serverFailures, std::int64_t{e.attempts - 1});
}

void TestSimFailures::drawsAreReproducible()
{
    // Two servers, 10 h MTBF, a long job keeps the simulation going: the outages follow each
    // server's own stream; the same seed gives the same outages, another seed different ones.
    Scenario s;
    s.failures.serverMtbf_h = 10;
    s.failures.repair_h = 1;
    const auto cluster = makeCluster({{"r", 1}, {"r", 1}});
    const auto trace = makeTrace({{"v", 0, 1, 200000}, {"v", 0, 1, 200000}});
    const auto a = simulate(cluster, trace, s);
    const auto b = simulate(cluster, trace, s);
    QVERIFY(!a.outages.empty());
    QCOMPARE(a.outages.size(), b.outages.size());
    for (std::size_t i = 0; i < a.outages.size(); ++i)
        QVERIFY(a.outages[i].server == b.outages[i].server && a.outages[i].from_s == b.outages[i].from_s);
    ReferenceFailures s0(1, 0, 36000.0), s1(1, 1, 36000.0);
    const auto first0 = s0.next(), first1 = s1.next();
    QVERIFY(first0 != first1);
    bool saw0 = false, saw1 = false;
    for (const auto& o : a.outages) {
        if (o.server == 0 && !saw0) {
            QCOMPARE(o.from_s, first0);
            QCOMPARE(o.to_s, first0 + 3600);
            saw0 = true;
        }
        if (o.server == 1 && !saw1) {
            QCOMPARE(o.from_s, first1);
            saw1 = true;
        }
    }
    QVERIFY(saw0 && saw1);
    // Scrubbing shows the outage: during server 0's first repair its GPU is Failed.
    const auto shared = std::make_shared<const SimResult>(a);
    const StateTimeline tl(shared);
    ClusterState st;
    tl.stateAt(first0 + 10, st);
    QVERIFY(st.gpu[0] == GpuState::Failed);
    tl.stateAt(first0 + 3600, st); // repaired: the re-queued job is back on it
    QVERIFY(st.gpu[0] == GpuState::Busy);
    s.seed = 2;
    const auto c = simulate(cluster, trace, s);
    QVERIFY(c.outages.front().from_s != a.outages.front().from_s || c.outages.front().server != a.outages.front().server);
}

void TestSimFailures::endBeforeFailureAtSameInstant()
{
    // A job whose service ends exactly when its server first fails completes (ends are applied
    // before failures at one instant).
    const auto ttf = ReferenceFailures(1, 0, 3600.0).next();
    Scenario s;
    s.failures.serverMtbf_h = 1;
    const auto r = simulate(makeCluster({{"r", 1}}), makeTrace({{"v", 0, 1, ttf}}), s);
    QCOMPARE(endOf(r, 0), ttf);
    QCOMPARE(r.jobs[0].attempts, 1);
    QVERIFY(r.jobs[0].status == JobStatus::Pass);
}

QTEST_GUILESS_MAIN(TestSimFailures)
#include "tst_sim_failures.moc"

void TestSimFailures::failuresBeyondTheBudgetStopTheRun()
{
    // MTBF 1e-9 h, no repair: the one server fails every second (TTF >= 1 s) and the 10-day job
    // never finishes. The budget is max(10,000, 100 x (1 job + 1 server)) = 10,000 failures, so
    // failure 10,001 (at ~10,001 s, long before the 365-day horizon) stops the run with an error
    // naming the field, instead of ~31.5 M outages.
    Scenario s;
    s.failures.serverMtbf_h = 1e-9;
    s.failures.repair_h = 0;
    try {
        simulate(makeCluster({{"r", 1}}), makeTrace({{"v", 0, 1, 864000}}), s);
        QFAIL("the run should have stopped");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("failures.server_mtbf_h"));
        QVERIFY2(QString::fromStdString(e.reason()).contains(QStringLiteral("10000 failures")), e.what());
    }
}
