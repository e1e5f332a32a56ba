// Each figure hand-computed on the six-job result of tiny_result.hpp (see the table there).
#include "core/analysis/figure_catalog.hpp"
#include "core/analysis/figures.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "tests/analysis/figure_access.hpp"
#include "tests/analysis/tiny_result.hpp"

#include <QTest>

#include <cmath>

using namespace clens;
using namespace clens::test;

class TestAnalysisFigures : public QObject {
    Q_OBJECT
private:
    JobTable table_;

private slots:
    void initTestCase() { table_ = jobTableFromSimResult(tinySimResult()); }
    void tableFromSimResult();
    void sizeMix();
    void runTimeCdf();
    void runTimeStats();
    void queueDelayBySize();
    void queueDelayByVc();
    void delayCauses();
    void delayVsServers();
    void gpuUtil();
    void statusMix();
    void vcTable();
    void clusterSeriesCopied();
    void summary();
    void catalogTitlesMatchFigures();
    void catalogAvailability();
};

void TestAnalysisFigures::tableFromSimResult()
{
    QCOMPARE(table_.jobs.size(), std::size_t{6});
    QVERIFY(table_.source == JobTableSource::Simulation);
    QVERIFY(table_.hasDelays && table_.hasDelayCauses && table_.hasPlacement && table_.hasUtil && table_.hasLevels);
    QCOMPARE(table_.ids[3], std::string("j4"));
    // j4: end 1320 - submit 20 - waited 300 = ran 1000 s.
    QCOMPARE(*table_.jobs[3].runTime_s, std::int64_t{1000});
    QVERIFY(!table_.jobs[4].runTime_s);
    QVERIFY(std::isnan(table_.jobs[4].util)); // never ran
    QCOMPARE(*table_.clusterGpus, 12);
}

void TestAnalysisFigures::sizeMix()
{
    const auto f = sizeMixFigure(table_);
    // Buckets: 1 = j1 j6, 2-4 = j2 j3, 5-8 = j4, >8 = j5 (6 jobs).
    // GPU time: 1 = 100+200 = 300, 2-4 = 400+1200 = 1600, 5-8 = 8000, >8 = 0; total 9900 s.
    QCOMPARE(f.rowCount(), std::size_t{4});
    QCOMPARE(valueAt(f, "size_bucket", "1", "jobs"), 2.0);
    QCOMPARE(valueAt(f, "size_bucket", "2-4", "jobs"), 2.0);
    QCOMPARE(valueAt(f, "size_bucket", "5-8", "jobs"), 1.0);
    QCOMPARE(valueAt(f, "size_bucket", ">8", "jobs"), 1.0);
    QCOMPARE(valueAt(f, "size_bucket", "1", "jobs_pct"), 100.0 * 2 / 6);
    QCOMPARE(valueAt(f, "size_bucket", ">8", "jobs_pct"), 100.0 / 6);
    QCOMPARE(valueAt(f, "size_bucket", "1", "gpu_hours"), 300.0 / 3600);
    QCOMPARE(valueAt(f, "size_bucket", "2-4", "gpu_time_pct"), 100.0 * 1600 / 9900);
    QCOMPARE(valueAt(f, "size_bucket", "5-8", "gpu_time_pct"), 100.0 * 8000 / 9900);
    QCOMPARE(valueAt(f, "size_bucket", ">8", "gpu_time_pct"), 0.0);
}

void TestAnalysisFigures::runTimeCdf()
{
    const auto f = runTimeCdfFigure(table_, {});
    QVERIFY(f.kind == FigureKind::Cdf);
    QCOMPARE(f.x.unit, std::string("s"));
    // >8 has no run time (j5 never ran), so it has no series.
    QCOMPARE(seriesLabels(f), (std::vector<std::string>{"1", "2-4", "5-8", "all"}));
    QVERIFY(samePoints(seriesPoints(f, "1", "run_time_s", "fraction"), {{100, 0.5}, {200, 1}}));
    QVERIFY(samePoints(seriesPoints(f, "2-4", "run_time_s", "fraction"), {{200, 0.5}, {300, 1}}));
    QVERIFY(samePoints(seriesPoints(f, "5-8", "run_time_s", "fraction"), {{1000, 1}}));
    // all: 100 200 200 300 1000 -> F(100) = 1/5, F(200) = 3/5, F(300) = 4/5, F(1000) = 1.
    QVERIFY(samePoints(seriesPoints(f, "all", "run_time_s", "fraction"), {{100, 0.2}, {200, 0.6}, {300, 0.8}, {1000, 1}}));
}

