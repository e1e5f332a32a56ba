// The Phases page: loading and training in the background, re-scoring on knob changes
// (debounced), stale results dropped, errors shown instead of thrown, item models, rendering and
// export. Results are compared with the core pipeline run directly on the same inputs.
#include "tests/common/test_support.hpp"

#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/autoscaler.hpp"
#include "core/phases/phase_model.hpp"
#include "core/phases/phase_model_json.hpp"
#include "ui/phases/container_table_model.hpp"
#include "ui/phases/phase_graph_view.hpp"
#include "ui/phases/phase_summary_model.hpp"
#include "ui/phases/phase_usage_plot.hpp"
#include "ui/phases/phases_controller.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/phases/policy_score_model.hpp"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace clens;
using namespace clens::ui;

namespace {

const QString kSample = QString::fromStdString(test::samplePath("ai4dl/sample-dlaas.csv"));
constexpr int kWaitMs = 60000; // generous: the machine is shared; tests wait on signals, not on time

// The page's numbers must be the core's: run the pipeline directly.
AutoscaleResult directScores(std::uint64_t seed, const AutoscaleConfig& config)
{
    const auto metrics = readAi4dlMetrics(kSample.toStdString());
    PhaseTrainOptions options;
    options.seed = seed;
    const auto model = trainPhaseModel(metrics, options);
    const auto phases = assignPhases(model, metrics);
    return scoreAutoscaling(metrics, phases, model.phaseStats, config);
}

double cell(const QAbstractItemModel& model, int row, int column)
{
    return model.data(model.index(row, column), Qt::UserRole).toDouble();
}

int rowOf(ScalingPolicy p) { return static_cast<int>(policyIndex(p)); }

// The simulated cluster's graph of the Philly sample with the autoscaler preset at Sep 27 21:04:
// 5 phases, every one of the 17 transitions (5 loops, 12 arrows) at least 5 % of its row, so
// each has a label ("15,784", "stay 63,769").
SimulatedPhases phillyPresetPhases()
{
    SimulatedPhases sim;
    sim.running = {35, 12, 15, 11, 68};
    sim.transitions = {{12249, 1762, 0, 4922, 0},
                       {4000, 1762, 9432, 0, 1300},
                       {0, 6831, 3871, 0, 2628},
                       {0, 1848, 0, 1827, 2651},
                       {5511, 15784, 6683, 0, 63769}};
    return sim;
}

// Opens the sample and waits until the page shows scores.
bool loadSample(PhasesPage& page)
{
    QSignalSpy scored(&page, &PhasesPage::scoresReady);
    page.openMetrics(kSample);
    return scored.wait(kWaitMs);
}

// Waits until spy has at least n emissions.
bool waitFor(QSignalSpy& spy, int n)
{
    while (spy.count() < n)
        if (!spy.wait(kWaitMs))
            return false;
    return true;
}

} // namespace

class TestPhasesPage : public QObject {
    Q_OBJECT
private slots:
    void loadsTrainsAndShowsContainers();
    void sigmaChangeRescoresDebounced();
    void staleScoresAreDropped();
    void staleAnalysisIsDropped();
    void modelsPassTheTester();
    void badInputShowsAnError_data();
    void badInputShowsAnError();
    void scenarioPanelDrivesThePage();
    void savedModelLoadsBack();
    void referenceModelLoads();
    void containersSortAndFilter();
    void cancelKeepsNothingStale();
    void rendersNonBlank();
    void restoreKeepsTheProjectsPhases();
    void restoreWithAnUnreadableModelTrains();
    void loopLabelsClearTheirLoops_data();
    void loopLabelsClearTheirLoops();
    void loopLabelsStayInsideThePlot_data();
    void loopLabelsStayInsideThePlot();
    void graphLabelsNeverOverlap_data();
    void graphLabelsNeverOverlap();
    void graphEnlargesOnDoubleClick();
    void exportsChart_data();
    void exportsChart();
};

