// The pieces the Sweep page builds a sweep from (docs/gui.md "The Sweep page"): values typed as a
// list or a range, the grid they make, the Pareto front of two metrics, a run's summary read
// back from its JSON (a project's stored sweep), and which varied knobs changed nothing.
#include "core/analysis/inert_grid_keys.hpp"
#include "core/analysis/pareto_front.hpp"
#include "core/sim/grid_values.hpp"
#include "core/sim/scenario_grid.hpp"
#include "core/sim/scenario_json.hpp"
#include "core/sim/sim_summary.hpp"
#include "core/util/input_error.hpp"

#include <QTest>

#include <boost/json.hpp>

#include <cmath>

using namespace clens;

class TestSweepPieces : public QObject {
    Q_OBJECT
private slots:
    void gridValues_data();
    void gridValues();
    void badGridValues_data();
    void badGridValues();
    void gridJsonMakesTheProduct();
    void paretoFront_data();
    void paretoFront();
    void summaryJsonRoundTrip();
    void inertKeys_data();
    void inertKeys();
};

void TestSweepPieces::gridValues_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("json");
    QTest::newRow("numbers and null") << "0, 600 ,null" << QStringList{"0", "600", "null"};
    QTest::newRow("bare words are strings") << "strict, borrow-preempt" << QStringList{"\"strict\"", "\"borrow-preempt\""};
    QTest::newRow("booleans and fractions") << "true, 0.25" << QStringList{"true", "0.25"};
    // 0, 600, 1200, 1800: (1800 - 0) / 600 + 1 = 4 values, whole numbers stay whole.
    QTest::newRow("whole range") << "0..1800 step 600" << QStringList{"0", "600", "1200", "1800"};
    // 0.5, 1.0, 1.5 and not 2.0 (beyond 1.9).
    QTest::newRow("fraction range") << "0.5 .. 1.9 step 0.5" << QStringList{"0.5", "1", "1.5"};
    // 0.1 + 2 x 0.1 = 0.30000000000000004 must still count 0.3 as reached.
    QTest::newRow("range end hit despite rounding") << "0.1..0.3 step 0.1" << QStringList{"0.1", "0.2", "0.30000000000000004"};
    QTest::newRow("one-value range") << "5..5 step 1" << QStringList{"5"};
}

void TestSweepPieces::gridValues()
{
    QFETCH(QString, text);
    QFETCH(QStringList, json);
    const auto v = parseGridValues(text.toStdString(), "k");
    QStringList got;
    for (const auto& s : v)
        got << QString::fromStdString(s);
    QCOMPARE(got, json);
}

void TestSweepPieces::badGridValues_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("says");
    QTest::newRow("empty") << "  " << "no values";
    QTest::newRow("empty item") << "1,,2" << "empty value";
    QTest::newRow("range without step") << "0..10" << "needs a step";
    QTest::newRow("zero step") << "0..10 step 0" << "positive";
    QTest::newRow("backwards") << "10..0 step 1" << "goes up";
    QTest::newRow("not numbers") << "a..b step 1" << "with numbers";
    QTest::newRow("too many") << "0..1e9 step 1" << "more than 10000";
}

void TestSweepPieces::badGridValues()
{
    QFETCH(QString, text);
    QFETCH(QString, says);
    try {
        parseGridValues(text.toStdString(), "locality.relax_to_any_after_s");
        QFAIL("accepted");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("locality.relax_to_any_after_s"));
        QVERIFY2(QString::fromStdString(e.what()).contains(says), e.what());
    }
}

