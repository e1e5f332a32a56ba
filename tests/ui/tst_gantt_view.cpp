// The Gantt tab (ui/views/gantt_view.hpp): which jobs get a row for a time window and in what
// order, GPU rows, clicking a bar, following the selected job, and zooming with Ctrl+wheel —
// on a hand-made run simulated by the real core.
#include "core/sim/simulator.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/style/heatmap_palette.hpp"
#include "ui/time/time_window.hpp"
#include "ui/views/gantt_view.hpp"

#include <QApplication>
#include <QImage>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

using namespace clens;
using namespace clens::ui;

namespace {

// One server of 2 GPUs. a (VC A, 2 GPUs) runs [0, 100); b (VC B, 1 GPU) is submitted at 10 and
// waits for capacity until a ends, then runs [100, 150); c (VC A, 1 GPU) runs [500, 600); and
// `extra` more 1-GPU jobs of VC B follow every 1000 s from 1000 (each runs 10 s).
SnapshotPtr run(int extra = 0)
{
    auto cluster = std::make_shared<const Topology>(Topology::build({ServerSpec{"s0", "r0", 2, "", 0, 0}}, 8));
    auto trace = std::make_shared<Trace>();
    const auto add = [&](const std::string& id, const std::string& vc, std::int32_t gpus, std::int64_t submit, std::int64_t duration) {
        Job j;
        j.id = id;
        j.tenant = trace->internTenant(vc);
        j.user = trace->internUser("u");
        j.gpus = gpus;
        j.submit_s = submit;
        j.duration_s = duration;
        trace->jobs.push_back(j);
    };
    add("a", "A", 2, 0, 100);
    add("b", "B", 1, 10, 50);
    add("c", "A", 1, 500, 100);
    for (int k = 0; k < extra; ++k)
        add("x" + std::to_string(k), "B", 1, 1000 + 1000 * k, 10);
    SimOptions options;
    options.recordOccupancy = true;
    auto snapshot = std::make_shared<SimSnapshot>();
    snapshot->result = std::make_shared<const SimResult>(simulate(cluster, trace, Scenario{}, options));
    indexIntervals(*snapshot);
    return snapshot;
}

QStringList labels(const GanttView& g)
{
    QStringList out;
    for (int r = 0; r < g.rowCount(); ++r)
        out << g.rowLabel(r);
    return out;
}

} // namespace

