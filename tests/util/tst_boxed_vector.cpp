// BoxedVector behaves as std::vector for what the product does with a job's recorded attempts,
// in a quarter of the space: the same elements after each operation, copies independent of the
// original, and nothing allocated while empty.
#include "core/model/job.hpp"
#include "core/util/boxed_vector.hpp"

#include <QTest>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

using namespace clens;

class TestBoxedVector : public QObject {
    Q_OBJECT
private slots:
    void sameElementsAsVector_data();
    void sameElementsAsVector();
    void copiesAreIndependent();
    void emptyHoldsNothing();
    void aJobIsSmaller();
};

namespace {
template <class T>
std::vector<T> elements(const BoxedVector<T>& b)
{
    return std::vector<T>(b.begin(), b.end());
}
} // namespace

void TestBoxedVector::sameElementsAsVector_data()
{
    QTest::addColumn<std::vector<std::string>>("values");
    QTest::newRow("none") << std::vector<std::string>{};
    QTest::newRow("one") << std::vector<std::string>{"a"};
    QTest::newRow("several, longer than a short string") << std::vector<std::string>{"first", std::string(40, 'x'), "", "last"};
}

void TestBoxedVector::sameElementsAsVector()
{
    QFETCH(std::vector<std::string>, values);
    BoxedVector<std::string> pushed;
    std::vector<std::string> reference;
    for (const auto& v : values) {
        pushed.push_back(v);
        reference.push_back(v);
        QCOMPARE(pushed.size(), reference.size());
        QCOMPARE(pushed.back(), reference.back());
        QCOMPARE(pushed.front(), reference.front());
    }
    QCOMPARE(elements(pushed), reference);
    QCOMPARE(std::vector<std::string>(pushed.rbegin(), pushed.rend()), std::vector<std::string>(reference.rbegin(), reference.rend()));
    for (std::size_t i = 0; i < reference.size(); ++i)
        QCOMPARE(pushed[i], reference[i]);
    QCOMPARE(pushed.empty(), reference.empty());

    const BoxedVector<std::string> assigned = values;
    QCOMPARE(elements(assigned), values);
    BoxedVector<std::string> emplaced;
    for (const auto& v : values)
        QCOMPARE(emplaced.emplace_back(v), v);
    QCOMPARE(elements(emplaced), values);
    emplaced.clear();
    QVERIFY(emplaced.empty());
    QCOMPARE(emplaced.size(), std::size_t{0});
}

void TestBoxedVector::copiesAreIndependent()
{
    BoxedVector<int> a = std::vector<int>{1, 2, 3};
    BoxedVector<int> b = a;
    b[0] = 10;
    b.push_back(4);
    QCOMPARE(elements(a), (std::vector<int>{1, 2, 3}));
    QCOMPARE(elements(b), (std::vector<int>{10, 2, 3, 4}));
    QCOMPARE(b.at(3), 4);
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, b.at(4));
    a = b;
    b.clear();
    QCOMPARE(elements(a), (std::vector<int>{10, 2, 3, 4}));
    QVERIFY(b.empty());
    BoxedVector<int> moved = std::move(a);
    QCOMPARE(elements(moved), (std::vector<int>{10, 2, 3, 4}));
    auto& self = moved;
    moved = self; // self-assignment keeps the elements
    QCOMPARE(elements(moved), (std::vector<int>{10, 2, 3, 4}));
}

void TestBoxedVector::emptyHoldsNothing()
{
    const BoxedVector<int> none;
    QVERIFY(none.begin() == nullptr);
    QVERIFY(none.begin() == none.end());
    QVERIFY(none.rbegin() == none.rend());
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, none.at(0));
    // Assigning an empty vector leaves it empty, not a box around nothing.
    BoxedVector<int> b = std::vector<int>{};
    QVERIFY(b.begin() == nullptr);
    QCOMPARE(sizeof(BoxedVector<int>), sizeof(void*));
}

void TestBoxedVector::aJobIsSmaller()
{
    // 16 (id, a CompactString) + 6 x 4 + 2 (+ 6 padding) + 6 x 8 + 8 (attempts) = 104 bytes; with
    // a std::string id, the attempts in a std::vector and the fields in their old order it was 144.
    QCOMPARE(sizeof(Job), std::size_t{104});
}

QTEST_APPLESS_MAIN(TestBoxedVector)
#include "tst_boxed_vector.moc"
