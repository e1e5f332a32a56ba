// The Sweep page (docs/gui.md "The Sweep page"), offscreen, on the real simulation core: the grid
// editor's values become the runs, every run's summary is the one `clusterlens-cli sweep` gives
// (the exported table is its CSV, byte for byte), the Pareto front and the reference star are
// drawn, a click loads a run, cancel keeps what came back, bad values say why, and in the main
// window a sweep of the demo loads into the what-if views and comes back from the project file.
#include "core/io/sweep_csv.hpp"
#include "core/sim/grid_values.hpp"
#include "core/sim/scenario_grid.hpp"
#include "core/sim/scenario_json.hpp"
#include "tests/sim/sim_test_support.hpp"
#include "tests/ui/main_window_fixture.hpp"
#include "tests/ui/ui_test_support.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/session.hpp"
#include "ui/sweep/sweep_chart.hpp"
#include "ui/sweep/sweep_knobs.hpp"
#include "ui/sweep/sweep_page.hpp"
#include "ui/sweep/sweep_table_model.hpp"
#include "ui/views/scenario_panel.hpp"
#include <QComboBox>

#include <QAbstractItemModelTester>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <sstream>

using namespace clens;
using namespace clens::ui;
using namespace clens::test;

namespace {

constexpr int kWaitMs = 120000; // generous on a shared machine; the tests wait on signals

// 2 racks of 2 servers x 4 GPUs; n jobs of 1-8 GPUs arriving every 30 s, so placement and
// locality matter.
SimInput smallInput(int n)
{
    SimInput in;
    in.cluster = makeCluster({{"r0", 4}, {"r0", 4}, {"r1", 4}, {"r1", 4}});
    std::vector<JobSpec> jobs;
    for (int i = 0; i < n; ++i)
        jobs.push_back({i % 2 ? "a" : "b", 30 * i, 1 << (i % 4), 600 + 60 * (i % 7)});
    in.trace = makeTrace(jobs);
    return in;
}

bool waitFinished(SweepPage& page)
{
    QSignalSpy finished(&page, &SweepPage::finished);
    return !page.busy() || finished.wait(kWaitMs);
}

// A stored sweep of four runs over quota.mode, with summaries chosen for the front:
// (mean wait s, GPUs allocated) = (100, 0.5), (200, 0.8), (150, 0.4), (300, 0.8).
std::shared_ptr<SweepResult> handMadeSweep(std::array<double, 4> waits = {100, 200, 150, 300},
                                           std::array<double, 4> alloc = {0.5, 0.8, 0.4, 0.8})
{
    auto r = std::make_shared<SweepResult>();
    r->gridJson = R"({"base":{"seed":3},"vary":{"quota.mode":["none","strict","borrow","borrow-preempt"]}})";
    r->grid = std::make_shared<const ScenarioGrid>(parseScenarioGrid(r->gridJson, "test"));
    for (std::size_t i = 0; i < 4; ++i) {
        SweepRun run;
        run.ok = true;
        run.summary.meanQueueDelay_s = waits[i];
        run.summary.gpuAllocFraction = alloc[i];
        r->runs.push_back(run);
        r->back.push_back(1);
    }
    r->finished = true;
    return r;
}

} // namespace

class TestSweepPage : public QObject {
    Q_OBJECT
private slots:
    void runsAreTheCliSweep();
    void frontReferenceAndClick();
    void runsThatTieAreCountedOnce();
    void runsThatAllTieSayWhy();
    void knobsThatChangeNothingAreNamed_data();
    void knobsThatChangeNothingAreNamed();
    void fractionsReadAsWritten();
    void runsThatAllAgreeGetARoundRange_data();
    void runsThatAllAgreeGetARoundRange();
    void badValuesSayWhy_data();
    void badValuesSayWhy();
    void cancelKeepsWhatCameBack();
    void sortingPutsMissingValuesLast();
    void mainWindowSweepLoadsAndIsSaved();
    void phillyPresetSweepFindsTheBestPoint();
    void everyKnobsValuesMakeAGrid();
    void scenarioPanelSendsAKnob();
};

