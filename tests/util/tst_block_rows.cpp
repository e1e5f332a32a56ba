// BlockRows keeps rows in place as it grows: row i holds what was written to it, across block
// boundaries, references taken earlier stay valid, new rows are default, and over-aligned rows
// keep their alignment.
#include "core/util/block_rows.hpp"

#include <QTest>

#include <cstdint>
#include <vector>

using namespace clens;

class TestBlockRows : public QObject {
    Q_OBJECT
private slots:
    void rowsStayInPlace_data();
    void rowsStayInPlace();
    void overAlignedRows();
};

namespace {
struct Row {
    std::int64_t value = -1;
    std::vector<int> list; // not trivially copyable: rows are never copied or moved
};
struct alignas(64) WideRow {
    std::int32_t value = 7;
};
} // namespace

void TestBlockRows::rowsStayInPlace_data()
{
    QTest::addColumn<int>("rows");
    QTest::newRow("none") << 0;
    QTest::newRow("one") << 1;
    QTest::newRow("a block less one") << 3;
    QTest::newRow("exactly a block") << 4;
    QTest::newRow("a block and one") << 5;
    QTest::newRow("many blocks") << 1001;
}

void TestBlockRows::rowsStayInPlace()
{
    QFETCH(int, rows);
    BlockRows<Row, 2> table; // blocks of 4 rows: the boundaries come early
    std::vector<Row*> addresses;
    for (int i = 0; i < rows; ++i) {
        auto& r = table.emplace_back();
        QCOMPARE(r.value, std::int64_t{-1});
        QVERIFY(r.list.empty());
        r.value = i * 3;
        r.list.assign(static_cast<std::size_t>(i % 5), i);
        addresses.push_back(&r);
        QCOMPARE(table.size(), static_cast<std::size_t>(i + 1));
    }
    QCOMPARE(table.empty(), rows == 0);
    const auto& constTable = table;
    for (int i = 0; i < rows; ++i) {
        const auto k = static_cast<std::size_t>(i);
        QCOMPARE(&table[k], addresses[k]);
        QCOMPARE(constTable[k].value, std::int64_t{i} * 3);
        QCOMPARE(constTable[k].list, std::vector<int>(static_cast<std::size_t>(i % 5), i));
    }
}

void TestBlockRows::overAlignedRows()
{
    BlockRows<WideRow, 3> table;
    for (int i = 0; i < 20; ++i) {
        auto& r = table.emplace_back();
        QCOMPARE(r.value, 7);
        QCOMPARE(reinterpret_cast<std::uintptr_t>(&r) % 64, std::uintptr_t{0});
    }
}

QTEST_APPLESS_MAIN(TestBlockRows)
#include "tst_block_rows.moc"
