// OptionalSeconds behaves as std::optional<std::int64_t> for every operation the product uses,
// pair by pair over empty and held values (extremes of the product's times included).
#include "core/util/compact_optional.hpp"

#include <QTest>

#include <vector>

using namespace clens;

class TestCompactOptional : public QObject {
    Q_OBJECT
private slots:
    void behavesAsOptional();
    void halfTheSize();
};

void TestCompactOptional::behavesAsOptional()
{
    const std::int64_t big = std::int64_t{1} << 50;
    const std::vector<std::optional<std::int64_t>> values{std::nullopt, 0, -1, 7, -big, big};
    for (const auto& a : values) {
        const OptionalSeconds ca = a;
        QCOMPARE(ca.has_value(), a.has_value());
        QCOMPARE(static_cast<bool>(ca), static_cast<bool>(a));
        QCOMPARE(ca.value_or(42), a.value_or(42));
        QVERIFY(std::optional<std::int64_t>(ca) == a);
        QCOMPARE(ca == std::nullopt, a == std::nullopt);
        if (a) {
            QCOMPARE(*ca, *a);
            QCOMPARE(ca.value(), a.value());
            QVERIFY(ca == *a);
        } else {
            QVERIFY_THROWS_EXCEPTION(std::bad_optional_access, ca.value());
        }
        for (const auto& b : values) {
            const OptionalSeconds cb = b;
            QCOMPARE(ca == cb, a == b);
            QCOMPARE(ca == b, a == b);
            QCOMPARE(ca < cb, a < b);
            QCOMPARE(ca > cb, a > b);
            QCOMPARE(ca <= cb, a <= b);
            QCOMPARE(ca >= cb, a >= b);
        }
        auto c = ca;
        c.reset();
        QVERIFY(!c.has_value());
        c = 5;
        QCOMPARE(*c, std::int64_t{5});
        c = std::nullopt;
        QVERIFY(!c);
    }
}

void TestCompactOptional::halfTheSize()
{
    QCOMPARE(sizeof(OptionalSeconds), sizeof(std::int64_t));
}

QTEST_APPLESS_MAIN(TestCompactOptional)
#include "tst_compact_optional.moc"
