// The autoscaler in the cluster, end to end on the real core: with the Phases page's sample
// metrics and model as the demand, each autoscaler or power knob of the scenario panel
// re-simulates, and the results and the drawn cluster (map and timelines) change; the Phases
// page shows the simulated jobs' phases; a missing demand is explained, not thrown.
// Data: the teaching demo, and the first 600 jobs of the Philly sample on its machine list (the
// whole sample with the autoscaler takes minutes per run).
#include "tests/common/test_support.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/session.hpp"
#include "ui/phases/phase_graph_view.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/phases/simulated_cluster_box.hpp"
#include "ui/phases/simulated_phase_chart.hpp"
#include "ui/views/autoscaler_knobs.hpp"
#include "ui/views/duration_knob.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/power_knobs.hpp"
#include "ui/views/scenario_panel.hpp"
#include "ui/views/timeline_view.hpp"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFontMetrics>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <tuple>

using namespace clens;
using namespace clens::ui;

namespace {

constexpr int kWaitMs = 120000;

auto summaryKey(const SimSummary& s)
{
    return std::tuple(s.meanJct_s, s.makespan_s, s.cpuReservedCoreH, s.memReservedGbH, s.oomKills, s.throttled_s, s.energyKwh,
                      s.poweredServerH);
}

// The first `jobs` jobs of the Philly sample, so a run with the autoscaler takes seconds.
QString phillySubset(const QTemporaryDir& dir, int jobs)
{
    QFile in(test::sample("philly/philly_jobs_pollux.csv"));
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QByteArray out;
    for (int line = 0; line <= jobs && !in.atEnd(); ++line)
        out += in.readLine();
    const QString path = dir.filePath(QStringLiteral("philly_subset.csv"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(out) != out.size())
        return {};
    return path;
}

// Opens the bundled demo in `w` and waits until its first result is on screen.
bool openDemoAndWait(MainWindow& w)
{
    QSignalSpy updated(&w, &MainWindow::viewsUpdated);
    w.setDemoDir(test::sample("demo"));
    w.openDemo();
    return updated.wait(kWaitMs);
}

} // namespace

class TestGuiAutoscaler : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("ClusterLensTest"));
        QApplication::setApplicationName(QStringLiteral("tst_gui_autoscaler"));
    }

    void knobResimulatesAndRedraws_data()
    {
        QTest::addColumn<QString>("data");
        QTest::addColumn<QString>("knob");
        for (const char* data : {"demo", "philly"})
            for (const char* knob : {"sigma", "policy", "headroom", "idle off"})
                QTest::newRow(qPrintable(QStringLiteral("%1, %2").arg(data, knob))) << QString::fromLatin1(data)
                                                                                  << QString::fromLatin1(knob);
    }

    void knobResimulatesAndRedraws()
    {
        QFETCH(QString, data);
        QFETCH(QString, knob);
        QTemporaryDir dir;
        MainWindow w(coreEngine());
        w.setInteractive(false);
        w.resize(1400, 900);
        w.show();
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        if (data == QLatin1String("demo")) {
            w.setDemoDir(test::sample("demo"));
            w.openDemo();
            w.session()->clock()->pause();
        } else {
            const QString trace = phillySubset(dir, 600);
            QVERIFY(!trace.isEmpty());
            w.openTrace(trace, test::sample("philly/cluster_machine_list"));
        }
        QVERIFY(updated.wait(kWaitMs));

        // The Phases page's sample metrics, labelled by the reference model, are the demand.
        auto* page = w.phasesPage();
        QSignalSpy phasesReady(page, &PhasesPage::phasesReady);
        page->loadModel(QString::fromStdString(test::dataPath("ai4dl/ai4dl_pretrained_params.json")));
        page->openMetrics(test::sample("ai4dl/sample-dlaas.csv"));
        QVERIFY(phasesReady.wait(kWaitMs));
        QVERIFY(w.session()->input().demand);
        auto* knobs = w.scenarioPanel()->autoscalerKnobs();
        QVERIFY2(knobs->demandNote().contains(QStringLiteral("sample-dlaas.csv")), qPrintable(knobs->demandNote()));

        // Autoscaler on (phase walk, phase.rule) with node power, chosen in the panel.
        knobs->demandCombo()->setCurrentIndex(knobs->demandCombo()->findData(static_cast<int>(UsageModel::Phases)));
        w.scenarioPanel()->powerKnobs()->enabledCheck()->setChecked(true);
        QVERIFY(updated.wait(kWaitMs));
        QVERIFY(w.session()->scenario().autoscaler.usage == UsageModel::Phases);
        QVERIFY(!w.session()->current()->result->scaledRuns.empty());
        if (data == QLatin1String("demo"))
            w.setColorMode(ColorMode::CpuReserved); // the demo's servers have known CPU: the map shows reservations
        // All six timeline rows (GPUs, queue, free servers, CPU, memory, servers on) fit the
        // default "Over time" dock: at 60 px a row the last two were cut off, with no scroll bar.
        QApplication::processEvents();
        QCOMPARE(w.timelines()->extraRows().size(), std::size_t(3));
        QVERIFY2(w.timelines()->plot()->height() <= w.timelines()->height(),
                 qPrintable(QStringLiteral("plot %1 px in a view of %2 px").arg(w.timelines()->plot()->height()).arg(w.timelines()->height())));
        // Every row's data is drawn at least kMinRowDataHeight tall (the bottom row's was 12 px
        // under its time axis) and its rotated title fits beside it ("Memory" ran into the row
        // above): each line of it at most the row's height and the spacing around it.
        w.timelines()->plot()->replot();
        for (auto* rect : w.timelines()->plot()->axisRects()) {
            QVERIFY2(rect->rect().height() >= TimelineView::kMinRowDataHeight,
                     qPrintable(QStringLiteral("a row %1 px tall").arg(rect->rect().height())));
            const auto* axis = rect->axis(QCPAxis::atLeft);
            for (const auto& line : axis->label().split(QLatin1Char('\n')))
                QVERIFY2(QFontMetrics(axis->labelFont()).horizontalAdvance(line) <= rect->rect().height() + 8,
                         qPrintable(QStringLiteral("\"%1\" in a row %2 px tall").arg(line).arg(rect->rect().height())));
        }
        const auto& before = *w.session()->current()->result;
        const auto span = before.lastEvent_s - before.firstSubmit_s;
        w.session()->clock()->seek(before.firstSubmit_s + span / 3);
        QApplication::processEvents();
        const auto summaryBefore = summaryKey(before.summary);
        const QImage mapBefore = w.heatmap()->grab().toImage();
        const QImage timelinesBefore = w.timelines()->grab().toImage();
        const auto generation = w.session()->current()->generation;

        if (knob == QLatin1String("sigma")) {
            knobs->sigmaSpin()->setValue(0.0);
        } else if (knob == QLatin1String("policy")) {
            knobs->policyCombo()->setCurrentIndex(knobs->policyCombo()->findData(QStringLiteral("request")));
        } else if (knob == QLatin1String("headroom")) {
            knobs->headroomSpin()->setValue(100.0); // percent
        } else {
            auto* idleOff = w.scenarioPanel()->powerKnobs()->idleOffKnob();
            idleOff->slider()->setValue(0); // at once, from 30 min
            QCOMPARE(w.session()->scenario().power.idleOffAfter_s, std::int64_t(0));
        }
        QVERIFY(updated.wait(kWaitMs));
        QVERIFY(w.session()->current()->generation > generation);
        QApplication::processEvents();
        QVERIFY2(summaryKey(w.session()->current()->result->summary) != summaryBefore, "the results did not change");
        const QImage mapAfter = w.heatmap()->grab().toImage();
        const QImage timelinesAfter = w.timelines()->grab().toImage();
        QVERIFY2(mapAfter != mapBefore || timelinesAfter != timelinesBefore, "neither the map nor the timelines changed");
        QVERIFY2(timelinesAfter != timelinesBefore, "the timelines did not change");
    }

    void phasesPageShowsTheSimulatedJobs()
    {
        MainWindow w(coreEngine());
        w.setInteractive(false);
        w.resize(1400, 900);
        w.show();
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        w.setDemoDir(test::sample("demo"));
        w.openDemo();
        w.session()->clock()->pause();
        QVERIFY(updated.wait(kWaitMs));
        auto* page = w.phasesPage();
        auto* box = page->simulatedCluster();
        QVERIFY(!box->current()); // no autoscaled jobs yet
        QVERIFY(!w.session()->current()->phases); // nor an index of their phases
        QSignalSpy phasesReady(page, &PhasesPage::phasesReady);
        page->loadModel(QString::fromStdString(test::dataPath("ai4dl/ai4dl_pretrained_params.json")));
        page->openMetrics(test::sample("ai4dl/sample-dlaas.csv"));
        QVERIFY(phasesReady.wait(kWaitMs));

        QSignalSpy refreshed(box, &SimulatedClusterBox::refreshed);
        Scenario s = w.session()->scenario();
        s.autoscaler.usage = UsageModel::Phases;
        w.applyScenario(s);
        QVERIFY(updated.wait(kWaitMs));
        QTRY_VERIFY_WITH_TIMEOUT(box->current().has_value(), kWaitMs); // the chart is drawn in the background
        // The index came with the result's snapshot (built beside the state index), so the page
        // shows the result with the other views.
        QVERIFY(w.session()->current()->phases);
        QCOMPARE(w.session()->current()->phases->phaseCount(), 5);
        w.showPage(MainWindow::Page::Phases);
        // At 40 min the demo runs jobs on every GPU; each autoscaled job is in some phase.
        w.session()->clock()->seek(w.session()->current()->result->firstSubmit_s + 2400);
        QVERIFY(box->current()->runningTotal() > 0);
        QVERIFY(box->isVisible());
        QVERIFY(page->graphView()->showsSimulated());
        // The chart of jobs by phase over the run: as many stacked bands as phases, some jobs.
        QCOMPARE(box->chart()->graphCount(), 5); // the reference model has 5 phases
        double most = 0;
        for (int i = 0; i < 400; ++i)
            most = std::max(most, box->chart()->stackedTotal(i));
        QVERIFY(most > 0);
        QVERIFY2(box->summary().contains(QStringLiteral("autoscaled job")), qPrintable(box->summary()));
        const auto transitionsEarly = box->current()->transitionTotal();
        const QImage graphEarly = page->graphView()->grab().toImage();
        w.session()->clock()->seek(w.session()->current()->result->lastEvent_s);
        const auto transitionsLate = box->current()->transitionTotal();
        QVERIFY(transitionsLate > transitionsEarly);
        QVERIFY(page->graphView()->grab().toImage() != graphEarly);

        // Clicking the chart moves the cluster's time there (no trip to the Cluster page); a
        // drag follows the pointer. The chart's x axis is hours since the first submission, so
        // the pixel of 1 h is 3600 s after it, give or take a pixel's worth of seconds.
        auto* chart = box->chart();
        chart->replot();
        const auto origin = w.session()->current()->result->firstSubmit_s;
        const double secondsPerPixel = 3600.0 / (chart->xAxis->coordToPixel(1.0) - chart->xAxis->coordToPixel(0.0));
        const int y = chart->yAxis->axisRect()->center().y();
        QTest::mouseClick(chart, Qt::LeftButton, {}, QPoint(qRound(chart->xAxis->coordToPixel(1.0)), y));
        QVERIFY2(std::abs(static_cast<double>(w.session()->clock()->time() - origin - 3600)) <= secondsPerPixel,
                 qPrintable(QString::number(w.session()->clock()->time() - origin)));
        QVERIFY(box->current()->transitionTotal() < transitionsLate); // the box follows at once
        const QPointF half(chart->xAxis->coordToPixel(0.5), y);
        QMouseEvent drag(QEvent::MouseMove, half, chart->mapToGlobal(half), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(chart, &drag);
        QVERIFY(std::abs(static_cast<double>(w.session()->clock()->time() - origin - 1800)) <= secondsPerPixel);
        QVERIFY2(box->summary().contains(QStringLiteral("click the chart")), qPrintable(box->summary()));

        const QString shots = qEnvironmentVariable("CLENS_SCREENSHOT_DIR");
        if (!shots.isEmpty()) { // for docs/autoscaling-phases.png: at 40 min
            w.session()->clock()->seek(w.session()->current()->result->firstSubmit_s + 2400);
            page->grab().save(shots + QStringLiteral("/autoscaler-phases-page.png"));
            w.showPage(MainWindow::Page::Cluster);
            w.scenarioPanel()->autoscalerKnobs()->grab().save(shots + QStringLiteral("/autoscaler-knobs.png"));
            w.scenarioPanel()->powerKnobs()->grab().save(shots + QStringLiteral("/power-knobs.png"));
        }
        box->toggle()->setChecked(false);
        QVERIFY(!page->graphView()->showsSimulated());
    }

    // The preset needs a demand: on the demo with no metrics on the Phases page, it opens the
    // bundled AI4DL sample there, and the run with it succeeds.
    void autoscalerPresetOpensThePhasesSample()
    {
        MainWindow w(coreEngine());
        w.setInteractive(false);
        w.show();
        QVERIFY(openDemoAndWait(w));
        auto* presets = w.findChild<QComboBox*>(QStringLiteral("presets"));
        QVERIFY(presets);
        const int preset = presets->findText(QStringLiteral("Autoscaler: phase walk, phase.rule, node power"));
        QVERIFY(preset > 0);
        QSignalSpy phasesReady(w.phasesPage(), &PhasesPage::phasesReady);
        emit presets->activated(preset);
        QVERIFY(w.session()->scenario().autoscaler.usage == UsageModel::Phases);
        QVERIFY(phasesReady.wait(kWaitMs)); // the sample, labelled by a model trained on it
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->current() && !w.session()->current()->result->scaledRuns.empty(), kWaitMs);
        QVERIFY(w.session()->current()->result->scenario.power.enabled);
    }

    // A project keeps the autoscaled result and the phases; opening it shows the result without
    // simulating, takes the rebuilt demand, and the next knob change simulates with it.
    void projectKeepsTheAutoscaledSession()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("autoscaled.clens"));
        Scenario s;
        {
            MainWindow w(coreEngine());
            w.setInteractive(false);
            QVERIFY(openDemoAndWait(w));
            QSignalSpy updated(&w, &MainWindow::viewsUpdated);
            QSignalSpy phasesReady(w.phasesPage(), &PhasesPage::phasesReady);
            w.phasesPage()->loadModel(QString::fromStdString(test::dataPath("ai4dl/ai4dl_pretrained_params.json")));
            w.phasesPage()->openMetrics(test::sample("ai4dl/sample-dlaas.csv"));
            QVERIFY(phasesReady.wait(kWaitMs));
            s = w.session()->scenario();
            s.autoscaler.usage = UsageModel::Metrics;
            s.autoscaler.policy = "prev.step.rules";
            s.autoscaler.sigma = 1.5;
            s.power.enabled = true;
            s.power.idleOffAfter_s = 600;
            w.applyScenario(s);
            QVERIFY(updated.wait(kWaitMs));
            QSignalSpy saved(&w, &MainWindow::projectSaved);
            w.saveProject(path);
            QVERIFY(saved.wait(kWaitMs));
        }
        MainWindow opened(coreEngine());
        opened.setInteractive(false);
        QSignalSpy runs(opened.session()->runs(), &RunController::runStarted);
        QSignalSpy shown(&opened, &MainWindow::viewsUpdated);
        QSignalSpy phasesReady(opened.phasesPage(), &PhasesPage::phasesReady);
        opened.openProject(path);
        QVERIFY(shown.wait(kWaitMs));
        QVERIFY(opened.session()->scenario() == s);
        QVERIFY(opened.scenarioPanel()->scenario() == s);
        QVERIFY(!opened.session()->current()->result->scaledRuns.empty());
        if (phasesReady.isEmpty())
            QVERIFY(phasesReady.wait(kWaitMs));
        QVERIFY(opened.session()->input().demand);
        QCOMPARE(runs.count(), 0); // neither the open nor the rebuilt demand simulated
        const auto stored = summaryKey(opened.session()->current()->result->summary);

        QSignalSpy failed(opened.session()->runs(), &RunController::runFailed);
        opened.scenarioPanel()->autoscalerKnobs()->sigmaSpin()->setValue(0.0);
        QVERIFY(shown.wait(kWaitMs));
        QVERIFY(failed.isEmpty());
        QCOMPARE(opened.session()->current()->result->scenario.autoscaler.sigma, 0.0);
        QVERIFY(summaryKey(opened.session()->current()->result->summary) != stored);
    }

    // While the Phases page computes the demand (the autoscaler preset opens the AI4DL sample
    // there), a run that failed for want of it is no error: the next run comes with the demand.
    // Once the page is idle the same failure is shown.
    void aRunBeforeTheDemandIsReadyIsNoError()
    {
        MainWindow w(coreEngine());
        w.setInteractive(false);
        w.show();
        QVERIFY(openDemoAndWait(w));
        Scenario s = w.session()->scenario();
        s.autoscaler.usage = UsageModel::Phases;
        w.session()->setScenario(s);
        auto* banner = w.findChild<QLabel*>(QStringLiteral("errorBanner"));
        QVERIFY(banner && !banner->isVisible());
        QSignalSpy ready(w.phasesPage(), &PhasesPage::phasesReady);
        w.phasesPage()->openMetrics(QStringLiteral(CLENS_SAMPLE_DIR "/ai4dl/sample-dlaas.csv"));
        QVERIFY(w.phasesPage()->busy());
        const QString message = QStringLiteral("Autoscaler: demand 'phases' needs container metrics");
        emit w.session()->runs()->runFailed(w.session()->runs()->generation(), message);
        QVERIFY(!banner->isVisible());
        QVERIFY(ready.wait(kWaitMs));
        QTRY_VERIFY_WITH_TIMEOUT(!w.phasesPage()->busy(), kWaitMs);
        emit w.session()->runs()->runFailed(w.session()->runs()->generation(), message);
        QVERIFY(banner->isVisible());
        QVERIFY(banner->text().contains(message));
    }

    void missingDemandIsExplained()
    {
        MainWindow w(coreEngine());
        w.setInteractive(false);
        w.show();
        QVERIFY(openDemoAndWait(w));
        auto* knobs = w.scenarioPanel()->autoscalerKnobs();
        QVERIFY(knobs->demandNote().contains(QStringLiteral("Phases page")));
        QSignalSpy failed(w.session()->runs(), &RunController::runFailed);
        knobs->demandCombo()->setCurrentIndex(knobs->demandCombo()->findData(static_cast<int>(UsageModel::Metrics)));
        QVERIFY(failed.wait(kWaitMs));
        const QString message = failed.first().at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("Phases page")), qPrintable(message));
        auto* banner = w.findChild<QLabel*>(QStringLiteral("errorBanner"));
        QVERIFY(banner && banner->isVisible());
        QVERIFY2(knobs->demandNote().contains(QStringLiteral("Needs container metrics")), qPrintable(knobs->demandNote()));
    }
};

QTEST_MAIN(TestGuiAutoscaler)
#include "tst_gui_autoscaler.moc"