void TestAnalysisFigures::runTimeStats()
{
    const auto f = runTimeStatsFigure(table_);
    // all: sorted 100 200 200 300 1000; mean 1800/5 = 360; numpy-linear quantiles with
    // h = 4p: p50 h=2 -> 200; p90 h=3.6 -> 300+0.6*700 = 720; p95 h=3.8 -> 860; p99 h=3.96 -> 972.
    QCOMPARE(valueAt(f, "series", "all", "jobs"), 5.0);
    QCOMPARE(valueAt(f, "series", "all", "mean"), 360.0);
    QCOMPARE(valueAt(f, "series", "all", "p50"), 200.0);
    QCOMPARE(valueAt(f, "series", "all", "p90"), 720.0);
    QCOMPARE(valueAt(f, "series", "all", "p95"), 860.0);
    QCOMPARE(valueAt(f, "series", "all", "p99"), 972.0);
    QCOMPARE(valueAt(f, "series", "all", "max"), 1000.0);
    // >8: no sample -> a row with 0 jobs and empty statistics.
    QCOMPARE(valueAt(f, "series", ">8", "jobs"), 0.0);
    QVERIFY(std::isnan(valueAt(f, "series", ">8", "mean")));
}

void TestAnalysisFigures::queueDelayBySize()
{
    const auto cdf = queueDelayCdfBySizeFigure(table_, {});
    // Started jobs only (j5 is still waiting): 1 = {0,0}, 2-4 = {50,100}, 5-8 = {300}.
    QCOMPARE(seriesLabels(cdf), (std::vector<std::string>{"1", "2-4", "5-8", "all"}));
    QVERIFY(samePoints(seriesPoints(cdf, "1", "queue_delay_s", "fraction"), {{0, 1}}));
    QVERIFY(samePoints(seriesPoints(cdf, "2-4", "queue_delay_s", "fraction"), {{50, 0.5}, {100, 1}}));
    // all: 0 0 50 100 300.
    QVERIFY(samePoints(seriesPoints(cdf, "all", "queue_delay_s", "fraction"), {{0, 0.4}, {50, 0.6}, {100, 0.8}, {300, 1}}));
    const auto st = queueDelayStatsBySizeFigure(table_);
    // all: mean 450/5 = 90; p50 h=2 -> 50; p95 h=3.8 -> 100 + 0.8*200 = 260.
    QCOMPARE(valueAt(st, "series", "all", "mean"), 90.0);
    QCOMPARE(valueAt(st, "series", "all", "p50"), 50.0);
    QCOMPARE(valueAt(st, "series", "all", "p95"), 260.0);
    QCOMPARE(valueAt(st, "series", "2-4", "p50"), 75.0);
}

void TestAnalysisFigures::queueDelayByVc()
{
    const auto cdf = queueDelayCdfByVcFigure(table_, {});
    // a: j1 0, j2 50 (j5 not started); b: j3 100, j4 300, j6 0.
    QCOMPARE(seriesLabels(cdf), (std::vector<std::string>{"a", "b"}));
    QVERIFY(samePoints(seriesPoints(cdf, "a", "queue_delay_s", "fraction"), {{0, 0.5}, {50, 1}}));
    QVERIFY(samePoints(seriesPoints(cdf, "b", "queue_delay_s", "fraction"), {{0, 1.0 / 3}, {100, 2.0 / 3}, {300, 1}}));
    const auto st = queueDelayStatsByVcFigure(table_);
    // b: 0 100 300 -> mean 400/3, p50 100, p95 h=1.9 -> 100 + 0.9*200 = 280.
    QCOMPARE(valueAt(st, "series", "b", "mean"), 400.0 / 3);
    QCOMPARE(valueAt(st, "series", "b", "p95"), 280.0);
}

