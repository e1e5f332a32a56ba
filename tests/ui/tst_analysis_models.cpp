// The item models of the analysis pages (checked by QAbstractItemModelTester on every figure of
// a real simulation and a comparison) and the formatting people read in them.
#include "core/analysis/comparison.hpp"
#include "core/analysis/figure_catalog.hpp"
#include "tests/common/test_support.hpp"
#include "tests/ui/analysis_inputs.hpp"
#include "ui/analysis/analysis_figures.hpp"
#include "ui/analysis/chart_palette.hpp"
#include "ui/analysis/figure_table_model.hpp"
#include "ui/analysis/metric_delta_model.hpp"
#include "ui/analysis/run_description.hpp"
#include "ui/analysis/value_format.hpp"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTest>

#include <cmath>
#include <limits>

using namespace clens;
using namespace clens::test;

namespace {

} // namespace

class TestAnalysisModels : public QObject {
    Q_OBJECT
private slots:
    void figureModelPassesTesterOnEveryFigure();
    void figureModelFoldsTheUnitColumn();
    void figureModelSortsByValueNotText();
    void metricDeltaModelPassesTesterAndColours();
    void formatDuration_data();
    void formatDuration();
    void formatValue_data();
    void formatValue();
    void formatDelta_data();
    void formatDelta();
    void names_data();
    void names();
    void scenarioDifferencesNameTheKnob();
};

void TestAnalysisModels::figureModelPassesTesterOnEveryFigure()
{
    const auto figures = ui::analysis::computeSourceFigures(ui::analysis::simulationJobTable(*demoRuns().relaxed), {}, {});
    QVERIFY(figures.has_value());
    ui::analysis::FigureTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    for (const auto& e : figures->entries) {
        if (!e.figure)
            continue;
        model.setFigure(e.figure);
        QVERIFY(model.rowCount() == static_cast<int>(e.figure->rowCount()));
        QVERIFY(model.columnCount() > 0);
        // Every cell reads as something, and the raw role gives the exact value back.
        for (int c = 0; c < model.columnCount(); ++c) {
            QVERIFY(!model.headerData(c, Qt::Horizontal).toString().isEmpty());
            for (int r = 0; r < model.rowCount(); ++r)
                QVERIFY(!model.data(model.index(r, c)).toString().isEmpty());
        }
    }
    model.setFigure(nullptr);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), 0);
}

void TestAnalysisModels::figureModelFoldsTheUnitColumn()
{
    // summary: metric, value, unit -> the value shows its row's unit, the unit column goes.
    const auto figures = ui::analysis::computeSourceFigures(ui::analysis::simulationJobTable(*demoRuns().relaxed), {}, {});
    auto summary = figures->find("summary")->figure;
    ui::analysis::FigureTableModel model;
    model.setFigure(summary);
    QCOMPARE(model.columnCount(), 2);
    const int row = static_cast<int>(*summary->findRow("metric", "mean_queue_delay_s"));
    QCOMPARE(model.data(model.index(row, 0)).toString(), QStringLiteral("Mean queueing delay"));
    QCOMPARE(model.data(model.index(row, 0), ui::analysis::FigureTableModel::RawValueRole).toString(), QStringLiteral("mean_queue_delay_s"));
    QCOMPARE(model.data(model.index(row, 1), ui::analysis::FigureTableModel::RawValueRole).toDouble(), demoRuns().relaxed->summary.meanQueueDelay_s);
    QCOMPARE(model.data(model.index(row, 1)).toString(), ui::analysis::formatDuration(demoRuns().relaxed->summary.meanQueueDelay_s));
}

void TestAnalysisModels::figureModelSortsByValueNotText()
{
    // "9 s" sorts before "10 min" by value (as text it would come after).
    Figure f;
    f.addTextColumn("series");
    f.addNumberColumn("mean", "s");
    f.appendRow({std::string("a"), 600.0});
    f.appendRow({std::string("b"), 9.0});
    ui::analysis::FigureTableModel model;
    model.setFigure(std::make_shared<const Figure>(f));
    QCOMPARE(model.data(model.index(0, 1)).toString(), QStringLiteral("10 min"));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ui::analysis::FigureTableModel::RawValueRole);
    proxy.sort(1, Qt::AscendingOrder);
    QCOMPARE(proxy.data(proxy.index(0, 0)).toString(), QStringLiteral("b"));
}