void TestSweepPage::runsAreTheCliSweep()
{
    SweepPage page;
    page.resize(1200, 800);
    page.show();
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto in = smallInput(60);
    page.setInput(in);
    Scenario base;
    base.seed = 5;
    page.setBase(base);
    page.setVary(0, QStringLiteral("placement"), QStringLiteral("best-fit, spread"));
    page.setVary(1, QStringLiteral("locality.relax_to_any_after_s"), QStringLiteral("0..600 step 600"));
    page.setVary(2, {}, {});
    QSignalSpy back(&page, &SweepPage::runsBack);
    QVERIFY(page.run());
    QVERIFY(page.busy());
    QVERIFY(waitFinished(page));
    QVERIFY(!back.isEmpty());
    const auto result = page.result();
    // 2 placements x 2 thresholds = 4 runs, the first key varying slowest.
    QCOMPARE(result->runs.size(), std::size_t{4});
    QCOMPARE(result->backCount(), std::size_t{4});
    QCOMPARE(result->grid->labels[1], (std::vector<std::string>{"best-fit", "600"}));
    QCOMPARE(page.model()->rowCount(), 4);
    QVERIFY2(page.statusText().startsWith(QStringLiteral("4 runs in")), qPrintable(page.statusText()));

    // The same grid through the core's threaded sweep (what `clusterlens-cli sweep` runs): the
    // exported table is its CSV, byte for byte.
    const auto expected = runSweep(in.cluster, in.trace, result->grid->runs, 1);
    std::vector<SweepCsvRow> rows;
    for (const auto& r : expected) {
        QVERIFY(r.ok);
        rows.push_back(csvRowOf(r));
    }
    std::ostringstream csv;
    writeSweepCsv(csv, *result->grid, rows);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sweep.csv"));
    QCOMPARE(page.exportTable(path), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().toStdString(), csv.str());
    // The table shows a run's metric as the results table formats it.
    const int column = page.model()->columnOf(SummaryCompareModel::MeanDelay);
    QCOMPARE(page.model()->data(page.model()->index(2, column)).toString(),
             SummaryCompareModel::format(SummaryCompareModel::MeanDelay, expected[2].summary.meanQueueDelay_s));
    QCOMPARE(page.chart()->pointCount(), 4);
    QVERIFY(page.exportChart(dir.filePath(QStringLiteral("sweep.png")), {800, 500}).isEmpty());
}

void TestSweepPage::runsThatTieAreCountedOnce()
{
    // Runs 0 and 1 give the same mean wait and allocation (a knob that does not matter: quota
    // modes without quotas): with (300, 0.8) the front holds three runs but two pairs of metrics.
    SweepPage page;
    page.restore(handMadeSweep({100, 100, 150, 300}, {0.5, 0.5, 0.4, 0.8}));
    page.setMetrics(SummaryCompareModel::MeanDelay, SummaryCompareModel::AllocFraction);
    QCOMPARE(page.front(), (std::vector<int>{0, 1, 3}));
    QVERIFY2(page.statusText().contains(QStringLiteral("3 on the Pareto front (★), 2 different pairs of metrics")),
             qPrintable(page.statusText()));
}

