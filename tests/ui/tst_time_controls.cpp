// Time: how instants and durations are written, the playback clock (seek, play, stop at the
// end), and the controls (scrubber, step to the next/previous event, the time label).
#include "ui/time/playback_clock.hpp"
#include "ui/time/time_format.hpp"
#include "ui/views/time_controls.hpp"

#include <QComboBox>
#include <QDateTime>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

#include <ctime>

using namespace clens;
using namespace clens::ui;

class TestTimeControls : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // A zone other than UTC, so "dated instants are UTC" means something on any machine.
        qputenv("TZ", "America/Los_Angeles");
        tzset();
    }

    void durations_data()
    {
        QTest::addColumn<qlonglong>("seconds");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << 0LL << QStringLiteral("0 s");
        QTest::newRow("seconds") << 45LL << QStringLiteral("45 s");
        QTest::newRow("minutes") << 1800LL << QStringLiteral("30 min");
        QTest::newRow("min and s") << 125LL << QStringLiteral("2 min 5 s");
        QTest::newRow("hours") << 3900LL << QStringLiteral("1 h 05 min");
        QTest::newRow("whole hours") << 7200LL << QStringLiteral("2 h");
        QTest::newRow("days") << (3 * 86400LL + 4 * 3600LL) << QStringLiteral("3 d 4 h");
        QTest::newRow("negative") << -60LL << QStringLiteral("-1 min");
    }

    void durations()
    {
        QFETCH(qlonglong, seconds);
        QFETCH(QString, text);
        QCOMPARE(TimeFormat::duration(seconds), text);
    }

    void instants_data()
    {
        QTest::addColumn<int>("base");
        QTest::addColumn<qlonglong>("origin");
        QTest::addColumn<qlonglong>("t");
        QTest::addColumn<QString>("text");
        // Relative traces: elapsed time since the first submission.
        QTest::newRow("relative start") << int(TimeBase::Relative) << 100LL << 100LL << QStringLiteral("+00:00:00");
        QTest::newRow("relative") << int(TimeBase::Relative) << 0LL << 3725LL << QStringLiteral("+01:02:05");
        QTest::newRow("relative days") << int(TimeBase::Relative) << 0LL << (2 * 86400LL + 61) << QStringLiteral("+2d 00:01:01");
        // Dated traces: the UTC date-time of the Unix instant, whatever the machine's zone.
        const qlonglong t = 1506988800; // 2017-10-03 00:00:00 UTC
        QTest::newRow("dated") << int(TimeBase::UnixUtc) << 0LL << t << QStringLiteral("2017-10-03 00:00:00");
    }

    void instants()
    {
        QFETCH(int, base);
        QFETCH(qlonglong, origin);
        QFETCH(qlonglong, t);
        QFETCH(QString, text);
        QCOMPARE(TimeFormat(static_cast<TimeBase>(base), origin).instant(t), text);
    }

    void clockSeeksWithinSpan()
    {
        PlaybackClock clock;
        clock.setSpan(100, 1000);
        QSignalSpy changed(&clock, &PlaybackClock::timeChanged);
        clock.seek(500);
        QCOMPARE(clock.time(), std::int64_t(500));
        clock.seek(5000);
        QCOMPARE(clock.time(), std::int64_t(1000));
        clock.seek(-5);
        QCOMPARE(clock.time(), std::int64_t(100));
        QCOMPARE(changed.count(), 3);
        clock.seek(100); // no change, no signal
        QCOMPARE(changed.count(), 3);
    }

    void playAdvancesAndStopsAtTheEnd()
    {
        PlaybackClock clock;
        clock.setSpan(0, 50);
        clock.setSpeed(100000); // the whole span in well under one tick
        QSignalSpy playing(&clock, &PlaybackClock::playingChanged);
        clock.play();
        QVERIFY(clock.isPlaying());
        QCOMPARE(playing.count(), 1);
        QVERIFY(playing.wait(5000)); // stops by itself at the end
        QVERIFY(!clock.isPlaying());
        QCOMPARE(clock.time(), std::int64_t(50));
        clock.play(); // at the end: replays from the start
        QCOMPARE(clock.time(), std::int64_t(0));
        clock.pause();
    }

    void suggestedSpeed_data()
    {
        QTest::addColumn<qlonglong>("span");
        QTest::addColumn<double>("speed");
        // About 90 s of playback, rounded (geometrically) to a choice of the speed box.
        QTest::newRow("teaching demo, 4 h") << 14400LL << 300.0;       // wants 160x
        QTest::newRow("Philly, 109 days") << 9417600LL << 100000.0;   // wants 104,640x
        QTest::newRow("one minute") << 60LL << 1.0;
        QTest::newRow("a week") << 604800LL << 10000.0;               // wants 6,720x
    }

    void suggestedSpeed()
    {
        QFETCH(qlonglong, span);
        QFETCH(double, speed);
        QCOMPARE(PlaybackClock::suggestedSpeed(span), speed);
    }

    void controlsDriveTheClock()
    {
        PlaybackClock clock;
        TimeControls controls(&clock);
        clock.setSpan(1000, 1000 + 7200);
        controls.setTimeFormat(TimeFormat(TimeBase::Relative, 1000));
        // The scrubber seeks...
        controls.scrubber()->setValue(3600);
        QCOMPARE(clock.time(), std::int64_t(4600));
        QCOMPARE(controls.timeLabel()->text(), QStringLiteral("+01:00:00"));
        // ...and follows the clock.
        clock.seek(1000 + 1800);
        QCOMPARE(controls.scrubber()->value(), 1800);
        // Step to events: here every 600 s.
        controls.setEventFinders(
            [](std::int64_t t) -> std::optional<std::int64_t> { return (t / 600 + 1) * 600; },
            [](std::int64_t t) -> std::optional<std::int64_t> { return ((t - 1) / 600) * 600; });
        controls.stepForward();
        QCOMPARE(clock.time(), std::int64_t(3000));
        controls.stepBack();
        QCOMPARE(clock.time(), std::int64_t(2400));
        // Speed choices reach 100,000x.
        controls.speedCombo()->setCurrentIndex(controls.speedCombo()->count() - 1);
        QCOMPARE(clock.speed(), 100000.0);
    }
};

QTEST_MAIN(TestTimeControls)
#include "tst_time_controls.moc"
