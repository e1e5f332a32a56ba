// The application's start-up in batch mode (--screenshot): the output is due only once everything
// the page asked for is on screen. On the real core: the teaching demo with the autoscaler preset
// and the AI4DL sample metrics, whose Phases page has an "In the simulated cluster" section built
// off the GUI thread after the result is shown.
#include "app/gui/start_up.hpp"
#include "tests/ui/main_window_fixture.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/phases/simulated_cluster_box.hpp"
#include "ui/run/engine.hpp"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace clens;

class TestStartUp : public QObject {
    Q_OBJECT
private slots:
    void phasesScreenshotWaitsForTheSimulatedCluster_data();
    void phasesScreenshotWaitsForTheSimulatedCluster();
};

void TestStartUp::phasesScreenshotWaitsForTheSimulatedCluster_data()
{
    QTest::addColumn<bool>("askTab");
    QTest::newRow("--tab phases") << true;
    QTest::newRow("--metrics alone shows the Phases page") << false;
}

// Without the wait the screenshot was taken 300 ms after the result was shown, often before the
// simulated jobs' phases were: the section missing from the image.
void TestStartUp::phasesScreenshotWaitsForTheSimulatedCluster()
{
    QFETCH(bool, askTab);
    QTemporaryDir dir;
    auto window = test::makeMainWindow(ui::coreEngine());
    app::GuiOptions options;
    options.metrics = test::sample("ai4dl/sample-dlaas.csv");
    options.scenario = test::sample("../resources/presets/autoscaler-phases.json");
    if (askTab)
        options.tab = app::TabChoice{ui::MainWindow::Page::Phases};
    options.screenshot = dir.filePath(QStringLiteral("phases.png"));
    app::StartUp start(*window, options);
    auto* box = window->phasesPage()->simulatedCluster();
    bool due = false, buildingWhenDue = true, phasesWhenDue = false;
    connect(&start, &app::StartUp::outputDue, this, [&] {
        due = true;
        buildingWhenDue = box->building();
        phasesWhenDue = box->current().has_value();
    });
    start.begin();
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(options.screenshot), 120000);
    QVERIFY(due);
    QVERIFY(!buildingWhenDue);
    QVERIFY(phasesWhenDue); // the demo's autoscaled jobs, by phase, at the cursor
    QVERIFY(box->isVisible());
    QCOMPARE(window->currentPage(), ui::MainWindow::Page::Phases);
}

QTEST_MAIN(TestStartUp)
#include "tst_start_up.moc"
