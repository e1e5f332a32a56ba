#include "core/analysis/comparison.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "tests/analysis/figure_access.hpp"
#include "tests/analysis/tiny_result.hpp"

#include <QTest>

#include <cmath>

using namespace clens;
using namespace clens::test;

class TestComparison : public QObject {
    Q_OBJECT
private slots:
    void selfComparisonIsAllZeros();
    void handComputedChange();
    void refusesDifferentJobSets_data();
    void refusesDifferentJobSets();
};

void TestComparison::selfComparisonIsAllZeros()
{
    const auto t = jobTableFromSimResult(tinySimResult());
    const auto c = compareResults(t, t);
    QCOMPARE(c.jobs, std::int64_t{6});
    QCOMPARE(c.finishedInBoth, std::int64_t{5});
    QCOMPARE(c.unchanged, std::int64_t{5});
    QCOMPARE(c.faster + c.slower + c.finishedOnlyInA + c.finishedOnlyInB, std::int64_t{0});
    std::size_t defined = 0;
    for (std::size_t r = 0; r < c.metrics.rowCount(); ++r) {
        const double d = c.metrics.number(r, "delta");
        if (std::isnan(d)) // a metric neither side has (e.g. the >8 bucket's delay)
            continue;
        ++defined;
        QCOMPARE(d, 0.0);
        QCOMPARE(c.metrics.number(r, "delta_pct"), 0.0);
        QCOMPARE(c.metrics.text(r, "better"), std::string());
    }
    QVERIFY(defined > 20);
    QVERIFY(samePoints(seriesPoints(c.jctChangeCdf, "all", "delta_s", "fraction"), {{0, 1}}));
    QCOMPARE(c.topGainers.rowCount(), std::size_t{0});
    QCOMPARE(c.topLosers.rowCount(), std::size_t{0});
}

void TestComparison::handComputedChange()
{
    // B: j3 starts 100 s earlier (ends 310: JCT 400 -> 300), j4 ends 200 s later (JCT 1300 ->
    // 1500), j5 finishes in B (start 1400, end 1900: JCT 1870).
    auto rb = tinySimResult();
    rb.jobs[2].start_s = 10;
    rb.jobs[2].end_s = 310;
    rb.jobs[2].queueDelay_s = rb.jobs[2].fairshareDelay_s = rb.jobs[2].capacityDelay_s = 0;
    rb.jobs[3].end_s = 1520;
    rb.jobs[4].status = JobStatus::Pass;
    rb.jobs[4].start_s = 1400;
    rb.jobs[4].end_s = 1900;
    const auto a = jobTableFromSimResult(tinySimResult());
    const auto b = jobTableFromSimResult(rb);
    AnalysisOptions o;
    o.topJobs = 1;
    const auto c = compareResults(a, b, o);
    QCOMPARE(c.finishedInBoth, std::int64_t{5});
    QCOMPARE(c.faster, std::int64_t{1});
    QCOMPARE(c.slower, std::int64_t{1});
    QCOMPARE(c.unchanged, std::int64_t{3});
    QCOMPARE(c.finishedOnlyInB, std::int64_t{1});
    // Deltas of the 5 jobs finished in both: 0, 0, -100, +200, 0 -> CDF all: F(-100) = 0.2,
    // F(0) = 0.8, F(200) = 1.
    QVERIFY(samePoints(seriesPoints(c.jctChangeCdf, "all", "delta_s", "fraction"), {{-100, 0.2}, {0, 0.8}, {200, 1}}));
    QCOMPARE(valueAt(c.jctChangeStats, "series", "all", "mean_s"), 20.0);
    QCOMPARE(c.topGainers.rowCount(), std::size_t{1});
    QCOMPARE(c.topGainers.text(0, "job_id"), std::string("j3"));
    QCOMPARE(c.topGainers.number(0, "delta_s"), -100.0);
    QCOMPARE(c.topGainers.number(0, "delta_pct"), -25.0); // -100 / 400
    QCOMPARE(c.topLosers.text(0, "job_id"), std::string("j4"));
    QCOMPARE(c.topLosers.number(0, "jct_b_s"), 1500.0);
    // Metrics: mean queue delay over started jobs, A = 450/5 = 90.
    QCOMPARE(valueAt(c.metrics, "metric", "mean_queue_delay_s", "a"), 90.0);
    // j5 waited 1290 s in A's record; B keeps that field (1290) and now counts it as started.
    QCOMPARE(valueAt(c.metrics, "metric", "mean_queue_delay_s", "b"), (0 + 50 + 0 + 300 + 1290 + 0) / 6.0);
    QCOMPARE(valueAt(c.metrics, "metric", "finished_jobs", "delta"), 1.0);
    QCOMPARE(valueAt(c.metrics, "metric", "finished_jobs", "delta_pct"), 20.0);
    QCOMPARE(c.metrics.text(*c.metrics.findRow("metric", "finished_jobs"), "better"), std::string("B"));
}

void TestComparison::refusesDifferentJobSets_data()
{
    QTest::addColumn<int>("change");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("one job fewer") << 0 << "6 jobs";
    QTest::newRow("other id") << 1 << "'j2'";
    QTest::newRow("other GPU count") << 2 << "GPUs";
    QTest::newRow("other submit time") << 3 << "submit time";
    QTest::newRow("other VC") << 4 << "VC";
}

void TestComparison::refusesDifferentJobSets()
{
    QFETCH(int, change);
    QFETCH(QString, mentions);
    const auto a = jobTableFromSimResult(tinySimResult());
    auto b = a;
    switch (change) {
    case 0: b.jobs.pop_back(); b.ids.pop_back(); break;
    case 1: b.ids[1] = "other"; break;
    case 2: b.jobs[1].gpus = 3; break;
    case 3: b.jobs[1].submit_s += 1; break;
    case 4: b.jobs[1].vc = 1; break;
    }
    try {
        compareResults(a, b);
        QFAIL("expected JobSetMismatch");
    } catch (const JobSetMismatch& e) {
        QVERIFY2(QString(e.what()).contains(mentions), e.what());
        QVERIFY2(QString(e.what()).contains("not on the same jobs"), e.what());
    }
}

QTEST_APPLESS_MAIN(TestComparison)
#include "tst_comparison.moc"
