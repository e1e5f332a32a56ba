// The figures of resources beyond GPUs on the hand-computed result of resource_fixture.hpp:
// GPU-share fragmentation and CPU/memory reserved over time, as fractions of the cluster's
// capacity when every server's is known (its own or resources.server_defaults), in cores and
// GB otherwise; both unavailable for a trace as recorded.
#include "core/analysis/cluster_capacity.hpp"
#include "core/analysis/figure_catalog.hpp"
#include "core/analysis/figures.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "tests/analysis/figure_access.hpp"
#include "tests/common/resource_fixture.hpp"

#include <QTest>

#include <cmath>

using namespace clens;
using namespace clens::test;

namespace {

std::size_t rowAt(const Figure& f, double t)
{
    for (std::size_t i = 0; i < f.rowCount(); ++i)
        if (f.number(i, "t_s") == t)
            return i;
    QTest::qFail(qPrintable(QStringLiteral("no sample at %1 in %2").arg(t).arg(QString::fromStdString(f.name))), __FILE__,
                 __LINE__);
    return 0;
}

} // namespace

class TestAnalysisResources : public QObject {
    Q_OBJECT
private slots:
    void capacityIsTheServersElseTheDefault()
    {
        const auto c = serverCapacities(*resourceCluster(), withServerDefaults().resources.serverDefaults);
        QCOMPARE(c.cpuCores, (std::vector<double>{8, 16, 8}));
        QCOMPARE(c.memGb, (std::vector<double>{32, 64, 32}));
        QCOMPARE(totalCapacity(c.cpuCores).value_or(-1), 32.0);
        const auto unknown = serverCapacities(*resourceCluster(), {});
        QVERIFY(std::isnan(unknown.cpuCores[kUnknownServer]));
        QVERIFY(!totalCapacity(unknown.cpuCores));
    }

    void shareFragmentationOverTime_data()
    {
        QTest::addColumn<double>("t");
        QTest::addColumn<double>("fraction");
        QTest::newRow("two shares on one GPU") << 10.0 << 1.0 / 11;
        QTest::newRow("one share left") << 40.0 << 0.2;
        QTest::newRow("the whole GPU freed") << 60.0 << 1.0 / 7;
    }

    void shareFragmentationOverTime()
    {
        QFETCH(double, t);
        QFETCH(double, fraction);
        const auto f = gpuShareFragmentationFigure(jobTableFromSimResult(*resourceResult(withServerDefaults())));
        QVERIFY(f.kind == FigureKind::TimeSeries);
        QCOMPARE(f.y.columns, (std::vector<std::string>{"share_fragmentation"}));
        QVERIFY(std::abs(f.number(rowAt(f, t), "share_fragmentation") - fraction) < 1e-9);
    }

    void reservedOverTime_data()
    {
        QTest::addColumn<double>("t");
        QTest::addColumn<double>("cores");
        QTest::addColumn<double>("gb");
        QTest::newRow("all four jobs") << 10.0 << 17.0 << 36.0;
        QTest::newRow("j2 gone") << 40.0 << 16.0 << 32.0;
        QTest::newRow("j1 gone") << 60.0 << 12.0 << 16.0;
    }

    void reservedOverTime()
    {
        QFETCH(double, t);
        QFETCH(double, cores);
        QFETCH(double, gb);
        // Capacities known (32 cores, 128 GB): the chart shows fractions.
        const auto f = cpuMemReservedFigure(jobTableFromSimResult(*resourceResult(withServerDefaults())));
        QCOMPARE(f.y.columns, (std::vector<std::string>{"cpu_reserved_fraction", "mem_reserved_fraction"}));
        const auto row = rowAt(f, t);
        QCOMPARE(f.number(row, "cpu_reserved"), cores);
        QCOMPARE(f.number(row, "mem_reserved"), gb);
        QCOMPARE(f.number(row, "cpu_reserved_fraction"), cores / 32);
        QCOMPARE(f.number(row, "mem_reserved_fraction"), gb / 128);

        // s2's capacity unknown: cores and GB, no fractions.
        const auto g = cpuMemReservedFigure(jobTableFromSimResult(*resourceResult(withoutServerDefaults())));
        QCOMPARE(g.y.columns, (std::vector<std::string>{"cpu_reserved", "mem_reserved"}));
        QCOMPARE(g.number(rowAt(g, t), "cpu_reserved"), cores);
        QVERIFY(std::isnan(g.number(rowAt(g, t), "cpu_reserved_fraction")));
        bool said = false;
        for (const auto& n : g.notes)
            said |= n.find("capacity is unknown") != std::string::npos;
        QVERIFY(said);
    }

    void afterTheLastJobNothingIsReserved()
    {
        const auto f = cpuMemReservedFigure(jobTableFromSimResult(*resourceResult(withServerDefaults())));
        const auto last = f.rowCount() - 1;
        QVERIFY(f.number(last, "t_s") >= 100);
        QCOMPARE(f.number(last, "cpu_reserved"), 0.0);
    }

    void summaryAgreesWithTheSeries()
    {
        const auto r = resourceResult(withServerDefaults());
        QVERIFY(std::abs(r->summary.cpuAllocFraction - 1430.0 / 3200) < 1e-9);
        QVERIFY(std::abs(r->summary.memAllocFraction - 2520.0 / 12800) < 1e-9);
        QVERIFY(std::abs(r->summary.gpuShareFragmentation - (30.0 / 11 + 0.2 * 20 + 50.0 / 7) / 100) < 1e-9);
        QVERIFY(std::isnan(resourceResult(withoutServerDefaults())->summary.cpuAllocFraction));
    }

    void onlySimulationsHaveThem()
    {
        const auto trace = resourceTrace();
        const auto cluster = resourceCluster();
        const auto recorded = jobTableFromTrace(*trace, cluster.get());
        QVERIFY(figureUnavailable("gpu_share_fragmentation", recorded)->find("simulation") != std::string::npos);
        QVERIFY(figureUnavailable("cpu_mem_reserved", recorded)->find("simulation") != std::string::npos);
        const auto simulated = jobTableFromSimResult(*resourceResult(withServerDefaults()));
        QVERIFY(!figureUnavailable("gpu_share_fragmentation", simulated));
        QVERIFY(!figureUnavailable("cpu_mem_reserved", simulated));
        // The CSV a user exports: one column per documented name.
        const auto csv = csvOf(computeFigure("cpu_mem_reserved", simulated));
        QCOMPARE(QString::fromStdString(csv.substr(0, csv.find('\n'))),
                 QStringLiteral("t_s,cpu_reserved,mem_reserved,cpu_reserved_fraction,mem_reserved_fraction"));
    }
};

QTEST_APPLESS_MAIN(TestAnalysisResources)
#include "tst_analysis_resources.moc"
