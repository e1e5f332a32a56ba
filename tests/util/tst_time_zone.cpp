#include "core/util/posix_tz_rule.hpp"
#include "core/util/time_zone.hpp"

#include <QDir>
#include <QTemporaryDir>

#include <QTest>

#include <filesystem>
#include <stdexcept>

using namespace clens;

// docs/formats.md "Time zones of local times"
class TestTimeZone : public QObject {
    Q_OBJECT
private slots:
    void toUnix_data();
    void toUnix();
    void offsets();
    void badNames_data();
    void badNames();
    void posixRules_data();
    void posixRules();
    void badPosixRules();
    void footerBeyondTheListedTransitions();
    void slimFile();
};

namespace {
bool haveTzdb() { return std::filesystem::exists("/usr/share/zoneinfo/Europe/Berlin") || std::getenv("TZDIR"); }
CivilDateTime at(int y, int mo, int d, int h, int mi) { return {y, mo, d, h, mi, 0}; }
} // namespace

void TestTimeZone::toUnix_data()
{
    QTest::addColumn<QString>("zone");
    QTest::addColumn<int>("month");
    QTest::addColumn<int>("day");
    QTest::addColumn<int>("hour");
    QTest::addColumn<int>("minute");
    QTest::addColumn<qint64>("unix");
    QTest::addColumn<int>("fit");
    const int normal = int(TimeZone::Fit::Normal), ambiguous = int(TimeZone::Fit::Ambiguous), skipped = int(TimeZone::Fit::Skipped);
    // 2024-03-31 00:00:00 UTC = 1711843200. Europe/Berlin goes CET (+1) -> CEST (+2) at 02:00 local.
    QTest::newRow("UTC") << "UTC" << 3 << 31 << 0 << 0 << qint64(1711843200) << normal;
    QTest::newRow("empty = UTC") << "" << 3 << 31 << 0 << 0 << qint64(1711843200) << normal;
    QTest::newRow("Berlin 01:00 CET") << "Europe/Berlin" << 3 << 31 << 1 << 0 << qint64(1711843200) << normal;
    // 02:30 does not exist: read with the offset before (+1) -> 01:30 UTC = 1711848600.
    QTest::newRow("Berlin 02:30 skipped") << "Europe/Berlin" << 3 << 31 << 2 << 30 << qint64(1711848600) << skipped;
    // 03:00 CEST = 01:00 UTC = 1711846800: 01:00 CET and 03:00 CEST are one hour apart.
    QTest::newRow("Berlin 03:00 CEST") << "Europe/Berlin" << 3 << 31 << 3 << 0 << qint64(1711846800) << normal;
    // 2024-10-27 02:30 happens twice; the first (CEST, +2) = 00:30 UTC = 1729989000.
    QTest::newRow("Berlin 02:30 repeated") << "Europe/Berlin" << 10 << 27 << 2 << 30 << qint64(1729989000) << ambiguous;
    // 03:00 CET = 02:00 UTC = 1729994400.
    QTest::newRow("Berlin 03:00 CET again") << "Europe/Berlin" << 10 << 27 << 3 << 0 << qint64(1729994400) << normal;
    // New York springs forward 2024-03-10 02:00 EST -> 03:00 EDT; 02:30 read as EST: 07:30 UTC = 1710055800.
    QTest::newRow("New York 02:30 skipped") << "America/New_York" << 3 << 10 << 2 << 30 << qint64(1710055800) << skipped;
    // Fixed offsets: 2024-01-01 00:00 +05:30 = 2023-12-31 18:30 UTC = 1704047400.
    QTest::newRow("+05:30") << "+05:30" << 1 << 1 << 0 << 0 << qint64(1704047400) << normal;
    QTest::newRow("UTC+0530") << "UTC+0530" << 1 << 1 << 0 << 0 << qint64(1704047400) << normal;
    // 2024-03-31 01:00 at -02 = 03:00 UTC = 1711843200 + 3 h.
    QTest::newRow("-2") << "-2" << 3 << 31 << 1 << 0 << qint64(1711843200 + 3 * 3600) << normal;
}

