// The main window's pages (offscreen, fake engine): the tabs exist and switch, each page keeps
// its docks; the Analysis page follows the current result, the Compare page the baseline and
// the current result, and a job picked there is shown on the Cluster page; the PDF report; the
// Phases page is reachable with container metrics, and the autoscaler knobs round-trip between
// the scenario panel and the Phases page without re-simulating the cluster.
#include "tests/ui/ui_test_support.hpp"
#include "ui/analysis/analysis_page.hpp"
#include "ui/analysis/compare_page.hpp"
#include "ui/analysis/metric_delta_model.hpp"
#include "tests/ui/main_window_fixture.hpp"
#include "ui/window/main_window.hpp"
#include "ui/sweep/sweep_page.hpp"
#include "ui/window/session.hpp"
#include "ui/phases/container_table_model.hpp"
#include "ui/pack/packing_page.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/views/duration_knob.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/inspector_panel.hpp"
#include "ui/views/scenario_panel.hpp"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace clens;
using namespace clens::ui;

namespace {

constexpr int kWaitMs = 60000; // generous on a shared machine; the tests wait on signals

QDockWidget* dockNamed(const MainWindow& w, const char* name)
{
    return w.findChild<QDockWidget*>(QString::fromLatin1(name));
}

// Waits for one more emission than the spy had when `before` was taken.
bool waitForMore(QSignalSpy& spy, int before)
{
    while (spy.count() <= before)
        if (!spy.wait(kWaitMs))
            return false;
    return true;
}

// A figure of the Analysis page's headline table ("summary").
double analysisValue(const analysis::AnalysisPage& page, const char* metric)
{
    const Figure* f = page.shownFigures()->figure("summary");
    return f->number(*f->findRow("metric", metric), "value");
}

double compareChange(const analysis::ComparePage& page, const char* metric)
{
    auto* m = page.metricsModel();
    return m->data(m->index(m->rowOf(QString::fromLatin1(metric)), analysis::MetricDeltaModel::Change),
                   analysis::MetricDeltaModel::RawValueRole)
        .toDouble();
}

void relaxAtOnce(MainWindow& w)
{
    w.scenarioPanel()->relaxToAnyKnob()->slider()->setValue(0);
}

// The page count of a PDF written by Qt (its page tree's /Count).
int pdfPages(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray bytes = f.readAll();
    if (!bytes.startsWith("%PDF"))
        return -1;
    const QRegularExpression count(QStringLiteral("/Type\\s*/Pages.*?/Count\\s+(\\d+)"),
                                   QRegularExpression::DotMatchesEverythingOption);
    const auto match = count.match(QString::fromLatin1(bytes));
    return match.hasMatch() ? match.captured(1).toInt() : -1;
}

} // namespace