void TestAnalysisFigures::delayCauses()
{
    const auto f = delayCausesFigure(table_);
    // 2-4: j2 frag 50; j3 fair 60 + cap 40 -> 150 s: fair 40%, frag 33.3%, cap 26.7%.
    QCOMPARE(valueAt(f, "size_bucket", "2-4", "fairshare_pct"), 40.0);
    QCOMPARE(valueAt(f, "size_bucket", "2-4", "fragmentation_pct"), 100.0 * 50 / 150);
    QCOMPARE(valueAt(f, "size_bucket", "2-4", "capacity_pct"), 100.0 * 40 / 150);
    QCOMPARE(valueAt(f, "size_bucket", "2-4", "jobs_with_fairshare"), 1.0);
    QCOMPARE(valueAt(f, "size_bucket", "2-4", "delayed_jobs"), 2.0);
    // 5-8: j4 frag 200 + cap 100.
    QCOMPARE(valueAt(f, "size_bucket", "5-8", "fragmentation_pct"), 100.0 * 200 / 300);
    QCOMPARE(valueAt(f, "size_bucket", "5-8", "fairshare_pct"), 0.0);
    // >8: j5 still waiting, 1290 s of capacity delay: counted.
    QCOMPARE(valueAt(f, "size_bucket", ">8", "capacity_pct"), 100.0);
    // 1: nobody waited -> no shares.
    QCOMPARE(valueAt(f, "size_bucket", "1", "delayed_jobs"), 0.0);
    QVERIFY(std::isnan(valueAt(f, "size_bucket", "1", "capacity_pct")));
    // all: fair 60, frag 250, cap 1430 = 1740 s.
    QCOMPARE(valueAt(f, "size_bucket", "all", "queue_delay_h"), 1740.0 / 3600);
    QCOMPARE(valueAt(f, "size_bucket", "all", "fragmentation_h"), 250.0 / 3600);
    QCOMPARE(valueAt(f, "size_bucket", "all", "capacity_pct"), 100.0 * 1430 / 1740);
}

void TestAnalysisFigures::delayVsServers()
{
    const auto f = queueDelayVsServersFigure(table_);
    // all: 1 server = j1 0, j2 50, j3 100, j6 0 -> mean 37.5, p50 h=1.5 -> 25, p95 h=2.85 -> 92.5;
    // 2 servers = j4 300.
    const auto all = seriesPoints(f, "all", "servers", "mean_delay_s");
    QVERIFY(samePoints(all, {{1, 37.5}, {2, 300}}));
    QVERIFY(samePoints(seriesPoints(f, "all", "servers", "p50_delay_s"), {{1, 25}, {2, 300}}));
    QVERIFY(samePoints(seriesPoints(f, "all", "servers", "p95_delay_s"), {{1, 92.5}, {2, 300}}));
    QVERIFY(samePoints(seriesPoints(f, "2-4", "servers", "jobs"), {{1, 2}}));
    QVERIFY(samePoints(seriesPoints(f, "5-8", "servers", "mean_delay_s"), {{2, 300}}));
}