// Every run gives the same pair (the Philly sample at the default knobs: no job waits): the chart
// is one point, and the status says why.
void TestSweepPage::runsThatAllTieSayWhy()
{
    SweepPage page;
    page.restore(handMadeSweep({0, 0, 0, 0}, {0.15, 0.15, 0.15, 0.15}));
    page.setMetrics(SummaryCompareModel::MeanDelay, SummaryCompareModel::AllocFraction);
    QCOMPARE(page.front(), (std::vector<int>{0, 1, 2, 3}));
    // No run has a job waiting: that is why, and what would load the cluster is said.
    QVERIFY2(page.statusText().endsWith(QStringLiteral("4 on the Pareto front (★), all: every run gives the same Mean wait and GPUs "
                                                       "allocated · no job waits in any run: try Arrival speed-up or quotas")),
             qPrintable(page.statusText()));
    // A preset made for this data that loads it is named (the main window sets it: the Philly sample's).
    page.setLoadHint(QStringLiteral("Philly sample: VC quotas, arrivals 5× faster"));
    QVERIFY2(page.statusText().endsWith(QStringLiteral("no job waits in any run: try Arrival speed-up, quotas or the preset "
                                                       "Philly sample: VC quotas, arrivals 5× faster")),
             qPrintable(page.statusText()));
    page.setLoadHint({});
    // Jobs wait, the same in every run: the knob varied changes nothing, and the sweep's scenarios
    // give no VC a quota, which is why.
    page.restore(handMadeSweep({5, 5, 5, 5}, {0.15, 0.15, 0.15, 0.15}));
    QVERIFY2(page.statusText().endsWith(QStringLiteral("every run gives the same Mean wait and GPUs allocated · Quota mode changes no "
                                                       "metric of any run (no VC has a quota)")),
             qPrintable(page.statusText()));
    // The two metrics tie but another differs (the energy): the knob matters, not to these two.
    auto energy = handMadeSweep({5, 5, 5, 5}, {0.15, 0.15, 0.15, 0.15});
    energy->runs[3].summary.energyKwh = 7;
    page.restore(energy);
    QVERIFY2(page.statusText().endsWith(QStringLiteral("every run gives the same Mean wait and GPUs allocated (the knobs varied change neither here)")),
             qPrintable(page.statusText()));
}

void TestSweepPage::fractionsReadAsWritten()
{
    // A stored sweep over a fractional knob: the editor and the table show 1.5, not Boost's "1.5E0".
    auto r = std::make_shared<SweepResult>();
    r->gridJson = R"({"vary":{"arrivals.speedup":[1,1.5]}})";
    r->grid = std::make_shared<const ScenarioGrid>(parseScenarioGrid(r->gridJson, "test"));
    r->runs.resize(2);
    r->back.assign(2, 0);
    SweepPage page;
    page.restore(r);
    QCOMPARE(page.varyValues(0), QStringLiteral("1, 1.5"));
    QCOMPARE(page.model()->data(page.model()->index(1, 1)).toString(), QStringLiteral("1.5"));
}

void TestSweepPage::knobsThatChangeNothingAreNamed_data()
{
    // A 2 x 2 grid: relax to any {0, never} x quota mode {strict, borrow}, runs r0..r3 =
    // (0,strict) (0,borrow) (never,strict) (never,borrow), each run's mean wait below.
    QTest::addColumn<QList<double>>("waits");
    QTest::addColumn<QString>("quotas"); // the base scenario's quota.vc
    QTest::addColumn<QString>("ending");
    // With quotas, the relax threshold matters nowhere (the Philly sample with its VC quotas).
    QTest::newRow("threshold") << QList<double>{10, 20, 10, 20} << R"({"a": 4})" << "Relax to any server after changes no metric of any run";
    QTest::newRow("mode, no quota") << QList<double>{10, 10, 30, 30} << "{}" << "Quota mode changes no metric of any run (no VC has a quota)";
    QTest::newRow("mode, quotas") << QList<double>{10, 10, 30, 30} << R"({"a": 4})" << "Quota mode changes no metric of any run";
    QTest::newRow("both") << QList<double>{10, 10, 10, 10} << R"({"a": 4})" << "Relax to any server after and Quota mode change no metric of any run";
    QTest::newRow("neither") << QList<double>{10, 20, 30, 40} << R"({"a": 4})" << "4 on the Pareto front (★)";
}

void TestSweepPage::knobsThatChangeNothingAreNamed()
{
    QFETCH(QList<double>, waits);
    QFETCH(QString, quotas);
    QFETCH(QString, ending);
    auto r = std::make_shared<SweepResult>();
    r->gridJson = QStringLiteral(R"({"base":{"quota":{"vc":%1}},"vary":{"locality.relax_to_any_after_s":[0,null],"quota.mode":["strict","borrow"]}})")
                      .arg(quotas)
                      .toStdString();
    r->grid = std::make_shared<const ScenarioGrid>(parseScenarioGrid(r->gridJson, "test"));
    for (const double wait : waits) {
        SweepRun run;
        run.ok = true;
        run.summary.meanQueueDelay_s = wait;
        run.summary.gpuAllocFraction = wait / 100; // a front of every run: neither metric ties
        r->runs.push_back(run);
        r->back.push_back(1);
    }
    r->finished = true;
    SweepPage page;
    page.restore(r);
    page.setMetrics(SummaryCompareModel::MeanDelay, SummaryCompareModel::AllocFraction);
    QVERIFY2(page.statusText().endsWith(ending), qPrintable(page.statusText()));
}

