// TextSink writes what the stream's formatted operators, formatDouble() and writeCsvField() write,
// whatever its buffer's size (a buffer smaller than a number, than a field, than a row).
#include "core/util/csv_writer.hpp"
#include "core/util/number_format.hpp"
#include "core/util/text_sink.hpp"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>

using namespace clens;

class TestTextSink : public QObject {
    Q_OBJECT
private slots:
    void sameTextAsTheStream_data();
    void sameTextAsTheStream();
    void csvFieldQuotedOnlyWhenItNeedsIt_data();
    void csvFieldQuotedOnlyWhenItNeedsIt();
};

void TestTextSink::sameTextAsTheStream_data()
{
    QTest::addColumn<int>("capacity");
    QTest::newRow("64 KiB buffer") << (1 << 16);
    QTest::newRow("a buffer shorter than a row") << 40;
    QTest::newRow("a buffer shorter than a number (raised to the longest)") << 3;
}

void TestTextSink::sameTextAsTheStream()
{
    QFETCH(int, capacity);
    // The single digits have a path of their own: both its ends and just past them.
    const std::int64_t ints[] = {0, -1, 42, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(),
                                 std::int64_t{1} << 50, 9, 10};
    const std::int32_t ints32[] = {0, -7, std::numeric_limits<std::int32_t>::min(), 1000, 1, 9, 10, -10};
    // Whole numbers too: those written as integers (up to as many digits as their scientific form)
    // and those written in scientific form ("1e+06", "1.2e+07"), at the edges of 2^53.
    const double doubles[] = {0.0, -0.0, 1.0, 0.1, 1.0276, 1e-300, 1.7976931348623157e308, -2.5e-7, 12345678.901234567,
                              std::numeric_limits<double>::denorm_min(), 7.0, -7.0, 99999.0, 100000.0, -100000.0, 123456.0,
                              1e6, 1200000.0, 3039935.0, 1.5e15, 1e15, 9007199254740991.0, 9007199254740992.0,
                              -9007199254740992.0, 1e22, 4.5e16, 10.0, 1000.0, 10000.0, 120000000.0};
    const std::string fields[] = {"", "plain", "a,b", "say \"hi\"", "line\nbreak", "cr\rhere", std::string(100, 'x') + ",long",
                                 "a+b-c #!\t$'&()*" /* ordinary characters at and below ',' */};

    std::ostringstream viaStream;
    std::ostringstream viaSink;
    {
        TextSink sink(viaSink, static_cast<std::size_t>(capacity));
        for (int round = 0; round < 50; ++round) {
            for (const auto v : ints) {
                viaStream << v << ',';
                sink.number(v);
                sink.put(',');
            }
            for (const auto v : ints32) {
                viaStream << v << ';';
                sink.number(v);
                sink.put(';');
            }
            for (const auto v : doubles) {
                viaStream << formatDouble(v) << ' ';
                sink.number(v);
                sink.append(" ");
            }
            for (const auto& f : fields) {
                writeCsvField(viaStream, f);
                viaStream << "|";
                sink.csvField(f);
                sink.append("|");
            }
            viaStream << '\n';
            sink.put('\n');
        }
    }
    QCOMPARE(viaSink.str(), viaStream.str());
    // And flush() hands over what was appended so far.
    std::ostringstream partial;
    TextSink sink(partial, static_cast<std::size_t>(capacity));
    sink.append("abc");
    sink.number(std::int64_t{12});
    sink.flush();
    QCOMPARE(partial.str(), std::string("abc12"));
}

void TestTextSink::csvFieldQuotedOnlyWhenItNeedsIt_data()
{
    // RFC 4180: a field with a delimiter, a quote or a line end is quoted, its quotes doubled;
    // any other field, whatever else it holds (the characters below ',' among them), is not.
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("written");
    QTest::newRow("empty") << "" << "";
    QTest::newRow("plain") << "j42" << "j42";
    QTest::newRow("ordinary characters at and below ','") << "a+b #!\t$'&()*-./" << "a+b #!\t$'&()*-./";
    QTest::newRow("comma") << "a,b" << "\"a,b\"";
    QTest::newRow("quote") << "say \"hi\"" << "\"say \"\"hi\"\"\"";
    QTest::newRow("newline") << "a\nb" << "\"a\nb\"";
    QTest::newRow("carriage return") << "a\rb" << "\"a\rb\"";
    QTest::newRow("comma last") << "ab," << "\"ab,\"";
}

void TestTextSink::csvFieldQuotedOnlyWhenItNeedsIt()
{
    QFETCH(QString, field);
    QFETCH(QString, written);
    std::ostringstream viaSink, viaStream;
    {
        TextSink sink(viaSink);
        sink.csvField(field.toStdString());
    }
    writeCsvField(viaStream, field.toStdString());
    QCOMPARE(QString::fromStdString(viaSink.str()), written);
    QCOMPARE(QString::fromStdString(viaStream.str()), written);
}

QTEST_APPLESS_MAIN(TestTextSink)
#include "tst_text_sink.moc"
