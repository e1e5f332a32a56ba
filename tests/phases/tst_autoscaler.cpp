// Autoscaling policies and their scores, hand-computed on a tiny series; the scenario
// "autoscaler" section; the phase graph and sequences of the same series.
#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/autoscaler.hpp"
#include "core/phases/autoscaler_json.hpp"
#include "core/phases/phase_graph.hpp"
#include "core/phases/phase_model.hpp"
#include "core/phases/phase_model_json.hpp"
#include "core/phases/phase_sequence.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <cmath>

using namespace clens;
using namespace clens::test;

namespace {

// One container "a", request 4 cores / 8 GB, interval 100 s, sigma 2:
//   row  t    cpu  mem(GB)  phase   interval
//   r0   0    1    1        -       j0
//   r1   50   2    1        0       j0
//   r2   100  2    2        0       j1
//   r3   150  3    4        1       j1
//                                   j2 empty (a monitoring gap)
//   r4   300  1    2        1       j3
//   r5   350  5    3        0       j3
//   r6   420  1    1        1       j4
// Gaps 50,50,50,150,50,70 -> median 50, so durations are r0..r6 = 50,50,50,150,50,70,50 s
// (470 s); by interval j0 100 s, j1 200 s, j3 120 s, j4 50 s.
// Phase statistics given by hand: phase 0 cpu 2 +- 0.5, mem 1.5 +- 0.5 GB -> rule (3, 2.5);
// phase 1 cpu 1.5 +- 0.5, mem 3 +- 1 GB -> rule (2.5, 5).
struct Tiny {
    ContainerMetrics metrics;
    PhaseAssignment phases;
    std::vector<PhaseStats> stats;
    AutoscaleConfig config;
};

Tiny tiny(std::vector<int> labels = {-1, 0, 0, 1, 1, 0, 1}, double memLimit = 8e9)
{
    Tiny t;
    t.metrics.source = "tiny";
    t.metrics.columns = {"cpu.usage.cores", "mem.working.set", "cpu.num.cores", "mem.limit"};
    ContainerSeries s;
    s.podId = "a";
    const std::vector<std::int64_t> ts{0, 50, 100, 150, 300, 350, 420};
    const std::vector<double> cpu{1, 2, 2, 3, 1, 5, 1}, mem{1, 1, 2, 4, 2, 3, 1};
    for (std::size_t r = 0; r < ts.size(); ++r) {
        s.timestamps.push_back(ts[r]);
        s.fileLines.push_back(static_cast<std::int64_t>(r) + 2);
        s.values.insert(s.values.end(), {cpu[r], mem[r] * 1e9, 4.0, memLimit});
    }
    t.metrics.containers.push_back(s);
    t.phases.k = 2;
    t.phases.history = 1;
    t.phases.containers.push_back({Matrix(), labels});
    PhaseStats p0, p1;
    p0.phase = 0, p0.steps = 3, p0.columns = {{"cpu.usage.cores", {2, 0.5, 5}}, {"mem.working.set", {1.5e9, 0.5e9, 3e9}}};
    p1.phase = 1, p1.steps = 3, p1.columns = {{"cpu.usage.cores", {1.5, 0.5, 3}}, {"mem.working.set", {3e9, 1e9, 4e9}}};
    t.stats = {p0, p1};
    t.config.interval_s = 100;
    t.config.sigma = 2;
    return t;
}

const PolicyScore& scoreOf(const AutoscaleResult& r, ScalingPolicy p)
{
    for (const auto& s : r.scores)
        if (s.policy == p)
            return s;
    throw std::logic_error("no such policy");
}

std::size_t policyIndex(ScalingPolicy p)
{
    for (std::size_t i = 0; i < kScalingPolicies.size(); ++i)
        if (kScalingPolicies[i] == p)
            return i;
    return 0;
}

bool near(double a, double b) { return std::abs(a - b) < 1e-9 * std::max(1.0, std::abs(b)); }

} // namespace