void TestAnalysisFigures::gpuUtil()
{
    const auto cdf = gpuUtilCdfFigure(table_, {});
    // 1 GPU dedicated: j1 50%, j6 90%; 4 GPUs dedicated: j3 60%; 8 GPUs distributed: j4 40%
    // (j2 has 2 GPUs: not a study size; j5 never ran).
    QCOMPARE(seriesLabels(cdf), (std::vector<std::string>{"1 GPU, dedicated", "4 GPUs, dedicated", "8 GPUs, distributed"}));
    QVERIFY(samePoints(seriesPoints(cdf, "1 GPU, dedicated", "gpu_util_pct", "fraction"), {{50, 0.5}, {90, 1}}));
    QVERIFY(samePoints(seriesPoints(cdf, "8 GPUs, distributed", "gpu_util_pct", "fraction"), {{40, 1}}));
    const auto st = gpuUtilStatsFigure(table_);
    // all sizes dedicated: j1 50, j2 80, j3 60, j6 90 -> mean 70; weighted by GPU time
    // (50*100 + 80*400 + 60*1200 + 90*200) / 1900 = 127000/1900.
    QCOMPARE(valueAt(st, "series", "all sizes, dedicated", "mean_pct"), 70.0);
    QCOMPARE(valueAt(st, "series", "all sizes, dedicated", "gpu_time_weighted_pct"), 127000.0 / 1900);
    QCOMPARE(valueAt(st, "series", "all sizes, distributed", "mean_pct"), 40.0);
    // all jobs: mean (50+80+60+40+90)/5 = 64; weighted (127000 + 40*8000) / 9900.
    QCOMPARE(valueAt(st, "series", "all jobs", "mean_pct"), 64.0);
    QCOMPARE(valueAt(st, "series", "all jobs", "gpu_time_weighted_pct"), 447000.0 / 9900);
    QCOMPARE(valueAt(st, "series", "16 GPUs, distributed", "jobs"), 0.0);
    QVERIFY(!st.findRow("series", "1 GPU, placement unknown")); // no such jobs: no row
}

void TestAnalysisFigures::statusMix()
{
    const auto f = statusMixFigure(table_);
    // Pass j1 j3 j6 (GPU time 1500), Killed j2 (400), Failed j4 (8000), Unfinished j5 (0).
    QCOMPARE(f.rowCount(), std::size_t{4});
    QCOMPARE(valueAt(f, "status", "Pass", "jobs_pct"), 50.0);
    QCOMPARE(valueAt(f, "status", "Killed", "jobs_pct"), 100.0 / 6);
    QCOMPARE(valueAt(f, "status", "Pass", "gpu_time_pct"), 100.0 * 1500 / 9900);
    QCOMPARE(valueAt(f, "status", "Failed", "gpu_time_pct"), 100.0 * 8000 / 9900);
    QCOMPARE(valueAt(f, "status", "Unfinished", "jobs"), 1.0);
    QCOMPARE(valueAt(f, "status", "Unfinished", "gpu_hours"), 0.0);
}

void TestAnalysisFigures::vcTable()
{
    const auto f = vcTableFigure(table_);
    // b has more GPU time (1200+8000+200 = 9400 s) than a (100+400+0 = 500 s): listed first.
    QCOMPARE(f.text(0, "vc"), std::string("b"));
    QCOMPARE(valueAt(f, "vc", "b", "jobs"), 3.0);
    QCOMPARE(valueAt(f, "vc", "b", "gpu_hours"), 9400.0 / 3600);
    QCOMPARE(valueAt(f, "vc", "a", "gpu_time_pct"), 100.0 * 500 / 9900);
    // a: started j1 (0) and j2 (50): mean 25, p95 h=0.95 -> 47.5.
    QCOMPARE(valueAt(f, "vc", "a", "started_jobs"), 2.0);
    QCOMPARE(valueAt(f, "vc", "a", "mean_delay_s"), 25.0);
    QCOMPARE(valueAt(f, "vc", "a", "p95_delay_s"), 47.5);
    QCOMPARE(valueAt(f, "vc", "b", "p95_delay_s"), 280.0);
}

