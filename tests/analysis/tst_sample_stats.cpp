#include "core/analysis/empirical_cdf.hpp"
#include "core/analysis/sample_stats.hpp"

#include <QTest>

#include <cmath>

using namespace clens;

class TestSampleStats : public QObject {
    Q_OBJECT
private slots:
    void quantileIsNumpyLinear_data();
    void quantileIsNumpyLinear();
    void statsOfEmptyAreMissing();
    void cdfSmallSampleIsExact();
    void cdfThinsLargeSample();
};

void TestSampleStats::quantileIsNumpyLinear_data()
{
    QTest::addColumn<std::vector<double>>("sorted");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("expected");
    // numpy.quantile(x, p) with the default method="linear": h = (n-1)p, interpolate.
    QTest::newRow("median of 4") << std::vector<double>{1, 2, 3, 4} << 0.5 << 2.5;
    QTest::newRow("q25 of 4: h=0.75") << std::vector<double>{1, 2, 3, 4} << 0.25 << 1.75;
    QTest::newRow("q10 of 4: h=0.3") << std::vector<double>{1, 2, 3, 4} << 0.1 << 1.3;
    QTest::newRow("p0 = min") << std::vector<double>{1, 2, 3, 4} << 0.0 << 1.0;
    QTest::newRow("p1 = max") << std::vector<double>{1, 2, 3, 4} << 1.0 << 4.0;
    QTest::newRow("single value") << std::vector<double>{10} << 0.95 << 10.0;
    QTest::newRow("q95 of 2: h=0.95") << std::vector<double>{1, 3} << 0.95 << 2.9;
    // numpy.percentile([15, 20, 35, 40, 50], 40) == 29.0 (h = 1.6: 20 + 0.6*15).
    QTest::newRow("numpy docs example") << std::vector<double>{15, 20, 35, 40, 50} << 0.4 << 29.0;
    // h = 1.2: 20 + 0.2*15 = 23 (nearest rank would give 20, "midpoint" 27.5).
    QTest::newRow("not nearest rank") << std::vector<double>{15, 20, 35, 40, 50} << 0.3 << 23.0;
}

void TestSampleStats::quantileIsNumpyLinear()
{
    QFETCH(std::vector<double>, sorted);
    QFETCH(double, p);
    QFETCH(double, expected);
    QCOMPARE(quantileSorted(sorted, p), expected);
    // The same quantile of the values shuffled (reversed, then rotated by one), by selection.
    auto shuffled = sorted;
    std::reverse(shuffled.begin(), shuffled.end());
    std::rotate(shuffled.begin(), shuffled.begin() + 1, shuffled.end());
    QCOMPARE(quantileSelect(shuffled, p), expected);
}

void TestSampleStats::statsOfEmptyAreMissing()
{
    std::vector<double> none;
    const auto s = statsOf(none);
    QCOMPARE(s.n, std::size_t{0});
    QVERIFY(std::isnan(s.mean) && std::isnan(s.p50) && std::isnan(s.max));
    std::vector<double> v{5, 1, 3};
    const auto t = statsOf(v); // sorts: 1 3 5
    QCOMPARE(t.mean, 3.0);
    QCOMPARE(t.p50, 3.0);
    QCOMPARE(t.p90, 4.6); // h = 1.8: 3 + 0.8*2
    QCOMPARE(t.min, 1.0);
}

void TestSampleStats::cdfSmallSampleIsExact()
{
    // 1 1 2 5: F(1) = 2/4, F(2) = 3/4, F(5) = 1.
    const std::vector<double> v{1, 1, 2, 5};
    const auto c = empiricalCdf(v);
    QCOMPARE(c.size(), std::size_t{3});
    QCOMPARE(c[0].x, 1.0);
    QCOMPARE(c[0].fraction, 0.5);
    QCOMPARE(c[1].fraction, 0.75);
    QCOMPARE(c[2].x, 5.0);
    QCOMPARE(c[2].fraction, 1.0);
    QVERIFY(empiricalCdf(std::vector<double>{}).empty());
}

void TestSampleStats::cdfThinsLargeSample()
{
    std::vector<double> v(10000);
    for (std::size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<double>(i);
    const auto c = empiricalCdf(v, 100);
    QVERIFY2(c.size() <= 102 && c.size() >= 100, std::to_string(c.size()).c_str());
    QCOMPARE(c.front().x, 0.0);
    QCOMPARE(c.back().x, 9999.0);
    QCOMPARE(c.back().fraction, 1.0);
    for (std::size_t i = 0; i < c.size(); ++i) {
        // Every kept point is exact: F(x) = (x+1)/n.
        QCOMPARE(c[i].fraction, (c[i].x + 1) / 10000.0);
        if (i > 1 && i + 1 < c.size()) // the first step starts at the smallest value
            QVERIFY(c[i].fraction - c[i - 1].fraction >= 0.01 - 1e-9);
    }
}

QTEST_APPLESS_MAIN(TestSampleStats)
#include "tst_sample_stats.moc"
