// clusterlens-cli analyze / compare end to end.
#include "tests/analysis/tiny_result.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/common/test_support.hpp"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace clens::test;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

const char* kTinyTrace = "job_id,vc,user,submit_s,gpus,duration_s\n"
                         "j1,a,u,0,1,100\nj2,a,u,0,2,200\nj3,b,u,10,4,300\nj4,b,u,20,8,1000\nj5,a,u,30,16,500\nj6,b,u,40,1,200\n";
const char* kTinyCluster = "server,rack,gpus\ns0,r0,4\ns1,r0,4\ns2,r0,4\n";

} // namespace

class TestCliAnalyze : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString jobs_, trace_, cluster_;

private slots:
    void initTestCase();
    void traceWritesFiguresAndIndex();
    void resultHasEveryFigure();
    void singleFigureToStdout();
    void jsonWithData();
    void usageAndInputErrors_data();
    void usageAndInputErrors();
    void resultForAnotherTraceIsRefused();
    void compareWithItselfIsAllZeros();
    void compareFindsTheChangedJob();
    void compareRefusesDifferentJobs();
    void simulateThenAnalyzeAndCompare();
    void rawPhillyJobLogHasRecordedDelays();
};

void TestCliAnalyze::initTestCase()
{
    QVERIFY(dir_.isValid());
    jobs_ = q(writeFile(dir_, "jobs.csv", tinyJobsCsv()));
    trace_ = q(writeFile(dir_, "trace.csv", kTinyTrace));
    cluster_ = q(writeFile(dir_, "cluster.csv", kTinyCluster));
}

