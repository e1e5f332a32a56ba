// The main window end to end (offscreen, fake engine): it opens on the teaching demo, a knob
// change re-simulates in the background and every view updates, scrubbing changes the cluster
// map, selecting a job fills the inspector, a baseline shows deltas, and the rendered window
// is a real picture (screenshot test).
#include "tests/ui/ui_test_support.hpp"
#include "tests/ui/main_window_fixture.hpp"
#include "ui/window/cluster_exports.hpp"
#include "ui/sweep/sweep_page.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/scenario_history.hpp"
#include "ui/window/session.hpp"
#include "ui/io/scenario_files.hpp"
#include "ui/models/job_filter_proxy.hpp"
#include "ui/models/job_table_model.hpp"
#include "ui/models/summary_compare_model.hpp"
#include "ui/models/wait_interval_model.hpp"
#include "ui/views/chart_export_dialog.hpp"
#include "ui/views/duration_knob.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/legend_widget.hpp"
#include "ui/views/inspector_panel.hpp"
#include "ui/views/job_table_panel.hpp"
#include "ui/views/scenario_panel.hpp"
#include "ui/views/summary_panel.hpp"
#include "ui/views/time_controls.hpp"
#include "ui/views/timeline_view.hpp"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QThread>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QStandardItemModel>
#include <QTest>
#include <QComboBox>
#include <QUndoStack>
#include <QTimer>

#include <qcustomplot.h>

#include <QStatusBar>
#include <atomic>
#include <set>

using namespace clens;
using namespace clens::ui;

namespace {

int busyGpus(const ClusterState& s)
{
    return static_cast<int>(std::count(s.gpu.begin(), s.gpu.end(), GpuState::Busy));
}

double summaryValue(const MainWindow& w, SummaryCompareModel::Row row, int column = SummaryCompareModel::Current)
{
    auto* m = w.summary()->model();
    return m->data(m->index(row, column), SummaryCompareModel::ValueRole).toDouble();
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private:
    std::unique_ptr<MainWindow> window_;
    std::int32_t j05_ = -1;

    // A fresh window showing the demo, waiting until every view shows the first result.
    void openDemo()
    {
        window_ = test::makeMainWindow(test::fakeEngine());
        QSignalSpy updated(window_.get(), &MainWindow::viewsUpdated);
        window_->openDemo();
        QVERIFY(updated.wait(10000));
        j05_ = test::jobIndex(*window_->session()->input().trace, "j05");
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("ClusterLensTest"));
        QApplication::setApplicationName(QStringLiteral("tst_main_window"));
    }

    void init()
    {
        openDemo();
    }

    void cleanup()
    {
        window_.reset();
    }

    void messageBeforeShowHidesTheStatusText()
    {
        // A message shown before the window is (a scenario loaded at start-up) used to be drawn
        // over the status text: QStatusBar hides only widgets that are visible at that moment.
        MainWindow w(test::fakeEngine());
        w.setInteractive(false);
        auto* text = w.findChild<QLabel*>(QStringLiteral("statusText"));
        QVERIFY(text);
        w.statusBar()->showMessage(QStringLiteral("Loaded scenario s.json"));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(!text->isVisible());
        w.statusBar()->clearMessage();
        QVERIFY(text->isVisible());
    }

    void opensOnTheTeachingDemo()
    {
        MainWindow& w = *window_;
        QVERIFY(w.windowTitle().contains(QStringLiteral("jobs.csv")));
        QCOMPARE(w.heatmap()->topology()->gpuCount(), 16);
        QCOMPARE(w.jobTable()->model()->rowCount(), 24);
        QVERIFY(w.timelines()->plot()->graphCount() >= 3);
        QVERIFY(w.summary()->model()->data(w.summary()->model()->index(SummaryCompareModel::MeanDelay, 1),
                                           SummaryCompareModel::ValueRole).isValid());
        // The clock starts at the first submission: the four 3-GPU jobs are running.
        QCOMPARE(w.session()->clock()->time(), std::int64_t(0));
        QCOMPARE(busyGpus(w.heatmap()->state()), 12);
    }

