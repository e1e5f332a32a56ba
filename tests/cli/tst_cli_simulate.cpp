// clusterlens-cli simulate end to end on the bundled samples (docs/simulation.md "Outputs").
#include "tests/cli/cli_runner.hpp"
#include "tests/common/test_support.hpp"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace clens::test;

class TestCliSimulate : public QObject {
    Q_OBJECT
private slots:
    void demoOutputs();
    void deterministic();
    void everySampleFormat_data();
    void everySampleFormat();
    void badConfigNamesKey_data();
    void badConfigNamesKey();
    void raisedSeriesStepIsSaid();
    void delayCausesAddUp_data();
    void delayCausesAddUp();
};

void TestCliSimulate::demoOutputs()
{
    QTemporaryDir dir;
    const auto jobs = dir.filePath("jobs.csv"), summary = dir.filePath("summary.json"), series = dir.filePath("s.csv");
    const auto r = runCli({"simulate", "--cluster", sample("demo/cluster.csv"), "--trace", sample("demo/jobs.csv"), "--jobs-out",
                           jobs, "--summary-out", summary, "--series-out", series});
    QCOMPARE(r.exitCode, 0);
    const auto lines = readAll(jobs).split('\n');
    QVERIFY(lines.front().startsWith("job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,fairshare_delay_s,"
                                     "fragmentation_delay_s,capacity_delay_s,servers,racks,level,attempts,status,gpu_seconds"));
    QCOMPARE(lines.size(), 26); // header + 24 jobs + final empty
    // j05 (nlp, 4 GPUs at 120): every server has 1 free GPU until `any` is allowed at 120 + 1800;
    // 4 servers in 2 racks -> (1 + 0.1*3)(1 + 0.2*1) = 1.56 -> 1800 s * 1.56 = 2808 s.
    QVERIFY(lines[5].startsWith("j05,nlp,4,120,1920,4728,1800,0,1200,600,4,2,any,1,Pass,11232,"));
    const auto o = QJsonDocument::fromJson(readAll(summary)).object();
    for (const char* key : {"jobs", "makespan_s", "mean_queue_delay_s", "p50_queue_delay_s", "p95_queue_delay_s", "mean_jct_s",
                            "gpu_alloc_fraction", "gpu_effective_util", "cpu_alloc_fraction", "mem_alloc_fraction",
                            "gpu_share_fragmentation", "cpu_reserved_core_h", "cpu_used_core_h", "mem_reserved_gb_h",
                            "mem_used_gb_h", "cpu_under_pct", "mem_under_pct", "oom_kills", "throttled_s", "energy_kwh",
                            "powered_server_h", "power_delay_s"})
        QVERIFY2(o.contains(key), key);
    QCOMPARE(o["jobs"].toInt(), 24);
    // The demo's servers have 24 cores and 256 GB; its jobs ask neither: nothing reserved.
    QCOMPARE(o["cpu_alloc_fraction"].toDouble(-1), 0.0);
    QCOMPARE(o["gpu_share_fragmentation"].toDouble(), 0.0);
    QVERIFY(readAll(series).startsWith("t_s,allocated_gpus,effective_util,queued_jobs,free_servers,held_idle_gpus,queue_vision,"
                                       "queue_speech,queue_nlp,cpu_reserved,mem_reserved,share_fragmentation,cpu_used,mem_used,"
                                       "powered_servers,power_kw\n0,12,"));
    QVERIFY(lines[0].endsWith(",held_idle_gpu_seconds,cpu_cores,mem_gb,gpu_milli,power_delay_s,throttled_s,oom_kills,"
                              "cpu_reserved_core_s,cpu_used_core_s,mem_reserved_gb_s,mem_used_gb_s,preemptions,queue_key"));
    // j05 was never preempted and waited under fifo's key, its submit time 120. A GPU-only run's
    // resource columns are every job's defaults (written from a shared text): no CPU or memory,
    // whole GPUs (1000), no power delay, nothing throttled, killed, reserved or used.
    QVERIFY(lines[5].endsWith(",chen,1800,4,1.56,0.6410256624221802,0,0,0,1000,0,0,0,0,0,0,0,0,120"));
}

void TestCliSimulate::deterministic()
{
    QTemporaryDir dir;
    QByteArray first;
    for (int run = 0; run < 2; ++run) {
        const auto jobs = dir.filePath(QString("jobs%1.csv").arg(run));
        const auto r = runCli({"simulate", "-q", "--cluster", sample("philly/cluster_machine_list"), "--trace",
                               sample("philly/philly_jobs_pollux.csv"), "--jobs-out", jobs});
        QCOMPARE(r.exitCode, 0);
        if (run == 0)
            first = readAll(jobs);
        else
            QCOMPARE(readAll(jobs), first);
    }
}

void TestCliSimulate::everySampleFormat_data()
{
    // Each bundled trace format on a cluster file format; jobs.csv has one row per job that
    // `info` counts as simulated.
    QTest::addColumn<QString>("cluster");
    QTest::addColumn<QString>("trace");
    const auto data = [](const char* rel) { return QString::fromStdString(dataPath(rel)); };
    QTest::newRow("native") << sample("demo/cluster.csv") << sample("demo/jobs.csv");
    QTest::newRow("philly-csv on machine list") << sample("philly/cluster_machine_list") << sample("philly/philly_jobs_pollux.csv");
    QTest::newRow("philly job log on machine list") << sample("philly/cluster_machine_list") << sample("philly/cluster_job_log.example.json");
    QTest::newRow("alibaba on node list") << sample("alibaba-openb/openb_node_list_gpu_node.csv") << sample("alibaba-openb/openb_pod_list_default.csv");
    QTest::newRow("helios on revised list") << sample("philly/revised_machine_list.csv") << data("helios/cluster_log.csv");
    QTest::newRow("swf on revised list") << sample("philly/revised_machine_list.csv") << data("swf/sample.swf");
}

