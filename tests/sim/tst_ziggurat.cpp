// The inline ziggurat draws (core/sim/ziggurat.hpp) are Boost.Random's: from the same generator
// state they give the same values and leave the generator in the same state, slow paths (wedge,
// tail, rejection) included.
#include "core/sim/demand_model.hpp"
#include "core/sim/ziggurat.hpp"

#include <QTest>

#include <boost/random/exponential_distribution.hpp>
#include <boost/random/normal_distribution.hpp>

#include <cstdint>

using namespace clens;

class TestZiggurat : public QObject {
    Q_OBJECT
private slots:
    void sameAsBoost_data();
    void sameAsBoost();
};

void TestZiggurat::sameAsBoost_data()
{
    QTest::addColumn<bool>("normal");
    QTest::addColumn<quint64>("seed");
    QTest::newRow("normal, seed 1") << true << quint64{1};
    QTest::newRow("normal, seed 42") << true << quint64{42};
    QTest::newRow("exponential, seed 1") << false << quint64{1};
    QTest::newRow("exponential, seed 42") << false << quint64{42};
}

void TestZiggurat::sameAsBoost()
{
    QFETCH(bool, normal);
    QFETCH(quint64, seed);
    SplitMix64 ours(seed), boosts(seed);
    // 2M draws: about 1% miss their layer's rectangle, so tens of thousands go through the wedge
    // test, and a few hundred through the tail (normal) or the shifted body (exponential).
    constexpr int kDraws = 2'000'000;
    int differ = 0;
    double sum = 0;
    for (int i = 0; i < kDraws; ++i) {
        const double a = normal ? ziggurat::unitNormal(ours) : ziggurat::unitExponential(ours);
        const double b = normal ? boost::random::normal_distribution<double>(0.0, 1.0)(boosts)
                                : boost::random::exponential_distribution<double>(1.0)(boosts);
        differ += a == b ? 0 : 1;
        sum += a;
    }
    QCOMPARE(differ, 0);
    QCOMPARE(ours(), boosts()); // as many words drawn
    // And they are the laws they claim: mean 0 or 1 within 5 standard errors (1/sqrt(2M) each).
    QVERIFY(std::abs(sum / kDraws - (normal ? 0.0 : 1.0)) < 5.0 / std::sqrt(double{kDraws}));
}

QTEST_APPLESS_MAIN(TestZiggurat)
#include "tst_ziggurat.moc"
