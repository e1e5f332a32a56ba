// The analysis on real simulator output: the demo trace and the real Philly jobs, simulated
// in-process. The figures from the SimResult in memory equal those from its jobs.csv and
// series CSV read back, and the headline metrics agree with the simulator's own summary
// (two independent implementations).
#include "core/analysis/figure_catalog.hpp"
#include "core/analysis/figure_export.hpp"
#include "core/analysis/figures.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "core/io/job_results_csv.hpp"
#include "core/io/job_results_csv_reader.hpp"
#include "core/io/series_csv.hpp"
#include "core/io/series_csv_reader.hpp"
#include "core/io/trace_format.hpp"
#include "core/sim/simulator.hpp"
#include "tests/analysis/figure_access.hpp"
#include "tests/common/test_support.hpp"
#include "tests/sim/sim_test_support.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

using namespace clens;
using namespace clens::test;

namespace {

SimResult simulateFiles(const std::string& clusterPath, const std::string& tracePath, SimOptions options = {},
                        const Scenario& scenario = {})
{
    auto cluster = std::make_shared<const Topology>(loadCluster(clusterPath));
    auto trace = std::make_shared<const Trace>(loadTrace(tracePath));
    return simulate(cluster, trace, scenario, options);
}

// jobs.csv and series CSV written by the simulator's writers, read back by the analysis.
JobTable roundTrip(const SimResult& r, const QTemporaryDir& dir)
{
    const auto jobsPath = dir.path().toStdString() + "/jobs.csv";
    const auto seriesPath = dir.path().toStdString() + "/series.csv";
    {
        std::ofstream jobs(jobsPath), series(seriesPath);
        writeJobResultsCsv(jobs, r);
        writeSeriesCsv(series, r);
    }
    auto t = jobTableFromJobResults(readJobResultsCsv(jobsPath), r.cluster.get());
    useSimulatorSeries(t, readSeriesCsv(seriesPath), "series.csv");
    return t;
}

void compareAllFigures(const JobTable& a, const JobTable& b)
{
    for (const auto& info : figureCatalog()) {
        QCOMPARE(figureUnavailable(info.name, a).has_value(), figureUnavailable(info.name, b).has_value());
        QCOMPARE(QString::fromStdString(csvOf(computeFigure(info.name, a))),
                 QString::fromStdString(csvOf(computeFigure(info.name, b))));
    }
}

} // namespace

class TestAnalysisSimulated : public QObject {
    Q_OBJECT
private slots:
    void demoMetricsAgreeWithSimulatorSummary();
    void demoStoryIsInTheFigures();
    void demoRoundTripThroughFiles();
    void poweredDemoCountsWaitingForBoots();
    void phillyRoundTripThroughFiles();
};

void TestAnalysisSimulated::demoMetricsAgreeWithSimulatorSummary()
{
    const auto r = simulateFiles(samplePath("demo/cluster.csv"), samplePath("demo/jobs.csv"));
    const auto f = summaryFigure(jobTableFromSimResult(r));
    const auto v = [&](const char* m) { return valueAt(f, "metric", m, "value"); };
    QCOMPARE(r.summary.unfinishedJobs, std::int64_t{0}); // so "started" = "finished" for both
    QCOMPARE(v("jobs"), static_cast<double>(r.summary.jobs));
    QCOMPARE(v("makespan_s"), static_cast<double>(r.summary.makespan_s));
    QCOMPARE(v("mean_queue_delay_s"), r.summary.meanQueueDelay_s);
    QCOMPARE(v("p50_queue_delay_s"), r.summary.p50QueueDelay_s);
    QCOMPARE(v("p95_queue_delay_s"), r.summary.p95QueueDelay_s);
    QCOMPARE(v("mean_jct_s"), r.summary.meanJct_s);
    QCOMPARE(v("gpu_alloc_fraction"), r.summary.gpuAllocFraction);
    QCOMPARE(v("fragmentation_delay_h") * 3600, r.summary.fragmentationDelay_s);
    QCOMPARE(v("capacity_delay_h") * 3600, r.summary.capacityDelay_s);
    QCOMPARE(v("gpu_hours") * 3600, r.summary.allocatedGpuSeconds);
}