void TestCliSimulate::everySampleFormat()
{
    QFETCH(QString, cluster);
    QFETCH(QString, trace);
    QTemporaryDir dir;
    const auto jobs = dir.filePath("jobs.csv");
    const auto r = runCli({"simulate", "-q", "--cluster", cluster, "--trace", trace, "--jobs-out", jobs});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto info = runCli({"info", "--json", "--trace", trace});
    QCOMPARE(info.exitCode, 0);
    const auto simulated = QJsonDocument::fromJson(info.out).object()["simulated_jobs"].toInt();
    QVERIFY(simulated > 0);
    QCOMPARE(readAll(jobs).count('\n'), simulated + 1);
}

void TestCliSimulate::badConfigNamesKey_data()
{
    QTest::addColumn<QString>("config");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown key") << R"({"gang": {"polcy": "strict"}})" << "gang.polcy";
    QTest::newRow("unknown VC") << R"({"quota": {"mode": "strict", "vc": {"nosuch": 8}}})" << "quota.vc.nosuch";
}

void TestCliSimulate::badConfigNamesKey()
{
    QFETCH(QString, config);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "cfg.json", config.toStdString());
    const auto r = runCli({"simulate", "--cluster", sample("demo/cluster.csv"), "--trace", sample("demo/jobs.csv"), "--config",
                           QString::fromStdString(path)});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
    QVERIFY2(r.err.contains("cfg.json"), r.err.constData());
}

void TestCliSimulate::delayCausesAddUp_data()
{
    QTest::addColumn<QString>("config");
    QTest::addColumn<bool>("power");
    QTest::newRow("power off") << "{}" << false;
    // Every idle server but 0 spares powers off after 60 s; demo jobs arriving later wait for boots.
    QTest::newRow("power on") << R"({"power": {"enabled": true, "idle_off_after_s": 60, "spare_servers": 0, "boot_s": 600}})"
                              << true;
}

void TestCliSimulate::delayCausesAddUp()
{
    // The printed causes are totals over jobs and add up to the jobs' queue_delay_s; with node
    // power on, the wait for boots is printed as "power" and equals summary.json's power_delay_s.
    QFETCH(QString, config);
    QFETCH(bool, power);
    QTemporaryDir dir;
    const auto cfg = QString::fromStdString(writeFile(dir, "cfg.json", config.toStdString()));
    const auto jobs = dir.filePath("jobs.csv"), summary = dir.filePath("summary.json");
    const auto r = runCli({"simulate", "--cluster", sample("demo/cluster.csv"), "--trace", sample("demo/jobs.csv"), "--config", cfg,
                           "--jobs-out", jobs, "--summary-out", summary});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    qint64 queued = 0;
    const auto rows = readAll(jobs).split('\n');
    for (qsizetype i = 1; i < rows.size(); ++i)
        if (!rows[i].isEmpty())
            queued += rows[i].split(',')[6].toLongLong(); // queue_delay_s
    QByteArray line;
    for (const auto& l : r.out.split('\n'))
        if (l.startsWith("delay by cause: "))
            line = l.mid(16);
    QVERIFY2(!line.isEmpty(), r.out.constData());
    qint64 printed = 0;
    qint64 powerPrinted = -1;
    for (const auto& part : line.split(',')) { // "fairshare 0 s", " power 1200 s", ...
        const auto words = part.trimmed().split(' ');
        QCOMPARE(words.size(), 3);
        printed += words[1].toLongLong();
        if (words[0] == "power")
            powerPrinted = words[1].toLongLong();
    }
    QCOMPARE(printed, queued);
    QCOMPARE(powerPrinted >= 0, power);
    if (power) {
        const auto powerDelay = QJsonDocument::fromJson(readAll(summary)).object()["power_delay_s"].toDouble(-1);
        QCOMPARE(double(powerPrinted), powerDelay);
        QVERIFY(powerDelay > 0); // else the row could not tell a missing cause
    }
}

QTEST_GUILESS_MAIN(TestCliSimulate)
#include "tst_cli_simulate.moc"

void TestCliSimulate::raisedSeriesStepIsSaid()
{
    // Two 1-GPU jobs 2^40 s apart (step 300 s): the series outgrows its bound and its step is
    // doubled 14 times, to 300 x 2^14 = 4,915,200 s (tst_sim_basic has the arithmetic); the CLI
    // says so. The demo alone (no bound reached) says nothing.
    QTemporaryDir dir;
    const auto trace = QString::fromStdString(writeFile(dir, "far.csv",
                                                        "job_id,vc,user,submit_s,gpus,duration_s,status\n"
                                                        "a,v,u,0,1,100,Pass\nb,v,u,1099511627776,1,100,Pass\n"));
    const auto far = runCli({"simulate", "-q", "--cluster", sample("demo/cluster.csv"), "--trace", trace});
    QCOMPARE(far.exitCode, 0);
    QVERIFY2(far.err.contains("the time series step was raised from 300 s to 4915200 s"), far.err.constData());
    const auto demo = runCli({"simulate", "-q", "--cluster", sample("demo/cluster.csv"), "--trace", sample("demo/jobs.csv")});
    QCOMPARE(demo.exitCode, 0);
    QVERIFY2(!demo.err.contains("time series step"), demo.err.constData());
}
