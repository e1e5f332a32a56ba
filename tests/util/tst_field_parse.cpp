#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"

#include <QTest>

using namespace clens;

class TestFieldParse : public QObject {
    Q_OBJECT
private slots:
    void ints_data();
    void ints();
    void seconds();
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

QTEST_APPLESS_MAIN(TestFieldParse)
#include "tst_field_parse.moc"
