// The Packing page (docs/gui.md "The Packing page"), offscreen, on the real packing core: results
// arrive through resultsReady, a newer request wins, the chart has a pair of curves per checked
// policy, the map shows the state after the arrivals up to the slider, exports write what is
// shown, and a cluster without GPUs says so. In the main window the page packs the open trace
// when it is first shown.
#include "core/pack/packing_curve_csv.hpp"
#include "core/pack/packing_state.hpp"
#include "tests/sim/sim_test_support.hpp"
#include "tests/ui/ui_test_support.hpp"
#include "tests/ui/main_window_fixture.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/session.hpp"
#include "ui/pack/packing_chart.hpp"
#include "ui/pack/packing_page.hpp"
#include "ui/views/heatmap_widget.hpp"

#include <QComboBox>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace clens;
using namespace clens::ui;
using namespace clens::test;

namespace {

constexpr int kWaitMs = 60000; // generous on a shared machine; the tests wait on signals

// 3 servers (4, 2 and 8 GPUs) and 40 pods: whole GPUs, shares and CPU-only pods.
std::shared_ptr<const Topology> smallCluster() { return makeClusterWith({{"r0", 4, "", 32, 0}, {"r0", 2, "", 16, 0}, {"r1", 8, "", 64, 0}}); }

std::shared_ptr<const Trace> mixedPods()
{
    std::vector<JobSpec> jobs;
    std::vector<Asks> asks;
    for (int i = 0; i < 40; ++i) {
        jobs.push_back({"a", 0, i % 7 == 0 ? 2 : i % 5 == 0 ? 0 : 1, 10});
        asks.push_back({static_cast<double>(1 + i % 4), std::nan(""), i % 3 == 0 ? 1000 : 250 + 50 * (i % 4)});
    }
    return makeTrace(jobs, asks);
}

// Waits until the page has delivered a result and has no request in flight.
bool settle(PackingPage& page, QSignalSpy& ready)
{
    while (page.busy() || ready.isEmpty())
        if (!ready.wait(kWaitMs))
            return false;
    return true;
}

} // namespace

class TestPackingPage : public QObject {
    Q_OBJECT
private slots:
    void curvesAndMapFollowTheKnobs();
    void exportsWriteWhatIsShown();
    void clusterWithoutGpusSaysSo();
    void mainWindowPacksTheOpenTrace();
};

void TestPackingPage::curvesAndMapFollowTheKnobs()
{
    PackingPage page;
    page.resize(1200, 700);
    page.show();
    QSignalSpy ready(&page, &PackingPage::resultsReady);
    const auto cluster = smallCluster();
    page.setInputs(cluster, mixedPods());
    // A second request while the first may still run: only the newest counts in the end.
    page.setPolicies({PlacementPolicy::FirstFit, PlacementPolicy::Spread, PlacementPolicy::Fgd});
    page.setInflate(1.1);
    QVERIFY(settle(page, ready));
    QCOMPARE(page.cells().size(), std::size_t{3});
    QVERIFY(page.cells()[0].placement == PlacementPolicy::FirstFit);
    QCOMPARE(page.cells()[0].inflate, 1.1);
    for (const auto* name : {"first-fit", "spread", "fgd"}) {
        QVERIFY2(page.chart()->allocatedGraph(QString::fromLatin1(name)), name);
        QVERIFY2(page.chart()->fragmentedGraph(QString::fromLatin1(name)), name);
    }
    QVERIFY(!page.chart()->allocatedGraph(QStringLiteral("best-fit")));
    // The chart's fgd curve is the cell's curve.
    const auto& fgd = page.cells()[2];
    auto* graph = page.chart()->allocatedGraph(QStringLiteral("fgd"));
    QCOMPARE(graph->data()->size(), static_cast<int>(fgd.curve.size()));
    QCOMPARE(graph->data()->at(graph->data()->size() - 1)->value, fgd.curve.back().allocatedGpuPct);

    // Two maps: the first checked policy on the left, the last on the right; at 30% arrived each
    // shows the state after the arrivals up to 30% of its own run.
    QVERIFY(page.secondMapShown());
    page.setArrivedPct(30);
    QCOMPARE(page.chart()->cursor(), 30.0);
    ClusterState expected;
    packingStateAt(*fgd.firstRun, *cluster, arrivalsUpToPct(*fgd.firstRun, 30), expected);
    QCOMPARE(page.map(1)->state().used, expected.used);
    QCOMPARE(page.map(1)->state().cpuReserved, expected.cpuReserved);
    QVERIFY(page.mapCaption(1).contains(QStringLiteral("fgd")));
    const auto& firstFit = page.cells()[0];
    packingStateAt(*firstFit.firstRun, *cluster, arrivalsUpToPct(*firstFit.firstRun, 30), expected);
    QCOMPARE(page.map(0)->state().used, expected.used);
    QVERIFY(page.mapCaption(0).contains(QStringLiteral("first-fit")));
    // Another policy on the left map: its own run.
    page.showOnMap(0, PlacementPolicy::Spread);
    const auto& spread = page.cells()[1];
    packingStateAt(*spread.firstRun, *cluster, arrivalsUpToPct(*spread.firstRun, 30), expected);
    QCOMPARE(page.map(0)->state().used, expected.used);
    QVERIFY(page.mapCaption(0).contains(QStringLiteral("spread")));
    // One policy: one map.
    page.setPolicies({PlacementPolicy::BestFit});
    ready.clear();
    QVERIFY(settle(page, ready));
    QVERIFY(!page.secondMapShown());
    QVERIFY(page.mapCaption(0).contains(QStringLiteral("best-fit")));
}

