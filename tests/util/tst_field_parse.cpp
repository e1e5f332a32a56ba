#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"

#include <QTest>

#include <cstdint>
#include <limits>

using namespace clens;

class TestFieldParse : public QObject {
    Q_OBJECT
private slots:
    void ints_data();
    void ints();
    void seconds();
    void wholeNumbers_data();
    void wholeNumbers();
};

void TestFieldParse::ints_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qint64>("value");
    QTest::newRow("plain") << "42" << true << qint64(42);
    QTest::newRow("spaces") << " 7 " << true << qint64(7);
    QTest::newRow("plus") << "+3" << true << qint64(3);
    QTest::newRow("decimal zero") << "12.0" << true << qint64(12);
    QTest::newRow("fraction") << "1.5" << false << qint64(0);
    QTest::newRow("negative below range") << "-1" << false << qint64(0);
    QTest::newRow("huge") << "99999999999999999999999" << false << qint64(0);
    QTest::newRow("word") << "eight" << false << qint64(0);
    QTest::newRow("empty") << "" << false << qint64(0);
    QTest::newRow("above range") << "1001" << false << qint64(0);
}

void TestFieldParse::ints()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(qint64, value);
    const std::string file = "f.csv";
    try {
        const auto v = parseInt(text.toStdString(), {file, 5, "gpus"}, 0, 1000);
        QVERIFY2(ok, "expected a failure");
        QCOMPARE(v, value);
    } catch (const InputError& e) {
        QVERIFY2(!ok, e.what());
        QCOMPARE(e.line(), 5);
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("gpus"));
        QVERIFY(std::string(e.what()).rfind("f.csv:5: field 'gpus': ", 0) == 0);
    }
}

void TestFieldParse::seconds()
{
    const std::string file = "f.csv";
    QCOMPARE(parseSeconds("66.0", {file, 1, "d"}), 66);
    QCOMPARE(parseSeconds("2.5", {file, 1, "d"}), 3); // llround: halves away from zero
    QCOMPARE(parseSeconds("1e3", {file, 1, "d"}), 1000);
    QVERIFY_THROWS_EXCEPTION(InputError, parseSeconds("-5", {file, 1, "d"}));
    QVERIFY_THROWS_EXCEPTION(InputError, parseSeconds("nan", {file, 1, "d"}));
    QVERIFY_THROWS_EXCEPTION(InputError, parseSeconds("inf", {file, 1, "d"}));
}

void TestFieldParse::wholeNumbers_data()
{
    // Integers as parseInt and parseSeconds read them over the whole int64 range: up to 18 digits
    // a digit at a time, longer through from_chars; the same values and the same refusals.
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qint64>("value");
    QTest::newRow("zero") << "0" << true << qint64(0);
    QTest::newRow("minus zero") << "-0" << true << qint64(0);
    QTest::newRow("leading zeros") << "007" << true << qint64(7);
    QTest::newRow("negative") << "-42" << true << qint64(-42);
    QTest::newRow("nine") << "9" << true << qint64(9);
    QTest::newRow("18 digits") << "999999999999999999" << true << qint64(999999999999999999);
    QTest::newRow("19 digits") << "1234567890123456789" << true << qint64(1234567890123456789);
    QTest::newRow("int64 max") << "9223372036854775807" << true << std::numeric_limits<qint64>::max();
    QTest::newRow("int64 min") << "-9223372036854775808" << true << std::numeric_limits<qint64>::min();
    QTest::newRow("above int64") << "9223372036854775808" << false << qint64(0);
    QTest::newRow("tab and space around") << " 42\t" << true << qint64(42);
    QTest::newRow("plus") << "+42" << true << qint64(42);
    QTest::newRow("letter after") << "12a" << false << qint64(0);
    QTest::newRow("character just past the digits") << "1:" << false << qint64(0);
    QTest::newRow("character just before the digits") << "1/" << false << qint64(0);
    QTest::newRow("minus alone") << "-" << false << qint64(0);
    QTest::newRow("two minuses") << "--5" << false << qint64(0);
    QTest::newRow("space inside") << "1 2" << false << qint64(0);
}

void TestFieldParse::wholeNumbers()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(qint64, value);
    const std::string file = "f.csv";
    constexpr auto lo = std::numeric_limits<std::int64_t>::min(), hi = std::numeric_limits<std::int64_t>::max();
    for (const bool seconds : {false, true}) {
        try {
            const auto v = seconds ? parseSeconds(text.toStdString(), {file, 2, "t"}, lo, hi) : parseInt(text.toStdString(), {file, 2, "t"}, lo, hi);
            QVERIFY2(ok, seconds ? "parseSeconds: expected a failure" : "parseInt: expected a failure");
            QCOMPARE(v, value);
        } catch (const InputError& e) {
            QVERIFY2(!ok, e.what());
            QCOMPARE(e.line(), 2);
        }
    }
}

QTEST_APPLESS_MAIN(TestFieldParse)
#include "tst_field_parse.moc"
