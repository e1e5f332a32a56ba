// Projects in the main window (offscreen, fake engine): saving a session and opening it again
// restores the trace, the knobs and both results without simulating; files the core refuses
// (not a project, newer, damaged) are explained and the current session stays; a failed save
// says why.
#include "core/store/sqlite_db.hpp"
#include "tests/ui/ui_test_support.hpp"
#include "tests/ui/busy_pool.hpp"
#include "tests/ui/main_window_fixture.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/session.hpp"
#include "ui/io/project_io.hpp"
#include "ui/models/summary_compare_model.hpp"
#include "ui/phases/phases_controller.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/style/color_mode.hpp"
#include "ui/views/duration_knob.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/scenario_panel.hpp"
#include "ui/views/summary_panel.hpp"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QToolButton>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <atomic>

using namespace clens;
using namespace clens::ui;

namespace {

constexpr int kWaitMs = 60000;

// The fake engine, counting the simulations it runs.
Engine countingEngine(std::shared_ptr<std::atomic<int>> count)
{
    Engine e = test::fakeEngine();
    e.simulate = [count, simulate = e.simulate](const SimInput& in, const Scenario& s, const ProgressFn& p) {
        ++*count;
        return simulate(in, s, p);
    };
    return e;
}

std::unique_ptr<MainWindow> makeWindow(const Engine& engine) { return test::makeMainWindow(engine, {1400, 900}); }

bool waitForViews(MainWindow& w)
{
    QSignalSpy updated(&w, &MainWindow::viewsUpdated);
    return updated.wait(kWaitMs);
}

// The same simulated outcome, job by job.
void compareResults(const SimResult& a, const SimResult& b)
{
    QCOMPARE(a.jobs.size(), b.jobs.size());
    for (std::size_t j = 0; j < a.jobs.size(); ++j) {
        QVERIFY(a.jobs[j].start_s == b.jobs[j].start_s);
        QVERIFY(a.jobs[j].end_s == b.jobs[j].end_s);
        QCOMPARE(a.jobs[j].queueDelay_s, b.jobs[j].queueDelay_s);
        QCOMPARE(a.jobs[j].fragmentationDelay_s, b.jobs[j].fragmentationDelay_s);
        QCOMPARE(a.jobs[j].servers, b.jobs[j].servers);
        QVERIFY(a.jobs[j].level == b.jobs[j].level);
    }
    QCOMPARE(a.occupancy.size(), b.occupancy.size());
    QCOMPARE(a.waits.size(), b.waits.size());
    QCOMPARE(a.summary.meanQueueDelay_s, b.summary.meanQueueDelay_s);
    QVERIFY(a.scenario == b.scenario);
}

double summaryValue(const MainWindow& w, SummaryCompareModel::Row row, int column)
{
    auto* m = w.summary()->model();
    return m->data(m->index(row, column), SummaryCompareModel::ValueRole).toDouble();
}

// A valid project whose schema version is set to `version` (as a newer ClusterLens would write).
void setUserVersion(const QString& path, int version)
{
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
    const std::string sql = "PRAGMA user_version = " + std::to_string(version);
    QCOMPARE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
}

} // namespace

