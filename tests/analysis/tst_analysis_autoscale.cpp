// The figures of the autoscaler in the cluster and node power on the hand-computed run of
// autoscale_fixture.hpp: CPU and memory reserved vs used over time (only with the autoscaler),
// servers on and kW over time (every simulation models power; servers go off only with it on).
#include "core/analysis/comparison.hpp"
#include "core/analysis/figure_catalog.hpp"
#include "core/analysis/figures.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "tests/common/autoscale_fixture.hpp"

#include <QTest>

#include <cmath>

using namespace clens;
using namespace clens::test;

namespace {

double valueAt(const Figure& f, double t, const std::string& column)
{
    for (std::size_t i = 0; i < f.rowCount(); ++i)
        if (f.number(i, "t_s") == t)
            return f.number(i, column);
    return std::nan("");
}

// The row of a metric in a summary or comparison figure, or -1.
int metricRow(const Figure& f, const std::string& metric)
{
    for (std::size_t i = 0; i < f.rowCount(); ++i)
        if (f.text(i, "metric") == metric)
            return static_cast<int>(i);
    return -1;
}

} // namespace

class TestAnalysisAutoscale : public QObject {
    Q_OBJECT
private slots:
    void valuesAtOneInstant_data()
    {
        QTest::addColumn<QString>("figure");
        QTest::addColumn<QString>("column");
        QTest::addColumn<double>("value");
        // At 150 s j0 alone runs: 2 cores and 4 GB reserved, 1 core and 2 GB used; s1 is off.
        QTest::newRow("cpu reserved") << QStringLiteral("cpu_mem_used") << QStringLiteral("cpu_reserved") << 2.0;
        QTest::newRow("cpu used") << QStringLiteral("cpu_mem_used") << QStringLiteral("cpu_used") << 1.0;
        QTest::newRow("memory reserved") << QStringLiteral("cpu_mem_used") << QStringLiteral("mem_reserved") << 4.0;
        QTest::newRow("memory used") << QStringLiteral("cpu_mem_used") << QStringLiteral("mem_used") << 2.0;
        QTest::newRow("servers on") << QStringLiteral("power_series") << QStringLiteral("powered_servers") << 2.0;
        // tst_sim_autoscaling: over [100,200) 2 x 200 W + 2 x 50 W idle GPUs + 200 W more for j0's busy GPU + 10 W off.
        QTest::newRow("power") << QStringLiteral("power_series") << QStringLiteral("power_kw") << 0.71;
    }

    void valuesAtOneInstant()
    {
        QFETCH(QString, figure);
        QFETCH(QString, column);
        QFETCH(double, value);
        const auto table = jobTableFromSimResult(*autoscaledResult());
        QVERIFY(!figureUnavailable(figure.toStdString(), table));
        const double got = valueAt(computeFigure(figure.toStdString(), table), kOffAt, column.toStdString());
        QVERIFY2(std::abs(got - value) < 1e-9, qPrintable(QString::number(got)));
    }

    void onlyWhenTheRunHasThem_data()
    {
        QTest::addColumn<bool>("autoscaler");
        QTest::addColumn<bool>("power");
        QTest::newRow("neither") << false << false;
        QTest::newRow("autoscaler") << true << false;
        QTest::newRow("power") << false << true;
    }

    void onlyWhenTheRunHasThem()
    {
        QFETCH(bool, autoscaler);
        QFETCH(bool, power);
        const auto table = jobTableFromSimResult(*autoscaledResult(autoscaledPowered(autoscaler, power)));
        QCOMPARE(!figureUnavailable("cpu_mem_used", table), autoscaler);
        QVERIFY(!figureUnavailable("power_series", table));
        // Servers on: all 3 throughout without node power, 2 at 150 s with it (s1 is off).
        QCOMPARE(valueAt(computeFigure("power_series", table), kOffAt, "powered_servers"), power ? 2.0 : 3.0);
        if (!autoscaler)
            QVERIFY(figureUnavailable("cpu_mem_used", table)->find("autoscaler") != std::string::npos);
        // A trace as recorded has neither.
        const auto recorded = jobTableFromTrace(*autoscaledResult()->trace, autoscaledResult()->cluster.get());
        QVERIFY(figureUnavailable("cpu_mem_used", recorded));
        QVERIFY(figureUnavailable("power_series", recorded));
    }

    void comparisonAndSummaryCarryTheTotals()
    {
        // A: neither the autoscaler nor node power; B: both (the fixture). Every job reserves its
        // request, 2 cores and 4 GB, and uses 1 core and 2 GB, for its 1,000 s: B's CPU reserved
        // = 3 x 2 x 1000 / 3600 = 1.667 core-h, used 0.833; memory 3.333 and 1.667 GB-h.
        const auto a = jobTableFromSimResult(*autoscaledResult(autoscaledPowered(false, false)));
        const auto bResult = autoscaledResult();
        const auto b = jobTableFromSimResult(*bResult);
        QCOMPARE(metricRow(summaryFigure(a), "oom_kills"), -1); // a run without them has no such rows
        const auto summary = summaryFigure(b);
        QCOMPARE(summary.number(static_cast<std::size_t>(metricRow(summary, "oom_kills")), "value"), 0.0);
        const auto c = compareResults(a, b).metrics;
        const auto row = [&](const char* m) {
            const auto r = metricRow(c, m);
            if (r < 0)
                qFatal("no row %s", m);
            return static_cast<std::size_t>(r);
        };
        QVERIFY(std::isnan(c.number(row("cpu_reserved_core_h"), "a")));
        QVERIFY(std::fabs(c.number(row("cpu_reserved_core_h"), "b") - 6000.0 / 3600.0) < 1e-9);
        QVERIFY(std::fabs(c.number(row("cpu_used_core_h"), "b") - 3000.0 / 3600.0) < 1e-9);
        QVERIFY(std::fabs(c.number(row("mem_reserved_gb_h"), "b") - 12000.0 / 3600.0) < 1e-9);
        QVERIFY(std::fabs(c.number(row("mem_used_gb_h"), "b") - 6000.0 / 3600.0) < 1e-9);
        QCOMPARE(c.number(row("throttled_s"), "b"), 0.0);
        QCOMPARE(c.number(row("energy_kwh"), "b"), bResult->summary.energyKwh);
        QCOMPARE(c.text(row("energy_kwh"), "better"), std::string()); // A has no value to judge against
        // B against itself with 1 core-h more reserved and used: reserving more is worse; using
        // more is neither better nor worse.
        auto more = b;
        more.autoscale->cpuReservedCoreH += 1;
        more.autoscale->cpuUsedCoreH += 1;
        const auto d = compareResults(b, more).metrics;
        QCOMPARE(d.text(static_cast<std::size_t>(metricRow(d, "cpu_reserved_core_h")), "better"), std::string("A"));
        QCOMPARE(d.text(static_cast<std::size_t>(metricRow(d, "cpu_used_core_h")), "better"), std::string());
        QCOMPARE(d.number(static_cast<std::size_t>(metricRow(d, "cpu_used_core_h")), "delta"), 1.0);
    }
};

QTEST_APPLESS_MAIN(TestAnalysisAutoscale)
#include "tst_analysis_autoscale.moc"