void TestAnalysisModels::metricDeltaModelPassesTesterAndColours()
{
    const auto a = ui::analysis::simulationJobTable(*demoRuns().relaxed);
    const auto b = ui::analysis::simulationJobTable(*demoRuns().never);
    const auto c = compareResults(a, b);
    ui::analysis::MetricDeltaModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setFigure(std::make_shared<const Figure>(c.metrics));
    QCOMPARE(model.rowCount(), static_cast<int>(c.metrics.rowCount()));
    // Never relaxing lowers the demo's mean delay (README: ~1,050 s -> ~580 s): better, green.
    const int mean = model.rowOf(QStringLiteral("mean_queue_delay_s"));
    QVERIFY(mean >= 0);
    QVERIFY(model.data(model.index(mean, ui::analysis::MetricDeltaModel::Change), ui::analysis::MetricDeltaModel::RawValueRole).toDouble() < 0);
    QCOMPARE(model.data(model.index(mean, ui::analysis::MetricDeltaModel::Change), Qt::ForegroundRole).value<QColor>(),
             ui::analysis::chart_palette::better());
    QVERIFY(model.data(model.index(mean, ui::analysis::MetricDeltaModel::Change)).toString().startsWith(QStringLiteral("−")));
    // A metric that got worse is red: p95 delay rises in the demo (41.5 min -> 53 min).
    const int p95 = model.rowOf(QStringLiteral("p95_queue_delay_s"));
    QVERIFY(model.data(model.index(p95, ui::analysis::MetricDeltaModel::Change), ui::analysis::MetricDeltaModel::RawValueRole).toDouble() > 0);
    QCOMPARE(model.data(model.index(p95, ui::analysis::MetricDeltaModel::ChangePct), Qt::ForegroundRole).value<QColor>(),
             ui::analysis::chart_palette::worse());
    // "jobs" has no better direction: not coloured.
    QVERIFY(!model.data(model.index(model.rowOf(QStringLiteral("jobs")), ui::analysis::MetricDeltaModel::Change), Qt::ForegroundRole).isValid());
    model.setFigure(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestAnalysisModels::formatDuration_data()
{
    QTest::addColumn<double>("seconds");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << 0.0 << "0 s";
    QTest::newRow("fraction") << 2.5 << "2.5 s";
    QTest::newRow("seconds") << 89.0 << "89 s";
    QTest::newRow("minutes") << 600.0 << "10 min";       // 600 / 60
    QTest::newRow("minutes.5") << 630.0 << "10.5 min";   // 630 / 60
    QTest::newRow("hours") << 9000.0 << "2.5 h";         // 9000 / 3600
    QTest::newRow("days") << 3.0 * 86400 << "3 d";
    QTest::newRow("negative") << -2520.0 << "-42 min";
    QTest::newRow("missing") << std::numeric_limits<double>::quiet_NaN() << "–";
}

void TestAnalysisModels::formatDuration()
{
    QFETCH(double, seconds);
    QFETCH(QString, text);
    QCOMPARE(ui::analysis::formatDuration(seconds), text);
}

void TestAnalysisModels::formatValue_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("text");
    QTest::newRow("hours") << 7.3 << "h" << "7.3 h";
    QTest::newRow("GPU-hours") << 53.4 << "GPU-h" << "53.4 GPU-h";
    QTest::newRow("energy") << 16.34 << "kWh" << "16.3 kWh";
    QTest::newRow("large energy") << 636000.0 << "kWh" << "636,000 kWh";
    QTest::newRow("core-hours") << 1.66 << "core-h" << "1.7 core-h";
    QTest::newRow("memory-hours") << 3.33 << "GB-h" << "3.3 GB-h";
    QTest::newRow("server-hours") << 16.0 << "server-h" << "16.0 server-h";
    QTest::newRow("fraction") << 0.711 << "fraction" << "71.1%";
    QTest::newRow("a count") << 24.0 << "jobs" << "24";
    QTest::newRow("missing") << std::numeric_limits<double>::quiet_NaN() << "kWh" << "–";
}

void TestAnalysisModels::formatValue()
{
    QFETCH(double, value);
    QFETCH(QString, unit);
    QFETCH(QString, text);
    QCOMPARE(ui::analysis::formatValue(value, unit.toStdString()), text);
}

void TestAnalysisModels::formatDelta_data()
{
    QTest::addColumn<double>("delta");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("text");
    QTest::newRow("slower") << 89.0 * 60 << "s" << "+89 min";
    QTest::newRow("faster") << -7200.0 << "s" << "−2 h";
    QTest::newRow("none") << 0.0 << "s" << "0";
    QTest::newRow("fraction in points") << 0.052 << "fraction" << "+5.2 pp";
    QTest::newRow("percent in points") << -1.26 << "%" << "−1.3 pp";
    QTest::newRow("count") << 1234.0 << "jobs" << "+1,234";
}

void TestAnalysisModels::formatDelta()
{
    QFETCH(double, delta);
    QFETCH(QString, unit);
    QFETCH(QString, text);
    QCOMPARE(ui::analysis::formatDelta(delta, unit.toStdString()), text);
}

void TestAnalysisModels::names_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("metric");
    QTest::addColumn<QString>("text");
    QTest::newRow("bucket metric") << "mean_queue_delay_s.5-8" << true << "Mean queueing delay, 5-8-GPU jobs";
    QTest::newRow("median") << "p50_jct_s" << true << "Median JCT";
    QTest::newRow("unknown metric") << "held_idle_gpu_h" << true << "Held idle GPU";
    QTest::newRow("column median") << "p50_delay_s" << false << "Median delay";
    QTest::newRow("column share") << "gpu_time_pct" << false << "% of GPU time";
    QTest::newRow("column cause") << "fairshare_pct" << false << "Fair-share";
    QTest::newRow("column plain") << "allocated_gpus" << false << "Allocated GPUs";
}

