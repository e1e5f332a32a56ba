// The timelines' axes: elapsed-time ticks counted from the first submission (not from 0), whole
// days labelled "+Nd", and whole-number count axes; the autoscaler's and node power's rows only
// when the result has them.
#include "core/sim/simulator.hpp"
#include "tests/common/autoscale_fixture.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/views/few_ticks_ticker.hpp"
#include "ui/views/timeline_extra_rows.hpp"
#include "ui/views/timeline_view.hpp"

#include <QApplication>
#include <QDateTime>
#include <QLocale>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <QTimeZone>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <vector>

using namespace clens;
using namespace clens::ui;

namespace {

// One server of `gpus` GPUs running 1-GPU jobs (submit, duration), simulated with the defaults;
// the jobs' VCs from `vcs` when given, else all "v".
SnapshotPtr run(int gpus, const std::vector<std::pair<std::int64_t, std::int64_t>>& jobs, TimeBase base = TimeBase::Relative,
                const std::vector<std::string>& vcs = {})
{
    auto cluster = std::make_shared<const Topology>(Topology::build({ServerSpec{"s0", "r0", gpus, "", 0, 0}}, 8));
    auto trace = std::make_shared<Trace>();
    trace->meta.timeBase = base;
    for (const auto& [submit, duration] : jobs) {
        Job j;
        j.id = "j" + std::to_string(trace->jobs.size());
        j.tenant = trace->internTenant(vcs.empty() ? "v" : vcs[trace->jobs.size()]);
        j.user = trace->internUser("u");
        j.submit_s = submit;
        j.gpus = 1;
        j.duration_s = duration;
        trace->jobs.push_back(std::move(j));
    }
    auto snapshot = std::make_shared<SimSnapshot>();
    snapshot->result = std::make_shared<const SimResult>(simulate(cluster, trace, Scenario{}));
    return snapshot;
}

// One 4-GPU server; the first job is submitted at 2 s (or at `origin` on a dated trace), the
// last one runs for 60 days.
SnapshotPtr longRun(std::int64_t origin = 0, TimeBase base = TimeBase::Relative)
{
    return run(4, {{origin + 2, 3600}, {origin + 100, 60 * 86400}, {origin + 200, 7200}}, base);
}

// Two GPUs over 60 days: at day 10 a 30 min job holds the second GPU while three 1 min jobs
// queue behind it, a spike narrower than a pixel of the whole trace (1,200 px: 72 min a pixel).
SnapshotPtr narrowSpike()
{
    const std::int64_t day10 = 10 * 86400;
    return run(2, {{2, 60 * 86400}, {day10, 1800}, {day10 + 60, 60}, {day10 + 60, 60}, {day10 + 60, 60}});
}

QCPAxisRect* row(TimelineView& view, int i) { return view.plot()->axisRects().at(i); }

} // namespace