class TestAutoscaler : public QObject {
    Q_OBJECT
private slots:
    void allocations_data();
    void allocations();
    void scores_data();
    void scores();
    void firstIntervalSkip();
    void unusableRequest();
    void invalidConfig();
    void cancelledBetweenContainers();
    void phaseGraphAndSequences();
    void scenarioSection();
    void scenarioSectionErrors_data();
    void scenarioSectionErrors();
    void realSampleSanity();
};

void TestAutoscaler::allocations_data()
{
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QList<double>>("cpu"); // per interval j0, j1, j3, j4
    QTest::addColumn<QList<double>>("mem");
    QTest::addColumn<QStringList>("source");
    // j0 gets the request (4, 8); j3 follows the empty j2, so it keeps j1's allocation.
    // prev.step.max: j1 <- max of j0 {1,2 | 1,1} = (2,1); j4 <- max of j3 {1,5 | 2,3} = (5,3).
    QTest::newRow("prev.step.max") << "plain" << "prev.step.max" << QList<double>{4, 2, 2, 5} << QList<double>{8, 1, 1, 3}
                                   << QStringList{"request", "previous-interval", "carried", "previous-interval"};
    // prev.step.rules: j1 <- j0 cpu mean 1.5 sd 0.5 -> 1.5 + 2*0.5 = 2.5, mem 1 sd 0 -> 1;
    // j4 <- j3 cpu mean 3 sd 2 -> 7, mem mean 2.5 sd 0.5 -> 3.5.
    QTest::newRow("prev.step.rules") << "plain" << "prev.step.rules" << QList<double>{4, 2.5, 2.5, 7}
                                     << QList<double>{8, 1, 1, 3.5}
                                     << QStringList{"request", "previous-interval", "carried", "previous-interval"};
    // phase.rule: j1 <- phase of r1 (0) -> (3, 2.5); j4 <- phase of r5 (0) -> (3, 2.5).
    QTest::newRow("phase.rule") << "plain" << "phase.rule" << QList<double>{4, 3, 3, 3} << QList<double>{8, 2.5, 2.5, 2.5}
                                << QStringList{"request", "phase", "carried", "phase"};
    // current.step.max: own maxima j0 (2,1), j1 (3,4), j3 (5,3), j4 (1,1).
    QTest::newRow("current.step.max") << "plain" << "current.step.max" << QList<double>{2, 3, 5, 1}
                                      << QList<double>{1, 4, 3, 1} << QStringList(4, "same-interval");
    // current.step.rules: j0 (2.5, 1); j1 cpu 2.5 + 2*0.5 = 3.5, mem 3 + 2*1 = 5; j3 (7, 3.5); j4 one row (1, 1).
    QTest::newRow("current.step.rules") << "plain" << "current.step.rules" << QList<double>{2.5, 3.5, 7, 1}
                                        << QList<double>{1, 5, 3.5, 1} << QStringList(4, "same-interval");
    // r1 without a phase: phase.rule falls back to prev.step.rules for j1 (2.5, 1).
    QTest::newRow("phase.rule fallback") << "no phase at r1" << "phase.rule" << QList<double>{4, 2.5, 2.5, 3}
                                         << QList<double>{8, 1, 1, 2.5}
                                         << QStringList{"request", "previous-interval-no-phase", "carried", "phase"};
    // headroom 0.5 multiplies computed allocations, not the request: j1 (3, 1.5), j4 (7.5, 4.5).
    QTest::newRow("headroom") << "headroom 0.5" << "prev.step.max" << QList<double>{4, 3, 3, 7.5}
                              << QList<double>{8, 1.5, 1.5, 4.5}
                              << QStringList{"request", "previous-interval", "carried", "previous-interval"};
    // bounds cpu <= 3.5, mem >= 2: j0 (3.5, 8), j1 (2, 2), j3 (2, 2), j4 (3.5, 3).
    QTest::newRow("bounds") << "cpu max 3.5, mem min 2" << "prev.step.max" << QList<double>{3.5, 2, 2, 3.5}
                            << QList<double>{8, 2, 2, 3}
                            << QStringList{"request", "previous-interval", "carried", "previous-interval"};
    // headroom 1 then the request cap: j4 (10, 6) -> (4, 6); j1 (4, 2).
    QTest::newRow("cap at request") << "headroom 1, cap" << "prev.step.max" << QList<double>{4, 4, 4, 4}
                                    << QList<double>{8, 2, 2, 6}
                                    << QStringList{"request", "previous-interval", "carried", "previous-interval"};
}