void TestTimeZone::toUnix()
{
    QFETCH(QString, zone);
    QFETCH(int, month);
    QFETCH(int, day);
    QFETCH(int, hour);
    QFETCH(int, minute);
    QFETCH(qint64, unix);
    QFETCH(int, fit);
    if (zone.contains('/') && !haveTzdb())
        QSKIP("no tz database in /usr/share/zoneinfo");
    const auto z = TimeZone::load(zone.toStdString());
    auto got = TimeZone::Fit::Normal;
    QCOMPARE(z.toUnix(at(month == 1 ? 2024 : 2024, month, day, hour, minute), &got), unix);
    QCOMPARE(int(got), fit);
}

void TestTimeZone::offsets()
{
    if (!haveTzdb())
        QSKIP("no tz database in /usr/share/zoneinfo");
    const auto z = TimeZone::load("Europe/Berlin");
    QCOMPARE(z.name(), std::string("Europe/Berlin"));
    QCOMPARE(z.offsetAt(1711846800 - 1), std::int64_t{3600}); // 00:59:59 UTC: CET
    QCOMPARE(z.offsetAt(1711846800), std::int64_t{7200});     // 01:00:00 UTC: CEST
    QCOMPARE(z.offsetAt(1704047400), std::int64_t{3600});     // winter
    // A job from 01:40 to 03:05 local on the change day ran 25 minutes.
    QCOMPARE(z.toUnix(at(2024, 3, 31, 3, 5)) - z.toUnix(at(2024, 3, 31, 1, 40)), std::int64_t{25 * 60});
    // ... and from 01:40 to 03:05 local on 2024-10-27 (02:00-03:00 twice) 2 h 25 min.
    QCOMPARE(z.toUnix(at(2024, 10, 27, 3, 5)) - z.toUnix(at(2024, 10, 27, 1, 40)), std::int64_t{145 * 60});
}

void TestTimeZone::badNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("unknown zone") << "Mars/Olympus_Mons";
    QTest::newRow("path escape") << "../../etc/passwd";
    QTest::newRow("absolute path") << "/etc/localtime";
    QTest::newRow("a directory") << "Europe";
    QTest::newRow("offset too large") << "+15:00";
    QTest::newRow("spaces") << "Europe/ Berlin";
}

void TestTimeZone::badNames()
{
    QFETCH(QString, name);
    try {
        (void)TimeZone::load(name.toStdString());
        QFAIL("expected ValueError");
    } catch (const clens::ValueError& e) {
        QVERIFY2(std::string(e.what()).find(name.toStdString().substr(0, 5)) != std::string::npos, e.what());
    }
}

void TestTimeZone::posixRules_data()
{
    QTest::addColumn<QString>("rule");
    QTest::addColumn<qint64>("first");
    QTest::addColumn<int>("firstOffset");
    QTest::addColumn<qint64>("second");
    QTest::addColumn<int>("secondOffset");
    // Berlin 2024: summer time from 03-31 02:00 CET (01:00 UTC) to 10-27 03:00 CEST (01:00 UTC).
    QTest::newRow("CET") << "CET-1CEST,M3.5.0,M10.5.0/3" << qint64(1711846800) << 7200 << qint64(1729990800) << 3600;
    // New York 2024: 03-10 02:00 EST (07:00 UTC) to 11-03 02:00 EDT (06:00 UTC).
    QTest::newRow("EST5EDT") << "EST5EDT,M3.2.0,M11.1.0" << qint64(1710054000) << -4 * 3600 << qint64(1730613600) << -5 * 3600;
    // Sydney 2024 (southern): daylight time ends 04-07 03:00 AEDT (04-06 16:00 UTC), starts 10-06
    // 02:00 AEST (10-05 16:00 UTC).
    QTest::newRow("AEST, southern") << "AEST-10AEDT,M10.1.0,M4.1.0/3" << qint64(1712419200) << 10 * 3600 << qint64(1728144000)
                                    << 11 * 3600;
    // Quoted names and an explicit daylight offset; Julian days: J60 is 1 March (Feb 29 not
    // counted), 2024-03-01 02:00 at -3 = 05:00 UTC = 1709269200; day 300 (0-based, Feb 29 counted)
    // is 2024-10-27, 02:00 at -2 = 04:00 UTC = 1730001600.
    QTest::newRow("quoted, J and n") << "<-03>3<-02>2,J60,300" << qint64(1709269200) << -2 * 3600 << qint64(1730001600) << -3 * 3600;
}

