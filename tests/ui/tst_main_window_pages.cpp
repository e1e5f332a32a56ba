// The main window's pages (offscreen, fake engine): the tabs exist and switch, each page keeps
// its docks, the Phases page is reachable with container metrics, and the autoscaler knobs
// round-trip between the scenario panel and the Phases page without re-simulating the cluster.
#include "tests/ui/ui_test_support.hpp"
#include "ui/app/main_window.hpp"
#include "ui/app/session.hpp"
#include "ui/phases/container_table_model.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/scenario_panel.hpp"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>

using namespace clens;
using namespace clens::ui;

namespace {

constexpr int kWaitMs = 60000; // generous on a shared machine; the tests wait on signals

QDockWidget* dockNamed(const MainWindow& w, const char* name)
{
    return w.findChild<QDockWidget*>(QString::fromLatin1(name));
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
        window_ = std::make_unique<MainWindow>(test::fakeEngine());
        window_->setInteractive(false);
        window_->setDemoDir(QString::fromStdString(test::samplePath("demo")));
        window_->resize(1600, 1000);
        window_->show();
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
        QCOMPARE(names, (QStringList{QStringLiteral("Cluster"), QStringLiteral("Phases")}));
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

        pages->setCurrentIndex(0); // clicking the tab
        QVERIFY(w.currentPage() == MainWindow::Page::Cluster);
        QVERIFY(w.heatmap()->isVisible());
        for (const char* dock : {"scenarioDock", "summaryDock", "bottomDock"})
            QVERIFY2(dockNamed(w, dock)->isVisible(), dock);
        QVERIFY(!dockNamed(w, "inspectorDock")->isVisible());
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