void TestPackingPage::exportsWriteWhatIsShown()
{
    PackingPage page;
    page.resize(1000, 600);
    QSignalSpy ready(&page, &PackingPage::resultsReady);
    page.setInputs(smallCluster(), mixedPods());
    QVERIFY(settle(page, ready));
    QVERIFY2(page.statusText().contains(QStringLiteral("), 1 seed from ")), qPrintable(page.statusText())); // not "1 seed(s)"
    QTemporaryDir dir;
    const auto csv = dir.filePath(QStringLiteral("curves.csv"));
    QCOMPARE(page.exportCurves(csv), QString());
    std::ostringstream expected;
    writePackingCurveCsv(expected, page.cells());
    QCOMPARE(readAll(csv).toStdString(), expected.str());
    QVERIFY(expected.str().rfind("placement,inflate,arrived_pct", 0) == 0); // best-fit and fgd: a grid
    const auto png = dir.filePath(QStringLiteral("chart.png"));
    QCOMPARE(page.exportChart(png, QSize(600, 400)), QString());
    const QImage image(png);
    QCOMPARE(image.size(), QSize(1200, 800)); // PNG at twice the size
    // A framed export says what was packed, and so does the next one, after the status line
    // has turned to "Exported to …".
    const auto options = ChartExportOptions::titled(QStringLiteral("Packing"), QSize(600, 400));
    const auto first = dir.filePath(QStringLiteral("first.svg")), second = dir.filePath(QStringLiteral("second.svg"));
    QCOMPARE(page.exportChart(first, options), QString());
    QVERIFY(page.statusText().startsWith(QStringLiteral("Exported to")));
    QCOMPARE(page.exportChart(second, options), QString());
    QVERIFY(QString::fromUtf8(readAll(second)).contains(QStringLiteral("pods arrive on")));
    QVERIFY(!QString::fromUtf8(readAll(second)).contains(QStringLiteral("Exported to")));
    QVERIFY(!page.exportCurves(dir.filePath(QStringLiteral("no/such/dir/c.csv"))).isEmpty());
}

void TestPackingPage::clusterWithoutGpusSaysSo()
{
    PackingPage page;
    page.setInputs(makeClusterWith({{"r", 0, "", 16, 0}}), mixedPods());
    QVERIFY(!page.busy());
    QVERIFY(page.statusText().contains(QStringLiteral("no GPU")));
    QVERIFY(page.cells().empty());
}

void TestPackingPage::mainWindowPacksTheOpenTrace()
{
    const auto window = makeMainWindow(fakeEngine());
    auto& w = *window;
    QSignalSpy updated(&w, &MainWindow::viewsUpdated);
    w.openDemo();
    QVERIFY(updated.wait(kWaitMs));
    QSignalSpy ready(w.packingPage(), &PackingPage::resultsReady);
    w.showPage(MainWindow::Page::Packing);
    QVERIFY(settle(*w.packingPage(), ready));
    // The demo: 24 jobs on 4 servers × 4 GPUs; best-fit and fgd by default.
    QCOMPARE(w.packingPage()->cells().size(), std::size_t{2});
    QCOMPARE(w.packingPage()->cells()[0].firstRun->capacityMilli, 16000);
    QVERIFY(w.packingPage()->statusText().contains(QStringLiteral("16 GPUs")));
}

QTEST_MAIN(TestPackingPage)
#include "tst_packing_page.moc"