void TestAnalysisSimulated::demoStoryIsInTheFigures()
{
    // sample_traces/demo/README.md: j05 (4 GPUs) waits 1,200 s fragmented + 600 s short of GPUs,
    // then starts spread over 4 servers; it is the only 2-4 GPU job on 4 servers.
    const auto t = jobTableFromSimResult(simulateFiles(samplePath("demo/cluster.csv"), samplePath("demo/jobs.csv")));
    const auto servers = queueDelayVsServersFigure(t);
    const auto onFour = seriesPoints(servers, "2-4", "servers", "mean_delay_s");
    QVERIFY(!onFour.empty());
    QCOMPARE(onFour.back().first, 4.0);
    QCOMPARE(onFour.back().second, 1800.0);
    const auto causes = delayCausesFigure(t);
    QVERIFY(valueAt(causes, "size_bucket", "2-4", "fragmentation_h") >= 1200.0 / 3600);
    QCOMPARE(causes.y.columns.size(), std::size_t{3}); // no power share without node power
    QCOMPARE(valueAt(causes, "size_bucket", "all", "power_h"), 0.0);
    // Spread over 4 servers in 2 racks, it runs at 1/1.56 of its utilization (the simulator
    // keeps utilization as a float).
    const auto util = gpuUtilStatsFigure(t);
    QVERIFY(std::abs(valueAt(util, "series", "4 GPUs, distributed", "mean_pct") - 100.0 / 1.56) < 1e-4);
}

void TestAnalysisSimulated::demoRoundTripThroughFiles()
{
    const auto r = simulateFiles(samplePath("demo/cluster.csv"), samplePath("demo/jobs.csv"));
    QTemporaryDir dir;
    compareAllFigures(jobTableFromSimResult(r), roundTrip(r, dir));
}

void TestAnalysisSimulated::poweredDemoCountsWaitingForBoots()
{
    // With node power (idle servers off after 60 s, no spare, 600 s boots) demo jobs wait for
    // boots: the fourth cause. The figures from memory and from jobs.csv read back (whose causes,
    // power included, add up to queue_delay_s) both count it, as the simulator's summary does.
    const auto r = simulateFiles(samplePath("demo/cluster.csv"), samplePath("demo/jobs.csv"), {}, withNodePower(60, 0, 600));
    QVERIFY(r.summary.powerDelay_s > 0);
    QTemporaryDir dir;
    const auto fromMemory = jobTableFromSimResult(r);
    const auto fromFiles = roundTrip(r, dir);
    for (const auto* t : {&fromMemory, &fromFiles}) {
        const auto causes = delayCausesFigure(*t);
        QVERIFY(std::abs(valueAt(causes, "size_bucket", "all", "power_h") * 3600 - r.summary.powerDelay_s) < 1e-6);
        QVERIFY(std::find(causes.y.columns.begin(), causes.y.columns.end(), "power_pct") != causes.y.columns.end());
        double shares = 0;
        for (const char* c : {"fairshare_pct", "fragmentation_pct", "capacity_pct", "power_pct"})
            shares += valueAt(causes, "size_bucket", "all", c);
        QVERIFY(std::abs(shares - 100.0) < 1e-9);
        const auto summary = summaryFigure(*t);
        QVERIFY(std::abs(valueAt(summary, "metric", "power_delay_h", "value") * 3600 - r.summary.powerDelay_s) < 1e-6);
    }
    QCOMPARE(QString::fromStdString(csvOf(delayCausesFigure(fromMemory))), QString::fromStdString(csvOf(delayCausesFigure(fromFiles))));
}

void TestAnalysisSimulated::phillyRoundTripThroughFiles()
{
    // 82,247 real jobs on the Philly machine list (light load: few delays, but every figure).
    SimOptions o;
    o.recordOccupancy = false;
    const auto r = simulateFiles(samplePath("philly/cluster_machine_list"), samplePath("philly/philly_jobs_pollux.csv"), o);
    QCOMPARE(r.jobs.size(), std::size_t{82247});
    QTemporaryDir dir;
    const auto inMemory = jobTableFromSimResult(r);
    compareAllFigures(inMemory, roundTrip(r, dir));
    // Nothing is lost on the way: the size mix by count is the trace's.
    const auto mix = sizeMixFigure(inMemory);
    QCOMPARE(valueAt(mix, "size_bucket", "1", "jobs"), 76627.0);
    QCOMPARE(valueAt(mix, "size_bucket", ">8", "jobs"), 289.0);
}

QTEST_APPLESS_MAIN(TestAnalysisSimulated)
#include "tst_analysis_simulated.moc"
