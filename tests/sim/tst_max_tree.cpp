// MaxTree reads the largest value after any mix of updates, however many changes (of the same or
// of other leaves) lie between two reads.
#include "core/sim/max_tree.hpp"

#include <QTest>

#include <boost/random/mersenne_twister.hpp>

#include <algorithm>
#include <vector>

using namespace clens;

class TestMaxTree : public QObject {
    Q_OBJECT
private slots:
    void maxAfterAnyUpdates_data();
    void maxAfterAnyUpdates();
    void handComputed();
};

void TestMaxTree::maxAfterAnyUpdates_data()
{
    QTest::addColumn<int>("leaves");
    QTest::addColumn<int>("changesPerRead");
    QTest::newRow("552 leaves, a read after each change") << 552 << 1;
    QTest::newRow("552 leaves, 40 changes between reads") << 552 << 40;
    QTest::newRow("7 leaves, 5 changes between reads (the same leaves again and again)") << 7 << 5;
    QTest::newRow("1 leaf") << 1 << 3;
    QTest::newRow("25,000 leaves, 3,000 changes between reads") << 25000 << 3000;
}

void TestMaxTree::maxAfterAnyUpdates()
{
    QFETCH(int, leaves);
    QFETCH(int, changesPerRead);
    MaxTree tree(static_cast<std::size_t>(leaves));
    std::vector<std::int64_t> values(static_cast<std::size_t>(leaves), MaxTree::kNone);
    QCOMPARE(tree.max(), MaxTree::kNone);
    boost::random::mt19937_64 rng(5);
    for (int read = 0; read < 2000; ++read) {
        for (int c = 0; c < changesPerRead; ++c) {
            const auto i = static_cast<std::size_t>(rng() % values.size());
            // Mostly small moves (a reservation changing), sometimes down or a leaf switched off.
            const auto roll = rng() % 10;
            values[i] = roll == 0 ? MaxTree::kNone : roll == 1 ? static_cast<std::int64_t>(rng() % 1000) : std::max<std::int64_t>(0, values[i]) + static_cast<std::int64_t>(rng() % 21) - 10;
            tree.set(i, values[i]);
        }
        QCOMPARE(tree.max(), *std::max_element(values.begin(), values.end()));
    }
}

void TestMaxTree::handComputed()
{
    // Leaves 3, 9, 4, then 9 drops to 1 and 4 rises to 5: max 9, then 5; then all off.
    MaxTree tree(3);
    tree.set(0, 3);
    tree.set(1, 9);
    tree.set(2, 4);
    QCOMPARE(tree.max(), std::int64_t{9});
    tree.set(1, 1);
    tree.set(2, 5);
    QCOMPARE(tree.max(), std::int64_t{5});
    for (std::size_t i = 0; i < 3; ++i)
        tree.set(i, MaxTree::kNone);
    QCOMPARE(tree.max(), MaxTree::kNone);
}

QTEST_APPLESS_MAIN(TestMaxTree)
#include "tst_max_tree.moc"
