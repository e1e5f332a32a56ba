#include "core/util/csv_reader.hpp"
#include "core/util/input_error.hpp"

#include <QTest>

#include <sstream>

using namespace clens;

class TestCsvReader : public QObject {
    Q_OBJECT
private slots:
    void records_data();
    void records();
    void unterminatedQuote();
    void headerLookup();
};

void TestCsvReader::records_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QStringList>("rows"); // fields joined by '|'
    QTest::addColumn<QList<qint64>>("lines");
    QTest::newRow("simple") << "a,b\n1,2\n" << QStringList{"a|b", "1|2"} << QList<qint64>{1, 2};
    QTest::newRow("crlf") << "a,b\r\n1,2\r\n" << QStringList{"a|b", "1|2"} << QList<qint64>{1, 2};
    QTest::newRow("no final newline") << "a,b\n1,2" << QStringList{"a|b", "1|2"} << QList<qint64>{1, 2};
    QTest::newRow("blank lines skipped") << "a\n\n\nb\n" << QStringList{"a", "b"} << QList<qint64>{1, 4};
    QTest::newRow("quoted with comma") << "\"x,y\",z\n" << QStringList{"x,y|z"} << QList<qint64>{1};
    QTest::newRow("escaped quote") << "\"say \"\"hi\"\"\",1\n" << QStringList{"say \"hi\"|1"} << QList<qint64>{1};
    QTest::newRow("embedded newline counts lines") << "\"a\nb\",1\nnext\n" << QStringList{"a\nb|1", "next"}
                                                   << QList<qint64>{1, 3};
    QTest::newRow("empty fields") << ",,\n" << QStringList{"||"} << QList<qint64>{1};
    QTest::newRow("trailing comma") << "a,b,\n" << QStringList{"a|b|"} << QList<qint64>{1};
    QTest::newRow("bom") << "\xEF\xBB\xBFh\n" << QStringList{"h"} << QList<qint64>{1};
}

void TestCsvReader::records()
{
    QFETCH(QString, input);
    QFETCH(QStringList, rows);
    QFETCH(QList<qint64>, lines);
    std::istringstream in(input.toStdString());
    CsvReader csv(in, "mem.csv");
    QStringList got;
    QList<qint64> gotLines;
    while (csv.next()) {
        QStringList fields;
        for (auto f : csv.fields())
            fields << QString::fromUtf8(f.data(), static_cast<int>(f.size()));
        got << fields.join('|');
        gotLines << csv.line();
    }
    QCOMPARE(got, rows);
    QCOMPARE(gotLines, lines);
}

void TestCsvReader::unterminatedQuote()
{
    std::istringstream in("a,b\n\"open,1\n");
    CsvReader csv(in, "bad.csv");
    QVERIFY(csv.next());
    try {
        csv.next();
        QFAIL("expected InputError");
    } catch (const InputError& e) {
        QCOMPARE(e.line(), 2);
        QVERIFY(std::string(e.what()).find("bad.csv:2") != std::string::npos);
    }
}

void TestCsvReader::headerLookup()
{
    std::istringstream in("machineId, number of GPUs, single GPU mem\n");
    CsvReader csv(in, "m.csv");
    QVERIFY(csv.next());
    CsvHeader h(csv);
    QCOMPARE(h.find("number of GPUs").value_or(99), std::size_t{1});
    QVERIFY(!h.find("gpus"));
    try {
        h.require("gpus");
        QFAIL("expected InputError");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("gpus"));
        QCOMPARE(e.line(), 1);
    }
}

QTEST_APPLESS_MAIN(TestCsvReader)
#include "tst_csv_reader.moc"
