// The cluster heatmap: a layout that fills the view from 16 to 50,000 GPUs without overlaps,
// one cell per rack beyond that (200k GPUs), hit-testing, colour modes, the legend, tooltips,
// click-to-select with the gang highlighted, and zooming into a rack.
#include "tests/ui/ui_test_support.hpp"
#include "ui/views/heatmap_layout.hpp"
#include "ui/views/heatmap_widget.hpp"

#include <QSignalSpy>
#include <QTest>

using namespace clens;
using namespace clens::ui;

namespace {

// Demo-sized state: GPU 0 runs job j01 (VC vision) at 25% utilization, GPU 1 is held idle by
// j05, GPU 2 belongs to a failed server's job slot, GPU 3 is idle; GPUs 4-6 run j02.
ClusterState demoState(const Trace& trace)
{
    ClusterState s;
    s.gpu.assign(16, GpuState::Idle);
    s.job.assign(16, -1);
    s.util.assign(16, 0.0f);
    const auto j01 = test::jobIndex(trace, "j01"), j05 = test::jobIndex(trace, "j05"), j02 = test::jobIndex(trace, "j02");
    s.gpu[0] = GpuState::Busy;
    s.job[0] = j01;
    s.util[0] = 0.25f;
    s.gpu[1] = GpuState::HeldIdle;
    s.job[1] = j05;
    s.gpu[2] = GpuState::Failed;
    for (int g = 4; g < 7; ++g) {
        s.gpu[static_cast<std::size_t>(g)] = GpuState::Busy;
        s.job[static_cast<std::size_t>(g)] = j02;
        s.util[static_cast<std::size_t>(g)] = 0.9f;
    }
    return s;
}

// One tenant, one user and `jobs` empty jobs: enough for the map to colour their holders.
std::shared_ptr<Trace> bareTrace(std::size_t jobs)
{
    auto trace = std::make_shared<Trace>();
    trace->internTenant("a");
    trace->internUser("u");
    trace->jobs.resize(jobs);
    return trace;
}

// Every GPU idle.
ClusterState idleState(const Topology& topo)
{
    ClusterState s;
    const auto n = static_cast<std::size_t>(topo.gpuCount());
    s.gpu.assign(n, GpuState::Idle);
    s.job.assign(n, -1);
    s.util.assign(n, 0.0f);
    return s;
}

QPoint centre(const QRect& r)
{
    return r.center();
}

} // namespace

