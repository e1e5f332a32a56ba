// The figures of the autoscaler in the cluster and node power on the hand-computed run of
// autoscale_fixture.hpp: CPU and memory reserved vs used over time (only with the autoscaler),
// servers on and kW over time (every simulation models power; servers go off only with it on).
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
};

QTEST_APPLESS_MAIN(TestAnalysisAutoscale)
#include "tst_analysis_autoscale.moc"
