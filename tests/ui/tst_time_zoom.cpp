// Zooming into time (docs/gui.md "Zooming into time"): the window's arithmetic, the timelines'
// wheel, range and pan gestures, the overview strip's box, and the scrubber over the window.
#include "ui/run/sim_snapshot.hpp"
#include "ui/time/playback_clock.hpp"
#include "ui/time/time_window.hpp"
#include "ui/views/time_controls.hpp"
#include "ui/views/time_overview.hpp"
#include "ui/views/timeline_view.hpp"

#include <QApplication>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <QWheelEvent>
#include <qcustomplot.h>

using namespace clens;
using namespace clens::ui;

namespace {

// A result spanning [0, 10000] s on 10 GPUs: allocated 2 GPUs, except 9 GPUs for one second at
// 5000 s (narrower than a pixel of the overview, which must still show it).
SnapshotPtr spanSnapshot()
{
    auto cluster = std::make_shared<const Topology>(Topology::build({ServerSpec{"s0", "r0", 10, "", 0, 0}}, 8));
    auto r = std::make_shared<SimResult>();
    r->cluster = cluster;
    r->trace = std::make_shared<Trace>();
    r->firstSubmit_s = 0;
    r->lastEvent_s = 10000;
    auto& s = r->series;
    for (std::int64_t t : {0, 5000, 5001, 10000}) {
        s.t_s.push_back(t);
        s.allocatedGpus.push_back(t == 5000 ? 9.0 : 2.0);
        s.effectiveUtil.push_back(0.2);
        s.queuedJobs.push_back(0);
        s.freeServers.push_back(0);
    }
    auto snapshot = std::make_shared<SimSnapshot>();
    snapshot->result = r;
    return snapshot;
}

void sendWheel(QWidget* w, QPointF at, int dy, Qt::KeyboardModifiers mods = {})
{
    QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, dy), Qt::NoButton, mods, Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}

void sendMouse(QWidget* w, QEvent::Type type, QPointF at, Qt::MouseButton button, Qt::MouseButtons buttons,
               Qt::KeyboardModifiers mods = {})
{
    QMouseEvent e(type, at, w->mapToGlobal(at), button, buttons, mods);
    QApplication::sendEvent(w, &e);
}

void drag(QWidget* w, double x0, double x1, Qt::MouseButton button = Qt::LeftButton, Qt::KeyboardModifiers mods = {})
{
    const double y = w->height() / 2.0;
    sendMouse(w, QEvent::MouseButtonPress, {x0, y}, button, button, mods);
    sendMouse(w, QEvent::MouseMove, {(x0 + x1) / 2, y}, Qt::NoButton, button, mods);
    sendMouse(w, QEvent::MouseMove, {x1, y}, Qt::NoButton, button, mods);
    sendMouse(w, QEvent::MouseButtonRelease, {x1, y}, button, Qt::NoButton, mods);
}

QCPRange axisRange(TimelineView& view, int row)
{
    return view.plot()->axisRects().at(row)->axis(QCPAxis::atBottom)->range();
}

} // namespace