void TestAutoscaler::allocations()
{
    QFETCH(QString, variant);
    QFETCH(QString, policy);
    QFETCH(QList<double>, cpu);
    QFETCH(QList<double>, mem);
    QFETCH(QStringList, source);
    auto t = variant == "no phase at r1" ? tiny({-1, -1, 0, 1, 1, 0, 1}) : tiny();
    if (variant == "headroom 0.5")
        t.config.headroom = 0.5;
    if (variant == "cpu max 3.5, mem min 2") {
        t.config.cpuCores.max = 3.5;
        t.config.memGb.min = 2;
    }
    if (variant == "headroom 1, cap") {
        t.config.headroom = 1;
        t.config.capAtRequest = true;
    }
    const auto p = scalingPolicyFromName(policy.toStdString());
    QVERIFY(p);
    const auto r = scoreAutoscaling(t.metrics, t.phases, t.stats, t.config);
    const auto& allocs = r.allocations[policyIndex(*p)];
    QCOMPARE(allocs.size(), std::size_t{4});
    const std::vector<std::int64_t> index{0, 1, 3, 4};
    for (qsizetype i = 0; i < 4; ++i) {
        const auto& a = allocs[static_cast<std::size_t>(i)];
        QCOMPARE(a.interval, index[static_cast<std::size_t>(i)]);
        QCOMPARE(a.start_s, 100 * index[static_cast<std::size_t>(i)]);
        QVERIFY2(near(a.cpuCores, cpu[i]), qPrintable(QString("interval %1 cpu %2").arg(i).arg(a.cpuCores)));
        QVERIFY2(near(a.memGb, mem[i]), qPrintable(QString("interval %1 mem %2").arg(i).arg(a.memGb)));
        QCOMPARE(QString::fromStdString(std::string(allocationSourceName(a.source))), source[i]);
    }
}

void TestAutoscaler::scores_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<double>("cpuAlloc_s"); // core-seconds (x 3600 = core-hours)
    QTest::addColumn<int>("cpuUnder");      // steps of 7
    QTest::addColumn<double>("cpuUnmet_s");
    QTest::addColumn<double>("memAlloc_s"); // GB-seconds
    QTest::addColumn<int>("memUnder");
    QTest::addColumn<double>("memUnmet_s");
    // Used: cpu 1*50 + 2*50 + 2*50 + 3*150 + 1*50 + 5*70 + 1*50 = 1150 core-s;
    //       mem 1*50 + 1*50 + 2*50 + 4*150 + 2*50 + 3*70 + 1*50 = 1160 GB-s.
    // prev.step.max: cpu 4*100 + 2*200 + 2*120 + 5*50 = 1290; under r3 (3 > 2), r5 (5 > 2):
    //   unmet 1*150 + 3*70 = 360. mem 8*100 + 1*200 + 1*120 + 3*50 = 1270; under r2 r3 r4 r5
    //   (alloc 1): unmet 1*50 + 3*150 + 1*50 + 2*70 = 690.
    QTest::newRow("prev.step.max") << "prev.step.max" << 1290.0 << 2 << 360.0 << 1270.0 << 4 << 690.0;
    // prev.step.rules: cpu 4*100 + 2.5*200 + 2.5*120 + 7*50 = 1550; under r3, r5: 0.5*150 + 2.5*70 = 250.
    //   mem 8*100 + 1*200 + 1*120 + 3.5*50 = 1295; under r2..r5 as above: 690.
    QTest::newRow("prev.step.rules") << "prev.step.rules" << 1550.0 << 2 << 250.0 << 1295.0 << 4 << 690.0;
    // phase.rule: cpu 4*100 + 3*200 + 3*120 + 3*50 = 1510; under r5 only (3 is not > 3): 2*70 = 140.
    //   mem 8*100 + 2.5*200 + 2.5*120 + 2.5*50 = 1725; under r3 (4), r5 (3): 1.5*150 + 0.5*70 = 260.
    QTest::newRow("phase.rule") << "phase.rule" << 1510.0 << 1 << 140.0 << 1725.0 << 2 << 260.0;
    // current.step.max: cpu 2*100 + 3*200 + 5*120 + 1*50 = 1450; mem 1*100 + 4*200 + 3*120 + 1*50 = 1310.
    QTest::newRow("current.step.max") << "current.step.max" << 1450.0 << 0 << 0.0 << 1310.0 << 0 << 0.0;
    // current.step.rules: cpu 2.5*100 + 3.5*200 + 7*120 + 1*50 = 1840; mem 1*100 + 5*200 + 3.5*120 + 1*50 = 1570.
    QTest::newRow("current.step.rules") << "current.step.rules" << 1840.0 << 0 << 0.0 << 1570.0 << 0 << 0.0;
}