void TestPhasesPage::loadsTrainsAndShowsContainers()
{
    PhasesPage page;
    // Nothing open: a sentence, not empty axes (which were squashed, their title clipped).
    QVERIFY(!page.showsUsageChart());
    QVERIFY(page.chartPlaceholder().contains(QLatin1String("Open metrics")));
    auto* train = page.findChild<QPushButton*>(QStringLiteral("trainButton"));
    QVERIFY(train);
    QVERIFY(!train->isEnabled()); // nothing to train on
    QSignalSpy phases(&page, &PhasesPage::phasesReady);
    QVERIFY(loadSample(page));
    QCOMPARE(phases.count(), 1);
    QVERIFY(page.showsUsageChart());
    QVERIFY(train->isEnabled());
    QVERIFY(page.message().indexOf(QLatin1String("Error")) < 0);

    // sample-dlaas.csv: exec1..exec4 with 65/52/59/28 samples.
    auto* containers = page.containerModel();
    QCOMPARE(containers->rowCount(), 4);
    const QStringList pods{"exec1", "exec2", "exec3", "exec4"};
    const QList<int> steps{65, 52, 59, 28};
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(containers->data(containers->index(r, ContainerTableModel::Container)).toString(), pods[r]);
        QCOMPARE(containers->data(containers->index(r, ContainerTableModel::Steps)).toInt(), steps[r]);
    }
    QCOMPARE(page.selectedContainer(), 0);
    QVERIFY(page.usagePlot()->showsAllocation());
    QVERIFY(page.usagePlot()->titleText().startsWith(QLatin1String("exec1")));

    // 5 phases (default k), shares of the phased steps sum to 1.
    auto* phaseRows = page.phaseModel();
    QCOMPARE(phaseRows->rowCount(), 5);
    double share = 0;
    for (int r = 0; r < 5; ++r)
        share += cell(*phaseRows, r, PhaseSummaryModel::Share);
    QVERIFY(std::abs(share - 1.0) < 1e-9);

    // The table shows what the core computes for seed 1 with the default knobs.
    const auto expected = directScores(1, AutoscaleConfig{});
    auto* table = page.scoreModel();
    QCOMPARE(table->rowCount(), 5);
    for (int r = 0; r < 5; ++r) {
        const auto& s = expected.scores[static_cast<std::size_t>(r)];
        QCOMPARE(table->data(table->index(r, PolicyScoreModel::Policy), Qt::UserRole).toString(),
                 QString::fromUtf8(scalingPolicyName(s.policy).data()));
        QCOMPARE(cell(*table, r, PolicyScoreModel::CpuAllocCoreH), s.cpuAllocCoreH);
        QCOMPARE(cell(*table, r, PolicyScoreModel::CpuUsedCoreH), s.cpuUsedCoreH);
        QCOMPARE(cell(*table, r, PolicyScoreModel::CpuUnderPct), s.cpuUnderPct);
        QCOMPARE(cell(*table, r, PolicyScoreModel::MemUnderPct), s.memUnderPct);
        QCOMPARE(cell(*table, r, PolicyScoreModel::MemSavingsPct), s.memSavingsPct);
    }
    // The selected policy (phase.rule by default) is highlighted.
    const auto font = [&](int row) { return table->data(table->index(row, 0), Qt::FontRole).value<QFont>(); };
    QVERIFY(font(rowOf(ScalingPolicy::PhaseRule)).bold());
    QVERIFY(!font(rowOf(ScalingPolicy::PrevStepMax)).bold());

    // Per-container under-provisioned counts add up to the table's.
    const auto& phaseRule = expected.scores[policyIndex(ScalingPolicy::PhaseRule)];
    qulonglong cpuUnder = 0;
    for (int r = 0; r < 4; ++r)
        cpuUnder += containers->data(containers->index(r, ContainerTableModel::CpuUnder), Qt::UserRole).toULongLong();
    QCOMPARE(cpuUnder, static_cast<qulonglong>(phaseRule.cpuUnderSteps));
}