    void knobChangeResimulatesAndEveryViewUpdates()
    {
        MainWindow& w = *window_;
        // Default relax-to-any 30 min: j05 (among others) waits for fragmentation (see tst_ui_models).
        QVERIFY(summaryValue(w, SummaryCompareModel::FragmentationDelay) >= 1800.0 / 24);
        w.session()->clock()->seek(200);
        QVERIFY(std::find(w.heatmap()->state().job.begin(), w.heatmap()->state().job.end(), j05_) ==
                w.heatmap()->state().job.end());
        const auto before = w.session()->current();

        // Drag the "relax to any after" slider to "at once".
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        w.scenarioPanel()->relaxToAnyKnob()->slider()->setValue(0);
        QVERIFY(w.session()->runs()->isBusy());
        QVERIFY(updated.wait(10000));
        QVERIFY(w.session()->current() != before);
        QVERIFY(w.session()->current()->result->scenario.locality.relaxToAnyAfter_s == std::optional<std::int64_t>(0));
        // Results panel, job table, heatmap (at the same instant) all show the new run.
        QCOMPARE(summaryValue(w, SummaryCompareModel::FragmentationDelay), 0.0);
        const int row = w.jobTable()->model()->rowOfJob(j05_);
        QCOMPARE(w.jobTable()->model()->resultAt(row)->fragmentationDelay_s, std::int64_t(0));
        QCOMPARE(w.session()->clock()->time(), std::int64_t(200));
        const auto& jobs = w.heatmap()->state().job;
        QCOMPARE(static_cast<int>(std::count(jobs.begin(), jobs.end(), j05_)), 4); // j05 now runs at t=200
        QVERIFY(w.timelines()->plot()->graphCount() >= 3);
    }

    // A result replaced by the next one is freed on a worker thread: a large one takes a while to
    // free (about 50 ms a gigabyte), and the GUI thread never blocks.
    void aReplacedResultIsFreedOffTheGuiThread()
    {
        auto freed = std::make_shared<test::FreedSnapshots>();
        const auto engine = test::reportingFrees(test::fakeEngine(), freed);
        auto w = test::makeMainWindow(engine);
        // Kept for going back (ResultCache), the first result would stay; this is about the one
        // that goes (tst_run_controller keptResultsLeaveOffTheGuiThread: evicted ones go the same way).
        w->session()->runs()->setKeptResultsBytes(0);
        QSignalSpy updated(w.get(), &MainWindow::viewsUpdated);
        w->openDemo();
        QVERIFY(updated.wait(10000));
        w->scenarioPanel()->relaxToAnyKnob()->slider()->setValue(0);
        QVERIFY(updated.wait(10000));
        QTRY_COMPARE_WITH_TIMEOUT(freed->count.load(), 1, 10000); // the first result, and only it
        QVERIFY(!freed->onGuiThread);
        // The second pinned as the baseline outlives the third result; cleared, it goes the same way.
        w->session()->pinBaseline();
        w->scenarioPanel()->relaxToAnyKnob()->slider()->setValue(600);
        QVERIFY(updated.wait(10000));
        QVERIFY(w->session()->baseline() != nullptr);
        QCOMPARE(freed->count.load(), 1);
        w->session()->clearBaseline();
        QTRY_COMPARE_WITH_TIMEOUT(freed->count.load(), 2, 10000);
        QVERIFY(!freed->onGuiThread);
    }

    void knobChangesUndoAndRedo()
    {
        MainWindow& w = *window_;
        const auto opened = w.session()->current();
        QUndoStack* stack = w.history()->stack();
        QVERIFY(!stack->canUndo()); // a new trace starts with nothing to undo
        w.history()->setSameGestureMs(3'600'000); // the merge below must not depend on this machine's speed
        auto* placement = w.scenarioPanel()->placementCombo();
        // Placement best-fit -> spread: one step, named after the knob.
        placement->setCurrentIndex(placement->findData(static_cast<int>(PlacementPolicy::Spread)));
        QVERIFY(w.session()->scenario().placement == PlacementPolicy::Spread);
        QCOMPARE(stack->count(), 1);
        QVERIFY2(stack->undoText().contains(QStringLiteral("lacement")), qPrintable(stack->undoText()));
        // The same knob again at once (a combo scrolled through): the same step.
        placement->setCurrentIndex(placement->findData(static_cast<int>(PlacementPolicy::FirstFit)));
        QCOMPARE(stack->count(), 1);
        // Another knob: its own step.
        w.scenarioPanel()->quotaModeCombo()->setCurrentIndex(w.scenarioPanel()->quotaModeCombo()->findData(static_cast<int>(QuotaMode::Strict)));
        QCOMPARE(stack->count(), 2);
        // Undo twice: back to the demo's knobs, in the panel and in the session (which re-simulates).
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        stack->undo();
        QVERIFY(w.session()->scenario().quota.mode == QuotaMode::None);
        QVERIFY(w.scenarioPanel()->scenario().placement == PlacementPolicy::FirstFit);
        stack->undo();
        QVERIFY(w.scenarioPanel()->scenario().placement == PlacementPolicy::BestFit);
        QVERIFY(w.session()->scenario() == Scenario{});
        QVERIFY(updated.wait(10000));
        // Back where it opened: the result kept from then, shown at once (not simulated again),
        // and the status bar says so (docs/gui.md "Results kept for going back").
        QCOMPARE(w.session()->current(), opened);
        auto* runInfo = w.findChild<QLabel*>(QStringLiteral("runInfo"));
        QVERIFY2(runInfo->text().contains(QStringLiteral("kept result")), qPrintable(runInfo->text()));
        if (qEnvironmentVariableIsSet("CLENS_SCREENSHOT_DIR")) { // for a person to look at
            QCoreApplication::processEvents(); // the status bar laid out for the longer text
            QVERIFY(w.statusBar()->grab().save(QDir(qEnvironmentVariable("CLENS_SCREENSHOT_DIR")).filePath(QStringLiteral("kept-result-status.png"))));
        }
        // Redo brings first-fit back.
        stack->redo();
        QVERIFY(w.session()->scenario().placement == PlacementPolicy::FirstFit);
        // A new trace forgets the steps.
        openDemo();
        QVERIFY(!window_->history()->stack()->canUndo());
    }