void TestAutoscaler::scores()
{
    QFETCH(QString, policy);
    QFETCH(double, cpuAlloc_s);
    QFETCH(int, cpuUnder);
    QFETCH(double, cpuUnmet_s);
    QFETCH(double, memAlloc_s);
    QFETCH(int, memUnder);
    QFETCH(double, memUnmet_s);
    const auto t = tiny();
    const auto r = scoreAutoscaling(t.metrics, t.phases, t.stats, t.config);
    const auto& s = scoreOf(r, *scalingPolicyFromName(policy.toStdString()));
    QCOMPARE(s.containers, std::size_t{1});
    QCOMPARE(s.intervals, std::size_t{4});
    QCOMPARE(s.steps, std::size_t{7});
    QVERIFY(near(s.hours, 470.0 / 3600));
    QVERIFY(near(s.cpuUsedCoreH, 1150.0 / 3600));
    QVERIFY(near(s.memUsedGbH, 1160.0 / 3600));
    QVERIFY2(near(s.cpuAllocCoreH, cpuAlloc_s / 3600), qPrintable(QString::number(s.cpuAllocCoreH * 3600)));
    QVERIFY2(near(s.memAllocGbH, memAlloc_s / 3600), qPrintable(QString::number(s.memAllocGbH * 3600)));
    QCOMPARE(s.cpuUnderSteps, std::size_t(cpuUnder));
    QCOMPARE(s.memUnderSteps, std::size_t(memUnder));
    QVERIFY(near(s.cpuUnderPct, 100.0 * cpuUnder / 7));
    QVERIFY(near(s.memUnderPct, 100.0 * memUnder / 7));
    QVERIFY2(near(s.cpuUnmetCoreH, cpuUnmet_s / 3600), qPrintable(QString::number(s.cpuUnmetCoreH * 3600)));
    QVERIFY2(near(s.memUnmetGbH, memUnmet_s / 3600), qPrintable(QString::number(s.memUnmetGbH * 3600)));
    // Savings against prev.step.max (1290 core-s, 1270 GB-s), e.g. phase.rule cpu (1290 - 1510) / 1290.
    QVERIFY(near(s.cpuSavingsPct, 100.0 * (1290.0 - cpuAlloc_s) / 1290.0));
    QVERIFY(near(s.memSavingsPct, 100.0 * (1270.0 - memAlloc_s) / 1270.0));
}

void TestAutoscaler::firstIntervalSkip()
{
    auto t = tiny();
    t.config.firstInterval = FirstInterval::Skip;
    const auto r = scoreAutoscaling(t.metrics, t.phases, t.stats, t.config);
    // j0 (r0, r1: 100 s) leaves every score: prev.step.max cpu 1290 - 4*100 = 890 core-s over 5
    // steps; current.step.max 1450 - 2*100 = 1250.
    const auto& base = scoreOf(r, ScalingPolicy::PrevStepMax);
    QCOMPARE(base.steps, std::size_t{5});
    QCOMPARE(base.intervals, std::size_t{3});
    QVERIFY(near(base.cpuAllocCoreH, 890.0 / 3600));
    QVERIFY(near(scoreOf(r, ScalingPolicy::CurrentStepMax).cpuAllocCoreH, 1250.0 / 3600));
    QVERIFY(near(base.cpuUnderPct, 100.0 * 2 / 5));
    QVERIFY(!r.allocations[0][0].scored);
}

