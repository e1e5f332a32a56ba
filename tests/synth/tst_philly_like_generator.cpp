// The philly-like workload: determinism and the calibrated marginals of a 100k-job trace.
//
// Tolerances. Proportions (size mix, VC shares, status mix) must be within 4 binomial standard
// errors, 4 sqrt(p (1 - p) / n), of the calibrated share. A run-time quantile q_p of a size
// bucket with n generated jobs must lie between the calibrated quantiles at p -/+ 4 sqrt(p (1 - p)
// / n) (the distribution-free confidence band of an order statistic), widened by 0.5 s for the
// rounding to whole seconds. Ratios of arrival rates (diurnal peak/trough, weekday/weekend) are
// within 10%, the offered load within 15% (GPU-seconds per job have a coefficient of variation
// of ~10 in Philly, so the standard error of the load at 100k jobs is ~3%).
#include "core/io/native_csv.hpp"
#include "core/model/job_size.hpp"
#include "core/synth/philly_calibration.hpp"
#include "core/synth/philly_like_generator.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

using namespace clens;
using namespace clens::synth;

namespace {

std::string generateCsv(const GenerateOptions& o)
{
    PhillyLikeGenerator g(o);
    std::ostringstream out;
    writeNativeJobs(out, generatePhillyLikeTrace(g));
    return out.str();
}

double binomialTolerance(double p, double n) { return 4.0 * std::sqrt(p * (1.0 - p) / n); }

// observed/n within 4 standard errors of p.
bool nearShare(std::int64_t observed, std::int64_t n, double p, QString* why)
{
    const double share = static_cast<double>(observed) / static_cast<double>(n);
    const double tol = binomialTolerance(p, static_cast<double>(n));
    *why = QString("share %1 vs calibrated %2 (tolerance %3)").arg(share).arg(p).arg(tol);
    return std::abs(share - p) <= tol + 1e-12;
}

// numpy's default quantile (linear between closest ranks) of sorted values.
double sampleQuantile(const std::vector<std::int64_t>& sorted, double p)
{
    const double h = static_cast<double>(sorted.size() - 1) * p;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const auto hi = std::min(lo + 1, sorted.size() - 1);
    return static_cast<double>(sorted[lo]) + (h - static_cast<double>(lo)) * static_cast<double>(sorted[hi] - sorted[lo]);
}

constexpr std::int64_t kJobs = 100'000;

} // namespace

class TestPhillyLikeGenerator : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sameSeedSameBytes();
    void differentSeedsDiffer();
    void firstRowsOfSeedOneAreStable();
    void calibrationTableIsThePhillyMeasurement();
    void sizeMix();
    void runTimeQuantilesPerBucket_data();
    void runTimeQuantilesPerBucket();
    void statusMix();
    void vcShares();
    void diurnalPeakToTrough();
    void weekdayToWeekend();
    void offeredLoad_data();
    void offeredLoad();
    void noJobLargerThanTheCluster_data();
    void noJobLargerThanTheCluster();
    void badOptionsAreRejected_data();
    void badOptionsAreRejected();

private:
    Trace trace_; // 100k jobs, seed 42, default cluster and load
    std::int32_t clusterGpus_ = 0;
};

void TestPhillyLikeGenerator::initTestCase()
{
    GenerateOptions o;
    o.jobs = kJobs;
    o.seed = 42;
    PhillyLikeGenerator g(o);
    clusterGpus_ = g.cluster().gpuCount();
    trace_ = generatePhillyLikeTrace(g);
    QCOMPARE(static_cast<std::int64_t>(trace_.jobs.size()), kJobs);
}

