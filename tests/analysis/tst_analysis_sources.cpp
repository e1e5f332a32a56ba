// The three ways into the per-job view agree: a SimResult in memory, the same result read
// back from jobs.csv, and an imported trace with recorded starts.
#include "core/analysis/figure_catalog.hpp"
#include "core/analysis/figure_export.hpp"
#include "core/analysis/figures.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "core/io/job_results_csv_reader.hpp"
#include "tests/analysis/figure_access.hpp"
#include "tests/analysis/tiny_result.hpp"
#include "tests/common/test_support.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <sstream>

using namespace clens;
using namespace clens::test;

namespace {

// Two recorded jobs on 2 servers x 4 GPUs (see recordedTrace below).
Topology twoServers()
{
    return Topology::build({{"s0", std::nullopt, 4, "", 0, 0}, {"s1", std::nullopt, 4, "", 0, 0}}, 8);
}

RecordedAttempt attempt(std::int64_t from, std::int64_t to, std::vector<RecordedServerGpus> placement)
{
    return {from, to, std::move(placement)};
}

// t1: 4 GPUs, submit 0, ran [10,110) on s0 (util 0.5), Pass.
// t2: 2 GPUs, submit 5, ran [20,60) on s1 then [80,200) on s1 (util unknown), Failed; service 160.
// t3: 1 GPU, submit 50, never scheduled (no attempts), Killed.
// t4: 8 GPUs, submit 100, ran [250,300) on s0 + s1 (util 1.0), Pass.
Trace recordedTrace()
{
    Trace t;
    t.meta.source = "recorded.json";
    t.meta.format = "philly";
    const auto add = [&](const char* id, int gpus, std::int64_t submit, std::int64_t service, JobStatus st,
                         std::vector<RecordedAttempt> attempts, float util) {
        Job j;
        j.id = id;
        j.tenant = t.internTenant("v");
        j.gpus = gpus;
        j.submit_s = submit;
        j.duration_s = service;
        j.status = st;
        j.gpuUtil = util;
        if (attempts.empty())
            j.skip = SkipReason::NoAttempts;
        else {
            j.recordedStart_s = attempts.front().start_s;
            j.recordedEnd_s = attempts.back().end_s;
        }
        j.attempts = std::move(attempts);
        t.jobs.push_back(std::move(j));
    };
    add("t1", 4, 0, 100, JobStatus::Pass, {attempt(10, 110, {{"s0", {0, 1, 2, 3}}})}, 0.5f);
    add("t2", 2, 5, 160, JobStatus::Failed, {attempt(20, 60, {{"s1", {0, 1}}}), attempt(80, 200, {{"s1", {0, 1}}})},
        std::nanf(""));
    add("t3", 1, 50, 0, JobStatus::Killed, {}, std::nanf(""));
    add("t4", 8, 100, 50, JobStatus::Pass, {attempt(250, 300, {{"s0", {0, 1, 2, 3}}, {"s1", {0, 1, 2, 3}}})}, 1.0f);
    return t;
}

} // namespace

class TestAnalysisSources : public QObject {
    Q_OBJECT
private slots:
    void jobsCsvGivesTheSameFiguresAsSimResult();
    void jobsCsvSeriesRecomputed();
    void traceWithRecordedStarts();
    void traceSeriesRecomputedWithFreeServers();
    void resultMustMatchTrace_data();
    void resultMustMatchTrace();
};

void TestAnalysisSources::jobsCsvGivesTheSameFiguresAsSimResult()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv", tinyJobsCsv());
    const auto cluster = tinyCluster();
    const auto fromCsv = jobTableFromJobResults(readJobResultsCsv(path), cluster.get());
    const auto fromSim = jobTableFromSimResult(tinySimResult());
    for (const auto& info : figureCatalog()) {
        if (info.name == "cluster_series" || info.name == "gpu_share_fragmentation" || info.name == "cpu_mem_reserved" ||
            info.name == "cpu_mem_used" || info.name == "power_series")
            continue; // the simulator's own series vs one recomputed from the file
        QCOMPARE(QString::fromStdString(csvOf(computeFigure(info.name, fromCsv))),
                 QString::fromStdString(csvOf(computeFigure(info.name, fromSim))));
    }
}

void TestAnalysisSources::jobsCsvSeriesRecomputed()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv", tinyJobsCsv());
    const auto cluster = tinyCluster();
    const auto t = jobTableFromJobResults(readJobResultsCsv(path), cluster.get(), 100);
    const auto f = clusterSeriesFigure(t);
    // Held: j1 [0,100) 1 GPU, j2 [50,250) 2, j3 [110,410) 4, j4 [320,1320) 8, j6 [40,240) 1.
    // Waiting: j2 [0,50), j3 [10,110), j4 [20,320), j5 [30, last end 1320).
    // Samples every 100 s from the first submit (0) to the last end (1320): 14.
    QCOMPARE(f.rowCount(), std::size_t{14});
    const std::vector<double> allocated{1, 3, 7, 4, 12, 8, 8, 8, 8, 8, 8, 8, 8, 8};
    const std::vector<double> queued{1, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    for (std::size_t i = 0; i < allocated.size(); ++i) {
        QCOMPARE(f.number(i, "t_s"), 100.0 * static_cast<double>(i));
        QCOMPARE(f.number(i, "allocated_gpus"), allocated[i]);
        QCOMPARE(f.number(i, "queued_jobs"), queued[i]);
        QVERIFY(std::isnan(f.number(i, "free_servers"))); // no placements in the file
    }
    // Effective utilization over 12 GPUs: t=0 j1 1x0.5; t=100 j2 2x0.8 + j6 1x0.9 = 2.5;
    // t=200 + j3 4x0.6 = 4.9; t=400 j3 2.4 + j4 8x0.4 = 5.6.
    QCOMPARE(f.number(0, "effective_util"), 0.5 / 12);
    QCOMPARE(f.number(1, "effective_util"), 2.5 / 12);
    QCOMPARE(f.number(2, "effective_util"), 4.9 / 12);
    QCOMPARE(f.number(4, "effective_util"), 5.6 / 12);
}

