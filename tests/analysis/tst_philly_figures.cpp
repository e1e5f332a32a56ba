// The real Philly jobs (sample_traces/philly/philly_jobs_pollux.csv, 82,247 jobs): the
// job-size mix and run-time quantiles of the analysis engine, cross-checked against an
// independent computation in this file (its own parsing, bucketing, summing of the file's own
// gpu_time column, and quantiles by nth_element), and against numbers computed once with a
// separate Python script (anchors below).
#include "core/analysis/figures.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "core/io/trace_format.hpp"
#include "tests/analysis/figure_access.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <sstream>

using namespace clens;
using namespace clens::test;

namespace {

struct PolluxRow {
    double duration = 0;
    int gpus = 0;
    double gpuTime = 0;
    std::string vc;
};

std::vector<PolluxRow> readPollux()
{
    std::ifstream in(samplePath("philly/philly_jobs_pollux.csv"));
    std::string line;
    std::getline(in, line); // timestamp,duration,num_gpus,gpu_time,cluster
    std::vector<PolluxRow> rows;
    while (std::getline(in, line)) {
        if (line.empty())
            continue;
        std::stringstream s(line);
        std::string ts, duration, gpus, gpuTime, vc;
        std::getline(s, ts, ',');
        std::getline(s, duration, ',');
        std::getline(s, gpus, ',');
        std::getline(s, gpuTime, ',');
        std::getline(s, vc);
        rows.push_back({std::stod(duration), static_cast<int>(std::stod(gpus)), std::stod(gpuTime), vc});
    }
    return rows;
}

// numpy-linear quantile by selection, independent of sample_stats.
double selectQuantile(std::vector<double> v, double p)
{
    const double h = (static_cast<double>(v.size()) - 1) * p;
    const auto lo = static_cast<std::size_t>(h);
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(lo), v.end());
    const double a = v[lo];
    if (lo + 1 >= v.size())
        return a;
    const double b = *std::min_element(v.begin() + static_cast<std::ptrdiff_t>(lo) + 1, v.end());
    return a + (h - static_cast<double>(lo)) * (b - a);
}

} // namespace

class TestPhillyFigures : public QObject {
    Q_OBJECT
private:
    std::vector<PolluxRow> rows_;
    JobTable table_;

private slots:
    void initTestCase()
    {
        rows_ = readPollux();
        QCOMPARE(rows_.size(), std::size_t{82247});
        // What the engine analyses: the trace as the philly-csv importer reads it.
        const auto trace = loadTrace(samplePath("philly/philly_jobs_pollux.csv"));
        QCOMPARE(trace.meta.format, std::string("philly-csv"));
        table_ = jobTableFromTrace(trace, nullptr);
    }
    void sizeMixMatchesIndependentCount();
    void runTimeQuantilesMatchIndependentComputation();
    void noDelayFiguresWithoutRecordedStarts();
};

void TestPhillyFigures::sizeMixMatchesIndependentCount()
{
    std::array<double, 4> jobs{}, gpuTime{};
    double totalGpuTime = 0;
    for (const auto& r : rows_) {
        const std::size_t b = r.gpus == 1 ? 0 : r.gpus <= 4 ? 1 : r.gpus <= 8 ? 2 : 3;
        jobs[b] += 1;
        gpuTime[b] += r.gpuTime; // the file's own GPU-seconds column
        totalGpuTime += r.gpuTime;
    }
    // Anchors from a separate Python computation: 76,627 / 3,688 / 1,643 / 289 jobs.
    QCOMPARE(jobs[0], 76627.0);
    QCOMPARE(jobs[3], 289.0);
    const auto f = sizeMixFigure(table_);
    const char* labels[] = {"1", "2-4", "5-8", ">8"};
    for (std::size_t b = 0; b < 4; ++b) {
        QCOMPARE(valueAt(f, "size_bucket", labels[b], "jobs"), jobs[b]);
        QCOMPARE(valueAt(f, "size_bucket", labels[b], "jobs_pct"), 100.0 * jobs[b] / 82247);
        QCOMPARE(valueAt(f, "size_bucket", labels[b], "gpu_hours"), gpuTime[b] / 3600);
        QCOMPARE(valueAt(f, "size_bucket", labels[b], "gpu_time_pct"), 100.0 * gpuTime[b] / totalGpuTime);
    }
    // The study's picture: most jobs use one GPU, but most GPU time goes to multi-GPU jobs.
    QVERIFY(valueAt(f, "size_bucket", "1", "jobs_pct") > 90);
    QVERIFY(valueAt(f, "size_bucket", "1", "gpu_time_pct") < 20);
}

void TestPhillyFigures::runTimeQuantilesMatchIndependentComputation()
{
    std::array<std::vector<double>, 5> d;
    for (const auto& r : rows_) {
        const std::size_t b = r.gpus == 1 ? 0 : r.gpus <= 4 ? 1 : r.gpus <= 8 ? 2 : 3;
        d[b].push_back(r.duration);
        d[4].push_back(r.duration);
    }
    const auto f = runTimeStatsFigure(table_);
    const char* labels[] = {"1", "2-4", "5-8", ">8", "all"};
    for (std::size_t b = 0; b < 5; ++b) {
        QCOMPARE(valueAt(f, "series", labels[b], "jobs"), static_cast<double>(d[b].size()));
        for (const auto& [col, p] : {std::pair{"p50", 0.5}, {"p90", 0.9}, {"p95", 0.95}, {"p99", 0.99}})
            QCOMPARE(valueAt(f, "series", labels[b], col), selectQuantile(d[b], p));
        QCOMPARE(valueAt(f, "series", labels[b], "max"), *std::max_element(d[b].begin(), d[b].end()));
    }
    // Python anchors: median run time 1,144 s overall, 1,117 s for 1-GPU jobs, 23,683 s for
    // 5-8 GPUs; p90 of 2-4 GPUs 166,119.9 s.
    QCOMPARE(valueAt(f, "series", "all", "p50"), 1144.0);
    QCOMPARE(valueAt(f, "series", "1", "p50"), 1117.0);
    QCOMPARE(valueAt(f, "series", "5-8", "p50"), 23683.0);
    QCOMPARE(valueAt(f, "series", "2-4", "p90"), 166119.9);
    // The CDF ends at the longest job of each bucket with fraction 1.
    const auto cdf = runTimeCdfFigure(table_, {});
    const auto all = seriesPoints(cdf, "all", "run_time_s", "fraction");
    QVERIFY(all.size() <= 1002);
    QCOMPARE(all.back().first, 4628226.0);
    QCOMPARE(all.back().second, 1.0);
}

void TestPhillyFigures::noDelayFiguresWithoutRecordedStarts()
{
    QVERIFY(!table_.hasDelays);
    QVERIFY(!table_.series);
    QVERIFY(!table_.notes.empty());
    bool said = false;
    for (const auto& n : table_.notes)
        said |= n.find("no start times") != std::string::npos;
    QVERIFY(said);
}

QTEST_APPLESS_MAIN(TestPhillyFigures)
#include "tst_philly_figures.moc"