void TestSweepPage::runsThatAllAgreeGetARoundRange_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<double>("lower");
    QTest::addColumn<double>("upper");
    // Every run with the same value: centred, a tenth of it either side (15 -> 13.5..16.5), or
    // ±1 around 0 (the Philly sample's default sweep: every run waits 0 s).
    QTest::newRow("all 0") << 0.0 << -1.0 << 1.0;
    QTest::newRow("all 15") << 15.0 << 13.5 << 16.5;
    QTest::newRow("all -2") << -2.0 << -2.2 << -1.8;
}

void TestSweepPage::runsThatAllAgreeGetARoundRange()
{
    QFETCH(double, value);
    QFETCH(double, lower);
    QFETCH(double, upper);
    SweepChart chart;
    chart.setPoints({{0, value, 1.0}, {1, value, 2.0}, {2, value, 3.0}}, {0});
    QCOMPARE(chart.xAxis->range().lower, lower);
    QCOMPARE(chart.xAxis->range().upper, upper);
    // y spans 1..3: a tenth of the span either side.
    QCOMPARE(chart.yAxis->range().lower, 0.8);
    QCOMPARE(chart.yAxis->range().upper, 3.2);
}

void TestSweepPage::frontReferenceAndClick()
{
    SweepPage page;
    page.resize(1200, 800);
    page.show();
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.restore(handMadeSweep());
    // The editor shows the stored grid's key and values.
    QCOMPARE(page.varyKey(0), QStringLiteral("quota.mode"));
    QCOMPARE(page.varyValues(0), QStringLiteral("none, strict, borrow, borrow-preempt"));
    QCOMPARE(page.varyKey(1), QString());
    // Mean wait (lower is better) against GPUs allocated (higher is better): (100, 0.5) and
    // (200, 0.8) trade off; (150, 0.4) loses to (100, 0.5); (300, 0.8) ties (200, 0.8) and waits longer.
    page.setMetrics(SummaryCompareModel::MeanDelay, SummaryCompareModel::AllocFraction);
    QCOMPARE(page.front(), (std::vector<int>{0, 1}));
    QCOMPARE(page.chart()->frontCount(), 2);
    QVERIFY(page.model()->data(page.model()->index(1, 0), Qt::FontRole).value<QFont>().bold());
    QVERIFY(!page.model()->data(page.model()->index(2, 0), Qt::FontRole).value<QFont>().bold());
    QVERIFY(page.statusText().contains(QStringLiteral("2 on the Pareto front")));
    QVERIFY(!page.statusText().contains(QStringLiteral("different")));
    // Both lower is better (mean wait against GPUs allocated read the other way is not offered;
    // P95 wait is 0 for all, so the front is the runs with the least mean wait): run 0 alone.
    page.setMetrics(SummaryCompareModel::MeanDelay, SummaryCompareModel::P95Delay);
    QCOMPARE(page.front(), (std::vector<int>{0}));

    SimSummary reference;
    reference.meanQueueDelay_s = 250;
    reference.gpuAllocFraction = 0.6;
    page.setReference(&reference, Scenario{}, QStringLiteral("current result"));
    page.setMetrics(SummaryCompareModel::MeanDelay, SummaryCompareModel::AllocFraction);
    QVERIFY(page.chart()->hasReference());

    // A click on run 2's point loads that run's scenario.
    std::vector<Scenario> chosen;
    connect(&page, &SweepPage::scenarioChosen, this, [&](const Scenario& s) { chosen.push_back(s); });
    page.chart()->replot();
    const auto at = page.chart()->pixelOf(2);
    QVERIFY(at.has_value());
    QCOMPARE(page.chart()->runAt(*at), 2);
    QTest::mouseClick(page.chart(), Qt::LeftButton, {}, at->toPoint());
    QCOMPARE(chosen.size(), std::size_t{1});
    const auto& scenario = chosen.front();
    QVERIFY(scenario.quota.mode == QuotaMode::Borrow);
    QCOMPARE(scenario.seed, std::uint64_t{3}); // the base's other knobs
    QCOMPARE(page.table()->selectionModel()->selectedRows().size(), 1);
    // Far from every point, nothing is chosen.
    QCOMPARE(page.chart()->runAt(QPointF(-100, -100)), -1);
}

