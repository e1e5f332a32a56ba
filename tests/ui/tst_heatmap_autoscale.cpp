// The cluster map with the autoscaler and node power (docs/autoscaling.md), on the real core and
// the hand-computed run of autoscale_fixture.hpp, and on states written out by hand: the used /
// reserved modes fill each cell to reserved ÷ capacity with the used part dark (red above the
// reservation), and a powered-off or booting server is drawn unlike an idle one in every mode,
// counted in the legend and explained in the tooltip.
#include "tests/common/autoscale_fixture.hpp"
#include "tests/ui/ui_test_support.hpp"
#include "ui/run/engine.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/power_cell.hpp"

#include <QTest>

#include <set>

using namespace clens;
using namespace clens::ui;

Q_DECLARE_METATYPE(clens::ui::ColorMode)

namespace {

// Two 2-GPU servers with 8 cores and 32 GB, and one without GPUs with 16 cores and 64 GB.
std::shared_ptr<const Topology> handCluster()
{
    return test::makeClusterWith({{"r0", 2, "", 8, 32}, {"r0", 2, "", 8, 32}, {"r0", 0, "", 16, 64}});
}

// Nothing holds a GPU; the servers' CPU and memory as given; s1 in `power1`.
ClusterState handState(std::uint8_t power1)
{
    ClusterState s;
    s.gpu.assign(4, GpuState::Idle);
    s.job.assign(4, -1);
    s.util.assign(4, 0);
    s.used.assign(4, 0);
    s.sharers.assign(4, 0);
    s.cpuReserved = {6, 0, 8};
    s.cpuUsed = {3, 0, 2};
    s.memReserved = {16, 0, 32};
    s.memUsed = {20, 0, 8}; // s0 uses more memory than it reserves
    s.serverPower = {0, power1, 0};
    return s;
}

void show(HeatmapWidget& w, const ClusterState& state, ColorMode mode)
{
    w.resize(600, 400);
    w.setCluster(handCluster(), nullptr);
    w.setColorMode(mode);
    w.setState(state);
}

// The colours painted inside a GPU's cell.
std::set<QRgb> coloursIn(const QImage& img, const QRect& cell)
{
    std::set<QRgb> out;
    for (int y = cell.top(); y <= cell.bottom(); ++y)
        for (int x = cell.left(); x <= cell.right(); ++x)
            out.insert(img.pixel(x, y) & 0xffffff);
    return out;
}

} // namespace

class TestHeatmapAutoscale : public QObject {
    Q_OBJECT
private slots:
    void usedModeFillsToReservedAndUsed_data()
    {
        QTest::addColumn<ColorMode>("mode");
        QTest::addColumn<int>("server");
        QTest::addColumn<int>("fill");
        QTest::addColumn<int>("usedFill");
        // Thousandths of the server's capacity.
        QTest::newRow("cpu s0") << ColorMode::CpuUsed << 0 << 750 << 375;          // 6/8 reserved, 3/8 used
        QTest::newRow("memory s0, above") << ColorMode::MemoryUsed << 0 << 500 << 625; // 16/32, 20/32
        QTest::newRow("cpu s1 empty") << ColorMode::CpuUsed << 1 << 0 << 0;
        QTest::newRow("cpu s2 no GPU") << ColorMode::CpuUsed << 2 << 500 << 125;     // 8/16, 2/16
        QTest::newRow("memory s2 no GPU") << ColorMode::MemoryUsed << 2 << 500 << 125; // 32/64, 8/64
    }

    void usedModeFillsToReservedAndUsed()
    {
        QFETCH(ColorMode, mode);
        QFETCH(int, server);
        QFETCH(int, fill);
        QFETCH(int, usedFill);
        HeatmapWidget w;
        show(w, handState(kPoweredOn), mode);
        const Server& sv = w.topology()->servers()[static_cast<std::size_t>(server)];
        if (sv.gpus == 0) {
            QCOMPARE(w.fillOfServerCell(server), fill);
            QCOMPARE(w.usedFillOfServerCell(server), usedFill);
            return;
        }
        for (auto g = sv.firstGpu; g < sv.firstGpu + sv.gpus; ++g) {
            QCOMPARE(w.fillOfGpu(g), fill);
            QCOMPARE(w.usedFillOfGpu(g), usedFill);
            QCOMPARE(w.colourOfGpu(g).rgb(), palette::reservedUnused().rgb());
        }
    }