void TestAnalysisSources::traceWithRecordedStarts()
{
    const auto trace = recordedTrace();
    const auto cluster = twoServers();
    const auto t = jobTableFromTrace(trace, &cluster);
    QVERIFY(t.source == JobTableSource::Trace);
    QVERIFY(t.hasDelays && !t.hasDelayCauses && t.hasPlacement);
    // Recorded delays: t1 10-0, t2 20-5, t4 250-100; t3 never started.
    QCOMPARE(*t.jobs[0].queueDelay_s, std::int64_t{10});
    QCOMPARE(*t.jobs[1].queueDelay_s, std::int64_t{15});
    QVERIFY(!t.jobs[2].queueDelay_s);
    QCOMPARE(*t.jobs[3].queueDelay_s, std::int64_t{150});
    // Run time = service time (t2: 40 + 120); never-scheduled t3 has none.
    QCOMPARE(*t.jobs[1].runTime_s, std::int64_t{160});
    QVERIFY(!t.jobs[2].runTime_s);
    // Servers of the last placement; racks from the cluster (one rack).
    QCOMPARE(*t.jobs[1].servers, 1);
    QCOMPARE(*t.jobs[3].servers, 2);
    QCOMPARE(*t.jobs[3].racks, 1);
    // GPU time = GPUs x service: t1 400, t2 320, t3 0, t4 400.
    const auto mix = sizeMixFigure(t);
    QCOMPARE(valueAt(mix, "size_bucket", "2-4", "gpu_hours"), 720.0 / 3600);
    QCOMPARE(valueAt(mix, "size_bucket", "1", "jobs"), 1.0);
    // Status mix counts the never-scheduled job.
    QCOMPARE(valueAt(statusMixFigure(t), "status", "Killed", "jobs"), 1.0);
    // Delay vs servers: 1 server = t1 10, t2 15 -> mean 12.5; 2 servers = t4 150.
    QVERIFY(samePoints(seriesPoints(queueDelayVsServersFigure(t), "all", "servers", "mean_delay_s"), {{1, 12.5}, {2, 150}}));
    QVERIFY(figureUnavailable("delay_causes", t).has_value());
    QVERIFY(!figureUnavailable("gpu_util_cdf", t).has_value());
}

void TestAnalysisSources::traceSeriesRecomputedWithFreeServers()
{
    const auto trace = recordedTrace();
    const auto cluster = twoServers();
    const auto t = jobTableFromTrace(trace, &cluster, 50);
    const auto f = clusterSeriesFigure(t);
    // Samples 0..300 every 50 s. Held per server: t1 s0 4 GPUs [10,110); t2 s1 2 GPUs [20,60)
    // and [80,200); t4 s0 4 + s1 4 [250,300). Waiting: t1 [0,10), t2 [5,20), t4 [100,250).
    QCOMPARE(f.rowCount(), std::size_t{7});
    const std::vector<double> allocated{0, 6, 6, 2, 0, 8, 0};
    const std::vector<double> queued{1, 0, 1, 1, 1, 0, 0};
    const std::vector<double> free{2, 0, 0, 1, 2, 0, 2};
    for (std::size_t i = 0; i < allocated.size(); ++i) {
        QCOMPARE(f.number(i, "allocated_gpus"), allocated[i]);
        QCOMPARE(f.number(i, "queued_jobs"), queued[i]);
        QCOMPARE(f.number(i, "free_servers"), free[i]);
    }
    // Utilization is unknown while t2 (no utilization) runs, else busy GPUs x util / 8.
    QCOMPARE(f.number(0, "effective_util"), 0.0);
    QVERIFY(std::isnan(f.number(1, "effective_util")));
    QVERIFY(std::isnan(f.number(3, "effective_util")));
    QCOMPARE(f.number(4, "effective_util"), 0.0);
    QCOMPARE(f.number(5, "effective_util"), 1.0);
}

void TestAnalysisSources::resultMustMatchTrace_data()
{
    QTest::addColumn<QString>("row");
    QTest::addColumn<QString>("field");
    QTest::newRow("unknown job") << "zz,a,1,0,0,100,0,Pass" << "job_id";
    QTest::newRow("other GPU count") << "j1,a,2,0,0,100,0,Pass" << "gpus";
    QTest::newRow("other submit time") << "j1,a,1,7,7,100,0,Pass" << "submit_s";
}

void TestAnalysisSources::resultMustMatchTrace()
{
    QFETCH(QString, row);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv",
                                "job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,status\n"
                                "j2,a,2,0,50,250,50,Killed\n" + row.toStdString() + "\n");
    const auto file = readJobResultsCsv(path);
    expectInputError([&] { checkResultMatchesTrace(file, *tinyTrace()); }, path, 3, field.toStdString());
    // The matching rows alone pass.
    const auto ok = writeFile(dir, "ok.csv", "job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,status\n"
                                             "j2,a,2,0,50,250,50,Killed\n");
    checkResultMatchesTrace(readJobResultsCsv(ok), *tinyTrace());
}

QTEST_APPLESS_MAIN(TestAnalysisSources)
#include "tst_analysis_sources.moc"