void TestAutoscaler::unusableRequest()
{
    // mem.limit 0 (unknown): the first interval gets its own peak (2 cores, 1 GB) instead.
    const auto t = tiny({-1, 0, 0, 1, 1, 0, 1}, 0);
    const auto r = scoreAutoscaling(t.metrics, t.phases, t.stats, t.config);
    QVERIFY(near(r.allocations[0][0].cpuCores, 2));
    QVERIFY(near(r.allocations[0][0].memGb, 1));
    QCOMPARE(r.notes.size(), std::size_t{1});
}

void TestAutoscaler::invalidConfig()
{
    auto t = tiny();
    t.config.interval_s = 0;
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, scoreAutoscaling(t.metrics, t.phases, t.stats, t.config));
    t = tiny();
    t.config.cpuCores = {5, 4};
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, scoreAutoscaling(t.metrics, t.phases, t.stats, t.config));
    t = tiny();
    t.config.memColumn = "mem.current"; // not in the tiny metrics
    expectInputError([&] { scoreAutoscaling(t.metrics, t.phases, t.stats, t.config); }, "tiny", 0, "mem.current");
}

// Progress is asked before each container; false stops the scoring (the Phases page's stale
// scorings stop this way).
void TestAutoscaler::cancelledBetweenContainers()
{
    const auto t = tiny();
    std::vector<double> asked;
    const auto r = scoreAutoscaling(t.metrics, t.phases, t.stats, t.config, [&](double f) {
        asked.push_back(f);
        return true;
    });
    QCOMPARE(asked.size(), t.metrics.containers.size());
    QCOMPARE(asked.front(), 0.0);
    QVERIFY(!r.allocations.front().empty());
    int calls = 0;
    QVERIFY_THROWS_EXCEPTION(Cancelled, scoreAutoscaling(t.metrics, t.phases, t.stats, t.config, [&](double) {
        ++calls;
        return false;
    }));
    QCOMPARE(calls, 1);
}

void TestAutoscaler::phaseGraphAndSequences()
{
    const auto t = tiny();
    // Labels -, 0, 0, 1, 1, 0, 1: transitions 0->0, 0->1, 1->1, 1->0, 0->1.
    // From 0: 0->0 once, 0->1 twice (1/3, 2/3); from 1: 1->1 and 1->0 once each (1/2, 1/2).
    const auto g = buildPhaseGraph(t.metrics, t.phases, t.stats);
    QCOMPARE(boost::num_vertices(g), std::size_t{2});
    QCOMPARE(boost::num_edges(g), std::size_t{4});
    const auto prob = [&](int a, int b) {
        const auto [e, found] = boost::edge(static_cast<std::size_t>(a), static_cast<std::size_t>(b), g);
        return found ? g[e].probability : -1.0;
    };
    QVERIFY(near(prob(0, 0), 1.0 / 3));
    QVERIFY(near(prob(0, 1), 2.0 / 3));
    QVERIFY(near(prob(1, 1), 0.5));
    QVERIFY(near(prob(1, 0), 0.5));
    QCOMPARE(g[0].cpuCores.mean, 2.0);
    QCOMPARE(g[1].memGb.mean, 3.0);
    const auto runs = phaseRuns(t.metrics.containers[0], t.phases.containers[0].labels);
    const std::vector<PhaseRun> want{{0, 1, 2, 50, 100}, {1, 3, 4, 150, 300}, {0, 5, 5, 350, 350}, {1, 6, 6, 420, 420}};
    QVERIFY(runs == want);
    // Phase shares: 3 of 6 phased steps each; by time, phase 0 has r1 r2 r5 = 50 + 50 + 70 = 170 s
    // and phase 1 r3 r4 r6 = 150 + 50 + 50 = 250 s of 420 s. Phase 1's cpu {3, 1, 1}: mean 5/3, max 3.
    const auto stats = computePhaseStats(t.metrics, t.phases);
    QCOMPARE(stats[0].steps, std::size_t{3});
    QVERIFY(near(stats[0].share, 0.5));
    QVERIFY(near(stats[0].timeShare, 170.0 / 420));
    QVERIFY(near(stats[1].timeShare, 250.0 / 420));
    QVERIFY(near(stats[1].columns.at("cpu.usage.cores").mean, 5.0 / 3));
    QVERIFY(near(stats[1].columns.at("cpu.usage.cores").std, std::sqrt(((3 - 5.0 / 3) * (3 - 5.0 / 3) + 2 * (1 - 5.0 / 3) * (1 - 5.0 / 3)) / 3)));
    QCOMPARE(stats[1].columns.at("cpu.usage.cores").max, 3.0);
    std::ostringstream dot;
    writePhaseGraphDot(dot, g);
    QVERIFY(dot.str().find("0->1 [label=\"0.67\"") != std::string::npos);
}