class TestTimelineView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // Dated axes must not follow the machine's zone: the clock and inspector show UTC.
        qputenv("TZ", "America/Los_Angeles");
        tzset();
    }

    void datedTicksAreUtc()
    {
        TimelineView view;
        view.resize(1200, 300);
        view.setSnapshot(longRun(1'507'000'000, TimeBase::UnixUtc)); // 2017-10-03 03:06:40 UTC
        view.show();
        view.plot()->replot();
        const QCPAxis* x = row(view, 2)->axis(QCPAxis::atBottom);
        QVERIFY(x->tickVector().size() >= 2);
        for (qsizetype i = 0; i < x->tickVector().size(); ++i) {
            const auto utc = QDateTime::fromSecsSinceEpoch(static_cast<qint64>(x->tickVector()[i]), QTimeZone::utc());
            QCOMPARE(x->tickVectorLabels()[i], utc.toString(QStringLiteral("MMM d\nhh:mm")));
        }
    }

    void elapsedTicksCountFromTheFirstSubmission()
    {
        TimelineView view;
        view.resize(1200, 300);
        view.setSnapshot(longRun());
        view.show();
        view.plot()->replot();
        const QCPAxis* x = row(view, 2)->axis(QCPAxis::atBottom);
        const auto ticks = x->tickVector();
        const auto labels = x->tickVectorLabels();
        QVERIFY(ticks.size() >= 3);
        // Every tick is a whole number of steps after the first submission (2 s): labels read
        // "+00:00", "+14d", ... never "+13d 23:59".
        for (qsizetype i = 0; i < ticks.size(); ++i) {
            const auto elapsed = static_cast<std::int64_t>(ticks[i]) - 2;
            QVERIFY2(elapsed % 3600 == 0, qPrintable(labels[i]));
            if (elapsed > 0 && elapsed % 86400 == 0)
                QCOMPARE(labels[i], QStringLiteral("+%1d").arg(elapsed / 86400));
            QVERIFY2(!labels[i].contains(QStringLiteral(":59")), qPrintable(labels[i]));
        }
    }

    void aClickOnTheQueueLandsOnItsSpike()
    {
        TimelineView view;
        view.resize(1200, 400);
        const auto snapshot = narrowSpike();
        view.setSnapshot(snapshot);
        view.show();
        view.plot()->replot();
        const TimeSeries& s = snapshot->result->series;
        const auto peak = std::max_element(s.queuedJobs.begin(), s.queuedJobs.end());
        QCOMPARE(*peak, 3);
        const std::int64_t peakTime = s.t_s[static_cast<std::size_t>(peak - s.queuedJobs.begin())];
        const auto queuedAt = [&](std::int64_t t) {
            const auto i = std::upper_bound(s.t_s.begin(), s.t_s.end(), t) - s.t_s.begin() - 1;
            return i < 0 ? 0 : s.queuedJobs[static_cast<std::size_t>(i)];
        };
        QCPAxisRect* queue = row(view, 1);
        const double x = queue->axis(QCPAxis::atBottom)->coordToPixel(static_cast<double>(peakTime)) + 2;
        const QPointF onQueue(x, queue->rect().center().y());
        // Two pixels off the spike the time under the mouse has no queue (144 min later): the
        // click lands on the spike instead. On another row it lands where it is.
        QCOMPARE(queuedAt(view.timeAtPixel(x)), 0);
        QCOMPARE(queuedAt(view.clickTime(onQueue)), 3);
        QCOMPARE(view.clickTime(QPointF(x, row(view, 0)->rect().center().y())), view.timeAtPixel(x));
        QSignalSpy seeks(&view, &TimelineView::seekRequested);
        QTest::mouseClick(view.plot(), Qt::LeftButton, {}, onQueue.toPoint());
        QCOMPARE(seeks.size(), 1);
        QCOMPARE(queuedAt(seeks.front().front().value<std::int64_t>()), 3);
    }

    // Snapping never trades the queue under the mouse for a lower one: on a plateau of 3 waiting
    // jobs, two pixels before it drains, the click stays on the plateau.
    void aClickOnAPlateauStaysOnIt()
    {
        // One GPU held for 10 days from 2 s; three 1 min jobs queue from day 1. At day 10 the
        // queue steps 3 → 2 → 1 → 0, a minute apart: all within one pixel (1,200 px over 10 days
        // is 12 min a pixel).
        const std::int64_t day = 86400;
        const auto snapshot = run(1, {{2, 10 * day}, {day, 60}, {day, 60}, {day, 60}});
        TimelineView view;
        view.resize(1200, 400);
        view.setSnapshot(snapshot);
        view.show();
        view.plot()->replot();
        const TimeSeries& s = snapshot->result->series;
        const auto queuedAt = [&](std::int64_t t) {
            const auto i = std::upper_bound(s.t_s.begin(), s.t_s.end(), t) - s.t_s.begin() - 1;
            return i < 0 ? 0 : s.queuedJobs[static_cast<std::size_t>(i)];
        };
        QCPAxisRect* queue = row(view, 1);
        const double x = queue->axis(QCPAxis::atBottom)->coordToPixel(static_cast<double>(10 * day + 2)) - 2;
        const QPointF onPlateau(x, queue->rect().center().y());
        QCOMPARE(queuedAt(view.timeAtPixel(x)), 3);
        QCOMPARE(view.clickTime(onPlateau), view.timeAtPixel(x));
        // A tremor while the button is down keeps the click's time; a drag follows the mouse.
        QSignalSpy seeks(&view, &TimelineView::seekRequested);
        QTest::mousePress(view.plot(), Qt::LeftButton, {}, onPlateau.toPoint());
        QMouseEvent tremor(QEvent::MouseMove, onPlateau + QPointF(1, 0), view.plot()->mapToGlobal(onPlateau + QPointF(1, 0)), Qt::NoButton,
                           Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(view.plot(), &tremor);
        QCOMPARE(seeks.size(), 1);
        const QPointF far = onPlateau - QPointF(100, 0);
        QMouseEvent drag(QEvent::MouseMove, far, view.plot()->mapToGlobal(far), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(view.plot(), &drag);
        QCOMPARE(seeks.size(), 2);
        QCOMPARE(seeks.back().front().value<std::int64_t>(), view.timeAtPixel(far.x()));
        QTest::mouseRelease(view.plot(), Qt::LeftButton, {}, far.toPoint());
    }

    // Stacked queues: the bottom layer (the largest queue) is drawn last, so that a spike too
    // narrow for any fill shows its own VC's outline, not the top layer's that traces it too.
    void theLargestQueueIsDrawnOverTheLayersAboveIt()
    {
        TimelineView view;
        view.resize(1200, 400);
        // One GPU held by "a" for 1,000 s; three jobs of "big" and one of "small" queue behind it:
        // "big" is the bottom layer, "small" stacked on it.
        view.setSnapshot(run(1, {{2, 1000}, {10, 60}, {10, 60}, {10, 60}, {10, 60}}, TimeBase::Relative, {"a", "big", "big", "big", "small"}));
        QCPLayer* stack = view.plot()->layer(QStringLiteral("queueStack"));
        QVERIFY(stack);
        QCOMPARE(stack->children().size(), 2);
        auto* first = qobject_cast<QCPGraph*>(stack->children().front());
        auto* last = qobject_cast<QCPGraph*>(stack->children().back());
        QVERIFY(first && last);
        QCOMPARE(last->name(), QStringLiteral("big")); // drawn last: the bottom of the stack
        QCOMPARE(last->channelFillGraph(), static_cast<QCPGraph*>(nullptr));
        QCOMPARE(first->name(), QStringLiteral("small"));
        QCOMPARE(first->channelFillGraph(), last);
        QVERIFY(view.plot()->layer(QStringLiteral("queueStack"))->index() < view.plot()->layer(QStringLiteral("main"))->index());
    }

    void theMenuListsTheJobsAtItsTime()
    {
        TimelineView view;
        view.resize(1200, 400);
        view.setSnapshot(narrowSpike());
        const auto menu = view.contextMenu(10 * 86400 + 600);
        QVERIFY(menu);
        QSignalSpy seeks(&view, &TimelineView::seekRequested);
        QSignalSpy lists(&view, &TimelineView::jobsAtRequested);
        const QList<QAction*> actions = menu->actions();
        QCOMPARE(actions.size(), 2); // no time window: no zoom entries
        QVERIFY(actions[1]->text().startsWith(QStringLiteral("List the jobs running at")));
        actions[1]->trigger();
        QCOMPARE(seeks.size(), 1);
        QCOMPARE(seeks.front().front().value<std::int64_t>(), std::int64_t{10 * 86400 + 600});
        QCOMPARE(lists.size(), 1);
        QCOMPARE(lists.front().at(1).value<JobStanding>(), JobStanding::Running);
        TimelineView empty;
        QVERIFY(!empty.contextMenu(0));
    }

    void countAxesUseWholeNumbers()
    {
        TimelineView view;
        view.resize(1200, 300);
        view.setSnapshot(longRun());
        view.show();
        view.plot()->replot();
        for (int i = 0; i < 3; ++i)
            for (const double t : row(view, i)->axis(QCPAxis::atLeft)->tickVector())
                QCOMPARE(t, std::round(t));
    }

    void rowsShareTheHeightByTheirData_data()
    {
        QTest::addColumn<int>("height");
        QTest::newRow("default dock") << 300;
        QTest::newRow("tall") << 600;
    }

    void rowsShareTheHeightByTheirData()
    {
        // GPUs, queue and free servers: data areas 1.2 : 1.0 : 0.8, the bottom row's time axis on
        // top of its share (it took the axis out of its share: its data was about half of 0.8).
        QFETCH(int, height);
        TimelineView view;
        view.resize(1000, height);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setSnapshot(longRun());
        view.plot()->replot();
        QCOMPARE(view.plot()->axisRects().size(), 3);
        const double queue = row(view, 1)->rect().height();
        QVERIFY(queue > 0);
        const double gpus = row(view, 0)->rect().height() / queue, free = row(view, 2)->rect().height() / queue;
        QVERIFY2(std::abs(gpus - 1.2) < 0.12 && std::abs(free - 0.8) < 0.12, qPrintable(QStringLiteral("%1 : 1 : %2").arg(gpus).arg(free)));
    }

    void aNewResultIsDrawnOnce()
    {
        // The rows' margins, measured once laid out, are kept for the next result's rows: a new
        // result was drawn twice (laid out with estimates, then again with the margins), 30 ms
        // more on each knob change of the autoscaler preset.
        TimelineView view;
        view.resize(1000, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setSnapshot(longRun());
        QApplication::processEvents();
        QSignalSpy replots(view.plot(), &QCustomPlot::afterReplot);
        view.setSnapshot(longRun());
        QApplication::processEvents();
        QApplication::processEvents();
        QCOMPARE(replots.count(), 1);
    }

    void rowAxesHaveFewTicks_data()
    {
        // A row's range (its peak × 1.08 or so) in at most two steps of 1, 2 or 5 × 10^k: 596
        // (552 servers) once went in steps of 250, three labels crowded in a 22 px row.
        QTest::addColumn<double>("size");
        QTest::addColumn<double>("step");
        QTest::newRow("552 servers") << 596.16 << 500.0;
        QTest::newRow("2490 GPUs") << 2689.2 << 2000.0;
        QTest::newRow("exactly two steps") << 1000.0 << 500.0;
        QTest::newRow("just over") << 1000.1 << 1000.0;
        QTest::newRow("236.5 kW") << 260.15 << 200.0;
        QTest::newRow("under one kW") << 0.33 << 0.2;
    }

    void rowAxesHaveFewTicks()
    {
        QFETCH(double, size);
        QFETCH(double, step);
        QCOMPARE(FewTicksTicker::stepFor(size), step);
        QVERIFY(size / FewTicksTicker::stepFor(size) <= 2.0 + 1e-9);
    }

    void autoscalerAndPowerRowsOnlyWhenTheResultHasThem_data()
    {
        QTest::addColumn<bool>("autoscaler");
        QTest::addColumn<bool>("power");
        QTest::addColumn<QStringList>("titles"); // of the rows below GPUs, queued jobs, free servers
        QTest::newRow("neither") << false << false << QStringList{};
        QTest::newRow("autoscaler") << true << false << QStringList{"CPU cores", "Mem GB"};
        QTest::newRow("power") << false << true << QStringList{"Power"};
        QTest::newRow("both") << true << true << QStringList{"CPU cores", "Mem GB", "Power"};
    }

    void autoscalerAndPowerRowsOnlyWhenTheResultHasThem()
    {
        QFETCH(bool, autoscaler);
        QFETCH(bool, power);
        QFETCH(QStringList, titles);
        TimelineView view;
        view.resize(1000, 600);
        auto snapshot = std::make_shared<SimSnapshot>();
        snapshot->result = test::autoscaledResult(test::autoscaledPowered(autoscaler, power));
        view.setSnapshot(snapshot);
        QCOMPARE(view.plot()->axisRects().size(), 3 + titles.size());
        for (int i = 0; i < titles.size(); ++i)
            QCOMPARE(row(view, 3 + i)->axis(QCPAxis::atLeft)->label().replace(QLatin1Char('\n'), QLatin1Char(' ')), titles[i]);
        if (autoscaler) {
            // Reserved and used, drawn from the series: at 150 s j0 reserves 2 cores and uses 1.
            auto* cpu = row(view, 3);
            QCOMPARE(cpu->graphs().size(), 2);
            const auto* reserved = cpu->graphs()[0]->data().data();
            const auto* used = cpu->graphs()[1]->data().data();
            QCOMPARE(reserved->findBegin(150, false)->value, 2.0);
            QCOMPARE(used->findBegin(150, false)->value, 1.0);
        }
        view.setSnapshot(longRun()); // a result without them: the rows go away
        QCOMPARE(view.plot()->axisRects().size(), 3);
        QVERIFY(view.extraRows().empty());
    }

    void capacityLineOnlyWhenItLeavesTheLinesReadable_data()
    {
        QTest::addColumn<double>("cores");       // per server (3 servers)
        QTest::addColumn<bool>("capacityLine");
        QTest::addColumn<double>("axisTop");
        QTest::addColumn<QString>("readout");    // at 150 s
        // The fixture reserves at most 3 jobs x 2 cores = 6 cores (and uses 3).
        // 8 cores a server: 24 in all, 4 x 6: on the scale, the axis to 24 x 1.08 = 25.92.
        QTest::newRow("capacity within 4x the peak") << 8.0 << true << 25.92 << "2.0 of 24 cores reserved · 1.0 used";
        // 64 a server: 192, 32 x 6: the lines would be squashed; the axis to 6 x 1.08 = 6.48.
        QTest::newRow("capacity far above the peak") << 64.0 << false << 6.48 << "2.0 of 192 cores reserved · 1.0 used";
    }

    void capacityLineOnlyWhenItLeavesTheLinesReadable()
    {
        QFETCH(double, cores);
        QFETCH(bool, capacityLine);
        QFETCH(double, axisTop);
        QFETCH(QString, readout);
        QLocale::setDefault(QLocale::c());
        TimelineView view;
        view.resize(1000, 600);
        auto snapshot = std::make_shared<SimSnapshot>();
        snapshot->result = test::autoscaledResult(test::autoscaledPowered(true, false), cores, 16);
        view.setSnapshot(snapshot);
        auto* cpu = row(view, 3);
        int lines = 0;
        for (int i = 0; i < view.plot()->itemCount(); ++i)
            if (auto* line = qobject_cast<QCPItemStraightLine*>(view.plot()->item(i)); // horizontal: not the time cursor
                line && line->clipAxisRect() == cpu && line->point1->coords().y() == line->point2->coords().y())
                ++lines;
        QCOMPARE(lines, capacityLine ? 1 : 0);
        QVERIFY(std::abs(cpu->axis(QCPAxis::atLeft)->range().upper - axisTop) < 1e-9);
        QCOMPARE(extraRowReadout(ExtraRow::Cpu, *snapshot->result, 3), readout); // the series' step 50 s: 150 s is row 3
    }
};

QTEST_MAIN(TestTimelineView)
#include "tst_timeline_view.moc"