    void usedModeIsPaintedAsAGauge()
    {
        // s0 in CPU used / reserved: from the bottom dark (used), light (reserved), idle grey.
        HeatmapWidget w;
        show(w, handState(kPoweredOn), ColorMode::CpuUsed);
        const QImage img = w.grab().toImage();
        const QRect cell = w.layout().gpuRect(0);
        QCOMPARE(img.pixel(cell.center().x(), cell.bottom()) & 0xffffff, palette::used().rgb() & 0xffffff);
        QCOMPARE(img.pixel(cell.center().x(), cell.top()) & 0xffffff, palette::idle().rgb() & 0xffffff);
        const int middle = cell.bottom() - cell.height() * 6 / 10; // 60% up: above 3/8 used, below 6/8 reserved
        QCOMPARE(img.pixel(cell.center().x(), middle) & 0xffffff, palette::reservedUnused().rgb() & 0xffffff);
        // Memory: s0 uses 20 of 32 GB but reserves 16: the part between 1/2 and 5/8 is red.
        w.setColorMode(ColorMode::MemoryUsed);
        const QImage mem = w.grab().toImage();
        const int aboveReserved = cell.bottom() - cell.height() * 56 / 100;
        QCOMPARE(mem.pixel(cell.center().x(), aboveReserved) & 0xffffff, palette::usedAboveReserved().rgb() & 0xffffff);
        bool redInLegend = false;
        for (const auto& e : w.legend())
            redInLegend |= e.colour == palette::usedAboveReserved() && e.label.contains(QLatin1String("1"));
        QVERIFY(redInLegend);
    }

    void poweredOffIsNotIdle_data()
    {
        QTest::addColumn<ColorMode>("mode");
        QTest::addColumn<int>("power");
        for (const auto mode : kColorModes) {
            QTest::newRow(qPrintable(colorModeName(mode) + QStringLiteral(" off"))) << mode << int{kPoweredOff};
            QTest::newRow(qPrintable(colorModeName(mode) + QStringLiteral(" booting"))) << mode << int{kBooting};
        }
    }

    void poweredOffIsNotIdle()
    {
        QFETCH(ColorMode, mode);
        QFETCH(int, power);
        HeatmapWidget w;
        show(w, handState(static_cast<std::uint8_t>(power)), mode);
        const Server& s1 = w.topology()->servers()[1];
        QCOMPARE(w.powerOfGpu(s1.firstGpu), static_cast<std::uint8_t>(power));
        QCOMPARE(w.powerOfGpu(0), kPoweredOn);
        const QImage img = w.grab().toImage();
        const auto off = coloursIn(img, w.layout().gpuRect(s1.firstGpu));
        const auto& texture = powerTexture(static_cast<std::uint8_t>(power), false);
        QVERIFY(off.count(texture.pixel(0, 0) & 0xffffff) == 1);
        QVERIFY(off.size() >= 2); // hatched or striped, never one flat colour
        QVERIFY(off.count(palette::idle().rgb() & 0xffffff) == 0);
        QVERIFY(off != coloursIn(img, w.layout().gpuRect(0)));
        // The legend says how many servers are off or booting.
        const QString label = power == kPoweredOff ? QStringLiteral("Servers powered off 1") : QStringLiteral("Servers booting 1");
        bool found = false;
        for (const auto& e : w.legend())
            found |= e.power == power && e.label == label;
        QVERIFY2(found, qPrintable(label));
    }

    void offAndBootingDiffer()
    {
        const auto& off = powerTexture(kPoweredOff, false);
        const auto& booting = powerTexture(kBooting, false);
        QVERIFY(off != booting);
        QVERIFY(off != powerTexture(kPoweredOff, true)); // dimmed when another job is selected
    }

    void powerFromTheRealCore_data()
    {
        QTest::addColumn<qint64>("t");
        QTest::addColumn<int>("power");
        QTest::addColumn<QString>("says");
        QTest::newRow("off since 100") << qint64{test::kOffAt} << int{kPoweredOff} << QStringLiteral("Powered off since");
        QTest::newRow("booting until 350") << qint64{test::kBootingAt} << int{kBooting} << QStringLiteral("Booting until");
    }

    void powerFromTheRealCore()
    {
        QFETCH(qint64, t);
        QFETCH(int, power);
        QFETCH(QString, says);
        const auto snapshot = makeSnapshot(coreEngine(), test::autoscaledResult());
        ClusterState state;
        snapshot->states->stateAt(t, state);
        HeatmapWidget w;
        w.resize(600, 400);
        w.setCluster(snapshot->result->cluster, snapshot->result->trace);
        w.setSnapshot(snapshot);
        w.setState(state);
        const Server& s1 = w.topology()->servers()[test::kSleepingServer];
        QCOMPARE(w.powerOfGpu(s1.firstGpu), static_cast<std::uint8_t>(power));
        const QString tip = w.tooltipAt(w.layout().gpuRect(s1.firstGpu).center());
        QVERIFY2(tip.contains(says), qPrintable(tip));
        // The busy server: 2 of 8 cores reserved, 1 used (the container's use).
        QCOMPARE(*w.reservedFraction(test::kBusyServer, ColorMode::CpuReserved), 2.0 / 8);
        QCOMPARE(*w.usedFraction(test::kBusyServer, ColorMode::CpuUsed), 1.0 / 8);
        const QString busyTip = w.tooltipAt(w.layout().gpuRect(0).center());
        QVERIFY2(busyTip.contains(QLatin1String("used 1 core")), qPrintable(busyTip));
    }

    void noPowerNoPowerLegend()
    {
        HeatmapWidget w;
        show(w, handState(kPoweredOn), ColorMode::State);
        for (const auto& e : w.legend())
            QCOMPARE(e.power, std::uint8_t{0});
    }
};

QTEST_MAIN(TestHeatmapAutoscale)
#include "tst_heatmap_autoscale.moc"