void TestSweepPage::badValuesSayWhy_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("values");
    QTest::addColumn<bool>("runEnabled");
    QTest::addColumn<QString>("says");
    QTest::newRow("range without step") << "locality.rack_size" << "2..8" << false << "Fix the values";
    QTest::newRow("value the key refuses") << "locality.rack_size" << "8, 0" << true << "rack_size";
    QTest::newRow("unknown key") << "locality.no_such_knob" << "1" << true << "no_such_knob";
}

void TestSweepPage::badValuesSayWhy()
{
    QFETCH(QString, key);
    QFETCH(QString, values);
    QFETCH(bool, runEnabled);
    QFETCH(QString, says);
    SweepPage page;
    page.setInput(smallInput(4));
    page.setVary(0, key, values);
    page.setVary(1, {}, {});
    auto* run = page.findChild<QPushButton*>(QStringLiteral("runSweep"));
    QCOMPARE(run->isEnabled(), runEnabled);
    if (!runEnabled) {
        QVERIFY(page.findChild<QLabel*>(QStringLiteral("sweepTotal"))->text().contains(says));
        return;
    }
    QSignalSpy failed(&page, &SweepPage::failed);
    QVERIFY(!page.run());
    QVERIFY(!page.busy());
    QCOMPARE(failed.size(), 1);
    QVERIFY2(page.statusText().contains(says), qPrintable(page.statusText()));
}

void TestSweepPage::sortingPutsMissingValuesLast()
{
    // Mean waits 100, 200, 150 and a failed run: sorted either way, the failed run comes last and
    // the others follow their values.
    auto sweep = handMadeSweep();
    sweep->runs[3].ok = false;
    sweep->runs[3].error = "failed on purpose";
    SweepPage page;
    page.restore(sweep);
    const int column = page.model()->columnOf(SummaryCompareModel::MeanDelay);
    auto* view = page.table();
    const auto order = [&] {
        QList<int> runs;
        for (int row = 0; row < view->model()->rowCount(); ++row)
            runs << view->model()->index(row, 0).data(SweepTableModel::RunRole).toInt();
        return runs;
    };
    view->sortByColumn(column, Qt::AscendingOrder);
    QCOMPARE(order(), (QList<int>{0, 2, 1, 3}));
    view->sortByColumn(column, Qt::DescendingOrder);
    QCOMPARE(order(), (QList<int>{1, 2, 0, 3}));
}

void TestSweepPage::cancelKeepsWhatCameBack()
{
    SweepPage page;
    page.setInput(smallInput(4000));
    page.setVary(0, QStringLiteral("seed"), QStringLiteral("1..2000 step 1"));
    page.setVary(1, {}, {});
    QSignalSpy back(&page, &SweepPage::runsBack);
    QVERIFY(page.run());
    QVERIFY(back.wait(kWaitMs));
    page.cancel();
    QVERIFY(!page.busy());
    const auto result = page.result();
    QVERIFY(result->finished);
    // 2,000 runs of 4,000 jobs take seconds even on many cores, far longer than one poll of the
    // page (200 ms).
    QVERIFY(result->backCount() > 0);
    QVERIFY(result->backCount() < 2000);
    QVERIFY(page.statusText().startsWith(QStringLiteral("Cancelled")));
    // A run that did not come back says so; one that did has its summary.
    std::size_t missing = 0;
    while (result->back[missing])
        ++missing;
    const int status = page.model()->statusColumn();
    QCOMPARE(page.model()->data(page.model()->index(static_cast<int>(missing), status)).toString(), QStringLiteral("cancelled"));
}

