// The window on the real simulation core and the teaching demo: the "done when" of the GUI
// issue. Dragging "relax to any after" to "at once" removes all fragmentation delay (any
// placement is allowed at once, so enough free GPUs always means a placement), the heatmap
// shows a different cluster at the same instant, and the inspector says why j05 waited.
#include "tests/common/test_support.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/session.hpp"
#include "ui/io/scenario_files.hpp"
#include "ui/models/summary_compare_model.hpp"
#include "ui/views/duration_knob.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/inspector_panel.hpp"
#include "ui/views/queue_knobs.hpp"
#include "ui/views/scenario_panel.hpp"
#include "ui/views/summary_panel.hpp"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QToolButton>
#include <QTemporaryDir>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <limits>
#include <memory>

using namespace clens;
using namespace clens::ui;

namespace {
// Opens the demo in w on the real core, non-interactive, and waits for its first result
// (`updated` spies on w's viewsUpdated); false when it never came.
bool openDemoIn(MainWindow& w, QSignalSpy& updated)
{
    w.setInteractive(false);
    w.setDemoDir(QString::fromStdString(test::samplePath("demo")));
    w.openDemo();
    return updated.wait(20000);
}

// A window on the real core showing the demo's first result (null if it never came).
std::unique_ptr<MainWindow> openDemoWindow()
{
    auto w = std::make_unique<MainWindow>(coreEngine());
    QSignalSpy updated(w.get(), &MainWindow::viewsUpdated);
    return openDemoIn(*w, updated) ? std::move(w) : nullptr;
}
} // namespace

