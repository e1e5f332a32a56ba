#include "core/util/time_zone.hpp"

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
        QFAIL("expected std::invalid_argument");
    } catch (const std::invalid_argument& e) {
        QVERIFY2(std::string(e.what()).find(name.toStdString().substr(0, 5)) != std::string::npos, e.what());
    }
}

QTEST_APPLESS_MAIN(TestTimeZone)
#include "tst_time_zone.moc"