void TestSweepPage::mainWindowSweepLoadsAndIsSaved()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sweep.clens"));
    std::shared_ptr<const SweepResult> swept;
    {
        const auto w = makeMainWindow(coreEngine());
        QSignalSpy updated(w.get(), &MainWindow::viewsUpdated);
        w->openDemo();
        QVERIFY(updated.wait(kWaitMs));
        w->showPage(MainWindow::Page::Sweep);
        auto* page = w->sweepPage();
        // The page's default grid: relax-to-any {0, 600, 1800, never} x quota {none, strict, borrow}.
        QVERIFY(page->run());
        QVERIFY(waitFinished(*page));
        swept = page->result();
        QCOMPARE(swept->runs.size(), std::size_t{12});
        QCOMPARE(swept->backCount(), std::size_t{12});
        // The star is the current result (no baseline pinned): the demo's defaults.
        QVERIFY(page->chart()->hasReference());
        // Loading run 5 (relax 600, strict) shows its knobs in the scenario panel and simulates them.
        page->chooseRun(4);
        QVERIFY(w->currentPage() == MainWindow::Page::Cluster);
        QVERIFY(w->scenarioPanel()->scenario() == swept->grid->runs[4]);
        QVERIFY(updated.wait(kWaitMs));
        while (w->session()->runs()->isBusy())
            QVERIFY(updated.wait(kWaitMs));
        QVERIFY(w->session()->current()->result->scenario == swept->grid->runs[4]);
        QCOMPARE(w->session()->current()->result->summary.meanQueueDelay_s, swept->runs[4].summary.meanQueueDelay_s);
        QSignalSpy saved(w.get(), &MainWindow::projectSaved);
        w->saveProject(path);
        QVERIFY(saved.wait(kWaitMs));
        // Other data drops the sweep at once, whichever page is shown (it would be saved with it).
        w->openDemo();
        QVERIFY(updated.wait(kWaitMs));
        QVERIFY(!page->result());
    }
    const auto again = makeMainWindow(coreEngine());
    QSignalSpy opened(again.get(), &MainWindow::projectOpened);
    again->openProject(path);
    QVERIFY(opened.wait(kWaitMs));
    const auto restored = again->sweepPage()->result();
    QVERIFY(restored);
    QCOMPARE(restored->gridJson, swept->gridJson);
    QCOMPARE(restored->runs.size(), swept->runs.size());
    for (std::size_t i = 0; i < swept->runs.size(); ++i)
        QCOMPARE(restored->runs[i].summary.meanQueueDelay_s, swept->runs[i].summary.meanQueueDelay_s);
    QCOMPARE(again->sweepPage()->varyKey(1), QStringLiteral("quota.mode"));
}