void TestPhasesPage::sigmaChangeRescoresDebounced()
{
    PhasesPage page;
    QVERIFY(loadSample(page));
    const int rules = rowOf(ScalingPolicy::PrevStepRules), max = rowOf(ScalingPolicy::PrevStepMax);
    const double rulesBefore = cell(*page.scoreModel(), rules, PolicyScoreModel::CpuAllocCoreH);
    const double maxBefore = cell(*page.scoreModel(), max, PolicyScoreModel::CpuAllocCoreH);

    QSignalSpy scored(&page, &PhasesPage::scoresReady);
    QSignalSpy edited(&page, &PhasesPage::autoscalerEdited);
    QSignalSpy dropped(page.controller(), &PhasesController::staleResultDropped);
    // Three quick edits (as typing or spinning would make): one scoring, with the last value.
    page.sigmaSpin()->setValue(1.0);
    page.sigmaSpin()->setValue(1.5);
    page.sigmaSpin()->setValue(0.5);
    QCOMPARE(edited.count(), 3);
    QCOMPARE(edited.last().at(0).value<Scenario::Autoscaler>().sigma, 0.5);
    QVERIFY(scored.wait(kWaitMs));
    QVERIFY(!page.busy());
    QCOMPARE(scored.count(), 1);
    QCOMPARE(dropped.count(), 0); // debounced, not started and dropped

    AutoscaleConfig c;
    c.sigma = 0.5;
    const auto expected = directScores(1, c);
    const double rulesAfter = cell(*page.scoreModel(), rules, PolicyScoreModel::CpuAllocCoreH);
    QVERIFY(rulesAfter != rulesBefore); // mean + 0.5 std < mean + 2 std
    QCOMPARE(rulesAfter, expected.scores[policyIndex(ScalingPolicy::PrevStepRules)].cpuAllocCoreH);
    QCOMPARE(cell(*page.scoreModel(), max, PolicyScoreModel::CpuAllocCoreH), maxBefore); // max ignores sigma
}

void TestPhasesPage::staleScoresAreDropped()
{
    PhasesPage page;
    QVERIFY(loadSample(page));
    auto* controller = page.controller();
    QSignalSpy applied(controller, &PhasesController::scoresChanged);
    QSignalSpy dropped(controller, &PhasesController::staleResultDropped);
    AutoscaleConfig a, b;
    a.sigma = 3.0;
    b.sigma = 0.25;
    b.headroom = 0.2;
    controller->score(a);
    controller->score(b); // newer: a's result must never be shown, whichever finishes first
    QVERIFY(waitFor(applied, 1));
    QVERIFY(waitFor(dropped, 1));
    QCOMPARE(applied.count(), 1);
    QVERIFY(controller->scores()->config == b);
    const auto expected = directScores(1, b);
    const int rules = rowOf(ScalingPolicy::PrevStepRules);
    QCOMPARE(cell(*page.scoreModel(), rules, PolicyScoreModel::MemAllocGbH),
             expected.scores[policyIndex(ScalingPolicy::PrevStepRules)].memAllocGbH);
}

void TestPhasesPage::staleAnalysisIsDropped()
{
    PhasesPage page;
    QSignalSpy ready(&page, &PhasesPage::phasesReady);
    QSignalSpy scored(&page, &PhasesPage::scoresReady);
    QSignalSpy dropped(page.controller(), &PhasesController::staleResultDropped);
    page.openMetrics(kSample);
    page.train(7, 3); // supersedes the first analysis (seed 1, 5 phases)
    QVERIFY(waitFor(scored, 1));
    QVERIFY(waitFor(dropped, 1));
    QCOMPARE(ready.count(), 1);
    QCOMPARE(page.phaseModel()->rowCount(), 3);
    QCOMPARE(page.controller()->data()->model->training.seed, std::uint64_t{7});
}