class TestTimeZoom : public QObject {
    Q_OBJECT
private slots:
    // Span [0, 10000]; each row starts from a window, does one thing and checks the window.
    void windowArithmetic_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<qlonglong>("a");
        QTest::addColumn<qlonglong>("b");
        QTest::addColumn<double>("factor");
        QTest::addColumn<qlonglong>("from");
        QTest::addColumn<qlonglong>("to");
        QTest::addColumn<qlonglong>("wantFrom");
        QTest::addColumn<qlonglong>("wantTo");
        QTest::newRow("show inside") << "show" << 1000LL << 2000LL << 0.0 << 0LL << 10000LL << 1000LL << 2000LL;
        QTest::newRow("show reversed") << "show" << 2000LL << 1000LL << 0.0 << 0LL << 10000LL << 1000LL << 2000LL;
        // Past the end: the same width, moved back inside.
        QTest::newRow("show past the end") << "show" << 9500LL << 10500LL << 0.0 << 0LL << 10000LL << 9000LL << 10000LL;
        QTest::newRow("show wider than the span") << "show" << -5LL << 20000LL << 0.0 << 0LL << 10000LL << 0LL << 10000LL;
        // 10 s asked: the minimum 60 s, about its middle: 5000 - (60 - 10) / 2 = 4975.
        QTest::newRow("show too narrow") << "show" << 5000LL << 5010LL << 0.0 << 0LL << 10000LL << 4975LL << 5035LL;
        // Anchor 2500 sits at a quarter of [0, 10000]; half the width is 5000 s, with 2500 at
        // its quarter: from 2500 - 1250 = 1250.
        QTest::newRow("zoom in about") << "zoom" << 2500LL << 0LL << 0.5 << 0LL << 10000LL << 1250LL << 6250LL;
        // 20 x 1000 s is wider than the span: the span.
        QTest::newRow("zoom out to the span") << "zoom" << 1500LL << 0LL << 20.0 << 1000LL << 2000LL << 0LL << 10000LL;
        // [1000, 3000] x 2 about 2000 (its middle): 4000 s from 0.
        QTest::newRow("zoom out about") << "zoom" << 2000LL << 0LL << 2.0 << 1000LL << 3000LL << 0LL << 4000LL;
        QTest::newRow("pan") << "pan" << 500LL << 0LL << 0.0 << 1000LL << 2000LL << 1500LL << 2500LL;
        QTest::newRow("pan stops at the start") << "pan" << -5000LL << 0LL << 0.0 << 1000LL << 2000LL << 0LL << 1000LL;
        QTest::newRow("centre on") << "centre" << 8000LL << 0LL << 0.0 << 1000LL << 2000LL << 7500LL << 8500LL;
        QTest::newRow("centre near the end") << "centre" << 9900LL << 0LL << 0.0 << 1000LL << 2000LL << 9000LL << 10000LL;
        // t = 2500 left [1000, 2000] to the right: it sits a tenth (100 s) inside: [1600, 2600].
        QTest::newRow("keep in view, ahead") << "keep" << 2500LL << 0LL << 0.0 << 1000LL << 2000LL << 1600LL << 2600LL;
        QTest::newRow("keep in view, behind") << "keep" << 500LL << 0LL << 0.0 << 1000LL << 2000LL << 400LL << 1400LL;
        QTest::newRow("keep in view, inside") << "keep" << 1500LL << 0LL << 0.0 << 1000LL << 2000LL << 1000LL << 2000LL;
    }

    void windowArithmetic()
    {
        QFETCH(QString, op);
        QFETCH(qlonglong, a);
        QFETCH(qlonglong, b);
        QFETCH(double, factor);
        QFETCH(qlonglong, from);
        QFETCH(qlonglong, to);
        QFETCH(qlonglong, wantFrom);
        QFETCH(qlonglong, wantTo);
        TimeWindow w;
        w.setSpan(0, 10000);
        w.show(from, to);
        if (op == "show")
            w.show(a, b);
        else if (op == "zoom")
            w.zoomAbout(a, factor);
        else if (op == "pan")
            w.pan(a);
        else if (op == "centre")
            w.centreOn(a);
        else if (op == "keep")
            w.keepInView(a);
        QCOMPARE(w.from(), wantFrom);
        QCOMPARE(w.to(), wantTo);
        QCOMPARE(w.zoomed(), wantFrom > 0 || wantTo < 10000);
    }

    void newSpanKeepsAZoomAndFollowsTheWhole()
    {
        TimeWindow w;
        QSignalSpy changed(&w, &TimeWindow::changed);
        w.setSpan(0, 10000);
        QCOMPARE(changed.count(), 1);
        w.setSpan(0, 12000); // unzoomed: the whole new span
        QCOMPARE(w.to(), 12000);
        w.show(11000, 11900);
        w.setSpan(0, 11500); // zoomed: the same width, moved inside
        QCOMPARE(w.from(), 10600);
        QCOMPARE(w.to(), 11500);
        changed.clear();
        w.show(10600, 11500); // no change, no signal
        QCOMPARE(changed.count(), 0);
    }

    void timelinesFollowTheWindowAndZoomByWheel()
    {
        TimeWindow w;
        w.setSpan(0, 10000);
        TimelineView view;
        view.resize(1000, 400);
        view.setWindow(&w);
        view.setSnapshot(spanSnapshot());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(axisRange(view, 0), QCPRange(0, 10000));
        w.show(2000, 4000);
        for (int row = 0; row < 3; ++row)
            QCOMPARE(axisRange(view, row), QCPRange(2000, 4000));
        // A notch up zooms in by 0.8 about the instant under the mouse, which stays put.
        QCustomPlot* plot = view.plot();
        const double x = plot->width() * 0.6;
        const auto under = view.timeAtPixel(x);
        sendWheel(plot, {x, plot->height() / 2.0}, 120);
        QCOMPARE(w.width(), 1600);
        QVERIFY(std::abs(view.timeAtPixel(x) - under) <= 2);
        sendWheel(plot, {x, plot->height() / 2.0}, -120); // and back out
        QCOMPARE(w.width(), 2000);
        // Shift+wheel pans a tenth of the width per notch (up: back in time).
        const auto before = w.from();
        sendWheel(plot, {x, plot->height() / 2.0}, 120, Qt::ShiftModifier);
        QCOMPARE(w.from(), before - 200);
    }

    void timelinesRangePanAndWhole()
    {
        TimeWindow w;
        w.setSpan(0, 10000);
        TimelineView view;
        view.resize(1000, 400);
        view.setWindow(&w);
        view.setSnapshot(spanSnapshot());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCustomPlot* plot = view.plot();
        QSignalSpy seeks(&view, &TimelineView::seekRequested);
        // Shift+drag: the range between press and release, and no seek.
        const auto t0 = view.timeAtPixel(300), t1 = view.timeAtPixel(500);
        drag(plot, 300, 500, Qt::LeftButton, Qt::ShiftModifier);
        QCOMPARE(w.from(), t0);
        QCOMPARE(w.to(), t1);
        QCOMPARE(seeks.count(), 0);
        // Ctrl+drag 100 px right: the window moves back by 100 px' worth of time.
        const auto from = w.from();
        const auto shift = view.timeAtPixel(400) - view.timeAtPixel(300);
        drag(plot, 300, 400, Qt::LeftButton, Qt::ControlModifier);
        QVERIFY2(std::abs((from - w.from()) - shift) <= 2, qPrintable(QString::number(from - w.from())));
        QCOMPARE(seeks.count(), 0);
        // Middle-drag pans too.
        const auto from2 = w.from();
        drag(plot, 400, 300, Qt::MiddleButton);
        QVERIFY(std::abs((w.from() - from2) - shift) <= 2);
        // A plain drag still seeks; a double-click shows the whole trace.
        drag(plot, 200, 250);
        QVERIFY(seeks.count() >= 2);
        QCOMPARE(seeks.last().at(0).toLongLong(), view.timeAtPixel(250));
        sendMouse(plot, QEvent::MouseButtonDblClick, {200, 100}, Qt::LeftButton, Qt::LeftButton);
        QVERIFY(!w.zoomed());
    }

    void overviewBoxMovesResizesAndCentres()
    {
        TimeWindow w;
        w.setSpan(0, 10000);
        TimeOverview strip(&w);
        strip.resize(1000, 30);
        strip.setSnapshot(spanSnapshot());
        strip.show();
        QVERIFY(QTest::qWaitForWindowExposed(&strip));
        QCOMPARE(strip.pixelOf(2500), 250.0); // 10 s a pixel
        QCOMPARE(strip.timeAt(250), 2500);
        // The one-second spike at 5000 s is the peak of its pixel column: 9 of 10 GPUs.
        QCOMPARE(strip.allocatedPeaks().at(500), 0.9f);
        QCOMPARE(strip.allocatedPeaks().at(300), 0.2f);
        // Unzoomed, a click seeks.
        QSignalSpy seeks(&strip, &TimeOverview::seekRequested);
        QTest::mouseClick(&strip, Qt::LeftButton, {}, QPoint(700, 15));
        QCOMPARE(seeks.count(), 1);
        QCOMPARE(seeks.at(0).at(0).toLongLong(), 7000);
        // Zoomed to [1000, 2000] (pixels 100..200): dragging the box 100 px moves it 1000 s.
        w.show(1000, 2000);
        drag(&strip, 150, 250);
        QCOMPARE(w.from(), 2000);
        QCOMPARE(w.to(), 3000);
        // Its right edge (300 px) dragged to 500 px: [2000, 5000].
        drag(&strip, 300, 500);
        QCOMPARE(w.from(), 2000);
        QCOMPARE(w.to(), 5000);
        // A press outside the box centres the window there: 3000 s wide about 8000.
        QTest::mouseClick(&strip, Qt::LeftButton, {}, QPoint(800, 15));
        QCOMPARE(w.from(), 6500);
        QCOMPARE(w.to(), 9500);
        // The wheel zooms about the mouse; a double-click shows everything.
        sendWheel(&strip, {800, 15}, 120);
        QCOMPARE(w.width(), 2400);
        QTest::mouseDClick(&strip, Qt::LeftButton, {}, QPoint(500, 15));
        QVERIFY(!w.zoomed());
    }

    void scrubberSpansTheWindow()
    {
        PlaybackClock clock;
        clock.setSpan(0, 10000);
        TimeWindow w;
        w.setSpan(0, 10000);
        TimeControls controls(&clock);
        controls.setWindow(&w);
        QCOMPARE(controls.scrubber()->maximum(), 10000);
        w.show(1000, 2000); // a pixel of the scrubber is now a tenth of the time
        QCOMPARE(controls.scrubber()->maximum(), 1000);
        controls.scrubber()->setValue(500);
        QCOMPARE(clock.time(), 1500);
        clock.seek(1800);
        QCOMPARE(controls.scrubber()->value(), 800);
    }
};

QTEST_MAIN(TestTimeZoom)
#include "tst_time_zoom.moc"