// Issue 14's "done when", as a user does it: the Philly sample, the preset that loads it enough
// to queue, the page's first grid (relax to any x quota mode), the Pareto front read, the best
// point loaded with a click. The same grid through the CLI, figures included:
// docs/simulation.md "Study: locality thresholds (the ATC'19 trade-off)".
void TestSweepPage::phillyPresetSweepFindsTheBestPoint()
{
    const auto w = makeMainWindow(coreEngine());
    w->setInteractive(false);
    QSignalSpy updated(w.get(), &MainWindow::viewsUpdated);
    w->openTrace(QString::fromStdString(test::samplePath("philly/philly_jobs_pollux.csv")),
                 QString::fromStdString(test::samplePath("philly/cluster_machine_list")));
    QVERIFY(updated.wait(kWaitMs));
    auto* presets = w->findChild<QComboBox*>(QStringLiteral("presets"));
    QVERIFY(presets);
    const int preset = presets->findText(QStringLiteral("Philly sample: VC quotas, arrivals 5× faster"));
    QVERIFY(preset > 0);
    QVERIFY(qobject_cast<QStandardItemModel*>(presets->model())->item(preset)->isEnabled()); // its data: offered
    QCOMPARE(w->sweepPage()->loadHint(), presets->itemText(preset)); // and named when nothing waits
    emit presets->activated(preset);
    QVERIFY(updated.wait(kWaitMs));
    w->showPage(MainWindow::Page::Sweep);
    auto* page = w->sweepPage();
    QCOMPARE(page->varyKey(0), QStringLiteral("locality.relax_to_any_after_s"));
    QCOMPARE(page->varyKey(1), QStringLiteral("quota.mode"));
    QVERIFY(page->run());
    QVERIFY(waitFinished(*page));
    const auto swept = page->result();
    QCOMPARE(swept->backCount(), std::size_t{12});
    // Both knobs matter here, and the front is a real choice (more than one point).
    QVERIFY2(!page->statusText().contains(QStringLiteral("changes no metric")), qPrintable(page->statusText()));
    QVERIFY2(page->front().size() >= 2, qPrintable(page->statusText()));
    // The front's least waiting end is never relaxing with borrowing: 6,686 s against 10,983 s
    // for the next best (never relaxing, no quota mode) and 13,337 s or more for any threshold.
    const int best = page->front().front(); // by increasing mean wait
    QCOMPARE(swept->grid->labels[static_cast<std::size_t>(best)], (std::vector<std::string>{"", "borrow"}));
    for (std::size_t r = 0; r < swept->runs.size(); ++r)
        QVERIFY(swept->runs[static_cast<std::size_t>(best)].summary.meanQueueDelay_s <= swept->runs[r].summary.meanQueueDelay_s);
    // A click loads it: the panel's knobs and, once simulated, the Cluster page's result.
    page->chooseRun(best);
    QVERIFY(w->currentPage() == MainWindow::Page::Cluster);
    QVERIFY(w->scenarioPanel()->scenario() == swept->grid->runs[static_cast<std::size_t>(best)]);
    QVERIFY(updated.wait(kWaitMs));
    while (w->session()->runs()->isBusy())
        QVERIFY(updated.wait(kWaitMs));
    QCOMPARE(w->session()->current()->result->summary.meanQueueDelay_s, swept->runs[static_cast<std::size_t>(best)].summary.meanQueueDelay_s);
}

void TestSweepPage::everyKnobsValuesMakeAGrid()
{
    // The values a knob starts from (filled in when it is chosen) are a grid the default scenario
    // accepts: a misspelt key path or value would fail here, not in front of a user.
    for (const auto& knob : sweepKnobs()) {
        const auto key = knob.key.toStdString();
        try {
            const auto grid = parseScenarioGrid(gridJson(scenarioToJson(Scenario{}), {{key, parseGridValues(knob.example.toStdString(), key)}}), "t");
            QVERIFY2(grid.runs.size() >= 2, qPrintable(knob.key));
        } catch (const std::exception& e) {
            QFAIL(qPrintable(knob.key + QStringLiteral(": ") + QString::fromStdString(e.what())));
        }
        QCOMPARE(sweepKnobLabel(knob.key), knob.label);
    }
    QCOMPARE(sweepKnobLabel(QStringLiteral("quota.vc.vcA")), QStringLiteral("quota.vc.vcA"));
}

void TestSweepPage::scenarioPanelSendsAKnob()
{
    // "Vary in a sweep…" on the Placement knob: the Sweep page comes up with placement in a row.
    const auto w = makeMainWindow(coreEngine());
    auto* panel = w->scenarioPanel();
    QCOMPARE(panel->varyKeyOf(panel->placementCombo()), QStringLiteral("placement"));
    QCOMPARE(panel->varyKeyOf(panel->quotaModeCombo()), QStringLiteral("quota.mode"));
    auto* page = w->sweepPage();
    // The default rows vary relax-to-any and quota mode: placement takes the free third row.
    emit panel->varyRequested(QStringLiteral("placement"));
    QVERIFY(w->currentPage() == MainWindow::Page::Sweep);
    QCOMPARE(page->varyKey(2), QStringLiteral("placement"));
    QCOMPARE(page->varyValues(2), QStringLiteral("best-fit, first-fit, spread, fgd"));
    // A knob already in a row stays where it is; with no free row the last one is replaced.
    emit panel->varyRequested(QStringLiteral("quota.mode"));
    QCOMPARE(page->varyKey(1), QStringLiteral("quota.mode"));
    QCOMPARE(page->varyKey(2), QStringLiteral("placement"));
    emit panel->varyRequested(QStringLiteral("seed"));
    QCOMPARE(page->varyKey(2), QStringLiteral("seed"));
}

QTEST_MAIN(TestSweepPage)
#include "tst_sweep_page.moc"