void TestAutoscaler::scenarioSection()
{
    const auto s = parseAutoscalerSection(R"({"seed": 3, "locality": {"rack_size": 4},
        "autoscaler": {"policy": "prev.step.rules", "interval_s": 600, "headroom": 0.1}})",
                                          "scenario.json");
    QVERIFY(s.policy == ScalingPolicy::PrevStepRules);
    QCOMPARE(s.config.interval_s, std::int64_t{600});
    QCOMPARE(s.config.headroom, 0.1);
    QCOMPARE(s.config.sigma, 2.0); // default kept
    QCOMPARE(parseAutoscalerSection("{}", "empty.json").config.interval_s, std::int64_t{300});
}

void TestAutoscaler::scenarioSectionErrors_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("field");
    QTest::newRow("unknown key") << R"({"autoscaler": {"intervall_s": 60}})" << "autoscaler.intervall_s";
    QTest::newRow("bad policy") << R"({"autoscaler": {"policy": "magic"}})" << "autoscaler.policy";
    QTest::newRow("fractional interval") << R"({"autoscaler": {"interval_s": 1.5}})" << "autoscaler.interval_s";
    QTest::newRow("negative sigma") << R"({"autoscaler": {"sigma": -1}})" << "autoscaler.sigma";
    QTest::newRow("headroom as string") << R"({"autoscaler": {"headroom": "10%"}})" << "autoscaler.headroom";
    QTest::newRow("not an object") << R"({"autoscaler": 5})" << "autoscaler";
}

void TestAutoscaler::scenarioSectionErrors()
{
    QFETCH(QString, json);
    QFETCH(QString, field);
    expectInputError([&] { parseAutoscalerSection(json.toStdString(), "s.json"); }, "s.json", 0, field.toStdString());
}

void TestAutoscaler::realSampleSanity()
{
    const auto metrics = readAi4dlMetrics(samplePath("ai4dl/sample-dlaas.csv"));
    PhaseTrainOptions o;
    o.crbm.maxEpochs = 10;
    const auto model = trainPhaseModel(metrics, o);
    const auto phases = assignPhases(model, metrics);
    const auto r = scoreAutoscaling(metrics, phases, model.phaseStats, AutoscaleConfig{});
    for (const auto& s : r.scores) {
        QCOMPARE(s.steps, std::size_t{204});
        QCOMPARE(s.containers, std::size_t{4});
        QVERIFY(near(s.cpuUsedCoreH, r.scores[0].cpuUsedCoreH));
    }
    // The oracle that allocates each interval's own peak is never short.
    QCOMPARE(scoreOf(r, ScalingPolicy::CurrentStepMax).cpuUnderSteps, std::size_t{0});
    QCOMPARE(scoreOf(r, ScalingPolicy::CurrentStepMax).memUnderSteps, std::size_t{0});
    // Every container's first interval gets the request, 4 cores and 5.24288 GB.
    for (const auto& a : r.allocations[policyIndex(ScalingPolicy::PhaseRule)])
        if (a.interval == 0) {
            QCOMPARE(a.cpuCores, 4.0);
            QCOMPARE(a.memGb, 5.24288);
        } else {
            QVERIFY(a.source == AllocationSource::Phase);
        }
}

QTEST_APPLESS_MAIN(TestAutoscaler)
#include "tst_autoscaler.moc"
