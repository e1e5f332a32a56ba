// The cluster map with resources beyond GPUs, on the real core and the hand-computed cluster of
// resource_fixture.hpp: a shared GPU is filled up to the part in use (marked when several jobs
// share it), a server without GPUs is a cell showing its CPU reserved, the CPU/memory modes
// colour each server by reserved ÷ capacity (unknown capacity in its own colour, said in the
// legend), tooltips list every job on a GPU, and a job on a share or a CPU-only server lights up
// when selected.
#include "tests/common/resource_fixture.hpp"
#include "tests/ui/ui_test_support.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/views/heatmap_layout.hpp"
#include "ui/views/heatmap_widget.hpp"

#include <QTest>

using namespace clens;
using namespace clens::ui;

Q_DECLARE_METATYPE(clens::ui::ColorMode)

namespace {

struct Shown {
    SnapshotPtr snapshot;
    ClusterState state;
};

Shown shownAt(const Scenario& scenario, std::int64_t t)
{
    Shown s;
    s.snapshot = makeSnapshot(coreEngine(), test::resourceResult(scenario));
    s.snapshot->states->stateAt(t, s.state);
    return s;
}

void show(HeatmapWidget& w, const Shown& s)
{
    w.resize(800, 500);
    w.setCluster(s.snapshot->result->cluster, s.snapshot->result->trace);
    w.setSnapshot(s.snapshot);
    w.setState(s.state);
}

// The GPU of s0 that holds the shares (j0, and j2 before 30 s).
std::int32_t sharedGpu(const Shown& s)
{
    const Server& s0 = s.snapshot->result->cluster->servers()[test::kGpuServer];
    for (auto g = s0.firstGpu; g < s0.firstGpu + s0.gpus; ++g)
        if (s.state.sharers[static_cast<std::size_t>(g)] > 0)
            return g;
    return -1;
}

std::int32_t wholeGpu(const Shown& s)
{
    const Server& s0 = s.snapshot->result->cluster->servers()[test::kGpuServer];
    return sharedGpu(s) == s0.firstGpu ? s0.firstGpu + 1 : s0.firstGpu;
}

QRgb pixel(const QImage& img, QPoint p)
{
    return img.pixel(p) & 0xffffff;
}

QRgb rgb(const QColor& c)
{
    return c.rgb() & 0xffffff;
}

} // namespace

class TestHeatmapResources : public QObject {
    Q_OBJECT
private slots:
    void filledPartIsTheBottomShare_data()
    {
        QTest::addColumn<int>("milli");
        QTest::addColumn<int>("height");
        // A 40 px cell.
        QTest::newRow("whole") << 1000 << 40;
        QTest::newRow("0.8") << 800 << 32;
        QTest::newRow("0.46") << 460 << 18; // 18.4 rounds down
        QTest::newRow("a sliver still shows") << 1 << 1;
        QTest::newRow("nothing") << 0 << 0;
    }

    void filledPartIsTheBottomShare()
    {
        QFETCH(int, milli);
        QFETCH(int, height);
        const QRect cell(10, 20, 30, 40);
        const QRect f = HeatmapLayout::filledPart(cell, milli);
        QCOMPARE(f.height(), height);
        if (height > 0) {
            QCOMPARE(f.bottom(), cell.bottom());
            QCOMPARE(f.width(), cell.width());
        }
    }

    void serversWithoutGpusGetACell()
    {
        const auto cluster = test::resourceCluster();
        HeatmapLayoutParams p;
        p.viewport = QSize(800, 500);
        const auto layout = HeatmapLayout::compute(*cluster, p);
        const QRect cell = layout.serverCellRect(test::kCpuServer);
        QVERIFY(!cell.isEmpty());
        QCOMPARE(cell.size(), layout.gpuRect(0).size());
        QCOMPARE(layout.serverCellAt(cell.center()), test::kCpuServer);
        QCOMPARE(layout.gpuAt(cell.center()), -1);
        QVERIFY(layout.serverCellRect(test::kGpuServer).isEmpty());
        for (std::int32_t g = 0; g < cluster->gpuCount(); ++g)
            QVERIFY(!layout.gpuRect(g).intersects(cell));
    }