void TestPhasesPage::modelsPassTheTester()
{
    PhasesPage page;
    QAbstractItemModelTester scores(page.scoreModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester containers(page.containerModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester phases(page.phaseModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(loadSample(page));
    QSignalSpy scored(&page, &PhasesPage::scoresReady);
    page.sigmaSpin()->setValue(1.0);
    QVERIFY(scored.wait(kWaitMs));
    page.policyCombo()->setCurrentIndex(page.policyCombo()->findData(QStringLiteral("prev.step.max")));
    QVERIFY(page.scoreModel()->selectedPolicy() == ScalingPolicy::PrevStepMax);
    QVERIFY(page.scoreModel()->data(page.scoreModel()->index(rowOf(ScalingPolicy::PrevStepMax), 0), Qt::FontRole).value<QFont>().bold());
}

void TestPhasesPage::badInputShowsAnError_data()
{
    QTest::addColumn<QString>("csv");       // metrics text ("" = a file that does not exist)
    QTest::addColumn<QString>("model");     // model JSON text ("" = train)
    QTest::addColumn<QString>("mentions");  // the message names this
    const QString header = QStringLiteral("timestamp,pod.id,cpu.num.cores,cpu.usage,cpu.usage.cores,cpu.usage.pct,"
                                          "cpu.usage.pct.container.requested,mem.current,mem.limit,mem.usage.pct,mem.working.set\n");
    QTest::newRow("missing file") << QString() << QString() << QStringLiteral("missing.csv");
    QTest::newRow("not a number") << header + QStringLiteral("100,a,4,1,abc,1,1,1,10,1,1\n") << QString()
                                  << QStringLiteral("cpu.usage.cores");
    QTest::newRow("header only") << header << QString() << QStringLiteral("bad.csv");
    QTest::newRow("too short to train") << header + QStringLiteral("100,a,4,1,1,1,1,1,10,1,1\n200,a,4,1,1,1,1,1,10,1,1\n")
                                        << QString() << QStringLiteral("history");
    QTest::newRow("bad model") << QString() << QStringLiteral("{\"features\": 3}") << QStringLiteral("model.json");
}

void TestPhasesPage::badInputShowsAnError()
{
    QFETCH(QString, csv);
    QFETCH(QString, model);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    QString metrics = dir.filePath(QStringLiteral("missing.csv"));
    if (!csv.isEmpty())
        metrics = QString::fromStdString(test::writeFile(dir, "bad.csv", csv.toStdString()));
    else if (!model.isEmpty())
        metrics = kSample;

    PhasesPage page;
    QSignalSpy failed(&page, &PhasesPage::failed);
    QSignalSpy ready(&page, &PhasesPage::phasesReady);
    if (!model.isEmpty())
        page.loadModel(QString::fromStdString(test::writeFile(dir, "model.json", model.toStdString())));
    page.openMetrics(metrics);
    QVERIFY(failed.wait(kWaitMs));
    QCOMPARE(ready.count(), 0);
    QVERIFY(!page.controller()->data());
    QVERIFY2(page.message().startsWith(QLatin1String("Error:")), qPrintable(page.message()));
    QVERIFY2(page.message().contains(mentions), qPrintable(page.message()));
    QVERIFY(!page.busy());
}

void TestPhasesPage::scenarioPanelDrivesThePage()
{
    PhasesPage page;
    QVERIFY(loadSample(page));
    QSignalSpy scored(&page, &PhasesPage::scoresReady);
    QSignalSpy edited(&page, &PhasesPage::autoscalerEdited);
    Scenario::Autoscaler settings;
    settings.policy = "prev.step.max";
    settings.interval_s = 120;
    settings.sigma = 1.0;
    settings.headroom = 0.1;
    page.setAutoscaler(settings);
    QVERIFY(page.scoreModel()->selectedPolicy() == ScalingPolicy::PrevStepMax); // at once: no re-score needed
    QVERIFY(scored.wait(kWaitMs));
    QCOMPARE(edited.count(), 0); // the page does not echo the panel's own edit back
    QVERIFY(page.autoscaler() == settings);
    const auto& c = page.controller()->scores()->config;
    QCOMPARE(c.interval_s, std::int64_t{120});
    QCOMPARE(c.headroom, 0.1);
    QVERIFY(page.usagePlot()->titleText().contains(QLatin1String("prev.step.max")));

    // An unknown policy is reported and ignored.
    settings.policy = "magic";
    page.setAutoscaler(settings);
    QVERIFY(page.message().contains(QLatin1String("magic")));
    QVERIFY(page.scoreModel()->selectedPolicy() == ScalingPolicy::PrevStepMax);
}

void TestPhasesPage::savedModelLoadsBack()
{
    QTemporaryDir dir;
    const QString modelPath = dir.filePath(QStringLiteral("model.json"));
    PhasesPage trained;
    QVERIFY(loadSample(trained));
    QCOMPARE(trained.saveModel(modelPath), QString());

    PhasesPage loaded;
    loaded.loadModel(modelPath);
    QVERIFY(loadSample(loaded));
    QVERIFY(loaded.controller()->data()->modelChoice.kind == ModelChoice::Kind::File);
    QVERIFY(*loaded.controller()->data()->model == *trained.controller()->data()->model);
    for (int r = 0; r < 5; ++r)
        QCOMPARE(cell(*loaded.scoreModel(), r, PolicyScoreModel::MemAllocGbH),
                 cell(*trained.scoreModel(), r, PolicyScoreModel::MemAllocGbH));
}

void TestPhasesPage::referenceModelLoads()
{
    // The AI4DL reference export has no phase statistics: phase.rule falls back to the data's,
    // and the page says so.
    PhasesPage page;
    page.loadModel(QString::fromStdString(test::dataPath("ai4dl/ai4dl_pretrained_params.json")));
    QVERIFY(loadSample(page));
    QVERIFY(page.controller()->data()->policyStatsFromData);
    QVERIFY2(page.message().contains(QLatin1String("no phase statistics")), qPrintable(page.message()));
    QVERIFY(!page.message().startsWith(QLatin1String("Error")));
    QCOMPARE(page.phaseModel()->rowCount(), 5);
}

void TestPhasesPage::containersSortAndFilter()
{
    PhasesPage page;
    QVERIFY(loadSample(page));
    page.selectContainer(0); // exec1
    auto* view = page.containerTable();
    const auto viewRowOf = [&](const QString& pod) {
        for (int r = 0; r < view->model()->rowCount(); ++r)
            if (view->model()->index(r, 0).data().toString() == pod)
                return r;
        return -1;
    };
    // Sorted by steps, ascending: exec4 (28), exec2 (52), exec3 (59), exec1 (65).
    view->sortByColumn(ContainerTableModel::Steps, Qt::AscendingOrder);
    QCOMPARE(viewRowOf(QStringLiteral("exec4")), 0);
    QCOMPARE(viewRowOf(QStringLiteral("exec2")), 1);
    QCOMPARE(viewRowOf(QStringLiteral("exec1")), 3);
    QCOMPARE(page.selectedContainer(), 0); // still exec1: rows of the model, not of the view
    page.selectContainer(3);               // exec4, first in the view
    QCOMPARE(view->currentIndex().row(), 0);
    QVERIFY(page.usagePlot()->titleText().startsWith(QLatin1String("exec4")));
}

void TestPhasesPage::cancelKeepsNothingStale()
{
    PhasesPage page;
    QSignalSpy cancelled(page.controller(), &PhasesController::cancelled);
    QSignalSpy dropped(page.controller(), &PhasesController::staleResultDropped);
    QSignalSpy ready(&page, &PhasesPage::phasesReady);
    page.openMetrics(kSample);
    QVERIFY(page.busy());
    page.cancel();
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!page.busy());
    QVERIFY(waitFor(dropped, 1)); // the job ended (stopped early or not): its result is not shown
    QCOMPARE(ready.count(), 0);
    QVERIFY(!page.controller()->data());
    QVERIFY(page.message().contains(QLatin1String("Cancelled")));
}

void TestPhasesPage::rendersNonBlank()
{
    PhasesPage page;
    page.resize(1600, 1000);
    page.show();
    QVERIFY(loadSample(page));
    const QImage image = page.grab().toImage();
    QVERIFY(!image.isNull());
    // Regenerates docs/phases-page.png:
    //   CLENS_PHASES_SCREENSHOT=docs/phases-page.png xvfb-run -s "-screen 0 1600x1000x24"
    //   build/default/tests/ui/tst_phases_page rendersNonBlank -platform xcb
    if (const QString shot = qEnvironmentVariable("CLENS_PHASES_SCREENSHOT"); !shot.isEmpty()) {
        page.selectContainer(3); // exec4: the one phase.rule under-provisions
        QVERIFY(page.grab().save(shot));
    }
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() > 200, qPrintable(QString::number(colours.size())));

    // The chart itself: mostly covered by phase bands, not a white rectangle.
    const QImage chart = page.usagePlot()->grab().toImage();
    int coloured = 0, total = 0;
    for (int y = 0; y < chart.height(); y += 2)
        for (int x = 0; x < chart.width(); x += 2, ++total) {
            const QColor c = chart.pixelColor(x, y);
            coloured += c.saturation() > 30;
        }
    QVERIFY2(coloured > total / 4, qPrintable(QStringLiteral("%1 of %2").arg(coloured).arg(total)));
}

void TestPhasesPage::loopLabelsClearTheirLoops_data()
{
    // Nodes around the ring, the loop outward of each: "stay 96 %" on the left of the ring once
    // sat across its loop. Every direction, a wide label.
    QTest::addColumn<double>("degrees");
    for (int d = 0; d < 360; d += 30)
        QTest::newRow(qPrintable(QStringLiteral("%1 deg").arg(d))) << static_cast<double>(d);
}

void TestPhasesPage::loopLabelsClearTheirLoops()
{
    QFETCH(double, degrees);
    const QPointF outward(std::cos(degrees * M_PI / 180), std::sin(degrees * M_PI / 180));
    const QPointF centre(200, 150);
    const double radius = 12, pen = 7; // the loop's outer edge is 15.5 from its centre
    const QRectF box = PhaseGraphView::loopLabelBox(centre, radius, pen, outward, QSizeF(64, 16));
    // Every corner of the box is beyond the loop along `outward` (so the whole box is), and the
    // nearest within a few pixels of it (the label stays with its loop).
    double nearest = 1e9;
    for (const QPointF corner : {box.topLeft(), box.topRight(), box.bottomLeft(), box.bottomRight()}) {
        const QPointF d = corner - centre;
        nearest = std::min(nearest, d.x() * outward.x() + d.y() * outward.y());
    }
    QVERIFY2(nearest > radius + pen / 2, qPrintable(QString::number(nearest)));
    QVERIFY2(nearest < radius + pen / 2 + 5, qPrintable(QString::number(nearest)));
}

void TestPhasesPage::loopLabelsStayInsideThePlot_data()
{
    // The ring leaves room for the widest loop label ("stay 100 %") wherever a node sits: at 3
    // and 9 o'clock the label's whole width lies beyond the loop (k = 4 in a tall plot once cut
    // it off); nodes shrink rather than crowd the centre.
    QTest::addColumn<QSizeF>("plot");
    QTest::addColumn<int>("k");
    for (const QSizeF size : {QSizeF(404, 300), QSizeF(700, 300), QSizeF(420, 520), QSizeF(300, 260)})
        for (const int k : {2, 3, 4, 6, 8})
            QTest::newRow(qPrintable(QStringLiteral("%1x%2, k %3").arg(size.width()).arg(size.height()).arg(k))) << size << k;
}

void TestPhasesPage::loopLabelsStayInsideThePlot()
{
    QFETCH(QSizeF, plot);
    QFETCH(int, k);
    const QRectF area(QPointF(8, 40), plot);
    const QSizeF label(64, 16);
    const auto [ring, maxRadius] = PhaseGraphView::ringLayout(area, k, label);
    QVERIFY(maxRadius >= 10);
    // Neighbours never touch.
    QVERIFY(2 * ring * std::sin(M_PI / k) > 2 * maxRadius);
    for (int v = 0; v < k; ++v) {
        const QPointF out = PhaseGraphView::outwardOf(v, k);
        const QPointF node = area.center() + out * ring;
        const auto [loopCentre, loopR] = PhaseGraphView::selfLoop(node, maxRadius, out);
        const QRectF box = PhaseGraphView::loopLabelBox(loopCentre, loopR, PhaseGraphView::kWidestEdge, out, label);
        QVERIFY2(area.adjusted(-0.01, -0.01, 0.01, 0.01).contains(box),
                 qPrintable(QStringLiteral("node %1: (%2, %3) %4 x %5").arg(v).arg(box.left()).arg(box.top()).arg(box.width()).arg(box.height())));
    }
}

void TestPhasesPage::graphLabelsNeverOverlap_data()
{
    // phillyPresetPhases(), 17 labels. In the Phases page's box (about 360 x 200) the arrows'
    // labels once piled up over each other, over P4 and over the names of the small nodes (drawn
    // beside them); on a large export all of them fit.
    QTest::addColumn<QSizeF>("size");
    // Every label the graph leaves out is counted in a notice line under it: what is drawn and
    // what is counted as hidden make the 17 (plus the small nodes' names drawn beside them).
    QTest::addColumn<int>("atLeast"); // labels drawn
    QTest::addColumn<bool>("someHidden");
    QTest::newRow("page box 360x200") << QSizeF(360, 200) << 7 << true; // a small node's name, the loops' 5, the most probable arrow's
    QTest::newRow("minimum 240x220") << QSizeF(240, 220) << 7 << true;
    QTest::newRow("export 900x700") << QSizeF(900, 700) << 17 << false; // every one, every node's name inside it
}

void TestPhasesPage::graphLabelsNeverOverlap()
{
    QFETCH(QSizeF, size);
    QFETCH(int, atLeast);
    QFETCH(bool, someHidden);
    const SimulatedPhases sim = phillyPresetPhases();
    PhaseGraphView view;
    view.setSimulated(sim, QStringLiteral("Sep 27 21:04"));
    const QRectF area(QPointF(0, 0), size);
    const auto boxes = view.labelBoxes(area);
    QVERIFY2(static_cast<int>(boxes.size()) >= atLeast, qPrintable(QString::number(boxes.size())));
    for (std::size_t i = 0; i < boxes.size(); ++i)
        for (std::size_t j = i + 1; j < boxes.size(); ++j)
            QVERIFY2(!boxes[i].intersects(boxes[j]), qPrintable(QStringLiteral("labels %1 and %2").arg(i).arg(j)));
    // None on a node: a small node's name once sat on its neighbour, which it seemed to name.
    const auto circles = view.nodeCircles(area);
    QCOMPARE(circles.size(), std::size_t{5});
    for (std::size_t i = 0; i < boxes.size(); ++i)
        for (const auto& [centre, radius] : circles) {
            const double dx = centre.x() - std::clamp(centre.x(), boxes[i].left(), boxes[i].right());
            const double dy = centre.y() - std::clamp(centre.y(), boxes[i].top(), boxes[i].bottom());
            QVERIFY2(dx * dx + dy * dy >= radius * radius, qPrintable(QStringLiteral("label %1 on a node").arg(i)));
        }

    // 17 loop and arrow labels; the boxes also hold the names drawn beside small nodes, so the
    // drawn labels are at most boxes.size() and hidden + drawn == 17 bounds it from below.
    const int hidden = view.hiddenLabels(area);
    QCOMPARE(hidden > 0, someHidden);
    QVERIFY2(hidden + static_cast<int>(boxes.size()) >= 17, qPrintable(QStringLiteral("%1 hidden").arg(hidden)));
    const auto notice = view.hiddenLabelsNoticeBox(area);
    QCOMPARE(notice.has_value(), someHidden);
    if (notice) {
        QVERIFY(area.contains(*notice));
        for (const auto& box : boxes)
            QVERIFY(!box.intersects(*notice));
    }
}

void TestPhasesPage::graphEnlargesOnDoubleClick()
{
    // In the page's box the graph hides most labels and says "double-click to enlarge": the
    // double-click opens it in a window of its own where they all fit, kept in step with the box.
    const SimulatedPhases sim = phillyPresetPhases();
    QWidget page;
    auto* view = new PhaseGraphView(&page);
    view->setGeometry(0, 0, 360, 200);
    page.resize(360, 200);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    view->setSimulated(sim, QStringLiteral("Sep 27 21:04"));
    QVERIFY(view->hiddenLabels(view->rect()) > 0);
    QCOMPARE(view->hiddenLabelsNotice(3), QStringLiteral("3 labels hidden for room: double-click to enlarge, or export"));
    QCOMPARE(view->hiddenLabelsNotice(1), QStringLiteral("1 label hidden for room: double-click to enlarge, or export"));
    QVERIFY(!view->enlargedView());

    QTest::mouseDClick(view, Qt::LeftButton, {}, QPoint(180, 100));
    auto* big = view->enlargedView();
    QVERIFY(big);
    QVERIFY(QTest::qWaitForWindowExposed(big));
    QVERIFY(big->isWindow());
    QVERIFY(big->showsSimulated());
    QCOMPARE(big->hiddenLabels(big->rect()), 0);
    QVERIFY(!big->hiddenLabelsNotice(3).contains(QLatin1String("double-click")));
    QTest::mouseDClick(big, Qt::LeftButton, {}, QPoint(100, 100)); // no window of a window
    QVERIFY(!big->enlargedView());

    view->setSimulated(std::nullopt); // the box goes back to the metrics' graph: the window too
    QVERIFY(!big->showsSimulated());
    big->close(); // deleted on close: the box forgets it
    QTRY_VERIFY(!view->enlargedView());
}

void TestPhasesPage::exportsChart_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("magic");
    QTest::addColumn<bool>("graph");
    QTest::newRow("chart png") << "chart.png" << QByteArray("\x89PNG") << false;
    QTest::newRow("chart pdf") << "chart.pdf" << QByteArray("%PDF") << false;
    QTest::newRow("chart svg") << "chart.svg" << QByteArray("<?xml") << false;
    QTest::newRow("graph png") << "graph.png" << QByteArray("\x89PNG") << true;
    QTest::newRow("graph pdf") << "graph.pdf" << QByteArray("%PDF") << true;
    QTest::newRow("graph svg") << "graph.svg" << QByteArray("<?xml") << true;
}