void TestTimeZone::posixRules()
{
    QFETCH(QString, rule);
    QFETCH(qint64, first);
    QFETCH(int, firstOffset);
    QFETCH(qint64, second);
    QFETCH(int, secondOffset);
    const auto r = parsePosixTzRule(rule.toStdString());
    QVERIFY(r && r->hasDst);
    const auto t = posixTzTransitions(*r, 2024);
    QCOMPARE(t.size(), std::size_t{2});
    QCOMPARE(t[0].first, first);
    QCOMPARE(t[0].second, firstOffset);
    QCOMPARE(t[1].first, second);
    QCOMPARE(t[1].second, secondOffset);
}

void TestTimeZone::badPosixRules()
{
    QVERIFY(parsePosixTzRule("<+03>-3") && !parsePosixTzRule("<+03>-3")->hasDst); // fixed offset
    QCOMPARE(parsePosixTzRule("<+03>-3")->stdOffset_s, 3 * 3600);
    for (const char* bad : {"", "CET", "1CET", "CE-1", "CET-1CEST,M13.1.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0", "CET-1CEST",
                            "CET-1CEST,M3.5.0", "CET-1CEST,M3.5.0,M10.5.0/x", "<+03-3"})
        QVERIFY2(!parsePosixTzRule(bad), bad);
}

// The system's Europe/Berlin lists transitions to 2037; its footer rule gives later years:
// 2090-03-26 (the last Sunday of March) 02:30 is skipped, July 2090 is summer time.
void TestTimeZone::footerBeyondTheListedTransitions()
{
    if (!haveTzdb())
        QSKIP("no tz database in /usr/share/zoneinfo");
    const auto z = TimeZone::load("Europe/Berlin");
    auto fit = TimeZone::Fit::Normal;
    (void)z.toUnix(at(2090, 3, 26, 2, 30), &fit);
    QVERIFY(fit == TimeZone::Fit::Skipped);
    QCOMPARE(z.offsetAt(z.toUnix(at(2090, 7, 1, 12, 0))), std::int64_t{7200});
    QCOMPARE(z.offsetAt(z.toUnix(at(2090, 12, 1, 12, 0))), std::int64_t{3600});
}

namespace {
void putBigEndian(QByteArray& b, std::int32_t v)
{
    for (int shift = 24; shift >= 0; shift -= 8)
        b.append(static_cast<char>((static_cast<std::uint32_t>(v) >> shift) & 0xff));
}
// A "slim" TZif v2 file: no transition at all, one type (CET, +1 h), and the footer rule.
QByteArray slimTzif(const char* footer)
{
    QByteArray block;
    for (int count : {0, 0, 0, 0, 1, 4}) // isutcnt isstdcnt leapcnt timecnt typecnt charcnt
        putBigEndian(block, count);
    QByteArray data;
    putBigEndian(data, 3600);
    data.append('\0').append('\0').append("CET", 3).append('\0');
    QByteArray header = QByteArray("TZif2") + QByteArray(15, '\0');
    return header + block + data + header + block + data + "\n" + footer + "\n";
}
} // namespace

void TestTimeZone::slimFile()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath("Test"));
    QFile f(dir.filePath("Test/Slim"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(slimTzif("CET-1CEST,M3.5.0,M10.5.0/3"));
    f.close();
    const auto old = qgetenv("TZDIR");
    qputenv("TZDIR", dir.path().toLocal8Bit());
    const auto z = TimeZone::load("Test/Slim");
    if (old.isEmpty())
        qunsetenv("TZDIR");
    else
        qputenv("TZDIR", old);
    auto fit = TimeZone::Fit::Normal;
    QCOMPARE(z.toUnix(at(2024, 3, 31, 2, 30), &fit), std::int64_t{1711848600}); // as in toUnix()
    QVERIFY(fit == TimeZone::Fit::Skipped);
    QCOMPARE(z.toUnix(at(2024, 10, 27, 2, 30), &fit), std::int64_t{1729989000});
    QVERIFY(fit == TimeZone::Fit::Ambiguous);
    QCOMPARE(z.toUnix(at(2024, 1, 1, 0, 0)), std::int64_t{1704067200 - 3600});
}

QTEST_APPLESS_MAIN(TestTimeZone)
#include "tst_time_zone.moc"