void TestSweepPieces::gridJsonMakesTheProduct()
{
    Scenario base;
    base.seed = 7;
    const auto text = gridJson(scenarioToJson(base), {{"locality.relax_to_any_after_s", parseGridValues("0, null", "a")},
                                                      {"quota.mode", parseGridValues("none, strict, borrow", "b")}});
    const auto grid = parseScenarioGrid(text, "sweep");
    // 2 x 3 runs, the first key varying slowest.
    QCOMPARE(grid.runs.size(), std::size_t{6});
    QCOMPARE(grid.keys, (std::vector<std::string>{"locality.relax_to_any_after_s", "quota.mode"}));
    QCOMPARE(grid.labels[1], (std::vector<std::string>{"0", "strict"}));
    QCOMPARE(grid.labels[5], (std::vector<std::string>{"", "borrow"}));
    QCOMPARE(grid.runs[0].locality.relaxToAnyAfter_s.value_or(-1), std::int64_t{0});
    QVERIFY(!grid.runs[3].locality.relaxToAnyAfter_s);
    QVERIFY(grid.runs[4].quota.mode == QuotaMode::Strict);
    QCOMPARE(grid.runs[5].seed, std::uint64_t{7}); // the rest of base is kept
    // A fraction is labelled as written (the CSV's column and the page's table), not as Boost
    // prints a double ("1.5E0").
    const auto fractions = parseScenarioGrid(R"({"vary": {"arrivals.speedup": [1, 1.5, 0.25]}})", "sweep");
    QCOMPARE(fractions.labels[1], (std::vector<std::string>{"1.5"}));
    QCOMPARE(fractions.labels[2], (std::vector<std::string>{"0.25"}));
    // A value the key refuses names the run.
    const auto bad = gridJson(scenarioToJson(base), {{"locality.rack_size", parseGridValues("8, 0", "c")}});
    QVERIFY_THROWS_EXCEPTION(InputError, parseScenarioGrid(bad, "sweep"));
}

void TestSweepPieces::paretoFront_data()
{
    QTest::addColumn<QList<double>>("xy"); // x0, y0, x1, y1, ...
    QTest::addColumn<bool>("xLower");
    QTest::addColumn<bool>("yLower");
    QTest::addColumn<QList<int>>("front");
    const double nan = std::nan("");
    // Delay (lower better) vs allocation (higher better): (10, 0.5) and (20, 0.8) trade off;
    // (15, 0.4) loses to (10, 0.5) on both; (30, 0.8) ties (20, 0.8) on y and is slower.
    QTest::newRow("delay vs allocation") << QList<double>{10, 0.5, 15, 0.4, 20, 0.8, 30, 0.8} << true << false << QList<int>{0, 2};
    // Both lower: (1, 5), (2, 2), (4, 1) trade off; (3, 3) loses to (2, 2).
    QTest::newRow("both lower") << QList<double>{4, 1, 3, 3, 2, 2, 1, 5} << true << true << QList<int>{3, 2, 0};
    // Equal points share their fate: both (1, 1) are on the front.
    QTest::newRow("equal points") << QList<double>{1, 1, 1, 1, 2, 2} << true << true << QList<int>{0, 1};
    // Same x: only the better y stays.
    QTest::newRow("same x") << QList<double>{1, 3, 1, 2} << true << true << QList<int>{1};
    // Both higher: (5, 5) dominates everything else.
    QTest::newRow("both higher") << QList<double>{1, 2, 5, 5, 3, 4} << false << false << QList<int>{1};
    // A NaN takes no part (a failed run).
    QTest::newRow("nan") << QList<double>{nan, 0, 1, 1} << true << true << QList<int>{1};
    QTest::newRow("empty") << QList<double>{} << true << true << QList<int>{};
}

void TestSweepPieces::paretoFront()
{
    QFETCH(QList<double>, xy);
    QFETCH(bool, xLower);
    QFETCH(bool, yLower);
    QFETCH(QList<int>, front);
    std::vector<ParetoPoint> points;
    for (qsizetype i = 0; i + 1 < xy.size(); i += 2)
        points.push_back({xy[i], xy[i + 1]});
    QList<int> got;
    for (const auto i : clens::paretoFront(points, xLower, yLower))
        got << static_cast<int>(i);
    QCOMPARE(got, front);
}

