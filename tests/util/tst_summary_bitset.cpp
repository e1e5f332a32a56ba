// SummaryBitset::next finds the same bit as a scan of every position, whatever the size (within
// one word, one summary word, several), however sparse, and across words emptied again.
#include "core/util/summary_bitset.hpp"

#include <QTest>

#include <boost/random/mersenne_twister.hpp>

#include <cstdint>
#include <vector>

using namespace clens;

class TestSummaryBitset : public QObject {
    Q_OBJECT
private slots:
    void nextAsAScan_data();
    void nextAsAScan();
    void handPicked();
};

namespace {
std::int64_t scan(const std::vector<bool>& reference, std::size_t from)
{
    for (auto i = from; i < reference.size(); ++i)
        if (reference[i])
            return static_cast<std::int64_t>(i);
    return -1;
}
} // namespace

void TestSummaryBitset::nextAsAScan_data()
{
    // bits; one in `sparsity` positions set, then half of those cleared again (words emptied
    // behind a summary bit that must go).
    QTest::addColumn<int>("bits");
    QTest::addColumn<int>("sparsity");
    for (const int bits : {1, 63, 64, 65, 4095, 4096, 4097, 33000})
        for (const int sparsity : {1, 7, 500, 100000}) {
            const auto name = QByteArray::number(bits) + " bits, 1 in " + QByteArray::number(sparsity);
            QTest::newRow(name.constData()) << bits << sparsity;
        }
}

void TestSummaryBitset::nextAsAScan()
{
    QFETCH(int, bits);
    QFETCH(int, sparsity);
    boost::random::mt19937 rng(static_cast<unsigned>(bits * 31 + sparsity));
    const auto n = static_cast<std::size_t>(bits);
    SummaryBitset set(n);
    std::vector<bool> reference(n, false);
    for (std::size_t i = 0; i < n; ++i)
        if (rng() % static_cast<unsigned>(sparsity) == 0) {
            set.set(i);
            reference[i] = true;
        }
    for (std::size_t i = 0; i < n; ++i)
        if (reference[i] && rng() % 2 == 0) {
            set.reset(i);
            reference[i] = false;
        }
    int mismatches = 0;
    for (std::size_t from = 0; from <= n + 1; ++from) {
        mismatches += set.next(from) == scan(reference, from) ? 0 : 1;
        if (from < n)
            mismatches += set.test(from) == reference[from] ? 0 : 1;
    }
    QCOMPARE(mismatches, 0);
    // Walking it from bit to bit visits every set bit once.
    std::size_t visited = 0, expected = 0;
    for (auto i = set.next(0); i >= 0; i = set.next(static_cast<std::size_t>(i) + 1))
        ++visited;
    for (const bool b : reference)
        expected += b ? 1 : 0;
    QCOMPARE(visited, expected);
}

void TestSummaryBitset::handPicked()
{
    // 64 x 64 + 10 bits: two summary words. Bit 5 and bit 4100 (word 64, the second summary word).
    SummaryBitset set(64 * 64 + 10);
    set.set(5);
    set.set(4100);
    QCOMPARE(set.next(0), std::int64_t{5});
    QCOMPARE(set.next(6), std::int64_t{4100});   // 63 empty words and a summary word skipped
    QCOMPARE(set.next(4101), std::int64_t{-1});
    set.reset(4100);
    QCOMPARE(set.next(6), std::int64_t{-1});     // its word emptied: the summary forgets it
    set.set(4095);                               // the last bit of the first summary word's range
    QCOMPARE(set.next(6), std::int64_t{4095});
    QCOMPARE(set.next(4096), std::int64_t{-1});
}

QTEST_APPLESS_MAIN(TestSummaryBitset)
#include "tst_summary_bitset.moc"