    void mixedRacksDoNotOverlap()
    {
        // Alibaba-like: GPU-less nodes between 8-GPU ones, 400 servers.
        std::vector<test::ServerWith> servers;
        for (int i = 0; i < 400; ++i)
            servers.push_back({"r" + std::to_string(i / 16), i % 5 == 0 ? 0 : 8, "", 32, 256});
        const auto cluster = test::makeClusterWith(servers);
        HeatmapLayoutParams p;
        p.viewport = QSize(1000, 600);
        const auto layout = HeatmapLayout::compute(*cluster, p);
        std::vector<QRect> cells;
        for (std::int32_t g = 0; g < cluster->gpuCount(); ++g)
            cells.push_back(layout.gpuRect(g));
        for (std::int32_t s = 0; s < cluster->serverCount(); ++s)
            if (cluster->servers()[static_cast<std::size_t>(s)].gpus == 0)
                cells.push_back(layout.serverCellRect(s));
        QCOMPARE(cells.size(), std::size_t(320 * 8 + 80));
        std::vector<std::uint8_t> cover(1000 * 600, 0);
        for (const QRect& r : cells) {
            QVERIFY(!r.isEmpty() && QRect(0, 0, 1000, 600).contains(r));
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x)
                    QVERIFY2(cover[static_cast<std::size_t>(y * 1000 + x)]++ == 0, "cells overlap");
        }
    }

    void sharedGpuIsPartlyFilled_data()
    {
        QTest::addColumn<int>("t");
        QTest::addColumn<int>("used");
        QTest::addColumn<bool>("several");
        QTest::newRow("j0 and j2 share it") << 10 << 800 << true;
        QTest::newRow("j0 alone on its share") << 40 << 500 << false;
    }

    void sharedGpuIsPartlyFilled()
    {
        QFETCH(int, t);
        QFETCH(int, used);
        QFETCH(bool, several);
        const Shown s = shownAt(test::withServerDefaults(), t);
        HeatmapWidget w;
        show(w, s);
        const auto g = sharedGpu(s);
        QVERIFY(g >= 0);
        QCOMPARE(w.fillOfGpu(g), used);
        QCOMPARE(w.markedAsShared(g), several);
        QCOMPARE(w.colourOfGpu(g).rgb(), palette::busy().rgb());

        // Painted: the bottom share in the busy colour, the top in the idle colour.
        const QImage img = w.grab().toImage();
        const QRect cell = w.layout().gpuRect(g);
        const QRect filled = HeatmapLayout::filledPart(cell, used);
        const int x = cell.left() + 3; // clear of the job's name and the corner mark
        QCOMPARE(pixel(img, {x, filled.bottom() - 1}), rgb(palette::busy()));
        QCOMPARE(pixel(img, {x, filled.top() + 1}), rgb(palette::busy()));
        QCOMPARE(pixel(img, {x, filled.top() - 2}), rgb(palette::idle()));
        QCOMPARE(pixel(img, {x, cell.top() + 1}), rgb(palette::idle()));
        // The corner mark of several jobs.
        QCOMPARE(pixel(img, cell.topRight() + QPoint(-1, 1)), several ? rgb(palette::shareMark()) : rgb(palette::idle()));

        // The GPU j1 holds whole is filled to the top.
        const auto whole = wholeGpu(s);
        QCOMPARE(w.fillOfGpu(whole), 1000);
        const QRect wc = w.layout().gpuRect(whole);
        QCOMPARE(pixel(img, {wc.left() + 3, wc.top() + 1}), rgb(palette::busy()));
    }

    void serverWithoutGpusShowsItsCpuUse_data()
    {
        QTest::addColumn<int>("t");
        QTest::addColumn<int>("fill");
        QTest::newRow("j3's 10 of 16 cores") << 10 << 625;
        QTest::newRow("after j3") << 110 << 0;
    }

    void serverWithoutGpusShowsItsCpuUse()
    {
        QFETCH(int, t);
        QFETCH(int, fill);
        const Shown s = shownAt(test::withServerDefaults(), t);
        HeatmapWidget w;
        show(w, s);
        QCOMPARE(w.colourOfServerCell(test::kCpuServer).rgb(), palette::cpuOnlyServer().rgb());
        QCOMPARE(w.fillOfServerCell(test::kCpuServer), fill);
        const QImage img = w.grab().toImage();
        const QRect cell = w.layout().serverCellRect(test::kCpuServer);
        const int x = cell.left() + 3; // inside the outline, clear of the "CPU" label
        QCOMPARE(pixel(img, {x, cell.bottom() - 2}), fill > 0 ? rgb(palette::cpuOnlyServer()) : rgb(palette::idle()));
        QCOMPARE(pixel(img, {x, cell.top() + 2}), rgb(palette::idle()));
    }

    void serverModesColourByReservedFraction_data()
    {
        QTest::addColumn<ColorMode>("mode");
        QTest::addColumn<bool>("defaults");
        QTest::addColumn<int>("server");
        QTest::addColumn<QColor>("expected");
        const auto cpu = ColorMode::CpuReserved, mem = ColorMode::MemoryReserved;
        QTest::newRow("cpu s0 7/8") << cpu << false << test::kGpuServer << palette::reserved(7.0 / 8);
        QTest::newRow("cpu s1 10/16") << cpu << false << test::kCpuServer << palette::reserved(10.0 / 16);
        QTest::newRow("cpu s2 unknown") << cpu << false << test::kUnknownServer << palette::unknownCapacity();
        QTest::newRow("cpu s2 from the scenario, 0/8") << cpu << true << test::kUnknownServer << palette::reserved(0);
        QTest::newRow("memory s0 28/32") << mem << false << test::kGpuServer << palette::reserved(28.0 / 32);
        QTest::newRow("memory s1 8/64") << mem << true << test::kCpuServer << palette::reserved(8.0 / 64);
        QTest::newRow("memory s2 unknown") << mem << false << test::kUnknownServer << palette::unknownCapacity();
    }

    void serverModesColourByReservedFraction()
    {
        QFETCH(ColorMode, mode);
        QFETCH(bool, defaults);
        QFETCH(int, server);
        QFETCH(QColor, expected);
        const Shown s = shownAt(defaults ? test::withServerDefaults() : test::withoutServerDefaults(), 10);
        HeatmapWidget w;
        show(w, s);
        w.setColorMode(mode);
        const Server& sv = s.snapshot->result->cluster->servers()[static_cast<std::size_t>(server)];
        const QImage img = w.grab().toImage();
        std::vector<QRect> cells;
        for (auto g = sv.firstGpu; g < sv.firstGpu + sv.gpus; ++g) {
            QCOMPARE(w.colourOfGpu(g).rgb(), expected.rgb());
            QCOMPARE(w.fillOfGpu(g), 1000); // whole cells: the server, not the share
            cells.push_back(w.layout().gpuRect(g));
        }
        if (sv.gpus == 0) {
            QCOMPARE(w.colourOfServerCell(server).rgb(), expected.rgb());
            cells.push_back(w.layout().serverCellRect(server));
        }
        for (const QRect& c : cells) {
            QCOMPARE(pixel(img, c.topLeft() + QPoint(3, 3)), rgb(expected));
            QCOMPARE(pixel(img, c.bottomLeft() + QPoint(3, -3)), rgb(expected));
        }
    }

    void legendExplainsTheModes()
    {
        HeatmapWidget w;
        show(w, shownAt(test::withoutServerDefaults(), 10));
        const auto labels = [&] {
            QStringList out;
            for (const auto& e : w.legend())
                out << e.label;
            return out.join(QLatin1Char('|'));
        };
        // State: the shared GPU (2 jobs on it, marked) and the server without GPUs.
        bool partial = false, marked = false;
        for (const auto& e : w.legend()) {
            partial |= e.fill < 1000 && e.label.contains(QStringLiteral("Shared GPU"));
            marked |= e.mark;
        }
        QVERIFY2(partial && marked, qPrintable(labels()));
        QVERIFY2(labels().contains(QStringLiteral("Shared GPU, filled part in use 1 (2 jobs)")), qPrintable(labels()));
        QVERIFY2(labels().contains(QStringLiteral("No GPU, filled part = CPU reserved 1")), qPrintable(labels()));
        // CPU: the scale, and s2's unknown capacity named with what to set.
        w.setColorMode(ColorMode::CpuReserved);
        QVERIFY2(labels().contains(QStringLiteral("CPU unknown: 1 server")), qPrintable(labels()));
        QVERIFY(labels().contains(QStringLiteral("Server CPU cores")));
        QVERIFY(!labels().contains(QStringLiteral("Shared GPU")));
        bool unknownSwatch = false;
        for (const auto& e : w.legend())
            unknownSwatch |= e.colour == palette::unknownCapacity();
        QVERIFY(unknownSwatch);
        // With the scenario's default every capacity is known.
        show(w, shownAt(test::withServerDefaults(), 10));
        QVERIFY2(!labels().contains(QStringLiteral("unknown")), qPrintable(labels()));
    }

    void tooltipListsEveryJobOnTheGpu()
    {
        const Shown s = shownAt(test::withoutServerDefaults(), 10);
        HeatmapWidget w;
        show(w, s);
        const QString tip = w.tooltipAt(w.layout().gpuRect(sharedGpu(s)).center());
        for (const char* part : {"V100", "j0</b> — 0.50 of a GPU", "j2</b> — 0.30 of a GPU", "shared: 0.80 of a GPU in use by 2 jobs",
                                 "CPU reserved: 7 of 8 cores (88%)", "Memory reserved: 28 of 32 GB (88%)"})
            QVERIFY2(tip.contains(QString::fromUtf8(part)), qPrintable(part + QStringLiteral(" in ") + tip));
        QVERIFY(!tip.contains(QStringLiteral("j1")));

        const QString whole = w.tooltipAt(w.layout().gpuRect(wholeGpu(s)).center());
        QVERIFY2(whole.contains(QStringLiteral("j1</b> — whole GPU")), qPrintable(whole));

        const QString cpu = w.tooltipAt(w.layout().serverCellRect(test::kCpuServer).center());
        for (const char* part : {"no GPU", "10 of 16 cores (63%)", "8 of 64 GB (13%)", "1 job here", "j3"})
            QVERIFY2(cpu.contains(QString::fromUtf8(part)), qPrintable(part + QStringLiteral(" in ") + cpu));

        const Server& s2 = s.snapshot->result->cluster->servers()[test::kUnknownServer];
        const QString unknown = w.tooltipAt(w.layout().gpuRect(s2.firstGpu).center());
        QVERIFY2(unknown.contains(QStringLiteral("0 cores (capacity unknown)")), qPrintable(unknown));
        QVERIFY(unknown.contains(QStringLiteral("T4")));
    }

    void selectingASharerOrAPodLightsWhereItIs()
    {
        const Shown s = shownAt(test::withServerDefaults(), 10);
        HeatmapWidget w;
        show(w, s);
        // j2 is not the first job of its GPU, yet its GPU stays lit and the rest dims.
        w.setSelectedJob(test::kSecondSharer);
        QCOMPARE(w.colourOfGpu(sharedGpu(s)).rgb(), palette::busy().rgb());
        QVERIFY(w.colourOfGpu(wholeGpu(s)).rgb() != palette::busy().rgb());
        // A CPU pod: its server's cell stays lit.
        w.setSelectedJob(test::kCpuPod);
        QCOMPARE(w.colourOfServerCell(test::kCpuServer).rgb(), palette::cpuOnlyServer().rgb());
        QVERIFY(w.colourOfGpu(sharedGpu(s)).rgb() != palette::busy().rgb());
    }

    void serversOfOtherModelsAreHatchedForTheSelectedJob()
    {
        // j1 asks for a V100: s2's T4s are out of bounds for it (hatched), s0 (V100) is not, nor
        // s1 (no GPU: not a GPU model question). The CPU pod asks for no model: nothing hatched.
        const Shown s = shownAt(test::withServerDefaults(), 10);
        HeatmapWidget w;
        show(w, s);
        QVERIFY(!w.excludedByModels(test::kUnknownServer)); // nothing selected
        w.setSelectedJob(test::kWholeJob);
        QVERIFY(w.excludedByModels(test::kUnknownServer));
        QVERIFY(!w.excludedByModels(test::kGpuServer));
        QVERIFY(!w.excludedByModels(test::kCpuServer));
        const QImage hatched = w.grab().toImage();
        w.setSelectedJob(test::kCpuPod);
        QVERIFY(!w.excludedByModels(test::kUnknownServer));
        // s2 is idle and dimmed under either selection: only the hatch tells them apart.
        const QImage plain = w.grab().toImage();
        const QRect r = w.layout().serverRect(test::kUnknownServer);
        QVERIFY(!r.isEmpty());
        QVERIFY(hatched.copy(r) != plain.copy(r));
        w.setSelectedJob(-1);
        QVERIFY(!w.excludedByModels(test::kUnknownServer));
    }

    void idleGpuOnAFullServerIsStriped()
    {
        // One server, 2 GPUs, 8 cores: j0 (1 GPU, 8 cores) 0-100 leaves GPU 1 idle with no CPU.
        Shown s;
        s.snapshot = makeSnapshot(coreEngine(), std::make_shared<const SimResult>(simulate(
                                                    test::makeClusterWith({{"r", 2, "", 8, 64}}),
                                                    test::makeTrace({{"v", 0, 1, 100}}, {{8, 4}}), Scenario{})));
        s.snapshot->states->stateAt(10, s.state);
        HeatmapWidget w;
        show(w, s);
        const auto idle = s.state.gpu[0] == GpuState::Idle ? 0 : 1;
        QVERIFY(w.markedAsStranded(idle));
        QVERIFY(!w.markedAsStranded(1 - idle)); // busy
        const QImage img = w.grab().toImage();
        const QRect cell = w.layout().gpuRect(idle);
        int red = 0;
        for (int y = cell.top(); y <= cell.bottom(); ++y)
            red += pixel(img, {cell.left() + 4, y}) == rgb(palette::stranded()) ? 1 : 0;
        QVERIFY2(red >= cell.height() / 8, qPrintable(QString::number(red))); // stripes, not a fill
        QVERIFY(red < cell.height() / 2);
        QVERIFY(w.tooltipAt(cell.center()).contains(QStringLiteral("Stranded")));
        bool legend = false;
        for (const auto& e : w.legend())
            legend |= e.stripes && e.label.endsWith(QStringLiteral(" 1"));
        QVERIFY(legend);
        // The server modes show the server itself: no stripes.
        w.setColorMode(ColorMode::CpuReserved);
        QVERIFY(!w.markedAsStranded(idle));
        // After j0 nothing is reserved: nothing stranded.
        s.snapshot->states->stateAt(150, s.state);
        w.setColorMode(ColorMode::State);
        w.setState(s.state);
        QVERIFY(!w.markedAsStranded(idle));
    }

    void freePartOfASharedGpuOnAFullServerIsStriped()
    {
        // One 1-GPU server with 8 cores: j0 (0.3 of the GPU, all 8 cores): the other 0.7 cannot be
        // used by anyone while j0 runs.
        Shown s;
        s.snapshot = makeSnapshot(coreEngine(), std::make_shared<const SimResult>(simulate(
                                                    test::makeClusterWith({{"r", 1, "", 8, 64}}),
                                                    test::makeTrace({{"v", 0, 1, 100}}, {{8, 4, 300}}), Scenario{})));
        s.snapshot->states->stateAt(10, s.state);
        HeatmapWidget w;
        show(w, s);
        QCOMPARE(w.fillOfGpu(0), 300);
        QVERIFY(w.markedAsStranded(0));
        const QImage img = w.grab().toImage();
        const QRect cell = w.layout().gpuRect(0);
        const QRect filled = HeatmapLayout::filledPart(cell, 300);
        const auto redIn = [&](int top, int bottom) {
            int red = 0;
            for (int y = top; y <= bottom; ++y)
                red += pixel(img, {cell.left() + 4, y}) == rgb(palette::stranded()) ? 1 : 0;
            return red;
        };
        QVERIFY(redIn(cell.top(), filled.top() - 1) > 0); // the free part is striped
        QCOMPARE(redIn(filled.top(), filled.bottom()), 0);  // the part in use is not
        QCOMPARE(pixel(img, {cell.left() + 4, filled.bottom() - 1}), rgb(palette::busy()));
    }

    void barsUnderServerNamesShowCpuAndMemory()
    {
        HeatmapWidget w;
        show(w, shownAt(test::withServerDefaults(), 10));
        QVERIFY(w.layout().showServerLabels() && w.layout().cell() >= HeatmapWidget::kGaugeCell);
        const QImage img = w.grab().toImage();
        // s0: 7 of 8 cores, 28 of 32 GB; s1: 10 of 16 cores, 8 of 64 GB (drawn at least as 25%).
        const auto check = [&](int server, ColorMode resource, double fraction) {
            const QRect bar = w.gaugeRect(server, resource);
            const int filled = static_cast<int>(std::lround(bar.width() * fraction));
            QCOMPARE(pixel(img, {bar.left(), bar.center().y()}), rgb(palette::reserved(std::max(fraction, 0.25))));
            QCOMPARE(pixel(img, {bar.left() + filled - 1, bar.center().y()}), rgb(palette::reserved(std::max(fraction, 0.25))));
            QCOMPARE(pixel(img, {bar.left() + filled + 1, bar.center().y()}), rgb(palette::rackFrame()));
        };
        check(test::kGpuServer, ColorMode::CpuReserved, 7.0 / 8);
        check(test::kGpuServer, ColorMode::MemoryReserved, 28.0 / 32);
        check(test::kCpuServer, ColorMode::CpuReserved, 10.0 / 16);
        check(test::kCpuServer, ColorMode::MemoryReserved, 8.0 / 64);
        bool legend = false;
        for (const auto& e : w.legend())
            legend |= e.bars;
        QVERIFY(legend);
        // A run where no job reserves CPU or memory (the demo's jobs ask none) gets neither.
        const auto in = test::demoInput();
        w.setCluster(in.cluster, in.trace);
        w.setSnapshot(test::snapshotOf(in));
        for (const auto& e : w.legend())
            QVERIFY(!e.bars);
    }

    void everyModeBeforeAClusterIsLoaded()
    {
        // --color-by is applied before the data arrives.
        HeatmapWidget w;
        w.resize(400, 300);
        for (const auto mode : kColorModes) {
            w.setColorMode(mode);
            QVERIFY(!w.grab().isNull());
            (void)w.legend();
        }
        show(w, shownAt(test::withServerDefaults(), 10));
        QCOMPARE(w.colorMode(), ColorMode::MemoryUsed); // the last one set
        QCOMPARE(w.colourOfGpu(0).rgb(), palette::reservedUnused().rgb());
        QCOMPARE(w.fillOfGpu(0), 875); // 28 of 32 GB reserved
    }

    void colourModesHaveNames()
    {
        for (const auto mode : kColorModes)
            QCOMPARE(colorModeFromName(colorModeName(mode)), std::optional<ColorMode>(mode));
        QCOMPARE(colorModeFromName(QStringLiteral("cpu")), std::optional<ColorMode>(ColorMode::CpuReserved));
        QCOMPARE(colorModeFromName(QStringLiteral("memory")), std::optional<ColorMode>(ColorMode::MemoryReserved));
        // Settings written before the server modes hold the mode's number.
        QCOMPARE(colorModeFromName(QStringLiteral("3")), std::optional<ColorMode>(ColorMode::Utilization));
        QVERIFY(!colorModeFromName(QStringLiteral("7")));
        QVERIFY(!colorModeFromName(QStringLiteral("gpu")));
    }
};

QTEST_MAIN(TestHeatmapResources)
#include "tst_heatmap_resources.moc"
