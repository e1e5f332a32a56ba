#include "core/util/civil_time.hpp"

#include <QTest>

using namespace clens;

class TestCivilTime : public QObject {
    Q_OBJECT
private slots:
    void pacific_data();
    void pacific();
    void roundTrip();
    void malformed_data();
    void malformed();
};

void TestCivilTime::pacific_data()
{
    QTest::addColumn<QString>("local");
    QTest::addColumn<qint64>("unix");
    // 2017-10-07 01:11:39 PDT = 08:11:39 UTC = 1507363899.
    QTest::newRow("summer PDT") << "2017-10-07 01:11:39" << qint64(1507363899);
    // 2017-12-01 00:00:00 PST = 08:00 UTC; 2017-12-01 is day 17501 -> 17501*86400 + 8*3600.
    QTest::newRow("winter PST") << "2017-12-01 00:00:00" << qint64(17501LL * 86400 + 8 * 3600);
    // Ambiguous 2017-11-05 01:30 is read as PDT: 08:30 UTC (day 17475).
    QTest::newRow("ambiguous hour as PDT") << "2017-11-05 01:30:00" << qint64(17475LL * 86400 + 8 * 3600 + 1800);
    // 02:00 on that day is PST again: 10:00 UTC.
    QTest::newRow("after fall back") << "2017-11-05 02:00:00" << qint64(17475LL * 86400 + 10 * 3600);
    // DST starts 2017-03-12 02:00; 01:59:59 PST = 09:59:59 UTC (day 17237).
    QTest::newRow("before spring forward") << "2017-03-12 01:59:59" << qint64(17237LL * 86400 + 9 * 3600 + 3599);
    QTest::newRow("after spring forward") << "2017-03-12 03:00:00" << qint64(17237LL * 86400 + 10 * 3600);
}

void TestCivilTime::pacific()
{
    QFETCH(QString, local);
    QFETCH(qint64, unix);
    const auto t = parseDateTime(local.toStdString());
    QVERIFY(t);
    QCOMPARE(unixFromPacific(*t), unix);
}

void TestCivilTime::roundTrip()
{
    for (std::int64_t s : {std::int64_t{0}, std::int64_t{1507363899}, std::int64_t{-86401}, std::int64_t{4102444800}}) {
        const auto t = civilFromUnix(s);
        QCOMPARE(unixFromUtc(t), s);
    }
    QCOMPARE(QString::fromStdString(formatUtc(1507363899)), QStringLiteral("2017-10-07 08:11:39"));
}

void TestCivilTime::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << "";
    QTest::newRow("None") << "None";
    QTest::newRow("month 13") << "2017-13-01 00:00:00";
    QTest::newRow("Feb 30") << "2017-02-30 00:00:00";
    QTest::newRow("letters") << "2017-1a-01 00:00:00";
    QTest::newRow("trailing junk") << "2017-10-01 00:00:00 +07";
}

void TestCivilTime::malformed()
{
    QFETCH(QString, text);
    QVERIFY(!parseDateTime(text.toStdString()));
}

QTEST_APPLESS_MAIN(TestCivilTime)
#include "tst_civil_time.moc"
