// ScaledRunIndex: the runs covering an instant with their level there, and where levels change,
// as a list of every level's span (scaledLevelSpan) says — a hand-computed case, then random
// runs of every length on several clocks against that list. And the state timeline's CPU and
// memory per server on an autoscaled run: the sum of the levels covering t.
#include "core/sim/cluster_state.hpp"
#include "core/sim/scaled_run_index.hpp"
#include "core/sim/scenario_json.hpp"
#include "tests/sim/sim_test_support.hpp"

#include <QTest>

#include <boost/random/mersenne_twister.hpp>

#include <cmath>
#include <map>
#include <set>

using namespace clens;

class TestScaledRunIndex : public QObject {
    Q_OBJECT
private slots:
    void handComputed();
    void asTheListOfLevels_data();
    void asTheListOfLevels();
    void stateTimelineSumsTheLevelsCoveringT();
};

namespace {
// A result holding these runs (levels as many as their spans cut at the clock) on a clock of
// `interval` from `origin`.
SimResult withRuns(std::vector<ScaledRun> runs, std::int64_t origin, std::int64_t interval)
{
    SimResult r;
    r.firstSubmit_s = origin;
    r.scenario.autoscaler.interval_s = interval;
    for (auto& run : runs) {
        const auto firstTick = origin + ((run.from_s - origin) / interval + 1) * interval;
        run.first = static_cast<std::uint32_t>(r.scaledLevels.size());
        run.count = run.to_s <= firstTick ? 1 : static_cast<std::uint32_t>(1 + (run.to_s - firstTick + interval - 1) / interval);
        for (std::uint32_t k = 0; k < run.count; ++k)
            r.scaledLevels.push_back({static_cast<float>(k), 0, 0, 0, static_cast<std::int16_t>(k % 3)});
        r.scaledRuns.push_back(run);
    }
    return r;
}

std::vector<std::pair<std::size_t, std::uint32_t>> covering(const ScaledRunIndex& index, std::int64_t t)
{
    std::vector<std::pair<std::size_t, std::uint32_t>> out;
    index.forEachAt(t, [&](const ScaledRun& run, std::uint32_t k) { out.emplace_back(static_cast<std::size_t>(run.job), k); });
    std::sort(out.begin(), out.end());
    return out;
}
} // namespace

void TestScaledRunIndex::handComputed()
{
    // Clock every 300 s from 0. Run 0 [100, 1000): levels [100,300) [300,600) [600,900)
    // [900,1000). Run 1 [450, 700): [450,600) [600,700). Run 2 [2000, 2000) has no length.
    const auto r = withRuns({{0, 0, 100, 1000}, {1, 1, 450, 700}, {2, 0, 2000, 2000}}, 0, 300);
    const ScaledRunIndex index(r.scaledRuns, 0, 300);
    QCOMPARE(index.runs().size(), std::size_t{2});
    using Cover = std::vector<std::pair<std::size_t, std::uint32_t>>;
    QCOMPARE(covering(index, 99), Cover{});
    QCOMPARE(covering(index, 100), (Cover{{0, 0}}));
    QCOMPARE(covering(index, 599), (Cover{{0, 1}, {1, 0}}));
    QCOMPARE(covering(index, 600), (Cover{{0, 2}, {1, 1}}));
    QCOMPARE(covering(index, 700), (Cover{{0, 2}}));
    QCOMPARE(covering(index, 999), (Cover{{0, 3}}));
    QCOMPARE(covering(index, 1000), Cover{});
    // Changes: 100, 300, 450, 600, 700, 900, 1000.
    QCOMPARE(index.nextChangeAfter(-5).value_or(-1), std::int64_t{100});
    QCOMPARE(index.nextChangeAfter(300).value_or(-1), std::int64_t{450});
    QCOMPARE(index.nextChangeAfter(600).value_or(-1), std::int64_t{700});
    QCOMPARE(index.nextChangeAfter(700).value_or(-1), std::int64_t{900}); // a tick inside run 0
    QVERIFY(!index.nextChangeAfter(1000));
    QCOMPARE(index.prevChangeBefore(600).value_or(-1), std::int64_t{450});
    QCOMPARE(index.prevChangeBefore(450).value_or(-1), std::int64_t{300}); // a tick inside run 0
    QCOMPARE(index.prevChangeBefore(5000).value_or(-1), std::int64_t{1000});
    QVERIFY(!index.prevChangeBefore(100));
}

void TestScaledRunIndex::asTheListOfLevels_data()
{
    // runs; the clock (origin, interval); the longest run (many short ones, or a few lasting
    // the whole span listed in every bucket).
    QTest::addColumn<int>("runs");
    QTest::addColumn<int>("origin");
    QTest::addColumn<int>("interval");
    QTest::addColumn<int>("longest");
    QTest::newRow("short runs, 300 s") << 400 << 0 << 300 << 2000;
    QTest::newRow("long runs, 300 s, clock from 17") << 200 << 17 << 300 << 50000;
    QTest::newRow("runs shorter than the interval") << 300 << 5 << 3600 << 900;
    QTest::newRow("one run") << 1 << 0 << 60 << 10000;
    QTest::newRow("clock of 1 s") << 100 << 0 << 1 << 500;
}