void TestCliAnalyze::traceWritesFiguresAndIndex()
{
    const QString out = dir_.path() + "/demo";
    const auto r = runCli({"analyze", "--trace", q(samplePath("demo/jobs.csv")), "--cluster", q(samplePath("demo/cluster.csv")),
                           "--out-dir", out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto index = QJsonDocument::fromJson(readAll(out + "/index.json")).object();
    QCOMPARE(index["kind"].toString(), QString("trace"));
    QCOMPARE(index["jobs"].toInt(), 24);
    const auto figures = index["figures"].toArray();
    QCOMPARE(figures.size(), 6); // summary, size_mix, runtime_cdf, runtime_stats, status_mix, vc_table
    for (const auto& v : figures) {
        const auto f = v.toObject();
        // Each file exists, its header is the index's column list, and it has the rows announced.
        const auto lines = readAll(out + "/" + f["file"].toString()).split('\n');
        QStringList header;
        for (const auto& c : f["columns"].toArray())
            header << c.toObject()["name"].toString();
        QCOMPARE(QString(lines.front()), header.join(','));
        QCOMPARE(lines.size() - 2, f["rows"].toInt()); // header + rows + final newline
        QVERIFY(!f["title"].toString().isEmpty());
        QVERIFY(f["x"].toObject().contains("unit"));
    }
    // The native demo trace records no starts: the delay figures say why they are missing.
    const auto unavailable = index["unavailable"].toArray();
    QCOMPARE(unavailable.size(), 13); // the delay figures, and the resource and power series only a simulation has
    QVERIFY(unavailable[0].toObject()["reason"].toString().contains("start times"));
    // Demo sizes: 8 one-GPU, 14 of 2-4, 2 of 5-8 (as `info` reports).
    const auto sizeMix = readAll(out + "/size_mix.csv").split('\n');
    QVERIFY(sizeMix[1].startsWith("1,8,"));
    QVERIFY(sizeMix[2].startsWith("2-4,14,"));
    QVERIFY(sizeMix[3].startsWith("5-8,2,"));
}

void TestCliAnalyze::resultHasEveryFigure()
{
    const QString out = dir_.path() + "/tiny";
    const auto r = runCli({"analyze", "--trace", trace_, "--result", jobs_, "--cluster", cluster_, "--out-dir", out, "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto index = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(index["kind"].toString(), QString("simulation"));
    QCOMPARE(index["figures"].toArray().size(), 15);
    // Only the simulator's own series (--series) knows reservations and shares.
    const auto unavailable = index["unavailable"].toArray();
    QCOMPARE(unavailable.size(), 4);
    QCOMPARE(unavailable[0].toObject()["name"].toString(), QString("gpu_share_fragmentation"));
    QCOMPARE(unavailable[1].toObject()["name"].toString(), QString("cpu_mem_reserved"));
    QCOMPARE(unavailable[2].toObject()["name"].toString(), QString("cpu_mem_used"));
    QCOMPARE(unavailable[3].toObject()["name"].toString(), QString("power_series"));
    QVERIFY(unavailable[1].toObject()["reason"].toString().contains("--series"));
    QCOMPARE(readAll(out + "/index.json").trimmed(), r.out.trimmed());
    for (const auto& name : {"summary", "delay_causes", "gpu_util_cdf", "cluster_series", "queue_delay_vs_servers"})
        QVERIFY2(QFile::exists(out + "/" + name + ".csv"), name);
}

void TestCliAnalyze::singleFigureToStdout()
{
    const auto r = runCli({"analyze", "--result", jobs_, "--figure", "status_mix"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    // Pass j1 j3 j6 (GPU time 1500 s of 9900), Killed j2 (400), Failed j4 (8000), Unfinished j5 (0).
    QCOMPARE(QString(r.out), QString("status,jobs,jobs_pct,gpu_hours,gpu_time_pct\n"
                                     "Pass,3,50,0.416666666667,15.1515151515\n"
                                     "Killed,1,16.6666666667,0.111111111111,4.0404040404\n"
                                     "Failed,1,16.6666666667,2.22222222222,80.8080808081\n"
                                     "Unfinished,1,16.6666666667,0,0\n"));
}

void TestCliAnalyze::jsonWithData()
{
    const auto r = runCli({"analyze", "--result", jobs_, "--figure", "size_mix", "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto f = QJsonDocument::fromJson(r.out).object()["figures"].toArray()[0].toObject();
    QCOMPARE(f["name"].toString(), QString("size_mix"));
    QVERIFY(f["file"].isNull());
    const auto jobs = f["data"].toObject()["jobs"].toArray();
    QCOMPARE(jobs.size(), 4);
    QCOMPARE(jobs[0].toInt(), 2); // j1, j6
    QCOMPARE(jobs[3].toInt(), 1); // j5
}

void TestCliAnalyze::usageAndInputErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no input") << QStringList{"analyze"} << "--trace";
    QTest::newRow("unknown figure") << QStringList{"analyze", "--result", "JOBS", "--figure", "pie"} << "unknown --figure";
    QTest::newRow("all without out-dir") << QStringList{"analyze", "--result", "JOBS"} << "--out-dir";
    QTest::newRow("unavailable figure")
        << QStringList{"analyze", "--trace", "TRACE", "--figure", "delay_causes"} << "simulation results";
    QTest::newRow("compare one file") << QStringList{"compare", "JOBS"} << "clusterlens-cli";
}

void TestCliAnalyze::usageAndInputErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    args.replaceInStrings("JOBS", jobs_).replaceInStrings("TRACE", trace_);
    const auto r = runCli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("clusterlens-cli: error: "), r.err.constData());
    QVERIFY2(QString(r.err).contains(message), r.err.constData());
}

void TestCliAnalyze::resultForAnotherTraceIsRefused()
{
    const auto other = q(writeFile(dir_, "other.csv", "job_id,vc,user,submit_s,gpus,duration_s\nj1,a,u,0,1,100\n"));
    const auto r = runCli({"analyze", "--trace", other, "--result", jobs_, "--figure", "size_mix"});
    QCOMPARE(r.exitCode, 2);
    // j2 (line 3 of jobs.csv) is not in the other trace.
    QVERIFY2(r.err.startsWith("clusterlens-cli: error: " + jobs_.toUtf8() + ":3: field 'job_id'"), r.err.constData());
}

void TestCliAnalyze::compareWithItselfIsAllZeros()
{
    const auto r = runCli({"compare", jobs_, jobs_, "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o["jobs"].toInt(), 6);
    QCOMPARE(o["unchanged"].toInt(), 5);
    QCOMPARE(o["faster"].toInt() + o["slower"].toInt(), 0);
    const auto metrics = o["figures"].toArray()[0].toObject();
    QCOMPARE(metrics["name"].toString(), QString("compare_metrics"));
    int checked = 0;
    for (const auto& d : metrics["data"].toObject()["delta"].toArray()) {
        if (d.isNull())
            continue;
        QCOMPARE(d.toDouble(), 0.0);
        ++checked;
    }
    QVERIFY(checked > 20);
}

void TestCliAnalyze::compareFindsTheChangedJob()
{
    // B: j3 starts at submit (10) instead of 110 and ends at 310: JCT 400 -> 300.
    auto text = QString::fromStdString(tinyJobsCsv());
    text.replace("j3,b,u,4,10,110,410,100,60,0,40,", "j3,b,u,4,10,10,310,0,0,0,0,");
    const auto b = q(writeFile(dir_, "b.csv", text.toStdString()));
    const QString out = dir_.path() + "/cmp";
    const auto r = runCli({"compare", jobs_, b, "--out-dir", out, "--out", dir_.path() + "/metrics.csv"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("faster in B: 1"), r.out.constData());
    const auto gainers = readAll(out + "/top_gainers.csv").split('\n');
    QCOMPARE(gainers.size(), 3); // header, j3, final newline
    QVERIFY2(gainers[1].startsWith("j3,b,4,400,300,-100,-25,100,0"), gainers[1].constData());
    QCOMPARE(readAll(out + "/top_losers.csv").split('\n').size(), 2); // header only
    // Mean queue delay over the 5 started jobs: A 450/5 = 90, B 350/5 = 70: -20 s, -22.2%.
    const auto metrics = readAll(dir_.path() + "/metrics.csv");
    QVERIFY2(metrics.contains("\nmean_queue_delay_s,s,90,70,-20,-22.2222222222,B\n"), metrics.constData());
    QVERIFY(QFile::exists(out + "/index.json"));
}

void TestCliAnalyze::compareRefusesDifferentJobs()
{
    const auto b = q(writeFile(dir_, "fewer.csv", "job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,status\n"
                                                  "j1,a,1,0,0,100,0,Pass\n"));
    const auto r = runCli({"compare", jobs_, b});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("not on the same jobs"), r.err.constData());
}

void TestCliAnalyze::simulateThenAnalyzeAndCompare()
{
    // The demo simulated twice: defaults (A) and relax-to-any at once (B). sample_traces/demo/
    // README.md: with relaxation at once j05 starts immediately (spread) and the 1-GPU j06 waits
    // for capacity instead.
    const auto demoCluster = q(samplePath("demo/cluster.csv"));
    const auto demoJobs = q(samplePath("demo/jobs.csv"));
    const auto path = [&](const char* name) { return dir_.path() + "/" + name; };
    const auto any0 = q(writeFile(dir_, "any0.json", R"({"locality": {"relax_to_any_after_s": 0}})"));
    auto r = runCli({"simulate", "-q", "--cluster", demoCluster, "--trace", demoJobs, "--jobs-out", path("a.csv"),
                     "--series-out", path("a_series.csv")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCli({"simulate", "-q", "--cluster", demoCluster, "--trace", demoJobs, "--config", any0, "--jobs-out", path("b.csv")});
    QVERIFY2(r.exitCode == 0, r.err.constData());

    r = runCli({"analyze", "--trace", demoJobs, "--cluster", demoCluster, "--result", path("a.csv"), "--series",
                path("a_series.csv"), "--out-dir", path("sim_an"), "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto index = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(index["figures"].toArray().size(), 18); // power_series too: every simulation draws power
    // The simulator's own series is used: same samples, and fully-free servers are known.
    const auto series = readAll(path("sim_an/cluster_series.csv")).split('\n');
    QCOMPARE(series.size(), readAll(path("a_series.csv")).split('\n').size());
    QVERIFY2(!series[1].endsWith(','), series[1].constData());
    QCOMPARE(QString(readAll(path("sim_an/cpu_mem_reserved.csv")).split('\n').front()),
             QString("t_s,cpu_reserved,mem_reserved,cpu_reserved_fraction,mem_reserved_fraction"));
    // The demo trace has no measured utilization: the figure says the simulator assumed 100%.
    QVERIFY(readAll(path("sim_an/index.json")).contains("assumed 100%"));

    r = runCli({"compare", path("a.csv"), path("b.csv"), "--out-dir", path("ab"), "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o["jobs"].toInt(), 24);
    QVERIFY(o["faster"].toInt() > 0);
    const auto losers = readAll(path("ab/top_losers.csv")).split('\n');
    QVERIFY2(losers[1].startsWith("j06,speech,1,"), losers[1].constData());
    QVERIFY(readAll(path("ab/top_gainers.csv")).contains("\nj05,nlp,4,"));
}

void TestCliAnalyze::rawPhillyJobLogHasRecordedDelays()
{
    // sample_traces/philly/cluster_job_log.example.json: recorded delay = first attempt start -
    // submit: 8-GPU job 01:12:09 - 01:11:39 = 30 s; 16-GPU job on m51+m52 03:10 - 03:00 = 600 s;
    // 1-GPU job 23 s; 2-GPU job 60 s; 4-GPU job 120 s; one job never ran (no delay).
    // By bucket: 1 = {23}, 2-4 = {60, 120} (mean 90), 5-8 = {30}, >8 = {600}; all: 833/5 = 166.6.
    const auto r = runCli({"analyze", "--trace", q(samplePath("philly/cluster_job_log.example.json")), "--machines",
                           q(samplePath("philly/cluster_machine_list")), "--figure", "queue_delay_stats_by_size", "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto index = QJsonDocument::fromJson(r.out).object();
    const auto data = index["figures"].toArray()[0].toObject()["data"].toObject();
    QCOMPARE(data["series"].toArray().size(), 5);
    const QJsonArray mean = data["mean"].toArray();
    QCOMPARE(mean[0].toDouble(), 23.0);
    QCOMPARE(mean[1].toDouble(), 90.0);
    QCOMPARE(mean[2].toDouble(), 30.0);
    QCOMPARE(mean[3].toDouble(), 600.0);
    QCOMPARE(mean[4].toDouble(), 166.6);
    // The machine list's GPU counts were fixed from the log's placements, and the importer's
    // remarks travel with the figures.
    QVERIFY2(r.out.contains("cluster: GPU counts of"), r.out.constData());
    QVERIFY2(r.out.contains("no attempt"), r.out.constData());
}

QTEST_APPLESS_MAIN(TestCliAnalyze)
#include "tst_cli_analyze.moc"