    void presetMarkerSaysWhenKnobsChanged()
    {
        MainWindow& w = *window_;
        auto* presets = w.findChild<QComboBox*>(QStringLiteral("presets"));
        QCOMPARE(presets->itemText(0), QStringLiteral("Presets…"));
        const int item = presets->findText(QStringLiteral("Strict locality"), Qt::MatchStartsWith);
        QVERIFY(item > 0);
        const QString name = presets->itemText(item);
        emit presets->activated(item);
        QCOMPARE(presets->itemText(0), QStringLiteral("Preset: %1").arg(name));
        QVERIFY(w.history()->stack()->undoText().contains(name));
        // A knob moved since: the marker says so; undone, it no longer does.
        auto* placement = w.scenarioPanel()->placementCombo();
        placement->setCurrentIndex(placement->findData(static_cast<int>(PlacementPolicy::Spread)));
        QCOMPARE(presets->itemText(0), QStringLiteral("Preset: %1 · changed").arg(name));
        w.history()->stack()->undo();
        QCOMPARE(presets->itemText(0), QStringLiteral("Preset: %1").arg(name));
    }

    void dataSetPresetsFitTheirDataOnly()
    {
        // The demo's VCs are vision, nlp and speech: the Philly presets' quotas would fail its
        // runs ("unknown VC"), so they are greyed out and say why; the general ones are not.
        MainWindow& w = *window_;
        auto* presets = w.findChild<QComboBox*>(QStringLiteral("presets"));
        auto* model = qobject_cast<QStandardItemModel*>(presets->model());
        QVERIFY(model);
        for (const char* name : {"Philly sample: VC quotas (strict)", "Philly sample: VC quotas, arrivals 5× faster"}) {
            const int item = presets->findText(QString::fromUtf8(name));
            QVERIFY2(item > 0, name);
            QVERIFY2(!model->item(item)->isEnabled(), name);
            QVERIFY(presets->itemData(item, Qt::ToolTipRole).toString().contains(QStringLiteral("Not for this data: this trace has no VC")));
        }
        const int general = presets->findText(QStringLiteral("Strict locality"), Qt::MatchStartsWith);
        QVERIFY(model->item(general)->isEnabled());
        QCOMPARE(w.sweepPage()->loadHint(), QString()); // no preset loads the demo
    }

    void scrubbingChangesTheHeatmap()
    {
        MainWindow& w = *window_;
        QSlider* scrubber = w.timeControls()->scrubber();
        scrubber->setValue(60);
        QCOMPARE(w.session()->clock()->time(), std::int64_t(60));
        QCOMPARE(busyGpus(w.heatmap()->state()), 12);
        QCOMPARE(w.heatmap()->colourOfGpu(0).rgb(), palette::busy().rgb());
        scrubber->setValue(scrubber->maximum()); // the end: everything finished
        QCOMPARE(busyGpus(w.heatmap()->state()), 0);
        QCOMPARE(w.heatmap()->colourOfGpu(0).rgb(), palette::idle().rgb());
        // Clicking the timelines seeks too.
        QCustomPlot* plot = w.timelines()->plot();
        const auto t = w.timelines()->timeAtPixel(plot->width() / 2);
        QTest::mouseClick(plot, Qt::LeftButton, {}, QPoint(plot->width() / 2, plot->height() / 2));
        QCOMPARE(w.session()->clock()->time(), t);
    }