void TestPhasesPage::exportsChart()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, magic);
    QFETCH(bool, graph);
    PhasesPage page;
    page.resize(1400, 900);
    QVERIFY(loadSample(page));
    QTemporaryDir dir;
    const QString path = dir.filePath(name);
    const QString error = graph ? page.exportPhaseGraph(path, {600, 500}) : page.exportChart(path, {1200, 600});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.startsWith(magic));
    if (name.endsWith(QLatin1String(".svg")))
        QVERIFY(bytes.contains("<svg") && bytes.size() > 5000);
    if (name.endsWith(QLatin1String(".png"))) {
        const QImage image(path);
        QVERIFY(!image.isNull());
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4)
                colours.insert(image.pixel(x, y));
        QVERIFY(colours.size() > 20);
    }
    QVERIFY(!page.exportChart(dir.filePath(QStringLiteral("chart.bmp"))).isEmpty());
}

void TestPhasesPage::restoreKeepsTheProjectsPhases()
{
    // A project's phases: until they are labelled (and if labelling fails) a save gets them back
    // as they were; once labelled, with the project's model, not a retrained one. Neither is an
    // edit by the user; training afterwards is.
    const auto metrics = std::make_shared<const ContainerMetrics>(readAi4dlMetrics(kSample.toStdString()));
    PhaseTrainOptions options;
    options.seed = 4;
    const ProjectPhases project{metrics, phaseModelToJson(trainPhaseModel(*metrics, options))};
    PhasesPage page;
    QSignalSpy ready(&page, &PhasesPage::phasesReady);
    QSignalSpy edited(&page, &PhasesPage::edited);
    QCOMPARE(page.restore(project), QString());
    const auto pending = page.projectPhases();
    QVERIFY(pending && pending->metrics == metrics && pending->modelJson == project.modelJson);
    QVERIFY(ready.wait(kWaitMs));
    QCOMPARE(edited.count(), 0);
    const auto data = page.controller()->data();
    QVERIFY(data->modelChoice.kind == ModelChoice::Kind::Given);
    QCOMPARE(data->model->training.seed, std::uint64_t{4});
    QCOMPARE(page.projectPhases()->modelJson, project.modelJson);

    page.train(9);
    QVERIFY(ready.wait(kWaitMs));
    QCOMPARE(edited.count(), 1);
    QVERIFY(page.projectPhases()->metrics == metrics); // the same metrics, no file read
    QVERIFY(page.projectPhases()->modelJson != project.modelJson);
}

void TestPhasesPage::restoreWithAnUnreadableModelTrains()
{
    // The metrics are shown anyway, labelled by a model trained here, and the note says why.
    const auto metrics = std::make_shared<const ContainerMetrics>(readAi4dlMetrics(kSample.toStdString()));
    PhasesPage page;
    QSignalSpy ready(&page, &PhasesPage::phasesReady);
    const QString note = page.restore(ProjectPhases{metrics, "{\"crbm\": 3"});
    QVERIFY2(note.contains(QStringLiteral("trained")), qPrintable(note));
    QVERIFY(ready.wait(kWaitMs));
    QVERIFY(page.controller()->data()->modelChoice.kind == ModelChoice::Kind::Train);
    QVERIFY(page.controller()->data()->metrics == metrics);
}

QTEST_MAIN(TestPhasesPage)
#include "tst_phases_page.moc"