void TestSweepPieces::summaryJsonRoundTrip()
{
    SimSummary s;
    s.jobs = 12;
    s.meanQueueDelay_s = 81.5;
    s.gpuAllocFraction = 0.625;
    s.oomKills = 3;
    s.energyKwh = 12.25;
    s.powerDelay_s = 7;
    const auto back = summaryFromJson(summaryToJson(s));
    QCOMPARE(back.jobs, std::int64_t{12});
    QCOMPARE(back.meanQueueDelay_s, 81.5);
    QCOMPARE(back.gpuAllocFraction, 0.625);
    QCOMPARE(back.oomKills, std::int64_t{3});
    QCOMPARE(back.energyKwh, 12.25);
    QCOMPARE(back.powerDelay_s, 7.0);
    QVERIFY(std::isnan(back.cpuAllocFraction)); // null: unlimited CPU
    // Every key comes back: the two JSON texts agree.
    QCOMPARE(boost::json::serialize(summaryToJson(back)), boost::json::serialize(summaryToJson(s)));
}


void TestSweepPieces::inertKeys_data()
{
    // A 2 x 3 grid (relax to any: 0, never; quota mode: none, strict, borrow), runs in grid
    // order r0..r5 = (0,none) (0,strict) (0,borrow) (never,none) (never,strict) (never,borrow).
    // Each run's outcome is its mean wait; -1 is a run that failed (r1: that has not come back).
    QTest::addColumn<QList<double>>("waits");
    QTest::addColumn<QList<int>>("inert");
    // The mode decides everything, the threshold nothing: key 0 inert.
    QTest::newRow("threshold inert") << QList<double>{10, 20, 30, 10, 20, 30} << QList<int>{0};
    // The threshold decides everything: key 1 (the mode) inert.
    QTest::newRow("mode inert") << QList<double>{10, 10, 10, 40, 40, 40} << QList<int>{1};
    QTest::newRow("both inert") << QList<double>{5, 5, 5, 5, 5, 5} << QList<int>{0, 1};
    // One pair differs (r2 against r5): the threshold matters, if only under borrowing.
    QTest::newRow("one pair is enough") << QList<double>{10, 20, 30, 10, 20, 31} << QList<int>{};
    // Failed runs take no part: with r0, r3 and r5 back, only r0 against r3 compares the
    // threshold and only r3 against r5 the mode, and both pairs agree.
    QTest::newRow("failed runs left out") << QList<double>{10, -1, -1, 10, -1, 10} << QList<int>{0, 1};
    // Nothing to compare: no key is called inert on no evidence.
    QTest::newRow("one run back") << QList<double>{10, -1, -1, -1, -1, -1} << QList<int>{};
}

void TestSweepPieces::inertKeys()
{
    QFETCH(QList<double>, waits);
    QFETCH(QList<int>, inert);
    const auto text = gridJson(scenarioToJson(Scenario{}), {{"locality.relax_to_any_after_s", parseGridValues("0, null", "a")},
                                                            {"quota.mode", parseGridValues("none, strict, borrow", "b")}});
    const auto grid = parseScenarioGrid(text, "sweep");
    std::vector<SweepCsvRow> csv(grid.runs.size());
    std::vector<const SweepCsvRow*> rows;
    for (std::size_t r = 0; r < csv.size(); ++r) {
        SweepRun run;
        run.ok = waits[static_cast<int>(r)] >= 0;
        run.summary.meanQueueDelay_s = waits[static_cast<int>(r)];
        csv[r] = csvRowOf(run);
        rows.push_back(r == 1 && !run.ok ? nullptr : &csv[r]); // run 1 not back, the others failed
    }
    std::vector<std::size_t> expected;
    for (const int k : inert)
        expected.push_back(static_cast<std::size_t>(k));
    QCOMPARE(inertGridKeys(grid, rows), expected);
}

QTEST_APPLESS_MAIN(TestSweepPieces)
#include "tst_sweep_pieces.moc"