    void zoomingIntoTimeKeepsTheCursorInView()
    {
        MainWindow& w = *window_;
        PlaybackClock* clock = w.session()->clock();
        TimeWindow* window = w.session()->window();
        QVERIFY(!window->zoomed());
        const auto begin = clock->begin(), end = clock->end();
        const auto tenth = (end - begin) / 10;
        QVERIFY(tenth > TimeWindow::kMinWidth_s);
        // Zoomed into the first tenth, a seek to the end brings the window along.
        window->show(begin, begin + tenth);
        clock->seek(end);
        QVERIFY(window->from() <= end && end <= window->to());
        QCOMPARE(w.timelines()->plot()->axisRects().front()->axis(QCPAxis::atBottom)->range().upper, double(window->to()));
        // A window moved away from the cursor takes the cursor along, to its nearer edge.
        window->show(begin, begin + tenth);
        QCOMPARE(clock->time(), begin + tenth);
        // The inspector's Zoom shows the selected job from its submission to its end.
        w.session()->selectJob(j05_);
        auto* zoom = w.inspector()->findChild<QPushButton*>(QStringLiteral("zoomToJob"));
        QVERIFY(zoom);
        zoom->click();
        const auto life = w.session()->current()->jobView(j05_);
        QVERIFY(life);
        TimeWindow expected;
        expected.setSpan(begin, end);
        expected.show(life->first, life->second);
        QCOMPARE(window->from(), expected.from());
        QCOMPARE(window->to(), expected.to());
        QVERIFY(window->zoomed());
        // View > Whole Trace.
        QAction* whole = nullptr;
        for (auto* a : w.findChildren<QAction*>())
            if (a->text() == QStringLiteral("&Whole Trace"))
                whole = a;
        QVERIFY(whole);
        whole->trigger();
        QVERIFY(!window->zoomed());
    }

    void selectingAJobFillsTheInspector()
    {
        MainWindow& w = *window_;
        // From the job table.
        JobTablePanel* table = w.jobTable();
        const int row = table->model()->rowOfJob(j05_);
        table->view()->selectRow(table->proxy()->mapFromSource(table->model()->index(row, 0)).row());
        QCOMPARE(w.session()->selectedJob(), j05_);
        InspectorPanel* inspector = w.inspector();
        QCOMPARE(inspector->title(), QStringLiteral("Job j05"));
        QVERIFY2(inspector->whyText().contains(QStringLiteral("30 min fragmentation")), qPrintable(inspector->whyText()));
        QCOMPARE(inspector->waitModel()->rowCount(), 1);
        QVERIFY(inspector->fieldText(QStringLiteral("Placement")).contains(QStringLiteral("any")));
        QVERIFY(inspector->fieldText(QStringLiteral("Servers")).contains(QStringLiteral("s1 [3]")));
        QCOMPARE(w.heatmap()->selectedJob(), j05_);
        // From the heatmap: j01 runs on s1 GPUs 0-2 at t=0.
        HeatmapWidget* map = w.heatmap();
        QTest::mouseClick(map, Qt::LeftButton, {}, map->layout().gpuRect(1).center());
        QCOMPARE(inspector->title(), QStringLiteral("Job j01"));
        QVERIFY(inspector->whyText().contains(QStringLiteral("as soon as it was submitted")));
        QCOMPARE(table->view()->currentIndex().data().toString(), QStringLiteral("j01"));
    }

    void whoWaitedAtAnInstantAndWhy()
    {
        // "Who was waiting at t and why": seek to t, pick "waiting at the cursor", read the row.
        // Demo: at 1000 j05 waits for fragmentation (120..1920).
        MainWindow& w = *window_;
        JobTablePanel* table = w.jobTable();
        QSignalSpy applied(table->model(), &QAbstractItemModel::dataChanged);
        w.session()->clock()->seek(1000);
        if (table->model()->time() != 1000) // applied at most every 250 ms while the clock moves
            QVERIFY(applied.wait());
        QCOMPARE(table->model()->time(), std::int64_t{1000});
        table->atCursorFilter()->setCurrentIndex(table->atCursorFilter()->findData(static_cast<int>(JobStanding::Waiting)));
        QAbstractItemModel* rows = table->view()->model();
        QStringList waiting;
        for (int r = 0; r < rows->rowCount(); ++r)
            waiting << rows->index(r, JobTableModel::Id).data().toString() + QLatin1Char(' ')
                           + rows->index(r, JobTableModel::AtCursor).data().toString();
        QVERIFY2(waiting.contains(QStringLiteral("j05 waiting: fragmentation — GPUs")), qPrintable(waiting.join(QLatin1String(", "))));
        // Export CSV… writes the rows listed, in their order, as the CLI's jobs.csv does.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("waiting.csv"));
        QSignalSpy said(table, &JobTablePanel::exported); // progress, then the outcome (on a worker)
        table->startExport(path);
        while (said.isEmpty() || !said.last().at(0).toString().startsWith(QStringLiteral("Exported ")))
            QVERIFY(said.wait(60000));
        QCOMPARE(said.last().at(0).toString(), QStringLiteral("Exported %1 jobs to %2").arg(rows->rowCount()).arg(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), rows->rowCount() + 1); // the header, then one line per job listed
        QVERIFY(lines.front().startsWith(QStringLiteral("job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s")));
        for (int r = 0; r < rows->rowCount(); ++r)
            QVERIFY(lines[r + 1].startsWith(rows->index(r, JobTableModel::Id).data().toString() + QLatin1Char(',')));
        table->atCursorFilter()->setCurrentIndex(0);
        QCOMPARE(rows->rowCount(), table->model()->rowCount());
    }

