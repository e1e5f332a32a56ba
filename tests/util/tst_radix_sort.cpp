// radixSortStable gives the order std::stable_sort gives by the same key: equal keys keep their
// order (each item carries its position), whatever the count (below and above the merge-sort
// cut-off), the keys' spread (one digit, several, the top one only, all 64 bits) and the ties.
#include "core/util/radix_sort.hpp"

#include <QTest>

#include <boost/random/mersenne_twister.hpp>

#include <cstdint>
#include <vector>

using namespace clens;

class TestRadixSort : public QObject {
    Q_OBJECT
private slots:
    void asStableSort_data();
    void asStableSort();
    void handPicked();
};

namespace {
struct Item {
    std::uint64_t key = 0;
    std::uint32_t position = 0;
    bool operator==(const Item&) const = default;
};
} // namespace

void TestRadixSort::asStableSort_data()
{
    // count; distinct keys (ties when fewer than count); the bits the keys differ in, from `low`.
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("distinct");
    QTest::addColumn<int>("low");
    QTest::addColumn<int>("bits");
    QTest::newRow("empty") << 0 << 1 << 0 << 8;
    QTest::newRow("one") << 1 << 1 << 0 << 8;
    QTest::newRow("small, merge sort") << 1000 << 50 << 0 << 20;
    QTest::newRow("all keys equal") << 5000 << 1 << 0 << 64;
    QTest::newRow("one digit, many ties") << 50000 << 100 << 0 << 16;
    QTest::newRow("two digits (times of a few months)") << 50000 << 40000 << 0 << 25;
    QTest::newRow("top digit only") << 50000 << 300 << 48 << 16;
    QTest::newRow("middle digits, low ones equal") << 50000 << 5000 << 20 << 20;
    QTest::newRow("all 64 bits") << 50000 << 50000 << 0 << 64;
}

void TestRadixSort::asStableSort()
{
    QFETCH(int, count);
    QFETCH(int, distinct);
    QFETCH(int, low);
    QFETCH(int, bits);
    boost::random::mt19937_64 rng(static_cast<std::uint64_t>(count * 7 + distinct + low * 131 + bits));
    const std::uint64_t mask = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    std::vector<std::uint64_t> keys(static_cast<std::size_t>(distinct));
    for (auto& k : keys)
        k = (rng() & mask) << low;
    std::vector<Item> items(static_cast<std::size_t>(count));
    for (std::size_t i = 0; i < items.size(); ++i)
        items[i] = {keys[rng() % keys.size()], static_cast<std::uint32_t>(i)};
    auto expected = items;
    std::stable_sort(expected.begin(), expected.end(), [](const Item& a, const Item& b) { return a.key < b.key; });
    radixSortStable(items, [](const Item& x) { return x.key; });
    QVERIFY(items == expected);
}

void TestRadixSort::handPicked()
{
    // Keys 3, 1, 3, 0, 1 at positions 0..4 (and again from 5, to pass the merge-sort cut-off of
    // 1024 with 1,030 items): 0@3, 1@1, 1@4, 3@0, 3@2 — equal keys in their first order.
    std::vector<Item> items;
    const std::uint64_t pattern[] = {3, 1, 3, 0, 1};
    for (std::uint32_t i = 0; i < 1030; ++i)
        items.push_back({pattern[i % 5] << 40, i}); // only the third digit differs
    radixSortStable(items, [](const Item& x) { return x.key; });
    QCOMPARE(items[0], (Item{0, 3}));
    QCOMPARE(items[1], (Item{0, 8}));
    QCOMPARE(items[206], (Item{std::uint64_t{1} << 40, 1})); // 206 zeros first
    QCOMPARE(items[207], (Item{std::uint64_t{1} << 40, 4}));
    QCOMPARE(items.back(), (Item{std::uint64_t{3} << 40, 1027}));
}

QTEST_APPLESS_MAIN(TestRadixSort)
#include "tst_radix_sort.moc"
