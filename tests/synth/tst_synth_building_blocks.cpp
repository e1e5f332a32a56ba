#include "core/synth/arrival_pattern.hpp"
#include "core/synth/philly_calibration.hpp"
#include "core/synth/philly_like_cluster.hpp"
#include "core/synth/quantile_function.hpp"
#include "core/synth/weighted_choice.hpp"

#include <QTest>

#include <cmath>
#include <vector>

using namespace clens;
using namespace clens::synth;

class TestSynthBuildingBlocks : public QObject {
    Q_OBJECT
private slots:
    void quantileFunctionInterpolatesLogLinearly();
    void quantileFunctionRejectsBadGrids();
    void arrivalPatternRoundTrips();
    void arrivalPatternFollowsFactors();
    void weightedChoiceSkipsZeroWeights();
    void clusterLayout_data();
    void clusterLayout();
};

void TestSynthBuildingBlocks::quantileFunctionInterpolatesLogLinearly()
{
    // Grid {0, 0.5, 1} -> {1, 1, e^2}: the second segment is exp(2s) for s in [0,1], so
    // value(0.75) = e^1 and the mean is 0.5 * 1 + 0.5 * (e^2 - 1) / 2.
    const std::vector<double> p{0, 0.5, 1}, v{1, 1, std::exp(2.0)};
    const QuantileFunction q(p, v);
    QCOMPARE(q.value(0.0), 1.0);
    QCOMPARE(q.value(0.25), 1.0);
    QVERIFY(std::abs(q.value(0.75) - std::exp(1.0)) < 1e-12);
    QVERIFY(std::abs(q.value(1.0) - std::exp(2.0)) < 1e-12);
    QVERIFY(std::abs(q.mean() - (0.5 + 0.25 * (std::exp(2.0) - 1))) < 1e-12);
}

void TestSynthBuildingBlocks::quantileFunctionRejectsBadGrids()
{
    const std::vector<double> ok{0, 1};
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, QuantileFunction(std::vector<double>{0, 0.5}, std::vector<double>{1, 2}));
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, QuantileFunction(ok, std::vector<double>{2, 1}));
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, QuantileFunction(ok, std::vector<double>{0, 1}));
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, QuantileFunction(ok, std::vector<double>{1}));
}

void TestSynthBuildingBlocks::arrivalPatternRoundTrips()
{
    const auto& m = phillyMarginals();
    const ArrivalPattern a(m.hourFactor, m.weekdayFactor);
    const double week = ArrivalPattern::kWeek_s;
    QCOMPARE(a.operationalTime(0), 0.0);
    QVERIFY(std::abs(a.operationalTime(week) - week) < 1e-6);
    QVERIFY(std::abs(a.operationalTime(3 * week) - 3 * week) < 1e-6);
    for (double t : {1.0, 3599.0, 3600.0, 7 * 3600 + 1234.5, 5 * 86400 + 17.0, week - 1, week + 86400 * 2.5, 40 * week + 999})
        QVERIFY2(std::abs(a.calendarTime(a.operationalTime(t)) - t) < 1e-6, qPrintable(QString::number(t)));
}

void TestSynthBuildingBlocks::arrivalPatternFollowsFactors()
{
    // Monday 07:xx against Monday 14:xx: the ratio of the hour factors; Friday against Sunday
    // at the same hour: the ratio of the weekday factors.
    const auto& m = phillyMarginals();
    const ArrivalPattern a(m.hourFactor, m.weekdayFactor);
    const double ratioHour = a.factor(7 * 3600 + 10) / a.factor(14 * 3600 + 10);
    QVERIFY(std::abs(ratioHour - m.hourFactor[7] / m.hourFactor[14]) < 1e-9);
    const double ratioDay = a.factor(4 * 86400 + 3600) / a.factor(6 * 86400 + 3600);
    QVERIFY(std::abs(ratioDay - m.weekdayFactor[4] / m.weekdayFactor[6]) < 1e-9);
    // Operational time over Monday 07:00-08:00 is that hour's factor times 3600 s.
    const double hour = a.operationalTime(8 * 3600) - a.operationalTime(7 * 3600);
    QVERIFY(std::abs(hour - 3600 * a.factor(7 * 3600 + 1)) < 1e-6);
}

void TestSynthBuildingBlocks::weightedChoiceSkipsZeroWeights()
{
    const WeightedChoice c(std::vector<std::int64_t>{0, 3, 0, 1});
    RandomSource rng(5);
    int counts[4] = {0, 0, 0, 0};
    for (int i = 0; i < 40000; ++i)
        ++counts[c.pick(rng)];
    QCOMPARE(counts[0], 0);
    QCOMPARE(counts[2], 0);
    // 3:1 -> 30000 : 10000 expected; binomial sd = sqrt(40000 * 0.75 * 0.25) ~ 87.
    QVERIFY(std::abs(counts[1] - 30000) < 500);
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, WeightedChoice(std::vector<std::int64_t>{0, 0}));
}

void TestSynthBuildingBlocks::clusterLayout_data()
{
    QTest::addColumn<int>("servers");
    QTest::addColumn<int>("racks");
    QTest::addColumn<int>("eightGpuRacks");
    QTest::addColumn<int>("gpus");
    // 552 servers = 69 racks; 8-GPU racks = ceil(69 * 264 / 535) = ceil(34.05) = 35:
    // 35 * 8 * 8 + 34 * 8 * 4 = 2240 + 1088 = 3328 GPUs.
    QTest::newRow("philly 552") << 552 << 69 << 35 << 3328;
    // 1 server: rack 0 is an 8-GPU rack.
    QTest::newRow("one server") << 1 << 1 << 1 << 8;
    // 10 servers: rack 0 (8 servers x 8 GPUs), rack 1 (2 servers x 4 GPUs) = 64 + 8.
    QTest::newRow("ten servers") << 10 << 2 << 1 << 72;
}

void TestSynthBuildingBlocks::clusterLayout()
{
    QFETCH(int, servers);
    QFETCH(int, racks);
    QFETCH(int, eightGpuRacks);
    QFETCH(int, gpus);
    const auto c = makePhillyLikeCluster(servers);
    QCOMPARE(c.serverCount(), servers);
    QCOMPARE(c.rackCount(), racks);
    QCOMPARE(c.gpuCount(), gpus);
    int eight = 0;
    for (const auto& r : c.racks()) {
        QVERIFY(r.serverCount <= kPhillyLikeRackSize);
        const auto kind = c.servers()[static_cast<std::size_t>(r.firstServer)].gpus;
        for (int s = r.firstServer; s < r.firstServer + r.serverCount; ++s)
            QCOMPARE(c.servers()[static_cast<std::size_t>(s)].gpus, kind); // one server kind per rack
        eight += kind == 8;
    }
    QCOMPARE(eight, eightGpuRacks);
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, makePhillyLikeCluster(0));
}

QTEST_APPLESS_MAIN(TestSynthBuildingBlocks)
#include "tst_synth_building_blocks.moc"
