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
    void largeInputAcrossBuffers();
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
    QTest::newRow("quote inside a field is kept") << "a\"b,c\n" << QStringList{"a\"b|c"} << QList<qint64>{1};
    QTest::newRow("spaces only") << "  \n" << QStringList{"  "} << QList<qint64>{1};
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

void TestCsvReader::largeInputAcrossBuffers()
{
    // 120,000 records (about 3 MiB, several of the reader's 1 MiB buffers), so that lines fall
    // across buffer ends; every 7th quoted (with a comma and a newline inside), every 11th ending
    // in CRLF, a blank line after every 13th. Each record's fields and line as written.
    std::string text;
    std::vector<std::vector<std::string>> want;
    std::vector<std::int64_t> wantLines;
    std::int64_t line = 1;
    for (int i = 0; i < 120000; ++i) {
        const auto n = std::to_string(i);
        wantLines.push_back(line);
        if (i % 7 == 0) {
            text += "\"q," + n + "\nz\",job" + n + "\n";
            want.push_back({"q," + n + "\nz", "job" + n});
            line += 2;
        } else {
            text += "j" + n + ",vc" + std::to_string(i % 15) + ",," + n + (i % 11 == 0 ? "\r\n" : "\n");
            want.push_back({"j" + n, "vc" + std::to_string(i % 15), "", n});
            line += 1;
        }
        if (i % 13 == 0) {
            text += "\n";
            line += 1;
        }
    }
    std::istringstream in(text);
    CsvReader csv(in, "big.csv");
    std::size_t k = 0, wrong = 0;
    while (csv.next()) {
        const std::vector<std::string> got(csv.fields().begin(), csv.fields().end());
        wrong += k < want.size() && got == want[k] && csv.line() == wantLines[k] ? 0 : 1;
        ++k;
    }
    QCOMPARE(k, want.size());
    QCOMPARE(wrong, std::size_t{0});
}

QTEST_APPLESS_MAIN(TestCsvReader)
#include "tst_csv_reader.moc"