class TestGanttView : public QObject {
    Q_OBJECT
private slots:
    void rowsForTheWindow_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<qlonglong>("from");
        QTest::addColumn<qlonglong>("to");
        QTest::addColumn<QStringList>("want");
        QTest::addColumn<QString>("count");
        // [0, 200] meets a and b only; c starts at 500. By VC: each VC's header, then its jobs.
        QTest::newRow("by VC, early") << int(GanttView::Rows::ByVc) << 0LL << 200LL << QStringList{"A", "a", "B", "b"}
                                      << "2 jobs in the time window";
        QTest::newRow("by VC, all") << int(GanttView::Rows::ByVc) << 0LL << 600LL << QStringList{"A", "a", "c", "B", "b"}
                                    << "3 jobs in the time window";
        // b's life is [10, 150]: a window [120, 400] still meets it, not a.
        QTest::newRow("by VC, late") << int(GanttView::Rows::ByVc) << 120LL << 400LL << QStringList{"B", "b"} << "1 job in the time window";
        QTest::newRow("by submission") << int(GanttView::Rows::ByJob) << 0LL << 600LL << QStringList{"a", "b", "c"}
                                       << "3 jobs in the time window";
        QTest::newRow("GPUs") << int(GanttView::Rows::ByGpu) << 0LL << 200LL << QStringList{"s0", "s0 [0]", "s0 [1]"} << "2 GPUs";
    }

    void rowsForTheWindow()
    {
        QFETCH(int, rows);
        QFETCH(qlonglong, from);
        QFETCH(qlonglong, to);
        QFETCH(QStringList, want);
        QFETCH(QString, count);
        TimeWindow w;
        const auto snapshot = run();
        w.setSpan(snapshot->begin_s(), snapshot->end_s());
        GanttView g(&w);
        g.setSnapshot(snapshot);
        g.setRows(static_cast<GanttView::Rows>(rows));
        g.show();
        w.show(from, to);
        QCOMPARE(labels(g), want);
        QCOMPARE(g.countText(), count);
        // Hidden (another tab), a moved window is listed only when the view shows again.
        g.hide();
        w.showAll();
        if (rows != int(GanttView::Rows::ByGpu))
            QCOMPARE(labels(g), want);
        g.show();
        if (rows != int(GanttView::Rows::ByGpu))
            QCOMPARE(g.countText(), QStringLiteral("3 jobs in the time window"));
    }

    void barsAreDrawnAndClickable()
    {
        TimeWindow w;
        const auto snapshot = run();
        w.setSpan(snapshot->begin_s(), snapshot->end_s());
        w.show(0, 200);
        GanttView g(&w);
        g.resize(730, 300);
        g.setSnapshot(snapshot);
        g.show();
        QVERIFY(QTest::qWaitForWindowExposed(&g));
        // Row 3 is b: waiting for capacity on [10, 100), running on [100, 150).
        const QRect b = g.rowRect(3);
        const QImage shot = g.grab().toImage();
        const int y = b.center().y();
        QCOMPARE(QColor(shot.pixel(static_cast<int>(g.xOf(50)), y)).rgb(), palette::cause(DelayCause::Capacity).rgb());
        QCOMPARE(QColor(shot.pixel(static_cast<int>(g.xOf(125)), y)).rgb(), palette::running().rgb());
        QCOMPARE(QColor(shot.pixel(static_cast<int>(g.xOf(173)), y)).rgb(), QColor(Qt::white).rgb()); // ended (173 s: off the 30 s grid)
        // Clicking b's bar at 125 s inspects b and moves the cursor there.
        QSignalSpy clicked(&g, &GanttView::jobClicked), seeks(&g, &GanttView::seekRequested);
        QTest::mouseClick(&g, Qt::LeftButton, {}, QPoint(static_cast<int>(g.xOf(125)), y));
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.at(0).at(0).toInt(), 1);
        QVERIFY(std::abs(seeks.at(0).at(0).toLongLong() - 125) <= 1);
        // On the GPU rows, the job on the GPU at the click: a holds both GPUs at 50 s.
        g.setRows(GanttView::Rows::ByGpu);
        QCOMPARE(g.jobAt(QPoint(static_cast<int>(g.xOf(50)), g.rowRect(2).center().y())), 0);
        QCOMPARE(g.jobAt(QPoint(static_cast<int>(g.xOf(300)), g.rowRect(2).center().y())), -1);
    }

    void opensAtTheJobsOfTheCursor()
    {
        // Nothing selected: a new result (or the tab shown) scrolls to the jobs at the cursor —
        // x150 runs [151000, 151010) — instead of staying at the first VC's first jobs.
        TimeWindow w;
        const auto snapshot = run(200);
        w.setSpan(snapshot->begin_s(), snapshot->end_s());
        GanttView g(&w);
        g.resize(700, 200);
        g.show();
        QVERIFY(QTest::qWaitForWindowExposed(&g));
        g.setTime(151005);
        g.setSnapshot(snapshot);
        QCOMPARE(g.rowLabel(5 + 150), QStringLiteral("x150")); // rows: A, a, c, B, b, x0, x1, ...
        const int first = g.scrollBar()->value();
        QVERIFY2(first > 0 && first <= 155 && 155 < first + g.scrollBar()->pageStep(), qPrintable(QString::number(first)));
        // Between two jobs: the next one submitted (x151 at 152000, row 156).
        g.setTime(151500);
        g.setSnapshot(snapshot);
        QVERIFY(g.scrollBar()->value() <= 156 && 156 < g.scrollBar()->value() + g.scrollBar()->pageStep());
    }

    void selectedJobScrollsIntoViewAndCtrlWheelZooms()
    {
        TimeWindow w;
        const auto snapshot = run(200);
        w.setSpan(snapshot->begin_s(), snapshot->end_s());
        GanttView g(&w);
        g.resize(700, 200);
        g.setSnapshot(snapshot);
        g.show();
        QVERIFY(QTest::qWaitForWindowExposed(&g));
        QCOMPARE(g.scrollBar()->value(), 0);
        const int x150 = 3 + 150; // rows: A, a, c, B, b, x0, x1, ...: x150 is row 5 + 150
        QCOMPARE(g.rowLabel(5 + 150), QStringLiteral("x150"));
        g.setSelectedJob(x150);
        const int first = g.scrollBar()->value();
        QVERIFY(first <= 155 && 155 < first + g.scrollBar()->pageStep());
        // Ctrl+wheel zooms time about the mouse; the plain wheel scrolls the rows.
        const auto width = w.width();
        const QPointF at(g.xOf(w.from() + w.width() / 2), 100);
        QWheelEvent zoom(at, g.mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&g, &zoom);
        QVERIFY(w.width() < width);
        const int before = g.scrollBar()->value();
        QWheelEvent scroll(at, g.mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&g, &scroll);
        QVERIFY(g.scrollBar()->value() > before || g.scrollBar()->value() == g.scrollBar()->maximum());
    }
};

QTEST_MAIN(TestGanttView)
#include "tst_gantt_view.moc"
