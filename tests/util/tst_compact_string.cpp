// CompactString holds any text as std::string would, in 16 bytes: short texts inline, longer on
// the heap; it compares, orders, hashes and converts as its text, and copies are independent.
#include "core/util/compact_string.hpp"

#include <QTest>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

using namespace clens;

class TestCompactString : public QObject {
    Q_OBJECT
private slots:
    void holdsTheText_data();
    void holdsTheText();
    void comparesAsText();
    void copiesAndMovesAreIndependent();
    void sixteenBytes();
};

void TestCompactString::holdsTheText_data()
{
    QTest::addColumn<std::string>("text");
    QTest::newRow("empty") << std::string();
    QTest::newRow("one character") << std::string("j");
    QTest::newRow("a generated id") << std::string("j10000000");
    QTest::newRow("14 characters: inline") << std::string(14, 'a');
    QTest::newRow("15 characters: inline, the last byte its NUL") << std::string(15, 'b');
    QTest::newRow("16 characters: on the heap") << std::string(16, 'c');
    QTest::newRow("a Philly application id") << std::string("application_1506638472019_10238");
    QTest::newRow("an embedded NUL") << std::string("a\0b", 3);
}

void TestCompactString::holdsTheText()
{
    QFETCH(std::string, text);
    const CompactString s = text;
    QCOMPARE(s.size(), text.size());
    QCOMPARE(s.empty(), text.empty());
    QCOMPARE(s.str(), text);
    QCOMPARE(std::string(s), text);
    QVERIFY(s.view() == text);
    QCOMPARE(s.c_str()[s.size()], '\0');
    QCOMPARE(std::string(s.begin(), s.end()), text);
    QVERIFY(s == text);
    std::ostringstream os;
    os << s;
    QCOMPARE(os.str(), text);
    QCOMPARE("<" + s + ">", "<" + text + ">");

    CompactString assigned;
    assigned = text;
    QVERIFY(assigned == s);
    assigned = std::string_view("short");
    QCOMPARE(assigned.str(), std::string("short"));
    assigned = std::string(40, 'z');
    QCOMPARE(assigned.str(), std::string(40, 'z'));
}

void TestCompactString::comparesAsText()
{
    // Ordered as std::string orders them, inline and heap texts mixed.
    const std::vector<std::string> texts{"", "a", "ab", "b", std::string(15, 'a'), std::string(16, 'a'), std::string(30, 'b'), "j2", "j10"};
    for (const auto& x : texts)
        for (const auto& y : texts) {
            const CompactString cx = x, cy = y;
            QCOMPARE(cx == cy, x == y);
            QCOMPARE(cx < cy, x < y);
            QCOMPARE(cx > cy, x > y);
            QCOMPARE(cx == y, x == y);
            QCOMPARE(cx < std::string_view(y), x < y);
            QCOMPARE(std::hash<CompactString>{}(cx), std::hash<std::string_view>{}(x));
        }
    std::set<CompactString> ordered(texts.begin(), texts.end());
    std::set<std::string> reference(texts.begin(), texts.end());
    QCOMPARE(ordered.size(), reference.size());
    QVERIFY(std::equal(ordered.begin(), ordered.end(), reference.begin(), [](const CompactString& a, const std::string& b) { return a == b; }));
    std::unordered_set<CompactString> hashed(texts.begin(), texts.end());
    QCOMPARE(hashed.size(), reference.size());
    QVERIFY(hashed.count(CompactString(std::string(16, 'a'))) == 1);
}

void TestCompactString::copiesAndMovesAreIndependent()
{
    for (const auto& text : {std::string("inline"), std::string(25, 'h')}) {
        CompactString a = text;
        CompactString b = a;
        b = "other";
        QCOMPARE(a.str(), text);
        CompactString moved = std::move(a);
        QCOMPARE(moved.str(), text);
        QVERIFY(a.empty()); // NOLINT(bugprone-use-after-move): a moved-from string is empty
        a = moved;
        QCOMPARE(a.str(), text);
        auto& self = a;
        a = self;
        QCOMPARE(a.str(), text);
        a = std::move(moved);
        QCOMPARE(a.str(), text);
        b.swap(a);
        QCOMPARE(b.str(), text);
        QCOMPARE(a.str(), std::string("other"));
    }
}

void TestCompactString::sixteenBytes()
{
    QCOMPARE(sizeof(CompactString), std::size_t{16});
}

QTEST_APPLESS_MAIN(TestCompactString)
#include "tst_compact_string.moc"