void TestAnalysisFigures::clusterSeriesCopied()
{
    const auto f = clusterSeriesFigure(table_);
    QVERIFY(f.kind == FigureKind::TimeSeries);
    QCOMPARE(f.rowCount(), std::size_t{2});
    QCOMPARE(f.number(1, "t_s"), 600.0);
    QCOMPARE(f.number(1, "allocated_gpus"), 8.0);
    QCOMPARE(f.number(1, "effective_util"), 3.2 / 12);
    QCOMPARE(f.number(0, "queued_jobs"), 1.0);
    QCOMPARE(f.number(1, "free_servers"), 1.0);
    // The resource columns of the same series.
    const auto reserved = cpuMemReservedFigure(table_);
    QCOMPARE(reserved.number(1, "cpu_reserved"), 16.0);
    QCOMPARE(reserved.number(1, "mem_reserved"), 64.0);
    QVERIFY(std::isnan(reserved.number(1, "cpu_reserved_fraction"))); // the tiny cluster's CPU is unknown
    QCOMPARE(gpuShareFragmentationFigure(table_).number(1, "share_fragmentation"), 0.25);
}

void TestAnalysisFigures::summary()
{
    const auto f = summaryFigure(table_);
    const auto v = [&](const char* m) { return valueAt(f, "metric", m, "value"); };
    QCOMPARE(v("jobs"), 6.0);
    QCOMPARE(v("started_jobs"), 5.0);
    QCOMPARE(v("unfinished_jobs"), 1.0);
    // Last end 1320 - first submit 0.
    QCOMPARE(v("makespan_s"), 1320.0);
    QCOMPARE(v("mean_queue_delay_s"), 90.0);
    // JCT = end - submit: 100, 250, 400, 1300, 200 -> mean 2250/5 = 450, p50 250.
    QCOMPARE(v("mean_jct_s"), 450.0);
    QCOMPARE(v("p50_jct_s"), 250.0);
    QCOMPARE(v("gpu_hours"), 9900.0 / 3600);
    // 9900 GPU-s / (12 GPUs x 1320 s).
    QCOMPARE(v("gpu_alloc_fraction"), 9900.0 / (12 * 1320));
    QCOMPARE(v("gpu_util_pct"), 447000.0 / 9900);
    QCOMPARE(v("fragmentation_delay_h"), 250.0 / 3600);
    // Levels of the 5 started jobs: only j4 relaxed (rack).
    QCOMPARE(v("relaxed_locality_jobs_pct"), 20.0);
    // Failed/Killed: j2, j4 = 2 of 6; GPU time 8400 of 9900.
    QCOMPARE(v("failed_or_killed_jobs_pct"), 100.0 * 2 / 6);
    QCOMPARE(v("failed_or_killed_gpu_time_pct"), 100.0 * 8400 / 9900);
    QCOMPARE(v("mean_queue_delay_s.2-4"), 75.0);
    QVERIFY(std::isnan(v("mean_queue_delay_s.>8")));
}

void TestAnalysisFigures::catalogTitlesMatchFigures()
{
    const auto set = computeFigures(table_);
    QVERIFY(set.unavailable.empty());
    QCOMPARE(set.figures.size(), figureCatalog().size());
    for (std::size_t i = 0; i < set.figures.size(); ++i) {
        QCOMPARE(set.figures[i].name, figureCatalog()[i].name);
        QCOMPARE(set.figures[i].title, figureCatalog()[i].title);
        QVERIFY2(set.figures[i].rowCount() > 0, set.figures[i].name.c_str());
        for (const auto& col : set.figures[i].columns)
            QCOMPARE(col.size(), set.figures[i].rowCount());
    }
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, computeFigure("no_such_figure", table_));
}

void TestAnalysisFigures::catalogAvailability()
{
    // A trace with no recorded starts: only the size, status, VC, run-time and summary figures.
    const auto trace = tinyTrace();
    const auto t = jobTableFromTrace(*trace, nullptr);
    const auto set = computeFigures(t);
    std::vector<std::string> got;
    for (const auto& f : set.figures)
        got.push_back(f.name);
    QCOMPARE(got, (std::vector<std::string>{"summary", "size_mix", "runtime_cdf", "runtime_stats", "status_mix", "vc_table"}));
    QVERIFY(figureUnavailable("delay_causes", t)->find("simulation") != std::string::npos);
    QVERIFY(figureUnavailable("queue_delay_cdf_by_size", t)->find("start") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestAnalysisFigures)
#include "tst_analysis_figures.moc"