class TestMainWindowProject : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

    // The demo with a pinned baseline (default knobs) and a current result with relax-to-any
    // "at once", saved to `path`. Returns the window that saved it.
    std::unique_ptr<MainWindow> saveDemoProject(const QString& path)
    {
        auto w = makeWindow(test::fakeEngine());
        w->openDemo();
        if (!waitForViews(*w))
            return nullptr;
        w->session()->pinBaseline();
        w->scenarioPanel()->relaxToAnyKnob()->slider()->setValue(0);
        if (!waitForViews(*w))
            return nullptr;
        QSignalSpy saved(w.get(), &MainWindow::projectSaved);
        w->saveProject(path);
        if (!w->isSaving() || !saved.wait(kWaitMs))
            return nullptr;
        return w;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("ClusterLensTest"));
        QApplication::setApplicationName(QStringLiteral("tst_main_window_project"));
        QVERIFY(dir_.isValid());
    }

    void saveThenOpenRestoresWithoutSimulating()
    {
        const QString path = dir_.filePath(QStringLiteral("demo.clens"));
        const auto saver = saveDemoProject(path);
        QVERIFY(saver);
        QCOMPARE(saver->projectPath(), path);
        QVERIFY(saver->windowTitle().contains(QStringLiteral("demo.clens")));
        QVERIFY(QFile::exists(path));
        QVERIFY(looksLikeProject(path));

        // A fresh window (nothing else loaded) opens it: no simulation runs.
        auto simulations = std::make_shared<std::atomic<int>>(0);
        const auto w = makeWindow(countingEngine(simulations));
        QSignalSpy runs(w->session()->runs(), &RunController::runStarted);
        QSignalSpy opened(w.get(), &MainWindow::projectOpened);
        QSignalSpy updated(w.get(), &MainWindow::viewsUpdated);
        w->openProject(path);
        QVERIFY(updated.wait(kWaitMs));
        QCOMPARE(opened.count(), 1);
        QCOMPARE(simulations->load(), 0);
        QCOMPARE(runs.count(), 0);
        QVERIFY(!w->session()->runs()->isBusy());

        // The trace and cluster.
        const Trace& savedTrace = *saver->session()->input().trace;
        const Trace& trace = *w->session()->input().trace;
        QCOMPARE(trace.jobs.size(), savedTrace.jobs.size());
        for (std::size_t j = 0; j < trace.jobs.size(); ++j)
            QCOMPARE(trace.jobs[j].id, savedTrace.jobs[j].id);
        QCOMPARE(w->heatmap()->topology()->gpuCount(), 16);
        // The knobs, in the panel and in the session.
        QVERIFY(w->scenarioPanel()->scenario().locality.relaxToAnyAfter_s == std::optional<std::int64_t>(0));
        QVERIFY(w->session()->scenario() == saver->session()->scenario());
        // Both results, job by job, and the comparison in the results panel.
        compareResults(*w->session()->current()->result, *saver->session()->current()->result);
        QVERIFY(w->session()->baseline());
        compareResults(*w->session()->baseline()->result, *saver->session()->baseline()->result);
        QCOMPARE(summaryValue(*w, SummaryCompareModel::FragmentationDelay, SummaryCompareModel::Change),
                 summaryValue(*saver, SummaryCompareModel::FragmentationDelay, SummaryCompareModel::Change));
        QVERIFY(summaryValue(*w, SummaryCompareModel::FragmentationDelay, SummaryCompareModel::Baseline) > 0);
        // The title names the project, and it is the first recent file.
        QVERIFY(w->windowTitle().contains(QStringLiteral("demo.clens")));
        QCOMPARE(w->projectPath(), path);
        QCOMPARE(QSettings().value(QStringLiteral("files/recent")).toStringList().value(0), path);

        // A knob change after opening simulates as usual.
        w->scenarioPanel()->relaxToAnyKnob()->slider()->setValue(w->scenarioPanel()->relaxToAnyKnob()->slider()->maximum());
        QVERIFY(waitForViews(*w));
        QCOMPARE(simulations->load(), 1);
        QVERIFY(w->isWindowModified());
    }

    void viewStateTravelsWithTheProject()
    {
        // The view state (docs/project-file.md): the time cursor, the selected job, the colour
        // mode, the page and the time window.
        const QString path = dir_.filePath(QStringLiteral("view.clens"));
        {
            auto w = makeWindow(test::fakeEngine());
            w->openDemo();
            QVERIFY(waitForViews(*w));
            w->session()->clock()->pause();
            w->session()->window()->show(300, 1500);
            w->session()->clock()->seek(600);
            w->session()->selectJob(5);
            w->setColorMode(ColorMode::Tenant);
            w->showPage(MainWindow::Page::Compare);
            QSignalSpy saved(w.get(), &MainWindow::projectSaved);
            w->saveProject(path);
            QVERIFY(saved.wait(kWaitMs));
        }
        const auto w = makeWindow(test::fakeEngine());
        QSignalSpy updated(w.get(), &MainWindow::viewsUpdated);
        w->openProject(path);
        QVERIFY(updated.wait(kWaitMs));
        QCOMPARE(w->session()->clock()->time(), std::int64_t{600});
        QCOMPARE(w->session()->window()->from(), std::int64_t{300});
        QCOMPARE(w->session()->window()->to(), std::int64_t{1500});
        QCOMPARE(w->session()->selectedJob(), 5);
        QVERIFY(w->heatmap()->colorMode() == ColorMode::Tenant);
        QVERIFY(w->currentPage() == MainWindow::Page::Compare);
    }

    void namedScenariosTravelWithTheProject()
    {
        auto w = makeWindow(test::fakeEngine());
        w->openDemo();
        QVERIFY(waitForViews(*w));
        QVERIFY(!w->keepScenarioAs(QStringLiteral("current"))); // the project's own knobs
        w->scenarioPanel()->relaxToAnyKnob()->slider()->setValue(0);
        QVERIFY(w->keepScenarioAs(QStringLiteral("relax at once")));
        auto* presets = w->findChild<QComboBox*>(QStringLiteral("presets"));
        QVERIFY(presets->findText(QStringLiteral("Project: relax at once")) > 0);
        QVERIFY(waitForViews(*w));
        w->applyScenario(Scenario{}); // back to the defaults before saving
        QVERIFY(waitForViews(*w));
        const QString path = dir_.filePath(QStringLiteral("named.clens"));
        QSignalSpy saved(w.get(), &MainWindow::projectSaved);
        w->saveProject(path);
        QVERIFY(saved.wait(kWaitMs));

        const auto again = makeWindow(test::fakeEngine());
        QSignalSpy opened(again.get(), &MainWindow::viewsUpdated);
        again->openProject(path);
        QVERIFY(opened.wait(kWaitMs));
        QCOMPARE(again->namedScenarios().size(), std::size_t(1));
        QCOMPARE(again->namedScenarios()[0].name, std::string("relax at once"));
        QVERIFY(again->session()->scenario().locality.relaxToAnyAfter_s == Scenario{}.locality.relaxToAnyAfter_s);
        // Choosing it from Presets… applies its knobs and simulates.
        auto* againPresets = again->findChild<QComboBox*>(QStringLiteral("presets"));
        const int item = againPresets->findText(QStringLiteral("Project: relax at once"));
        QVERIFY(item > 0);
        QSignalSpy updated(again.get(), &MainWindow::viewsUpdated);
        emit againPresets->activated(item);
        QVERIFY(again->scenarioPanel()->scenario().locality.relaxToAnyAfter_s == std::optional<std::int64_t>(0));
        QVERIFY(updated.wait(kWaitMs));
        QVERIFY(again->session()->current()->result->scenario.locality.relaxToAnyAfter_s == std::optional<std::int64_t>(0));
        // A new trace leaves the project's scenarios behind.
        again->openDemo();
        QVERIFY(updated.wait(kWaitMs));
        QVERIFY(again->namedScenarios().empty());
        QCOMPARE(againPresets->findText(QStringLiteral("Project: relax at once")), -1);
    }

    void savingKeepsTheGuiResponsive()
    {
        // The save runs on a worker: saveProject returns at once, and the window goes on
        // accepting knob changes while the file is written.
        auto w = makeWindow(test::fakeEngine());
        w->openDemo();
        QVERIFY(waitForViews(*w));
        const QString path = dir_.filePath(QStringLiteral("busy.clens"));
        QSignalSpy saved(w.get(), &MainWindow::projectSaved);
        w->saveProject(path);
        QVERIFY(w->isSaving());
        QCOMPARE(saved.count(), 0);
        w->scenarioPanel()->relaxToAnyKnob()->slider()->setValue(0);
        QVERIFY(saved.wait(kWaitMs));
        QVERIFY(!w->isSaving());
        QVERIFY(QFile::exists(path));
    }

    void refusedFilesKeepTheSession_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("headline");
        QTest::newRow("not a project") << "text" << "not a ClusterLens project";
        QTest::newRow("empty") << "empty" << "not a ClusterLens project";
        QTest::newRow("newer") << "newer" << "newer version of ClusterLens";
        QTest::newRow("truncated") << "truncated" << "damaged";
        QTest::newRow("missing") << "missing" << "cannot be opened";
    }

    void refusedFilesKeepTheSession()
    {
        QFETCH(QString, kind);
        QFETCH(QString, headline);
        const QString path = dir_.filePath(kind + QStringLiteral(".clens"));
        if (kind == QLatin1String("text")) {
            test::writeFile(dir_, (kind + QStringLiteral(".clens")).toStdString(), "job_id,vc\nj1,a\n");
        } else if (kind == QLatin1String("empty")) {
            test::writeFile(dir_, (kind + QStringLiteral(".clens")).toStdString(), "");
        } else if (kind != QLatin1String("missing")) {
            QVERIFY(saveDemoProject(path));
            if (kind == QLatin1String("newer")) {
                setUserVersion(path, 99);
            } else {
                QFile f(path);
                QVERIFY(f.open(QIODevice::ReadWrite));
                QVERIFY(f.resize(f.size() / 2));
            }
        }

        auto w = makeWindow(test::fakeEngine());
        w->openDemo();
        QVERIFY(waitForViews(*w));
        const auto shown = w->session()->current();
        const QString title = w->windowTitle();
        QSignalSpy failed(w.get(), &MainWindow::loadFailed);
        QSignalSpy opened(w.get(), &MainWindow::projectOpened);
        w->openProject(path);
        QVERIFY(failed.wait(kWaitMs));
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.contains(headline, Qt::CaseInsensitive), qPrintable(message));
        QVERIFY2(message.contains(path), qPrintable(message)); // the core's message names the file
        QCOMPARE(opened.count(), 0);
        // The session is as it was.
        QCOMPARE(w->session()->current(), shown);
        QCOMPARE(w->heatmap()->topology()->gpuCount(), 16);
        QCOMPARE(w->windowTitle(), title);
        QVERIFY(w->projectPath().isEmpty());
    }

    // A file whose saved knobs are gone falls back to the result's knobs, held to the scenario
    // file's rules: a damaged result (a negative server MTBF here) gives the default knobs and a
    // note, never a simulation with the damaged value.
    void damagedResultKnobsAreNotSimulated()
    {
        const QString path = dir_.filePath(QStringLiteral("damaged-knobs.clens"));
        QVERIFY(saveDemoProject(path));
        {
            store::Database db(path.toStdString(), store::Database::Mode::ReadWriteCreate);
            db.exec("DELETE FROM scenarios WHERE name = 'current'; UPDATE results SET sc_server_mtbf_h = -1");
        }
        const auto opened = readProject(test::fakeEngine(), path, {});
        QVERIFY2(opened.error.isEmpty(), qPrintable(opened.error));
        QCOMPARE(opened.scenario.failures.serverMtbf_h, Scenario{}.failures.serverMtbf_h);
        QVERIFY2(opened.notes.join(QLatin1Char('\n')).contains(QStringLiteral("knobs could not be used")),
                 qPrintable(opened.notes.join(QLatin1Char('\n'))));

        // Undamaged, the result's knobs are used as they are: relax-to-any "at once" (0 s).
        const QString intact = dir_.filePath(QStringLiteral("result-knobs.clens"));
        QVERIFY(saveDemoProject(intact));
        {
            store::Database db(intact.toStdString(), store::Database::Mode::ReadWriteCreate);
            db.exec("DELETE FROM scenarios WHERE name = 'current'");
        }
        const auto fine = readProject(test::fakeEngine(), intact, {});
        QVERIFY2(fine.notes.isEmpty(), qPrintable(fine.notes.join(QLatin1Char('\n'))));
        QCOMPARE(fine.scenario.locality.relaxToAnyAfter_s, std::optional<std::int64_t>(0));
    }

    void phasesRoundTripThroughTheProject()
    {
        // The Phases page's metrics and the model labelling them are saved with the project; a
        // fresh window shows the same phases with the saved model (not a retrained one).
        auto w = makeWindow(test::fakeEngine());
        w->openDemo();
        QVERIFY(waitForViews(*w));
        QSignalSpy ready(w->phasesPage(), &PhasesPage::phasesReady);
        w->openMetrics(QString::fromStdString(test::samplePath("ai4dl/sample-dlaas.csv")));
        QVERIFY(ready.wait(kWaitMs));
        const auto before = w->phasesPage()->controller()->data();
        QVERIFY(before && before->modelChoice.kind == ModelChoice::Kind::Train);
        const QString path = dir_.filePath(QStringLiteral("phases.clens"));
        QSignalSpy saved(w.get(), &MainWindow::projectSaved);
        w->saveProject(path);
        QVERIFY(saved.wait(kWaitMs));

        const auto v = makeWindow(test::fakeEngine());
        QSignalSpy restored(v->phasesPage(), &PhasesPage::phasesReady);
        v->openProject(path);
        QVERIFY(restored.wait(kWaitMs));
        const auto after = v->phasesPage()->controller()->data();
        QVERIFY(after->modelChoice.kind == ModelChoice::Kind::Given);
        QCOMPARE(after->metrics->containers.size(), before->metrics->containers.size());
        QCOMPARE(after->metrics->totalRows(), before->metrics->totalRows());
        QCOMPARE(after->model->k(), before->model->k());
        for (std::size_t c = 0; c < before->phases.containers.size(); ++c)
            QVERIFY(after->phases.containers[c].labels == before->phases.containers[c].labels);
        QVERIFY(v->phasesPage()->message().isEmpty() || !v->phasesPage()->message().startsWith(QStringLiteral("Error")));
        // Restoring is not a change; training another model is.
        QVERIFY(!v->isWindowModified());
        v->phasesPage()->train(3);
        QVERIFY(restored.wait(kWaitMs));
        QVERIFY(v->isWindowModified());
    }

    void cancelledSaveLeavesTheFileAsItWas()
    {
        // The save is queued behind busy workers, cancelled from the status bar, then let run:
        // it stops at its first progress report and the file on disk keeps its old bytes.
        auto w = makeWindow(test::fakeEngine());
        w->openDemo();
        QVERIFY(waitForViews(*w));
        const QString path = dir_.filePath(QStringLiteral("cancelled.clens"));
        {
            QFile old(path);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("old bytes");
        }
        test::BusyPool busy;
        QSignalSpy failed(w.get(), &MainWindow::saveFailed);
        w->saveProject(path);
        auto* cancel = w->findChild<QToolButton*>(QStringLiteral("cancelSave"));
        QVERIFY(cancel && !cancel->isHidden());
        cancel->click();
        busy.release();
        QVERIFY(failed.wait(kWaitMs));
        QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("cancelled"));
        QVERIFY(!w->isSaving());
        QVERIFY(cancel->isHidden());
        QVERIFY(w->projectPath().isEmpty());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("old bytes"));
        busy.wait();
    }

    // The report's figures are computed on a worker: the status bar's Cancel stops them, and no
    // file is written. The pool is held busy so the cancel comes before the work starts.
    void cancelledReportWritesNothing()
    {
        auto w = makeWindow(test::fakeEngine());
        w->openDemo();
        QVERIFY(waitForViews(*w));
        const QString path = dir_.filePath(QStringLiteral("cancelled.pdf"));
        test::BusyPool busy;
        QSignalSpy failed(w.get(), &MainWindow::reportFailed);
        QSignalSpy written(w.get(), &MainWindow::reportWritten);
        w->exportReport(path);
        auto* cancel = w->findChild<QToolButton*>(QStringLiteral("cancelSave"));
        QVERIFY(cancel && !cancel->isHidden());
        QVERIFY(cancel->toolTip().contains(QStringLiteral("report")));
        cancel->click();
        busy.release();
        QVERIFY(failed.wait(kWaitMs));
        QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("cancelled"));
        QCOMPARE(written.count(), 0);
        QVERIFY(cancel->isHidden());
        QVERIFY(!QFile::exists(path));
        busy.wait();

        // The next report is not cancelled by the last one's Cancel.
        QVERIFY(written.isEmpty());
        const QString next = dir_.filePath(QStringLiteral("next.pdf"));
        w->exportReport(next);
        QVERIFY(written.wait(kWaitMs));
        QVERIFY(QFile::exists(next));
    }

    void failedSaveSaysWhy()
    {
        auto w = makeWindow(test::fakeEngine());
        w->openDemo();
        QVERIFY(waitForViews(*w));
        const QString path = dir_.filePath(QStringLiteral("no/such/dir/p.clens"));
        QSignalSpy failed(w.get(), &MainWindow::saveFailed);
        w->saveProject(path);
        QVERIFY(failed.wait(kWaitMs));
        QVERIFY2(failed.at(0).at(0).toString().contains(path), qPrintable(failed.at(0).at(0).toString()));
        QVERIFY(!w->isSaving());
        QVERIFY(w->projectPath().isEmpty());
        QVERIFY(!QFile::exists(path));
    }
};

QTEST_MAIN(TestMainWindowProject)
#include "tst_main_window_project.moc"