    void rightClickOnTheTimelinesListsTheJobsWaitingThen()
    {
        // The timelines' right-click menu at 1000: "List the jobs waiting at …" moves the cursor
        // there and opens the Jobs tab listing the jobs waiting then (j05, for fragmentation).
        MainWindow& w = *window_;
        JobTablePanel* table = w.jobTable();
        w.bottomTabs()->setCurrentWidget(w.timelines());
        const auto menu = w.timelines()->contextMenu(1000);
        QVERIFY(menu);
        QAction* waiting = menu->actions().value(0);
        QVERIFY(waiting && waiting->text().startsWith(QStringLiteral("List the jobs waiting at")));
        waiting->trigger();
        QCOMPARE(w.session()->clock()->time(), std::int64_t{1000});
        QCOMPARE(w.bottomTabs()->currentWidget(), static_cast<QWidget*>(table));
        QCOMPARE(table->model()->time(), std::int64_t{1000});
        QCOMPARE(table->atCursorFilter()->currentData().toInt(), static_cast<int>(JobStanding::Waiting));
        QAbstractItemModel* rows = table->view()->model();
        QStringList ids;
        for (int r = 0; r < rows->rowCount(); ++r)
            ids << rows->index(r, JobTableModel::Id).data().toString();
        QVERIFY2(ids.contains(QStringLiteral("j05")), qPrintable(ids.join(QLatin1String(", "))));
        QVERIFY(rows->rowCount() < table->model()->rowCount());
        table->atCursorFilter()->setCurrentIndex(0);
        w.bottomTabs()->setCurrentWidget(w.timelines());
    }

    void filteringTheTableKeepsTheInspectedJob()
    {
        // Filtering j05 out of the table must not inspect the row that takes its place.
        MainWindow& w = *window_;
        JobTablePanel* table = w.jobTable();
        w.session()->selectJob(j05_);
        QSignalSpy chosen(table, &JobTablePanel::jobSelected);
        table->filterEdit()->setText(QStringLiteral("j01"));
        QCOMPARE(chosen.count(), 0);
        QCOMPARE(w.session()->selectedJob(), j05_);
        table->filterEdit()->clear();
        QCOMPARE(table->view()->currentIndex().data().toString(), QStringLiteral("j05")); // selected again
        QCOMPARE(chosen.count(), 0);
    }

    void pinnedBaselineShowsDeltas()
    {
        MainWindow& w = *window_;
        const double pinnedFragmentation = summaryValue(w, SummaryCompareModel::FragmentationDelay);
        QVERIFY(pinnedFragmentation > 0);
        QSignalSpy baseline(w.session(), &Session::baselineChanged);
        w.summary()->pinButton()->click();
        QCOMPARE(baseline.count(), 1);
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        w.scenarioPanel()->relaxToAnyKnob()->slider()->setValue(0);
        QVERIFY(updated.wait(10000));
        QCOMPARE(summaryValue(w, SummaryCompareModel::FragmentationDelay, SummaryCompareModel::Baseline), pinnedFragmentation);
        QCOMPARE(summaryValue(w, SummaryCompareModel::FragmentationDelay, SummaryCompareModel::Change), -pinnedFragmentation);
        if (qEnvironmentVariableIsSet("CLENS_SCREENSHOT_DIR"))
            QVERIFY(w.grab().save(QDir(qEnvironmentVariable("CLENS_SCREENSHOT_DIR")).filePath(QStringLiteral("clusterlens-baseline.png"))));
    }