class TestMainWindowPages : public QObject {
    Q_OBJECT
private:
    std::unique_ptr<MainWindow> window_;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("ClusterLensTest"));
        QApplication::setApplicationName(QStringLiteral("tst_main_window_pages"));
    }

    void init()
    {
        window_ = test::makeMainWindow(test::fakeEngine());
        QSignalSpy updated(window_.get(), &MainWindow::viewsUpdated);
        window_->openDemo();
        QVERIFY(updated.wait(kWaitMs));
    }

    void cleanup() { window_.reset(); }

    void tabsExistAndSwitch()
    {
        MainWindow& w = *window_;
        QTabWidget* pages = w.pages();
        QStringList names;
        for (int i = 0; i < pages->count(); ++i)
            names << pages->tabText(i);
        QCOMPARE(names, (QStringList{QStringLiteral("Cluster"), QStringLiteral("Analysis"), QStringLiteral("Compare"),
                                     QStringLiteral("Phases"), QStringLiteral("Packing"), QStringLiteral("Sweep")}));
        QVERIFY(w.currentPage() == MainWindow::Page::Cluster);
        QVERIFY(w.heatmap()->isVisible());
        // No page widens the window beyond the size asked for (wide pages scroll instead).
        QCOMPARE(w.width(), 1600);

        // The Phases page is self-contained: no dock beside it. The Cluster page gets its
        // docks back as the user left them (the inspector closed stays closed).
        dockNamed(w, "inspectorDock")->hide();
        w.showPage(MainWindow::Page::Phases);
        QVERIFY(w.currentPage() == MainWindow::Page::Phases);
        QVERIFY(pages->currentWidget()->isAncestorOf(w.phasesPage()));
        QVERIFY(w.phasesPage()->isVisible());
        QVERIFY(!w.heatmap()->isVisible());
        for (const char* dock : {"scenarioDock", "summaryDock", "inspectorDock", "bottomDock"})
            QVERIFY2(!dockNamed(w, dock)->isVisible(), dock);
        // So is the Packing page: its own knobs, the whole width.
        w.showPage(MainWindow::Page::Packing);
        QVERIFY(w.currentPage() == MainWindow::Page::Packing);
        QVERIFY(w.packingPage()->isVisible());
        for (const char* dock : {"scenarioDock", "summaryDock", "inspectorDock", "bottomDock"})
            QVERIFY2(!dockNamed(w, dock)->isVisible(), dock);
        QCOMPARE(w.width(), 1600);
        // The Sweep page keeps the knobs beside it: they are the base of the grid.
        w.showPage(MainWindow::Page::Sweep);
        QVERIFY(w.currentPage() == MainWindow::Page::Sweep);
        QVERIFY(w.sweepPage()->isVisible());
        QVERIFY(dockNamed(w, "scenarioDock")->isVisible());
        for (const char* dock : {"summaryDock", "inspectorDock", "bottomDock"})
            QVERIFY2(!dockNamed(w, dock)->isVisible(), dock);
        QCOMPARE(w.width(), 1600);

        // Analysis and Compare keep the knobs beside them (change a knob, watch the figures).
        for (int tab : {1, 2}) {
            pages->setCurrentIndex(tab); // clicking the tab
            QVERIFY(w.currentPage() == (tab == 1 ? MainWindow::Page::Analysis : MainWindow::Page::Compare));
            QVERIFY(dockNamed(w, "scenarioDock")->isVisible());
            for (const char* dock : {"summaryDock", "inspectorDock", "bottomDock"})
                QVERIFY2(!dockNamed(w, dock)->isVisible(), dock);
        }
        QVERIFY(w.analysisPage()->isVisible() == false);
        QVERIFY(w.comparePage()->isVisible());

        pages->setCurrentIndex(0);
        QVERIFY(w.currentPage() == MainWindow::Page::Cluster);
        QVERIFY(w.heatmap()->isVisible());
        for (const char* dock : {"scenarioDock", "summaryDock", "bottomDock"})
            QVERIFY2(dockNamed(w, dock)->isVisible(), dock);
        QVERIFY(!dockNamed(w, "inspectorDock")->isVisible());
    }

    void analysisFollowsTheCurrentResult()
    {
        MainWindow& w = *window_;
        analysis::AnalysisPage* page = w.analysisPage();
        QSignalSpy figures(page, &analysis::AnalysisPage::figuresReady);
        w.showPage(MainWindow::Page::Analysis);
        QVERIFY(waitForMore(figures, 0));
        QVERIFY(page->showsSimulation());
        // Default relax-to-any 30 min: the demo has fragmentation delay (see tst_main_window).
        QVERIFY(analysisValue(*page, "fragmentation_delay_h") > 0);

        // A knob change while the page is shown: the new result reaches it.
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        relaxAtOnce(w);
        QVERIFY(updated.wait(kWaitMs));
        QVERIFY(waitForMore(figures, 1));
        QCOMPARE(analysisValue(*page, "fragmentation_delay_h"), 0.0);

        // Hidden, the page is left alone; shown again, it catches up with the newest result.
        w.showPage(MainWindow::Page::Cluster);
        w.scenarioPanel()->relaxToAnyKnob()->slider()->setValue(w.scenarioPanel()->relaxToAnyKnob()->slider()->maximum());
        QVERIFY(updated.wait(kWaitMs));
        QCOMPARE(figures.count(), 2);
        QVERIFY(!page->isComputing());
        w.showPage(MainWindow::Page::Analysis);
        QVERIFY(waitForMore(figures, 2));
        // The figures are the newest result's (never relaxing: more waiting than "at once").
        const double shown = analysisValue(*page, "mean_queue_delay_s");
        QVERIFY(qAbs(shown - w.session()->current()->result->summary.meanQueueDelay_s) < 1e-6 * (1 + shown));
        QVERIFY(analysisValue(*page, "fragmentation_delay_h") > 0);
    }

    void compareShowsDeltasAfterPinAndKnobChange()
    {
        MainWindow& w = *window_;
        analysis::ComparePage* page = w.comparePage();
        QSignalSpy ready(page, &analysis::ComparePage::comparisonReady);
        w.showPage(MainWindow::Page::Compare);
        QVERIFY(waitForMore(ready, 0));
        QVERIFY(!page->hasComparison()); // no baseline yet: the page says how to get one
        QVERIFY2(page->message().contains(QStringLiteral("Pin as baseline")), qPrintable(page->message()));

        const double pinnedFragmentation = w.session()->current()->result->summary.fragmentationDelay_s;
        QVERIFY(pinnedFragmentation > 0);
        w.session()->pinBaseline();
        QVERIFY(waitForMore(ready, 1));
        QVERIFY(page->hasComparison());
        QCOMPARE(compareChange(*page, "fragmentation_delay_h"), 0.0); // the same result twice

        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        relaxAtOnce(w);
        QVERIFY(updated.wait(kWaitMs));
        QVERIFY(waitForMore(ready, 2));
        QVERIFY(page->hasComparison());
        QCOMPARE(compareChange(*page, "fragmentation_delay_h"), -pinnedFragmentation / 3600.0);
        QVERIFY(compareChange(*page, "mean_queue_delay_s") != 0.0);
    }

    void jobPickedOnComparePageIsShownOnTheClusterPage()
    {
        MainWindow& w = *window_;
        const std::int32_t j05 = test::jobIndex(*w.session()->input().trace, "j05");
        w.showPage(MainWindow::Page::Compare);
        // j05 runs from 30 min on (default knobs); at t = 0 it holds no GPU.
        QCOMPARE(w.session()->clock()->time(), std::int64_t(0));
        emit w.comparePage()->jobActivated(j05);
        QVERIFY(w.currentPage() == MainWindow::Page::Cluster);
        QCOMPARE(w.session()->selectedJob(), j05);
        QCOMPARE(w.inspector()->title(), QStringLiteral("Job j05"));
        QCOMPARE(w.heatmap()->selectedJob(), j05);
        QCOMPARE(w.session()->clock()->time(), *w.session()->current()->result->jobs[static_cast<std::size_t>(j05)].start_s);
        const auto& onGpus = w.heatmap()->state().job;
        QVERIFY(std::count(onGpus.begin(), onGpus.end(), j05) > 0); // its gang is on the map
    }

    void reportIncludesTheComparisonWithABaseline()
    {
        MainWindow& w = *window_;
        QTemporaryDir dir;
        QSignalSpy written(&w, &MainWindow::reportWritten);
        const QString alone = dir.filePath(QStringLiteral("alone.pdf"));
        w.exportReport(alone);
        QVERIFY(written.wait(kWaitMs));
        QCOMPARE(written.at(0).at(0).toString(), alone);
        const int pagesAlone = pdfPages(alone);
        QVERIFY2(pagesAlone >= 3, qPrintable(QString::number(pagesAlone))); // title, metrics, figures

        // With a baseline: the comparison's pages are added.
        w.session()->pinBaseline();
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        relaxAtOnce(w);
        QVERIFY(updated.wait(kWaitMs));
        const QString compared = dir.filePath(QStringLiteral("compared.pdf"));
        w.exportReport(compared);
        QVERIFY(written.wait(kWaitMs));
        QVERIFY2(pdfPages(compared) > pagesAlone, qPrintable(QStringLiteral("%1 vs %2").arg(pdfPages(compared)).arg(pagesAlone)));

        QSignalSpy failed(&w, &MainWindow::reportFailed);
        w.exportReport(dir.filePath(QStringLiteral("no/such/dir/r.pdf")));
        QVERIFY(failed.count() > 0 || failed.wait(kWaitMs));
    }

    void phasesPageOpensContainerMetrics()
    {
        MainWindow& w = *window_;
        QSignalSpy ready(w.phasesPage(), &PhasesPage::phasesReady);
        w.openMetrics(QString::fromStdString(test::samplePath("ai4dl/sample-dlaas.csv")));
        QVERIFY(w.currentPage() == MainWindow::Page::Phases);
        QVERIFY(ready.wait(kWaitMs));
        QVERIFY(w.phasesPage()->containerModel()->rowCount() > 0);
    }

    void autoscalerKnobsRoundTripWithoutResimulating()
    {
        MainWindow& w = *window_;
        PhasesPage* page = w.phasesPage();
        QSignalSpy runs(w.session()->runs(), &RunController::runStarted);
        const auto resultBefore = w.session()->current();

        // Scenario panel → page.
        QCOMPARE(page->autoscaler().sigma, 2.0);
        w.scenarioPanel()->autoscalerSigmaSpin()->setValue(3.5);
        QCOMPARE(page->autoscaler().sigma, 3.5);
        QCOMPARE(page->sigmaSpin()->value(), 3.5);
        QCOMPARE(w.session()->scenario().autoscaler.sigma, 3.5);
        const int policy = w.scenarioPanel()->autoscalerPolicyCombo()->findData(QStringLiteral("prev.step.max"));
        QVERIFY(policy >= 0);
        w.scenarioPanel()->autoscalerPolicyCombo()->setCurrentIndex(policy);
        QCOMPARE(page->autoscaler().policy, std::string("prev.step.max"));

        // Page → scenario panel (and the session's scenario, so a saved project keeps it).
        QSignalSpy edited(page, &PhasesPage::autoscalerEdited);
        page->sigmaSpin()->setValue(1.25);
        QCOMPARE(edited.count(), 1);
        QCOMPARE(w.scenarioPanel()->scenario().autoscaler.sigma, 1.25);
        QCOMPARE(w.scenarioPanel()->autoscalerSigmaSpin()->value(), 1.25);
        QCOMPARE(w.session()->scenario().autoscaler.sigma, 1.25);
        QCOMPARE(w.session()->scenario().autoscaler.policy, std::string("prev.step.max"));

        // The cluster simulation ignores the autoscaler: nothing was re-run.
        QCOMPARE(runs.count(), 0);
        QVERIFY(!w.session()->runs()->isBusy());
        QCOMPARE(w.session()->current(), resultBefore);

        // A scenario applied as a whole (a file, a preset, a project) reaches the page too.
        Scenario s = w.session()->scenario();
        s.autoscaler.sigma = 0.5;
        s.autoscaler.interval_s = 600;
        w.applyScenario(s);
        QCOMPARE(page->autoscaler().sigma, 0.5);
        QCOMPARE(page->autoscaler().interval_s, std::int64_t(600));
        QCOMPARE(runs.count(), 0);
    }
};

QTEST_MAIN(TestMainWindowPages)
#include "tst_main_window_pages.moc"