void TestPhillyLikeGenerator::sameSeedSameBytes()
{
    GenerateOptions o;
    o.jobs = 20'000;
    o.seed = 7;
    const auto a = generateCsv(o);
    const auto b = generateCsv(o);
    QVERIFY(a.size() > 100'000);
    QVERIFY(a == b);
}

void TestPhillyLikeGenerator::differentSeedsDiffer()
{
    GenerateOptions o;
    o.jobs = 1000;
    o.seed = 7;
    const auto a = generateCsv(o);
    o.seed = 8;
    const auto b = generateCsv(o);
    QVERIFY(a != b);
    // Not just shifted: most rows differ.
    std::istringstream sa(a), sb(b);
    std::string la, lb;
    int same = 0;
    while (std::getline(sa, la) && std::getline(sb, lb))
        same += la == lb;
    QVERIFY2(same < 10, qPrintable(QString::number(same)));
}

void TestPhillyLikeGenerator::firstRowsOfSeedOneAreStable()
{
    // A change detector: every generated benchmark trace depends on this exact sequence. If
    // the calibration or the sampling order changes on purpose, update these rows (and say so
    // in docs/generate.md).
    GenerateOptions o;
    o.jobs = 3;
    o.seed = 1;
    QCOMPARE(QString::fromStdString(generateCsv(o)),
             QString("job_id,vc,user,submit_s,gpus,duration_s,status,cpu_cores,mem_gb,gpu_milli,gpu_models\n"
                     "j1,6c71a0,6c71a0-u1,2,2,8,Pass,,,,\n"
                     "j2,b436b2,b436b2-u4,11,1,1975,Pass,,,,\n"
                     "j3,6214e9,6214e9-u27,34,1,122,Failed,,,,\n"));
}

void TestPhillyLikeGenerator::calibrationTableIsThePhillyMeasurement()
{
    // Figures measured from sample_traces/philly/philly_jobs_pollux.csv (see docs/generate.md).
    const auto& m = phillyMarginals();
    QCOMPARE(m.jobs, std::int64_t{82'247});
    std::int64_t sizeJobs = 0, vcJobs = 0;
    for (const auto& s : m.sizes)
        sizeJobs += s.jobs;
    for (const auto& v : m.vcs)
        for (auto n : v.jobsByBucket)
            vcJobs += n;
    QCOMPARE(sizeJobs, m.jobs);
    QCOMPARE(vcJobs, m.jobs);
    QCOMPARE(m.vcs.size(), std::size_t{15});
    const auto median = [&](int b) {
        const auto it = std::find(m.runtimeProbabilities.begin(), m.runtimeProbabilities.end(), 0.5);
        return m.runtimeQuantiles[static_cast<std::size_t>(b)][static_cast<std::size_t>(it - m.runtimeProbabilities.begin())];
    };
    QCOMPARE(median(0), 1117.0);
    QCOMPARE(median(1), 367.0);
    QCOMPARE(median(2), 23683.0);
    QCOMPARE(median(3), 21137.0);
}

void TestPhillyLikeGenerator::sizeMix()
{
    const auto& m = phillyMarginals();
    std::map<std::int32_t, std::int64_t> bySize;
    std::array<std::int64_t, kSizeBuckets> byBucket{};
    for (const auto& j : trace_.jobs) {
        ++bySize[j.gpus];
        ++byBucket[static_cast<std::size_t>(sizeBucket(j.gpus))];
    }
    std::array<std::int64_t, kSizeBuckets> calibratedBucket{};
    QString why;
    for (const auto& s : m.sizes) {
        calibratedBucket[static_cast<std::size_t>(sizeBucket(s.gpus))] += s.jobs;
        const double p = static_cast<double>(s.jobs) / static_cast<double>(m.jobs);
        QVERIFY2(nearShare(bySize[s.gpus], kJobs, p, &why), qPrintable(QString("%1 GPUs: ").arg(s.gpus) + why));
        bySize.erase(s.gpus);
    }
    QVERIFY2(bySize.empty(), "a GPU count Philly never had was generated");
    for (int b = 0; b < kSizeBuckets; ++b) {
        const double p = static_cast<double>(calibratedBucket[static_cast<std::size_t>(b)]) / static_cast<double>(m.jobs);
        QVERIFY2(nearShare(byBucket[static_cast<std::size_t>(b)], kJobs, p, &why), qPrintable(QString("bucket %1: ").arg(b) + why));
    }
}

void TestPhillyLikeGenerator::runTimeQuantilesPerBucket_data()
{
    QTest::addColumn<int>("bucket");
    QTest::addColumn<double>("p");
    for (int b = 0; b < kSizeBuckets; ++b)
        for (double p : {0.1, 0.5, 0.9})
            QTest::addRow("%s GPUs p%d", kSizeBucketLabels[static_cast<std::size_t>(b)].data(), static_cast<int>(p * 100)) << b << p;
}

void TestPhillyLikeGenerator::runTimeQuantilesPerBucket()
{
    QFETCH(int, bucket);
    QFETCH(double, p);
    std::vector<std::int64_t> runtimes;
    for (const auto& j : trace_.jobs)
        if (sizeBucket(j.gpus) == bucket)
            runtimes.push_back(j.duration_s);
    QVERIFY(runtimes.size() > 100);
    std::sort(runtimes.begin(), runtimes.end());
    const auto& m = phillyMarginals();
    const QuantileFunction calibrated(m.runtimeProbabilities, m.runtimeQuantiles[static_cast<std::size_t>(bucket)]);
    const double tol = binomialTolerance(p, static_cast<double>(runtimes.size()));
    const double lo = calibrated.value(p - tol) - 0.5, hi = calibrated.value(p + tol) + 0.5;
    const double q = sampleQuantile(runtimes, p);
    QVERIFY2(lo <= q && q <= hi, qPrintable(QString("generated %1 s, calibrated %2 s, allowed [%3, %4] (n = %5)")
                                               .arg(q).arg(calibrated.value(p)).arg(lo).arg(hi).arg(runtimes.size())));
}

void TestPhillyLikeGenerator::statusMix()
{
    std::map<JobStatus, std::int64_t> counts;
    for (const auto& j : trace_.jobs)
        ++counts[j.status];
    QString why;
    for (const auto& s : kPhillyStatusMix) {
        const double p = static_cast<double>(s.perMille) / 999.0;
        QVERIFY2(nearShare(counts[s.status], kJobs, p, &why), qPrintable(QString::fromStdString(std::string(toString(s.status))) + ": " + why));
    }
    QCOMPARE(counts[JobStatus::Unfinished], std::int64_t{0});
}

void TestPhillyLikeGenerator::vcShares()
{
    const auto& m = phillyMarginals();
    std::vector<std::int64_t> counts(trace_.tenants.size());
    for (const auto& j : trace_.jobs)
        ++counts[static_cast<std::size_t>(j.tenant)];
    QString why;
    for (const auto& vc : m.vcs) {
        std::int64_t total = 0;
        for (auto n : vc.jobsByBucket)
            total += n;
        const auto idx = trace_.findTenant(std::string(vc.name));
        const std::int64_t observed = idx ? counts[static_cast<std::size_t>(*idx)] : 0;
        QVERIFY2(nearShare(observed, kJobs, static_cast<double>(total) / static_cast<double>(m.jobs), &why),
                 qPrintable(QString::fromStdString(std::string(vc.name)) + ": " + why));
    }
    // VC and size go together as in Philly: 6214e9 submits no job of more than 8 GPUs.
    const auto big = trace_.findTenant("6214e9");
    QVERIFY(big);
    for (const auto& j : trace_.jobs)
        if (j.tenant == *big)
            QVERIFY(j.gpus <= 8);
}

void TestPhillyLikeGenerator::diurnalPeakToTrough()
{
    // Calibrated: 7159 jobs in the 07:00 hour against 2185 in the 14:00 hour, a ratio of 3.28.
    std::array<double, 24> perHour{};
    for (const auto& j : trace_.jobs)
        perHour[static_cast<std::size_t>((j.submit_s % 86400) / 3600)] += 1;
    const auto& f = phillyMarginals().hourFactor;
    const double calibrated = *std::max_element(f.begin(), f.end()) / *std::min_element(f.begin(), f.end());
    const double generated = *std::max_element(perHour.begin(), perHour.end()) / *std::min_element(perHour.begin(), perHour.end());
    QVERIFY2(std::abs(generated / calibrated - 1.0) <= 0.10, qPrintable(QString("generated %1, calibrated %2").arg(generated).arg(calibrated)));
    QCOMPARE(std::max_element(perHour.begin(), perHour.end()) - perHour.begin(), std::ptrdiff_t{7});
}

void TestPhillyLikeGenerator::weekdayToWeekend()
{
    // Jobs per calendar second on Mon-Fri against Sat-Sun; time 0 is Monday 00:00 and the last
    // submission ends the observed window (exposure counts the seconds of each kind in it).
    const std::int64_t end = trace_.jobs.back().submit_s + 1;
    double weekdayJobs = 0, weekendJobs = 0, weekdayExposure = 0, weekendExposure = 0;
    for (const auto& j : trace_.jobs)
        ((j.submit_s / 86400) % 7 < 5 ? weekdayJobs : weekendJobs) += 1;
    for (std::int64_t day = 0; day * 86400 < end; ++day) {
        const double seconds = static_cast<double>(std::min<std::int64_t>(86400, end - day * 86400));
        (day % 7 < 5 ? weekdayExposure : weekendExposure) += seconds;
    }
    QVERIFY(weekendExposure > 0);
    const auto& f = phillyMarginals().weekdayFactor;
    const double calibrated = (f[0] + f[1] + f[2] + f[3] + f[4]) / 5.0 / ((f[5] + f[6]) / 2.0);
    const double generated = (weekdayJobs / weekdayExposure) / (weekendJobs / weekendExposure);
    QVERIFY2(std::abs(generated / calibrated - 1.0) <= 0.10, qPrintable(QString("generated %1, calibrated %2").arg(generated).arg(calibrated)));
}

void TestPhillyLikeGenerator::offeredLoad_data()
{
    QTest::addColumn<int>("servers");
    QTest::addColumn<double>("load");
    QTest::newRow("philly 552 servers, 0.8") << 552 << 0.8;
    QTest::newRow("100 servers, 0.5") << 100 << 0.5;
    QTest::newRow("2000 servers, 1.2") << 2000 << 1.2;
}

void TestPhillyLikeGenerator::offeredLoad()
{
    QFETCH(int, servers);
    QFETCH(double, load);
    GenerateOptions o;
    o.jobs = kJobs;
    o.seed = 3;
    o.servers = servers;
    o.load = load;
    PhillyLikeGenerator g(o);
    double work = 0;
    std::int64_t last = 0;
    while (!g.done()) {
        const auto j = g.next();
        work += static_cast<double>(j.gpus) * static_cast<double>(j.duration_s);
        last = j.submit_s;
    }
    // Offered load = GPU-seconds asked for / (cluster GPUs x elapsed time). Elapsed time is
    // measured in operational seconds (the arrival profile's integral), so a window that ends
    // mid-week is not biased by where in the week it ends.
    const double elapsed = g.arrivals().operationalTime(static_cast<double>(last));
    const double offered = work / (g.cluster().gpuCount() * elapsed);
    QVERIFY2(std::abs(offered / load - 1.0) <= 0.15, qPrintable(QString("offered %1, asked %2").arg(offered).arg(load)));
}

void TestPhillyLikeGenerator::noJobLargerThanTheCluster_data()
{
    QTest::addColumn<int>("servers");
    QTest::addColumn<int>("largest");
    // 1 server of 8 GPUs: sizes 1, 2, 4, 8 remain. 3 servers (rack 0: 8-GPU) = 24 GPUs: up to 24.
    QTest::newRow("1 server") << 1 << 8;
    QTest::newRow("3 servers") << 3 << 24;
}

void TestPhillyLikeGenerator::noJobLargerThanTheCluster()
{
    QFETCH(int, servers);
    QFETCH(int, largest);
    GenerateOptions o;
    o.jobs = 50'000;
    o.servers = servers;
    PhillyLikeGenerator g(o);
    QCOMPARE(g.cluster().gpuCount(), largest);
    QCOMPARE(g.sizes().back(), largest);
    std::int32_t seen = 0;
    while (!g.done())
        seen = std::max(seen, g.next().gpus);
    QCOMPARE(seen, largest); // the largest size that fits is still drawn
}

void TestPhillyLikeGenerator::badOptionsAreRejected_data()
{
    QTest::addColumn<qint64>("jobs");
    QTest::addColumn<int>("servers");
    QTest::addColumn<double>("load");
    QTest::addColumn<QString>("option");
    QTest::newRow("no jobs") << qint64{0} << 552 << 0.8 << "jobs";
    QTest::newRow("negative jobs") << qint64{-5} << 552 << 0.8 << "jobs";
    QTest::newRow("no servers") << qint64{10} << 0 << 0.8 << "servers";
    QTest::newRow("zero load") << qint64{10} << 552 << 0.0 << "load";
    QTest::newRow("negative load") << qint64{10} << 552 << -1.0 << "load";
    QTest::newRow("nan load") << qint64{10} << 552 << std::nan("") << "load";
    QTest::newRow("infinite load") << qint64{10} << 552 << HUGE_VAL << "load";
}

void TestPhillyLikeGenerator::badOptionsAreRejected()
{
    QFETCH(qint64, jobs);
    QFETCH(int, servers);
    QFETCH(double, load);
    QFETCH(QString, option);
    GenerateOptions o;
    o.jobs = jobs;
    o.servers = servers;
    o.load = load;
    try {
        PhillyLikeGenerator g(o);
        QFAIL("expected ValueError");
    } catch (const ValueError& e) {
        // The field is the option's plain name; the CLI spells it --jobs (tst_cli_generate).
        QCOMPARE(QString::fromStdString(e.field()), option);
        QVERIFY2(QString(e.what()).startsWith(option + " must be"), e.what());
    }
}

QTEST_APPLESS_MAIN(TestPhillyLikeGenerator)
#include "tst_philly_like_generator.moc"