    void recentFilesAndWindowStateAreRemembered()
    {
        // openDemo() in init() went through openTrace: the pair is the first recent entry.
        const QStringList recent = QSettings().value(QStringLiteral("files/recent")).toStringList();
        QVERIFY(!recent.isEmpty());
        QVERIFY(recent.first().startsWith(QFileInfo(QString::fromStdString(test::samplePath("demo/jobs.csv"))).absoluteFilePath()));
        window_->setColorMode(ColorMode::Utilization);
        window_->close(); // saves the window state
        MainWindow again(test::fakeEngine());
        QVERIFY(again.heatmap()->colorMode() == ColorMode::Utilization);
        QMenu* openRecent = nullptr;
        for (auto* menu : again.findChildren<QMenu*>())
            if (menu->title().contains(QStringLiteral("Recent")))
                openRecent = menu;
        QVERIFY(openRecent);
        QVERIFY(!openRecent->actions().isEmpty());
        QVERIFY(openRecent->actions().first()->text().startsWith(QStringLiteral("jobs.csv")));
        again.setColorMode(ColorMode::State);
        again.close();
    }

    void badTraceIsReportedNotFatal()
    {
        MainWindow& w = *window_;
        QSignalSpy failed(&w, &MainWindow::loadFailed);
        w.openTrace(QStringLiteral("/nonexistent/jobs.csv"), QStringLiteral("/nonexistent/cluster.csv"));
        if (failed.isEmpty())
            QVERIFY(failed.wait(10000));
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("/nonexistent/jobs.csv")));
        QCOMPARE(w.heatmap()->topology()->gpuCount(), 16); // the demo is still shown
    }

    // A fast-failing open (issue 13, item 5): the error box used to sit under a "Loading… 0%"
    // dialog, which was only scheduled for deletion and showed itself (after its 300 ms) inside
    // the box's own event loop. Looked at while the box has been up 600 ms, then closed.
    void failedOpenLeavesNoProgressOverTheError()
    {
        MainWindow& w = *window_;
        w.setInteractive(true);
        QTemporaryDir dir;
        const QString jobs = dir.filePath(QStringLiteral("jobs.csv"));
        QFile f(jobs);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("job_id,vc,user,submit_s,gpus,duration_s\nj1,a,u,0,two,10\n");
        f.close();
        bool sawBox = false, progressShown = false;
        QElapsedTimer boxUp;
        QTimer look;
        look.setInterval(50);
        connect(&look, &QTimer::timeout, this, [&] {
            for (auto* top : QApplication::topLevelWidgets()) {
                auto* box = qobject_cast<QMessageBox*>(top);
                if (!box || !box->isVisible())
                    continue;
                if (!boxUp.isValid())
                    boxUp.start();
                if (boxUp.elapsed() < 600)
                    return;
                for (auto* progress : w.findChildren<QProgressDialog*>())
                    progressShown = progressShown || progress->isVisible();
                sawBox = true;
                box->reject();
            }
        });
        look.start();
        QSignalSpy failed(&w, &MainWindow::loadFailed);
        w.openTrace(jobs, QString::fromStdString(test::samplePath("demo/cluster.csv")));
        if (failed.isEmpty())
            QVERIFY(failed.wait(10000));
        look.stop();
        w.setInteractive(false);
        QVERIFY(sawBox);
        QVERIFY(!progressShown);
    }

    void scenarioFilesRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        Scenario s;
        s.locality.relaxToAnyAfter_s = std::nullopt;
        QVERIFY(saveScenario(path, s).isEmpty());
        const LoadedScenario loaded = loadScenario(path);
        QVERIFY2(loaded.scenario.has_value(), qPrintable(loaded.error));
        QVERIFY(!loaded.scenario->locality.relaxToAnyAfter_s);
        QVERIFY(!loadScenario(dir.filePath(QStringLiteral("missing.json"))).error.isEmpty());
        const auto presets = scenarioPresets();
        QCOMPARE(presets.size(), std::size_t(11));
        QVERIFY(presets.back().scenario.arrivals.speedup == 8000); // Alibaba openb: pods 8,000x faster
        const auto& busyPhilly = presets[presets.size() - 3]; // the Philly VC quotas, arrivals 5x faster
        QVERIFY(busyPhilly.keepsQuotas);
        QCOMPARE(busyPhilly.scenario.quota.vcGpus.size(), std::size_t(11));
        QVERIFY(busyPhilly.scenario.arrivals.speedup == 5);
        const auto& autoscaler = presets[presets.size() - 2]; // the phase walk, phase.rule, node power
        QVERIFY(autoscaler.scenario.autoscaler.usage == UsageModel::Phases);
        QCOMPARE(autoscaler.scenario.autoscaler.policy, std::string("phase.rule"));
        QVERIFY(autoscaler.scenario.power.enabled);
        // The operating point docs/autoscaling.md recommends: σ 3, checkpoints every 30 min.
        QCOMPARE(autoscaler.scenario.autoscaler.sigma, 3.0);
        QCOMPARE(autoscaler.scenario.failures.checkpoint_s, std::int64_t(1800));
        // Servers of unknown CPU and memory get some, so the map's CPU colours say something.
        QCOMPARE(autoscaler.scenario.resources.serverDefaults.cpuCores.value_or(0), 32.0);
    }

    void timelinesExportForAReport()
    {
        MainWindow& w = *window_;
        QTemporaryDir dir;
        ChartExportOptions o;
        o.size = QSize(900, 500);
        o.title = QStringLiteral("Demo over time");
        o.pngScale = 3;
        // PNG: the size at 3x its pixels, marked 288 dpi so a report sizes it as on screen.
        const QString png = dir.filePath(QStringLiteral("t.png"));
        QCOMPARE(w.exports()->timelinesTo(png, o), QString());
        const QImage image(png);
        QCOMPARE(image.size(), QSize(2700, 1500));
        QCOMPARE(image.dotsPerMeterX(), static_cast<int>(std::lround(288 / 0.0254)));
        if (qEnvironmentVariableIsSet("CLENS_SCREENSHOT_DIR")) // for a person to look at
            QVERIFY(QFile::copy(png, QDir(qEnvironmentVariable("CLENS_SCREENSHOT_DIR")).filePath(QStringLiteral("timelines-export.png"))));
        // SVG: the title and the notes are text of the drawing.
        const QString svg = dir.filePath(QStringLiteral("t.svg"));
        QCOMPARE(w.exports()->timelinesTo(svg, o), QString());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        for (const QString& want : {QStringLiteral("Demo over time"), QStringLiteral("Trace: "), QStringLiteral("Cluster: "),
                                    QStringLiteral("Scenario: the default knobs"), QStringLiteral("Shown: ")})
            QVERIFY2(text.contains(want), qPrintable(want));
        // Without notes, none of them.
        o.describe = false;
        f.close();
        QCOMPARE(w.exports()->timelinesTo(svg, o), QString());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(!QString::fromUtf8(f.readAll()).contains(QStringLiteral("Trace: ")));
        // Zoomed into [600, 1200]: the notes say so, and the data holds the rows of that stretch:
        // the level at 600 (the last sample at or before it), then every sample up to 1200.
        w.session()->window()->show(600, 1200);
        QVERIFY(w.exports()->viewNotes().last().contains(QStringLiteral("zoomed")));
        if (qEnvironmentVariableIsSet("CLENS_SCREENSHOT_DIR")) {
            o.describe = true;
            QCOMPARE(w.exports()->timelinesTo(QDir(qEnvironmentVariable("CLENS_SCREENSHOT_DIR")).filePath(QStringLiteral("zoomed.svg")), o), QString());
        }
        const QString csv = dir.filePath(QStringLiteral("t.csv"));
        QCOMPARE(w.exports()->timelinesDataTo(csv), QString());
        QFile c(csv);
        QVERIFY(c.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(c.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(lines.size() >= 3);
        QVERIFY(lines[0].startsWith(QStringLiteral("t_s,allocated_gpus")));
        QVERIFY(lines[1].section(QLatin1Char(','), 0, 0).toLongLong() <= 600);
        QVERIFY(lines[2].section(QLatin1Char(','), 0, 0).toLongLong() > 600);
        QVERIFY(lines.last().section(QLatin1Char(','), 0, 0).toLongLong() <= 1200);
        const auto& series = w.session()->current()->result->series.t_s;
        QVERIFY(std::any_of(series.begin(), series.end(), [](std::int64_t t) { return t > 1200; })); // so something was left out
    }

    void resultsShowEveryRowOnALargeScreen()
    {
        // At 1600 x 1000 the default layout gives Results the height of its rows: Makespan and
        // Jobs finished were below the fold, behind a scroll bar.
        QSettings().remove(QStringLiteral("window/state")); // a saved layout wins over the default
        MainWindow w(test::fakeEngine());
        w.setInteractive(false);
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTableView* table = w.summary()->table();
        QVERIFY(w.summary()->rowsShown() >= 12);
        QCoreApplication::processEvents(); // the default proportions are applied once the window has its size
        QCoreApplication::processEvents();
        QVERIFY2(table->verticalScrollBar()->maximum() == 0, qPrintable(QString::number(table->verticalScrollBar()->maximum())));
        // A result with preemptions, failures and unfinished jobs shows three more rows: the
        // dock, left at its fitted height, grows with them.
        const int before = w.summary()->rowsShown();
        auto result = std::make_shared<SimResult>();
        result->summary.preemptions = 4;
        result->summary.serverFailures = 2;
        result->summary.unfinishedJobs = 1;
        auto snapshot = std::make_shared<SimSnapshot>();
        snapshot->result = result;
        w.summary()->setCurrent(snapshot);
        QCOMPARE(w.summary()->rowsShown(), before + 3);
        QTRY_COMPARE(table->verticalScrollBar()->maximum(), 0);
    }

    void fitsASmallScreen()
    {
        // 1280 x 720 (a laptop, a projector): the window is no wider or taller than that, and
        // the scrubber keeps a usable length (docs/gui.md "The window").
        MainWindow& w = *window_;
        w.resize(1280, 720);
        QTest::qWait(50);
        QVERIFY2(w.width() <= 1280, qPrintable(QString::number(w.width())));
        QVERIFY2(w.height() <= 720, qPrintable(QString::number(w.height())));
        QVERIFY2(w.timeControls()->scrubber()->width() >= 150, qPrintable(QString::number(w.timeControls()->scrubber()->width())));
    }

    void clusterMapExportSaysWhatItShows()
    {
        // The map export carries a title (colour mode and time), the legend and the notes, in
        // every format; the on-screen hints are not part of it.
        MainWindow& w = *window_;
        w.session()->clock()->seek(1000);
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("map.svg"));
        QCOMPARE(w.exports()->mapTo(svg), QString());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        for (const QString& want : {QStringLiteral("The cluster, coloured by"), QStringLiteral("+00:16:40"), QStringLiteral("Busy"),
                                    QStringLiteral("Trace: "), QStringLiteral("Scenario: ")})
            QVERIFY2(text.contains(want), qPrintable(want));
        QVERIFY(!text.contains(QStringLiteral("click a GPU to inspect")));
        const QString png = dir.filePath(QStringLiteral("map.png"));
        QCOMPARE(w.exports()->mapTo(png), QString());
        const QImage image(png);
        QCOMPARE(image.width(), 2 * w.heatmap()->width()); // twice the pixels
        QVERIFY(image.height() > 2 * (w.heatmap()->height() + w.legend()->height()));
        if (qEnvironmentVariableIsSet("CLENS_SCREENSHOT_DIR")) // for a person to look at
            QVERIFY(QFile::copy(png, QDir(qEnvironmentVariable("CLENS_SCREENSHOT_DIR")).filePath(QStringLiteral("map-export.png"))));
        QCOMPARE(w.exports()->mapTo(dir.filePath(QStringLiteral("map.pdf"))), QString());
    }

    void chartsExport_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("magic");
        QTest::newRow("png") << QStringLiteral("t.png") << QByteArray("\x89PNG");
        QTest::newRow("pdf") << QStringLiteral("t.pdf") << QByteArray("%PDF");
        QTest::newRow("svg") << QStringLiteral("t.svg") << QByteArray("<?xml");
    }

    void chartsExport()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, magic);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QVERIFY(window_->timelines()->exportTo(path, 800, 400));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.startsWith(magic));
        QVERIFY(bytes.size() > 1000);
        QVERIFY(!window_->timelines()->exportTo(dir.filePath(QStringLiteral("t.bmpx"))));
    }

    void screenshotIsARealPicture()
    {
        MainWindow& w = *window_;
        w.session()->clock()->seek(2000);
        const QImage shot = w.grab().toImage();
        QCOMPARE(shot.size(), w.size());
        const QString out = qEnvironmentVariable("CLENS_SCREENSHOT_DIR", QDir::tempPath());
        QVERIFY(shot.save(QDir(out).filePath(QStringLiteral("clusterlens-main-window.png"))));
        // Not blank: many distinct colours, and the map shows busy GPUs where the layout says.
        std::set<QRgb> colours;
        for (int y = 0; y < shot.height(); y += 7)
            for (int x = 0; x < shot.width(); x += 7)
                colours.insert(shot.pixel(x, y));
        QVERIFY2(colours.size() > 40, qPrintable(QString::number(colours.size())));
        HeatmapWidget* map = w.heatmap();
        const auto& state = map->state();
        int busyChecked = 0;
        for (std::int32_t g = 0; g < 16; ++g)
            if (state.gpu[static_cast<std::size_t>(g)] == GpuState::Busy) {
                const QRect r = map->layout().gpuRect(g);
                const QPoint p = map->mapTo(&w, QPoint(r.left() + 2, r.bottom() - 2));
                QCOMPARE(QColor(shot.pixel(p)).rgb(), palette::busy().rgb());
                ++busyChecked;
            }
        QVERIFY(busyChecked > 0);
        // For a person to look at: the inspector and the job table, coloured by tenant.
        if (qEnvironmentVariableIsSet("CLENS_SCREENSHOT_DIR")) {
            w.session()->selectJob(j05_);
            map->setColorMode(ColorMode::Tenant);
            w.bottomTabs()->setCurrentWidget(w.jobTable());
            QVERIFY(w.grab().save(QDir(out).filePath(QStringLiteral("clusterlens-inspector.png"))));
        }
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
