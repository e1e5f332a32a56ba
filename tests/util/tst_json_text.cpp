#include "core/util/json_text.hpp"

#include <boost/json.hpp>

#include <QTest>

#include <cmath>
#include <limits>

using namespace clens;

class TestJsonText : public QObject {
    Q_OBJECT
private slots:
    void compact_data();
    void compact();
    void pretty();
    void doublesRoundTrip();
};

void TestJsonText::compact_data()
{
    QTest::addColumn<QString>("json");     // parsed with Boost.JSON
    QTest::addColumn<QString>("expected"); // our text
    QTest::newRow("double, not E notation") << "1049.1666666666667" << "1049.1666666666667";
    QTest::newRow("whole double keeps a point") << "3.0" << "3.0";
    QTest::newRow("int stays int") << "42" << "42";
    QTest::newRow("tiny double") << "1e-300" << "1e-300";
    QTest::newRow("negative") << "-0.25" << "-0.25";
    QTest::newRow("string escapes") << "\"a\\\"b\\n\"" << "\"a\\\"b\\n\"";
    QTest::newRow("nested") << "{\"k\": [1, 2.5, null, true], \"e\": {}}" << "{\"k\":[1,2.5,null,true],\"e\":{}}";
}

void TestJsonText::compact()
{
    QFETCH(QString, json);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(toJsonText(boost::json::parse(json.toStdString()))), expected);
}

void TestJsonText::pretty()
{
    const auto v = boost::json::parse(R"({"a": 1, "b": [0.5, {}], "c": []})");
    QCOMPARE(QString::fromStdString(toJsonText(v, 2)),
             QStringLiteral("{\n  \"a\": 1,\n  \"b\": [\n    0.5,\n    {}\n  ],\n  \"c\": []\n}"));
}

void TestJsonText::doublesRoundTrip()
{
    // Shortest round-trip text must read back to the identical double; non-finite becomes null.
    for (double d : {0.1, 1.0 / 3.0, 6.02214076e23, 5e-324, std::numeric_limits<double>::max(), 123456789.0}) {
        const auto text = toJsonText(boost::json::value(d));
        QCOMPARE(std::strtod(text.c_str(), nullptr), d);
        QVERIFY2(text.find('E') == std::string::npos, text.c_str());
    }
    QCOMPARE(QString::fromStdString(toJsonText(boost::json::value(std::nan("")))), QStringLiteral("null"));
}

QTEST_APPLESS_MAIN(TestJsonText)
#include "tst_json_text.moc"