void TestScaledRunIndex::asTheListOfLevels()
{
    QFETCH(int, runs);
    QFETCH(int, origin);
    QFETCH(int, interval);
    QFETCH(int, longest);
    boost::random::mt19937_64 rng(static_cast<std::uint64_t>(runs * 31 + interval + longest));
    std::vector<ScaledRun> list;
    const std::int64_t span = 100000;
    for (int i = 0; i < runs; ++i) {
        const auto from = origin + static_cast<std::int64_t>(rng() % span);
        const auto length = rng() % 10 == 0 ? 0 : 1 + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(longest));
        list.push_back({i, 0, from, from + length});
    }
    const auto r = withRuns(list, origin, interval);
    const ScaledRunIndex index(r.scaledRuns, origin, interval);
    // Every level's span, and every instant where one begins or ends.
    std::map<std::int64_t, std::vector<std::pair<std::size_t, std::uint32_t>>> starts;
    std::set<std::int64_t> changes;
    std::vector<std::tuple<std::int64_t, std::int64_t, std::size_t, std::uint32_t>> levels;
    for (const auto& run : r.scaledRuns)
        for (std::uint32_t k = 0; k < run.count && run.to_s > run.from_s; ++k) {
            const auto [from, to] = scaledLevelSpan(r, run, k);
            levels.emplace_back(from, to, static_cast<std::size_t>(run.job), k);
            changes.insert(from);
            changes.insert(to);
        }
    std::vector<std::int64_t> instants;
    for (int i = 0; i < 600; ++i)
        instants.push_back(origin - 100 + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(span + longest + 200)));
    // At, just before and just after the changes (every one, or 600 spread over them: the check
    // below is quadratic, and slow under the sanitizers).
    const auto stride = std::max<std::size_t>(1, changes.size() / 600);
    std::size_t seen = 0;
    for (const auto c : changes)
        if (seen++ % stride == 0) {
            instants.push_back(c - 1);
            instants.push_back(c);
            instants.push_back(c + 1);
        }
    for (const auto t : instants) {
        std::vector<std::pair<std::size_t, std::uint32_t>> expected;
        for (const auto& [from, to, job, k] : levels)
            if (from <= t && t < to)
                expected.emplace_back(job, k);
        std::sort(expected.begin(), expected.end());
        QCOMPARE(covering(index, t), expected);
        const auto next = changes.upper_bound(t);
        QCOMPARE(index.nextChangeAfter(t), next == changes.end() ? std::nullopt : std::optional<std::int64_t>(*next));
        const auto prev = changes.lower_bound(t);
        QCOMPARE(index.prevChangeBefore(t), prev == changes.begin() ? std::nullopt : std::optional<std::int64_t>(*std::prev(prev)));
    }
}

void TestScaledRunIndex::stateTimelineSumsTheLevelsCoveringT()
{
    // 600 philly-like jobs on 12 servers of 6 cores and 48 GB per GPU, demand walked over the
    // reference model, phase.rule every 300 s.
    const auto w = test::autoscaledWorkload(600, 12, 1.2, 5);
    SimOptions options;
    options.demand = w.demand;
    auto s = parseScenarioJson(R"({"autoscaler": {"usage": "phases", "policy": "phase.rule"}})", "test");
    s.resources.jobDefaults = {1.0, 4.0};
    const auto r = std::make_shared<const SimResult>(simulate(w.cluster, w.trace, s, options));
    const auto servers = static_cast<std::size_t>(w.cluster->serverCount());
    QVERIFY(r->scaledLevels.size() > 1000);
    const StateTimeline tl(r);
    ClusterState state;
    boost::random::mt19937_64 rng(9);
    for (int i = 0; i < 100; ++i) {
        const auto t = r->firstSubmit_s + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(r->lastEvent_s - r->firstSubmit_s + 1));
        std::vector<double> cpu(servers, 0.0), memUsed(servers, 0.0);
        for (const auto& run : r->scaledRuns)
            for (std::uint32_t k = 0; k < run.count; ++k)
                if (const auto [from, to] = scaledLevelSpan(*r, run, k); from <= t && t < to) {
                    cpu[static_cast<std::size_t>(run.server)] += r->scaledLevels[run.first + k].cpuReserved;
                    memUsed[static_cast<std::size_t>(run.server)] += r->scaledLevels[run.first + k].memUsed;
                }
        tl.stateAt(t, state);
        for (std::size_t server = 0; server < servers; ++server) {
            QVERIFY2(std::abs(state.cpuReserved[server] - cpu[server]) < 1e-4, qPrintable(QString::number(t)));
            QVERIFY2(std::abs(state.memUsed[server] - memUsed[server]) < 1e-4, qPrintable(QString::number(t)));
        }
    }
}

QTEST_APPLESS_MAIN(TestScaledRunIndex)
#include "tst_scaled_run_index.moc"