class TestGuiWithEngine : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("ClusterLensTest"));
        QApplication::setApplicationName(QStringLiteral("tst_gui_with_engine"));
    }

    void everyPresetIsAValidScenario()
    {
        MainWindow w(coreEngine()); // registers the resources
        QFile index(QStringLiteral(":/presets/index.json"));
        QVERIFY(index.open(QIODevice::ReadOnly));
        const auto entries = QJsonDocument::fromJson(index.readAll()).object().value(QStringLiteral("presets")).toArray();
        QVERIFY(entries.size() >= 5);
        const auto presets = scenarioPresets();
        QCOMPARE(presets.size(), static_cast<std::size_t>(entries.size())); // none was skipped as invalid
        for (const auto& p : presets)
            QVERIFY2(!p.description.isEmpty(), qPrintable(p.name));
    }

    // A Slurm export with the accounts' GrpTRES limits (--quotas, or the import dialog): they
    // become strict VC quotas of the scenario, the import notes say so, and the next run uses
    // them. sacctmgr_assoc.txt: nlp 40 GPUs, speech 8, vision 24.
    void slurmQuotasBecomeTheScenariosQuotas()
    {
        MainWindow w(coreEngine());
        w.setInteractive(false);
        w.setImportQuotas(QString::fromStdString(test::samplePath("slurm/sacctmgr_assoc.txt")));
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        w.openTrace(QString::fromStdString(test::samplePath("slurm/sacct_jobs.txt")));
        QVERIFY(updated.wait(20000));
        const auto& q = w.session()->scenario().quota;
        QVERIFY(q.mode == QuotaMode::Strict);
        QCOMPARE(q.vcGpus.at("nlp"), std::int64_t{40});
        QCOMPARE(q.vcGpus.at("speech"), std::int64_t{8});
        QCOMPARE(q.vcGpus.at("vision"), std::int64_t{24});
        QVERIFY(w.importNotes().join('\n').contains(QStringLiteral("quota.mode none became strict")));
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->current() && w.session()->current()->result->scenario.quota.mode == QuotaMode::Strict, 20000);
    }

    // A new trace opens where its first job holds a GPU: the Kubernetes sample's first pods
    // (kube-system, no GPU) came five days before its GPU jobs, and the map opened empty. The
    // demo's first job starts at its first submission: it opens there.
    void aNewTraceOpensAtItsFirstActivity_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("cluster");
        QTest::addColumn<bool>("laterThanTheFirstSubmission");
        QTest::newRow("kubernetes sample") << QString::fromStdString(test::samplePath("kubernetes/pods.json"))
                                           << QString::fromStdString(test::samplePath("kubernetes/nodes.json")) << true;
        QTest::newRow("demo") << QString::fromStdString(test::samplePath("demo/jobs.csv"))
                              << QString::fromStdString(test::samplePath("demo/cluster.csv")) << false;
    }

    void aNewTraceOpensAtItsFirstActivity()
    {
        QFETCH(QString, trace);
        QFETCH(QString, cluster);
        QFETCH(bool, laterThanTheFirstSubmission);
        MainWindow w(coreEngine());
        w.setInteractive(false);
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        w.openTrace(trace, cluster);
        QVERIFY(updated.wait(20000));
        const auto& r = *w.session()->current()->result;
        std::int64_t firstGpuStart = std::numeric_limits<std::int64_t>::max();
        for (const auto& job : r.jobs)
            if (job.start_s && job.allocatedGpus > 0)
                firstGpuStart = std::min(firstGpuStart, *job.start_s);
        QCOMPARE(w.session()->clock()->time(), firstGpuStart);
        QCOMPARE(firstGpuStart > r.firstSubmit_s, laterThanTheFirstSubmission);
        QVERIFY(w.session()->state().gpu.end() != std::find(w.session()->state().gpu.begin(), w.session()->state().gpu.end(), GpuState::Busy));
        // The timelines show the activity: the Kubernetes sample's GPU jobs come about five of
        // its six days in (a lead-in over a tenth of the span), so its window starts a twentieth
        // of the rest before them and ends with the span; the demo's first job starts at once.
        const auto* window = w.session()->window();
        QCOMPARE(window->to(), window->spanEnd());
        QCOMPARE(window->zoomed(), laterThanTheFirstSubmission);
        if (laterThanTheFirstSubmission)
            QCOMPARE(window->from(), firstGpuStart - (window->spanEnd() - firstGpuStart) / 20);
        else
            QCOMPARE(window->from(), window->spanBegin());
    }

    void theWindowAProjectWasSavedWithComesBack_data()
    {
        QTest::addColumn<bool>("wholeTrace");
        QTest::newRow("the whole trace") << true;   // saved as no window (docs/project-file.md)
        QTest::newRow("the opening window") << false; // saved as the window it is
    }

    void theWindowAProjectWasSavedWithComesBack()
    {
        // The Kubernetes sample opens on its active day (openingWindow), but a project saved while
        // the whole trace was shown reopens showing the whole trace.
        QFETCH(bool, wholeTrace);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("k8s.clens"));
        std::int64_t from = 0, to = 0;
        {
            MainWindow w(coreEngine());
            w.setInteractive(false);
            QSignalSpy updated(&w, &MainWindow::viewsUpdated);
            w.openTrace(QString::fromStdString(test::samplePath("kubernetes/pods.json")),
                        QString::fromStdString(test::samplePath("kubernetes/nodes.json")));
            QVERIFY(updated.wait(20000));
            QVERIFY(w.session()->window()->zoomed());
            if (wholeTrace)
                w.session()->window()->showAll();
            from = w.session()->window()->from();
            to = w.session()->window()->to();
            QSignalSpy saved(&w, &MainWindow::projectSaved);
            w.saveProject(path);
            QVERIFY(saved.wait(20000));
        }
        MainWindow opened(coreEngine());
        opened.setInteractive(false);
        QSignalSpy shown(&opened, &MainWindow::viewsUpdated);
        opened.openProject(path);
        QVERIFY(shown.wait(20000));
        QCOMPARE(opened.session()->window()->zoomed(), !wholeTrace);
        QCOMPARE(opened.session()->window()->from(), from);
        QCOMPARE(opened.session()->window()->to(), to);
    }

    void relaxKnobRemovesFragmentationDelay()
    {
        MainWindow w(coreEngine());
        w.resize(1400, 900);
        w.show();
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        QVERIFY(openDemoIn(w, updated));
        auto* summary = w.summary()->model();
        const auto fragmentation = [&] {
            return summary->data(summary->index(SummaryCompareModel::FragmentationDelay, SummaryCompareModel::Current),
                                 SummaryCompareModel::ValueRole)
                .toDouble();
        };
        QVERIFY2(fragmentation() > 0, "the demo is built so that j05 waits for fragmentation by default");
        // The status bar words the mean wait and the largest cause per job as the results table
        // does (per job, the demo's capacity waits outweigh its fragmentation). Neither is whole
        // (j05's 20 min and j07's 19 min 32 s of fragmentation over 24 jobs): the status bar used
        // to truncate where the table rounds.
        const auto shown = [&](SummaryCompareModel::Row row) {
            return summary->data(summary->index(row, SummaryCompareModel::Current)).toString();
        };
        QVERIFY2(w.statusText().contains(QStringLiteral("mean wait %1 ").arg(shown(SummaryCompareModel::MeanDelay))), qPrintable(w.statusText()));
        QCOMPARE(SummaryCompareModel::largestCause(w.session()->current().get()), SummaryCompareModel::CapacityDelay);
        QVERIFY2(w.statusText().contains(QStringLiteral("capacity %1 per job").arg(shown(SummaryCompareModel::CapacityDelay))),
                 qPrintable(w.statusText()));

        // j05 (4 GPUs at 120 s) cannot get one server while j01..j04 hold 3 GPUs of each.
        const auto& trace = *w.session()->input().trace;
        std::int32_t j05 = -1;
        for (std::size_t j = 0; j < trace.jobs.size(); ++j)
            if (trace.jobs[j].id == "j05")
                j05 = static_cast<std::int32_t>(j);
        w.session()->selectJob(j05);
        // The README's teacher story: j05 waits 20 min for fragmentation (every server keeps one
        // GPU free until `any` is allowed at 120 + 1800 s, and the last 10 min are capacity).
        const QString why = w.inspector()->whyText();
        QVERIFY2(why.contains(QStringLiteral("20 min")) && why.contains(QStringLiteral("fragmentation")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("10 min")) && why.contains(QStringLiteral("capacity")), qPrintable(why));
        const auto& j05Before = w.session()->current()->result->jobs[static_cast<std::size_t>(j05)];
        QCOMPARE(j05Before.fragmentationDelay_s, std::int64_t{1200});
        QCOMPARE(j05Before.capacityDelay_s, std::int64_t{600});

        w.session()->clock()->seek(600);
        const ClusterState before = w.heatmap()->state();
        w.scenarioPanel()->relaxToAnyKnob()->slider()->setValue(0); // "at once"
        QVERIFY(updated.wait(20000));
        QCOMPARE(fragmentation(), 0.0);
        QCOMPARE(w.session()->clock()->time(), std::int64_t(600));
        QVERIFY(w.heatmap()->state().job != before.job); // j05 runs at 600 s now
        // "j05 starts at 2 min": submitted at 120 s, placed across servers at once.
        QCOMPARE(w.session()->current()->result->jobs[static_cast<std::size_t>(j05)].start_s.value_or(-1), std::int64_t{120});
        QVERIFY2(w.inspector()->whyText().contains(QStringLiteral("as soon as it was submitted")), qPrintable(w.inspector()->whyText()));
    }

    void queuePolicyKnobReschedules()
    {
        // The Queue order group re-simulates like every other knob: on the demo, las (preemptive)
        // cuts the mean queueing delay (CLI: fifo 1,049 s, las 467 s with 8 preemptions) and
        // the inspector of a preempted job says so.
        const auto window = openDemoWindow();
        QVERIFY(window);
        MainWindow& w = *window;
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        auto* summary = w.summary()->model();
        const auto meanDelay = [&] {
            return summary->data(summary->index(SummaryCompareModel::MeanDelay, SummaryCompareModel::Current),
                                 SummaryCompareModel::ValueRole)
                .toDouble();
        };
        const double fifo = meanDelay();
        auto* combo = w.scenarioPanel()->queueKnobs()->policyCombo();
        combo->setCurrentIndex(combo->findData(static_cast<int>(QueuePolicyKind::Las)));
        QVERIFY(updated.wait(20000));
        QVERIFY(w.session()->scenario().queue.policy == QueuePolicyKind::Las);
        QVERIFY2(meanDelay() < fifo, qPrintable(QStringLiteral("%1 vs %2").arg(meanDelay()).arg(fifo)));
        const auto& result = *w.session()->current()->result;
        std::int32_t preempted = -1;
        for (const auto& j : result.jobs)
            if (j.preemptions > 0)
                preempted = j.job;
        QVERIFY(preempted >= 0);
        w.session()->selectJob(preempted);
        QVERIFY2(w.inspector()->whyText().contains(QStringLiteral("preempted")), qPrintable(w.inspector()->whyText()));
        // A las victim ran in a higher queue than the job that took its GPUs: it re-queued there.
        const auto key = result.jobs[static_cast<std::size_t>(preempted)].queueKey;
        QVERIFY(key >= 1);
        QVERIFY2(w.inspector()->fieldText(QStringLiteral("Queue")).startsWith(QStringLiteral("<b>queue %1</b>").arg(key)),
                 qPrintable(w.inspector()->fieldText(QStringLiteral("Queue"))));
    }

    void projectWithTheRealCoreOpensWithoutSimulating()
    {
        // The core's own results survive the project file exactly enough that opening one does
        // not re-simulate: the stored result's knobs are the saved knobs.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("demo.clens"));
        const auto window = openDemoWindow();
        QVERIFY(window);
        MainWindow& w = *window;
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        w.session()->pinBaseline();
        Scenario s = w.session()->scenario();
        s.quota.mode = QuotaMode::Borrow;
        s.autoscaler.sigma = 3.0;
        w.applyScenario(s);
        QVERIFY(updated.wait(20000));
        QSignalSpy saved(&w, &MainWindow::projectSaved);
        w.saveProject(path);
        QVERIFY(saved.wait(20000));

        MainWindow opened(coreEngine());
        opened.setInteractive(false);
        QSignalSpy runs(opened.session()->runs(), &RunController::runStarted);
        QSignalSpy shown(&opened, &MainWindow::viewsUpdated);
        opened.openProject(path);
        QVERIFY(shown.wait(20000));
        QCOMPARE(runs.count(), 0);
        QVERIFY(!opened.session()->runs()->isBusy());
        QVERIFY(opened.session()->scenario() == s);
        QVERIFY(opened.session()->current()->result->scenario.quota.mode == QuotaMode::Borrow);
        QCOMPARE(opened.session()->current()->result->summary.meanQueueDelay_s,
                 w.session()->current()->result->summary.meanQueueDelay_s);
        QVERIFY(opened.session()->baseline());
        QVERIFY(opened.session()->baseline()->result->scenario.quota.mode == QuotaMode::None);
    }

    void jobsThatCanNeverStartAreSaid()
    {
        // Demo: VC vision's jobs j01 and j04 ask 3 GPUs each. Under a strict quota of 2 GPUs for
        // vision they can never start: the "Run notes" button says so, naming j01, and goes away
        // when the quota does.
        MainWindow w(coreEngine());
        w.show();
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        QVERIFY(openDemoIn(w, updated));
        auto* button = w.findChild<QToolButton*>(QStringLiteral("runNotes"));
        QVERIFY(button);
        QVERIFY(w.runNotes().isEmpty());
        QVERIFY(button->isHidden());

        Scenario tight;
        tight.quota.mode = QuotaMode::Strict;
        tight.quota.vcGpus["vision"] = 2;
        w.scenarioPanel()->setScenario(tight);
        w.session()->setScenario(tight);
        QVERIFY(updated.wait(20000));
        QVERIFY2(w.runNotes().size() == 1 && w.runNotes().front().contains(QStringLiteral("can never start"))
                     && w.runNotes().front().contains(QStringLiteral("e.g. j01 asks 3 GPUs")),
                 qPrintable(w.runNotes().join('\n')));
        QVERIFY(!button->isHidden());
        QVERIFY(button->text().endsWith(QStringLiteral("(1)")));

        w.findChild<QPushButton*>(QStringLiteral("clearQuotas"))->click();
        QVERIFY(updated.wait(20000));
        QVERIFY(w.runNotes().isEmpty());
        QVERIFY(button->isHidden());
    }

    void rejectedScenarioIsShownAndRecoverable()
    {
        MainWindow w(coreEngine());
        w.show();
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        QVERIFY(openDemoIn(w, updated));
        auto* banner = w.findChild<QLabel*>(QStringLiteral("errorBanner"));
        QVERIFY(banner);
        QVERIFY(banner->isHidden());
        const auto good = w.session()->current();

        // A quota for a VC the demo does not have: the core refuses, the window says why
        // and keeps showing the last good result.
        QSignalSpy failed(w.session()->runs(), &RunController::runFailed);
        Scenario bad;
        bad.quota.mode = QuotaMode::Strict;
        bad.quota.vcGpus["ghost"] = 4;
        w.scenarioPanel()->setScenario(bad);
        w.session()->setScenario(bad);
        QVERIFY(failed.wait(20000));
        QVERIFY(!banner->isHidden());
        QVERIFY2(banner->text().contains(QStringLiteral("ghost")), qPrintable(banner->text()));
        QCOMPARE(w.session()->current(), good);

        // "Clear all quotas" recovers.
        auto* clear = w.findChild<QPushButton*>(QStringLiteral("clearQuotas"));
        QVERIFY(clear);
        clear->click();
        QVERIFY(updated.wait(20000));
        QVERIFY(banner->isHidden());
        QVERIFY(w.session()->current()->result->scenario.quota.vcGpus.empty());
    }
};

QTEST_MAIN(TestGuiWithEngine)
#include "tst_gui_with_engine.moc"