void TestAnalysisModels::names()
{
    QFETCH(QString, name);
    QFETCH(bool, metric);
    QFETCH(QString, text);
    const auto s = name.toStdString();
    QCOMPARE(metric ? ui::analysis::metricDisplayName(s) : ui::analysis::columnDisplayName(s), text);
}

void TestAnalysisModels::scenarioDifferencesNameTheKnob()
{
    Scenario a, b;
    QVERIFY(ui::analysis::scenarioDifferences(a, b).isEmpty());
    b.locality.relaxToAnyAfter_s = std::nullopt;
    b.quota.mode = QuotaMode::Strict;
    b.quota.vcGpus["speech"] = 4;
    const auto diff = ui::analysis::scenarioDifferences(a, b);
    QCOMPARE(diff.size(), 2);
    QCOMPARE(diff[0], QStringLiteral("Relax locality to any server: after 30 min → never"));
    QCOMPARE(diff[1], QStringLiteral("Quotas: none → strict (GPUs: speech 4)"));
    // The autoscaler and node power are knobs too (the Compare page once said "same scenario"
    // for a baseline with the request policy against phase.rule).
    Scenario c = a, d = a;
    c.autoscaler.usage = d.autoscaler.usage = UsageModel::Phases;
    c.autoscaler.policy = "request";
    d.power.enabled = true;
    const auto scaled = ui::analysis::scenarioDifferences(c, d);
    QCOMPARE(scaled.size(), 2);
    QCOMPARE(scaled[0], QStringLiteral("Autoscaler: demand from phases, policy request every 5 min, sigma 2, headroom 0% → "
                                       "demand from phases, policy phase.rule every 5 min, sigma 2, headroom 0%"));
    QVERIFY2(scaled[1].startsWith(QStringLiteral("Node power: off (servers always on) → idle servers off after 30 min, 2 spare")),
             qPrintable(scaled[1]));
    // Every quota is named, however many (the report once wrote "…5 more").
    Scenario e = a;
    e.quota.mode = QuotaMode::Strict;
    for (int k = 0; k < 11; ++k)
        e.quota.vcGpus["vc" + std::to_string(k)] = 8;
    const auto all = ui::analysis::scenarioDifferences(a, e);
    QCOMPARE(all.size(), 1);
    for (int k = 0; k < 11; ++k)
        QVERIFY2(all[0].contains(QStringLiteral("vc%1 8").arg(k)), qPrintable(all[0]));
    QVERIFY(!all[0].contains(QStringLiteral("more")));
}

QTEST_MAIN(TestAnalysisModels)
#include "tst_analysis_models.moc"