class TestHeatmap : public QObject {
    Q_OBJECT
private slots:
    void layoutFillsTheViewWithoutOverlap_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("gpusPerServer");
        QTest::addColumn<int>("rackSize");
        QTest::addColumn<QSize>("viewport");
        QTest::addColumn<int>("minCell");
        QTest::newRow("teaching demo 16") << 4 << 4 << 2 << QSize(800, 500) << 30;
        QTest::newRow("philly-like 3k") << 375 << 8 << 8 << QSize(960, 560) << 6;
        QTest::newRow("2-GPU servers") << 100 << 2 << 8 << QSize(600, 400) << 6;
        QTest::newRow("generated 50k") << 6250 << 8 << 8 << QSize(1000, 600) << 1;
        // 8 px cells fit only without rack titles here; titles alone must not shrink the map to 7 px.
        QTest::newRow("titles give way to bigger cells") << 375 << 8 << 8 << QSize(960, 400) << 8;
    }

    void layoutFillsTheViewWithoutOverlap()
    {
        QFETCH(int, servers);
        QFETCH(int, gpusPerServer);
        QFETCH(int, rackSize);
        QFETCH(QSize, viewport);
        QFETCH(int, minCell);
        const auto topo = test::makeCluster(servers, gpusPerServer, rackSize);
        HeatmapLayoutParams p;
        p.viewport = viewport;
        p.serverLabelWidth = 30;
        const HeatmapLayout layout = HeatmapLayout::compute(*topo, p);
        QVERIFY2(layout.cell() >= minCell, qPrintable(QString::number(layout.cell())));
        // Paint every GPU into a coverage grid: inside the view, no pixel claimed twice.
        std::vector<std::uint8_t> cover(static_cast<std::size_t>(viewport.width() * viewport.height()), 0);
        for (std::int32_t g = 0; g < topo->gpuCount(); ++g) {
            const QRect r = layout.gpuRect(g);
            QVERIFY(!r.isEmpty());
            QVERIFY2(QRect(QPoint(0, 0), viewport).contains(r), qPrintable(QString::number(g)));
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x) {
                    auto& c = cover[static_cast<std::size_t>(y * viewport.width() + x)];
                    QVERIFY2(c == 0, qPrintable(QStringLiteral("GPU %1 overlaps at %2,%3").arg(g).arg(x).arg(y)));
                    c = 1;
                }
            QCOMPARE(layout.gpuAt(centre(r)), g);
        }
        // The map uses the view: it spans most of one dimension.
        QRect bounds;
        for (auto r : layout.visibleRacks())
            bounds |= layout.rackRect(r);
        QVERIFY(bounds.width() >= viewport.width() * 0.6 || bounds.height() >= viewport.height() * 0.6 ||
                layout.cell() == p.maxCell);
    }

    void zoomShowsOneRackLarger()
    {
        const auto topo = test::makeCluster(375, 8, 8);
        HeatmapLayoutParams p;
        p.viewport = QSize(960, 560);
        const HeatmapLayout all = HeatmapLayout::compute(*topo, p);
        p.onlyRack = 3;
        p.maxCell = 96;
        const HeatmapLayout one = HeatmapLayout::compute(*topo, p);
        QCOMPARE(one.visibleRacks().size(), std::size_t(1));
        QVERIFY(one.cell() > all.cell() * 3);
        QVERIFY(one.gpuRect(0).isEmpty()); // rack 0 is not shown
        const auto firstOfRack3 = topo->servers()[static_cast<std::size_t>(topo->racks()[3].firstServer)].firstGpu;
        QVERIFY(!one.gpuRect(firstOfRack3).isEmpty());
    }

    void rackCellsWhenGpusWouldBeUnder2px_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<QSize>("viewport");
        QTest::addColumn<bool>("rackCells");
        // 50k GPUs in 1000 x 600 still get GPU cells; 200k (25k servers, 3,125 racks) in
        // 1200 x 700 would get under 2 px, so each rack is one square cell with 1 px gaps:
        // 15 px gives (1200 + 1) / 16 = 75 columns and 42 rows, 42 x 16 - 1 = 671 px <= 700;
        // 16 px gives 70 columns and 45 rows, 764 px: too tall.
        QTest::newRow("50k GPUs") << 6250 << QSize(1000, 600) << false;
        QTest::newRow("200k GPUs") << 25000 << QSize(1200, 700) << true;
        QTest::newRow("Philly size in a small view") << 552 << QSize(120, 80) << true;
    }

    void rackCellsWhenGpusWouldBeUnder2px()
    {
        QFETCH(int, servers);
        QFETCH(QSize, viewport);
        QFETCH(bool, rackCells);
        const auto topo = test::makeCluster(servers, 8, 8);
        HeatmapLayoutParams p;
        p.viewport = viewport;
        const HeatmapLayout layout = HeatmapLayout::compute(*topo, p);
        QCOMPARE(layout.rackCells(), rackCells);
        if (!rackCells) {
            QVERIFY(layout.cell() >= 2);
            return;
        }
        QCOMPARE(layout.visibleRacks().size(), static_cast<std::size_t>(topo->rackCount()));
        std::vector<std::uint8_t> cover(static_cast<std::size_t>(viewport.width() * viewport.height()), 0);
        for (auto r : layout.visibleRacks()) {
            const QRect cell = layout.rackRect(r);
            QVERIFY(!cell.isEmpty());
            QCOMPARE(cell.width(), cell.height());
            QVERIFY(QRect(QPoint(0, 0), viewport).contains(cell));
            for (int y = cell.top(); y <= cell.bottom(); ++y)
                for (int x = cell.left(); x <= cell.right(); ++x) {
                    auto& c = cover[static_cast<std::size_t>(y * viewport.width() + x)];
                    QVERIFY2(c == 0, qPrintable(QStringLiteral("rack %1 overlaps at %2,%3").arg(r).arg(x).arg(y)));
                    c = 1;
                }
            QCOMPARE(layout.rackAt(cell.center()), r);
            QCOMPARE(layout.gpuAt(cell.center()), -1); // GPUs have no cells here
        }
        if (servers == 25000)
            QCOMPARE(layout.rackRect(0).width(), 15);
        // Zoomed into a rack, its GPUs are cells again.
        p.onlyRack = 7;
        const HeatmapLayout one = HeatmapLayout::compute(*topo, p);
        QVERIFY(!one.rackCells());
        const auto firstGpu = topo->servers()[static_cast<std::size_t>(topo->racks()[7].firstServer)].firstGpu;
        QVERIFY(!one.gpuRect(firstGpu).isEmpty());
    }

    void rackCellsShowTheirMixAsBands()
    {
        // 3,125 racks of 8 x 8 GPUs. Rack 0 all busy, rack 1 all idle, rack 2 with its first 4
        // servers busy (32 of 64 GPUs): the busy colour fills the bottom half of its cell.
        const auto topo = test::makeCluster(25000, 8, 8);
        const auto trace = bareTrace(1);
        HeatmapWidget w;
        w.resize(1200, 730);
        w.setCluster(topo, trace);
        QVERIFY(w.layout().rackCells());
        ClusterState s = idleState(*topo);
        for (std::size_t g = 0; g < 64 + 64 + 32; ++g)
            if (g < 64 || g >= 128) { // racks 0 and half of 2
                s.gpu[g] = GpuState::Busy;
                s.job[g] = 0;
            }
        w.setState(s);
        const QColor busy = w.colourOfGpu(0), idle = w.colourOfGpu(64);
        QVERIFY(busy != idle);
        const QImage img = w.grab().toImage();
        const auto at = [&](std::int32_t rack, double fromTop) {
            const QRect c = w.layout().rackRect(rack);
            return QColor(img.pixel(c.center().x(), c.top() + static_cast<int>(fromTop * (c.height() - 1))));
        };
        QCOMPARE(at(0, 0.5), busy);
        QCOMPARE(at(1, 0.5), idle);
        QCOMPARE(at(2, 0.3), idle); // the top half: idle
        QCOMPARE(at(2, 0.8), busy); // the bottom half: busy
        const QString tip = w.tooltipAt(w.layout().rackRect(2).center());
        QVERIFY2(tip.contains(QStringLiteral("32 busy")) && tip.contains(QStringLiteral("32 idle")), qPrintable(tip));
        // A double-click zooms into the rack, where its GPUs are cells.
        QSignalSpy zoom(&w, &HeatmapWidget::zoomChanged);
        QTest::mouseDClick(&w, Qt::LeftButton, {}, w.layout().rackRect(2).center());
        QCOMPARE(zoom.count(), 1);
        QCOMPARE(zoom.at(0).at(0).toInt(), 2);
        QVERIFY(!w.layout().rackCells());
        QCOMPARE(w.layout().gpuAt(w.layout().gpuRect(128).center()), 128);
    }

    void coloursFollowTheMode_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("gpu");
        QTest::addColumn<QColor>("expected");
        const auto trace = test::demoInput().trace;
        const auto vision = trace->findTenant("vision").value();
        QTest::newRow("state busy") << int(ColorMode::State) << 0 << palette::busy();
        QTest::newRow("state held idle") << int(ColorMode::State) << 1 << palette::heldIdle();
        QTest::newRow("state failed") << int(ColorMode::State) << 2 << palette::failed();
        QTest::newRow("state idle") << int(ColorMode::State) << 3 << palette::idle();
        QTest::newRow("tenant") << int(ColorMode::Tenant) << 0 << palette::tenant(vision);
        QTest::newRow("tenant idle") << int(ColorMode::Tenant) << 3 << palette::idle();
        QTest::newRow("job") << int(ColorMode::Job) << 0 << palette::job(test::jobIndex(*trace, "j01"));
        QTest::newRow("utilization") << int(ColorMode::Utilization) << 0 << palette::utilization(0.25f);
        QTest::newRow("utilization failed") << int(ColorMode::Utilization) << 2 << palette::failed();
    }

    void coloursFollowTheMode()
    {
        QFETCH(int, mode);
        QFETCH(int, gpu);
        QFETCH(QColor, expected);
        const auto in = test::demoInput();
        HeatmapWidget w;
        w.resize(800, 500);
        w.setCluster(in.cluster, in.trace);
        w.setState(demoState(*in.trace));
        w.setColorMode(static_cast<ColorMode>(mode));
        QCOMPARE(w.colourOfGpu(gpu).rgb(), expected.rgb());
        // What is painted is what colourOfGpu says.
        const QImage img = w.grab().toImage();
        const QPoint c = centre(w.layout().gpuRect(gpu)) + QPoint(0, w.layout().gpuRect(gpu).height() / 2 - 2);
        QCOMPARE(QColor(img.pixel(c)).rgb(), expected.rgb());
    }

    void tinyCellsArePaintedAsTheirColours()
    {
        // 37,5k GPUs in 800x500: 1-3 px cells, drawn by the pixel-writing path.
        const auto topo = test::makeCluster(4700, 8, 8);
        const auto trace = bareTrace(3);
        HeatmapWidget w;
        w.resize(800, 500);
        w.setCluster(topo, trace);
        QVERIFY(w.layout().cell() <= 4);
        ClusterState s = idleState(*topo);
        const auto n = s.gpu.size();
        for (std::size_t g = 0; g < n; g += 7) { // a sparse pattern: neighbours differ
            s.gpu[g] = g % 2 ? GpuState::Busy : GpuState::HeldIdle;
            s.job[g] = static_cast<std::int32_t>(g % 3);
        }
        w.setState(s);
        const QImage img = w.grab().toImage();
        for (std::int32_t g = 0; g < topo->gpuCount(); g += 97) {
            const QRect r = w.layout().gpuRect(g);
            QCOMPARE(QColor(img.pixel(r.topLeft())).rgb(), w.colourOfGpu(g).rgb());
            QCOMPARE(QColor(img.pixel(r.bottomRight())).rgb(), w.colourOfGpu(g).rgb());
        }
    }

    void legendCountsStates()
    {
        const auto in = test::demoInput();
        HeatmapWidget w;
        w.setCluster(in.cluster, in.trace);
        QSignalSpy changed(&w, &HeatmapWidget::legendChanged);
        w.setState(demoState(*in.trace));
        QVERIFY(changed.count() >= 1);
        const auto legend = w.legend();
        QCOMPARE(legend.size(), std::size_t(4));
        QCOMPARE(legend[0].label, QStringLiteral("Busy 4"));
        QCOMPARE(legend[1].label, QStringLiteral("Held idle 1"));
        QCOMPARE(legend[2].label, QStringLiteral("Idle 10"));
        QCOMPARE(legend[3].label, QStringLiteral("Failed 1"));
        w.setColorMode(ColorMode::Tenant);
        QVERIFY(w.legend().front().label.startsWith(QStringLiteral("speech 3"))); // j02's 3 GPUs lead
    }

    void tooltipNamesServerJobAndVc()
    {
        const auto in = test::demoInput();
        HeatmapWidget w;
        w.resize(800, 500);
        w.setCluster(in.cluster, in.trace);
        w.setState(demoState(*in.trace));
        const QString tip = w.tooltipAt(centre(w.layout().gpuRect(0)));
        QVERIFY2(tip.contains(QStringLiteral("s1 · GPU 0")), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("j01")));
        QVERIFY(tip.contains(QStringLiteral("vision")));
        QVERIFY(tip.contains(QStringLiteral("25%")));
        QVERIFY(w.tooltipAt(QPoint(-5, -5)).isEmpty());
    }

    void clickSelectsJobAndLightsItsGang()
    {
        const auto in = test::demoInput();
        HeatmapWidget w;
        w.resize(800, 500);
        w.setCluster(in.cluster, in.trace);
        w.setState(demoState(*in.trace));
        QSignalSpy clicked(&w, &HeatmapWidget::jobClicked);
        QTest::mouseClick(&w, Qt::LeftButton, {}, centre(w.layout().gpuRect(5)));
        QCOMPARE(clicked.count(), 1);
        const auto j02 = test::jobIndex(*in.trace, "j02");
        QCOMPARE(clicked.at(0).at(0).toInt(), j02);
        const QColor before0 = w.colourOfGpu(0), before4 = w.colourOfGpu(4);
        w.setSelectedJob(j02);
        QCOMPARE(w.colourOfGpu(4).rgb(), before4.rgb()); // the gang keeps its colour
        QVERIFY(w.colourOfGpu(0).rgb() != before0.rgb()); // everything else is dimmed
        QTest::mouseClick(&w, Qt::LeftButton, {}, centre(w.layout().gpuRect(3))); // idle GPU
        QCOMPARE(clicked.at(1).at(0).toInt(), -1);
    }

    // At 1280 px the notice about the selected job ran into the usage hint on the map's bottom
    // row: the hint gives way when both do not fit.
    void hintGivesWayToTheSelectedJobsNotice()
    {
        const QFontMetrics m{QFont()};
        const QString hint = QStringLiteral("double-click a rack to zoom in · click a GPU to inspect its job");
        const QString notice = QStringLiteral("Job 81031 holds nothing at this time (Go to start in the inspector)");
        const int both = m.horizontalAdvance(notice) + m.horizontalAdvance(QStringLiteral("    ")) + m.horizontalAdvance(hint);
        QVERIFY(HeatmapWidget::hintFitsBeside(m, {}, hint, m.horizontalAdvance(hint)));
        QVERIFY(HeatmapWidget::hintFitsBeside(m, {notice}, hint, both));
        QVERIFY(!HeatmapWidget::hintFitsBeside(m, {notice}, hint, both - 1));
        // Only the bottom line of the notices shares the hint's row.
        QVERIFY(HeatmapWidget::hintFitsBeside(m, {notice + notice, notice}, hint, both));
        // A painted map says whether it drew the hint.
        const auto in = test::demoInput();
        HeatmapWidget w;
        w.resize(800, 500);
        w.setCluster(in.cluster, in.trace);
        w.grab();
        QVERIFY(w.hintShown());
        w.resize(200, 500);
        w.grab();
        QVERIFY(!w.hintShown());
    }

    void doubleClickZoomsIntoRackAndEscapeReturns()
    {
        const auto in = test::demoInput();
        HeatmapWidget w;
        w.resize(800, 500);
        w.setCluster(in.cluster, in.trace);
        QSignalSpy zoom(&w, &HeatmapWidget::zoomChanged);
        const int cellBefore = w.layout().cell();
        const QPoint inRackB = centre(w.layout().gpuRect(12)); // s4 is in rackB (index 1)
        QTest::mouseDClick(&w, Qt::LeftButton, {}, inRackB);
        QCOMPARE(zoom.count(), 1);
        QCOMPARE(zoom.at(0).at(0).toInt(), 1);
        QVERIFY(w.zoomRack() == std::optional<std::int32_t>(1));
        QVERIFY(w.layout().cell() >= cellBefore);
        QVERIFY(w.layout().gpuRect(0).isEmpty());
        QTest::keyClick(&w, Qt::Key_Escape);
        QCOMPARE(zoom.count(), 2);
        QVERIFY(!w.zoomRack());
    }
};

QTEST_MAIN(TestHeatmap)
#include "tst_heatmap.moc"
