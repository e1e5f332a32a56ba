// Opening data: which cluster file goes with a trace, loading both off the GUI thread, and
// errors or cancellation coming back as values (never as exceptions).
#include "tests/common/test_support.hpp"
#include "ui/io/file_filters.hpp"
#include "ui/io/trace_loader.hpp"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace clens;
using namespace clens::ui;

using clens::test::sample;

class TestTraceLoader : public QObject {
    Q_OBJECT
private slots:
    void findsTheClusterNextToTheTrace_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("cluster"); // file name expected, empty = none
        QTest::newRow("native csv") << sample("demo/jobs.csv") << int(TraceFormat::Csv) << QStringLiteral("cluster.csv");
        QTest::newRow("philly csv") << sample("philly/philly_jobs_pollux.csv") << int(TraceFormat::PhillyCsv)
                                    << QStringLiteral("cluster_machine_list");
        QTest::newRow("philly log") << sample("philly/cluster_job_log.example.json") << int(TraceFormat::Philly)
                                    << QStringLiteral("cluster_machine_list");
        QTest::newRow("alibaba") << sample("alibaba-openb/openb_pod_list_default.csv") << int(TraceFormat::Alibaba)
                                 << QStringLiteral("openb_node_list_all_node.csv");
        QTest::newRow("slurm") << sample("slurm/sacct_jobs.txt") << int(TraceFormat::Slurm) << QStringLiteral("scontrol_nodes.txt");
        QTest::newRow("kubernetes") << sample("kubernetes/pods.json") << int(TraceFormat::KubernetesPods) << QStringLiteral("nodes.json");
        QTest::newRow("swf, nothing near") << QString::fromStdString(test::dataPath("swf/sample.swf")) << int(TraceFormat::Swf)
                                           << QString();
    }

    void findsTheClusterNextToTheTrace()
    {
        QFETCH(QString, trace);
        QFETCH(int, format);
        QFETCH(QString, cluster);
        QCOMPARE(int(*detectFormat(trace).format), format);
        const auto found = findClusterFileFor(trace, static_cast<TraceFormat>(format));
        if (cluster.isEmpty()) {
            QVERIFY(!found);
        } else {
            QVERIFY(found);
            QCOMPARE(QFileInfo(*found).fileName(), cluster);
        }
    }

    void loadsTheDemo()
    {
        LoadRequest request{sample("demo/jobs.csv"), sample("demo/cluster.csv"), TraceFormat::Csv, 8};
        std::vector<double> progress;
        const LoadedData data = loadData(request, [&](double f) {
            progress.push_back(f);
            return true;
        });
        QVERIFY2(data.error.isEmpty(), qPrintable(data.error));
        QVERIFY(data.trace && data.cluster);
        QCOMPARE(data.trace->jobs.size(), std::size_t(24));
        QCOMPARE(data.cluster->gpuCount(), 16);
        QVERIFY(!progress.empty());
        QCOMPARE(progress.back(), 1.0);
    }

    // A topology.conf beside a Slurm node list gives its racks (docs/gui.md "Running it").
    void slurmRacksFromTopologyConf()
    {
        LoadRequest request{sample("slurm/sacct_jobs.txt"), sample("slurm/scontrol_nodes.txt"), TraceFormat::Auto, 8};
        const LoadedData data = loadData(request, {});
        QVERIFY2(data.error.isEmpty(), qPrintable(data.error));
        QCOMPARE(data.trace->jobs.size(), std::size_t(30));
        QCOMPARE(data.cluster->rackCount(), 3);
        QVERIFY(data.notes.join('\n').contains("leaf switches"));
        // The session's import options reach the reader: 4111 ran 01:40-03:05 Berlin time on the
        // day clocks skip 02:00-03:00, 25 minutes; read as UTC, 85.
        request.importOptions.timeZone = "Europe/Berlin";
        if (QFileInfo::exists(QStringLiteral("/usr/share/zoneinfo/Europe/Berlin"))) {
            const LoadedData berlin = loadData(request, {});
            QVERIFY2(berlin.error.isEmpty(), qPrintable(berlin.error));
            const auto& j = *std::find_if(berlin.trace->jobs.begin(), berlin.trace->jobs.end(), [](const Job& x) { return x.id == "4111"; });
            QCOMPARE(j.duration_s, std::int64_t{1500});
        }
        const auto& utc = *std::find_if(data.trace->jobs.begin(), data.trace->jobs.end(), [](const Job& x) { return x.id == "4111"; });
        QCOMPARE(utc.duration_s, std::int64_t{5100});
    }

    // The quota file beside a Slurm or Kubernetes trace is found and read with the trace.
    void quotasFoundAndReadWithTheTrace_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("cluster");
        QTest::addColumn<QString>("quotas");
        QTest::addColumn<QString>("tenant");
        QTest::addColumn<qint64>("gpus");
        // sacctmgr_assoc.txt: account nlp has GrpTRES gres/gpu=40; resourcequotas.json:
        // team-nlp's ResourceQuota has requests.nvidia.com/gpu 24.
        QTest::newRow("slurm") << sample("slurm/sacct_jobs.txt") << sample("slurm/scontrol_nodes.txt")
                               << QStringLiteral("sacctmgr_assoc.txt") << QStringLiteral("nlp") << qint64{40};
        QTest::newRow("kubernetes") << sample("kubernetes/pods.json") << sample("kubernetes/nodes.json")
                                    << QStringLiteral("resourcequotas.json") << QStringLiteral("team-nlp") << qint64{24};
    }

    void quotasFoundAndReadWithTheTrace()
    {
        QFETCH(QString, trace);
        QFETCH(QString, cluster);
        QFETCH(QString, quotas);
        QFETCH(QString, tenant);
        QFETCH(qint64, gpus);
        const DetectedFormat format = detectFormat(trace);
        QVERIFY(format.format);
        const auto found = findQuotaFileFor(trace, *format.format);
        QVERIFY(found);
        QCOMPARE(QFileInfo(*found).fileName(), quotas);
        QVERIFY(!findQuotaFileFor(sample("demo/jobs.csv"), TraceFormat::Csv));
        LoadRequest request{trace, cluster, TraceFormat::Auto, 8};
        request.quotasPath = *found;
        const LoadedData data = loadData(request, {});
        QVERIFY2(data.error.isEmpty(), qPrintable(data.error));
        QVERIFY(data.quotas && !data.quotas->gpus.empty());
        QCOMPARE(data.quotas->gpus.at(tenant.toStdString()), gpus);
        request.quotasPath = sample("demo/jobs.csv"); // not a quota file: an error naming it
        const LoadedData bad = loadData(request, {});
        QVERIFY(bad.error.contains(QStringLiteral("jobs.csv")));
    }

    void cancellationIsAValue()
    {
        LoadRequest request{sample("demo/jobs.csv"), sample("demo/cluster.csv"), TraceFormat::Csv, 8};
        const LoadedData data = loadData(request, [](double) { return false; });
        QVERIFY(data.cancelled);
        QVERIFY(!data.trace && !data.cluster);
    }

    void badInputIsAnErrorNamingTheFile()
    {
        QTemporaryDir dir;
        const std::string jobs = test::writeFile(dir, "jobs.csv", "job_id,vc,user,submit_s,gpus,duration_s\nj1,a,u,0,two,10\n");
        LoadRequest request{QString::fromStdString(jobs), sample("demo/cluster.csv"), TraceFormat::Csv, 8};
        const LoadedData data = loadData(request, {});
        QVERIFY(!data.cancelled);
        QVERIFY(data.error.contains(QString::fromStdString(jobs)));
        QVERIFY(data.error.contains(QStringLiteral("gpus")));
        const DetectedFormat missing = detectFormat(dir.filePath(QStringLiteral("nope.csv")));
        QVERIFY(!missing.format);
        QVERIFY(!missing.error.isEmpty());
    }

    void everySampleShowsUnderTheOpenFilter_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("trace"); // else a cluster file
        for (const char* t : {"demo/jobs.csv", "philly/philly_jobs_pollux.csv", "philly/cluster_job_log.example.json",
                              "alibaba-openb/openb_pod_list_default.csv", "kubernetes/pods.json", "slurm/sacct_jobs.txt",
                              "slurm/sacct_jobs.json"})
            QTest::newRow(t) << QFileInfo(QString::fromStdString(test::samplePath(t))).fileName() << true;
        // As published: the Philly job log (no extension), Helios's log, an SWF workload.
        for (const char* t : {"cluster_job_log", "cluster_log.csv", "ANL-Intrepid-2009-1.swf"})
            QTest::newRow(t) << QString(t) << true;
        for (const char* c : {"demo/cluster.csv", "philly/cluster_machine_list", "alibaba-openb/openb_node_list_gpu_node.csv",
                              "kubernetes/nodes.json", "slurm/scontrol_nodes.txt"})
            QTest::newRow(c) << QFileInfo(QString::fromStdString(test::samplePath(c))).fileName() << false;
    }

    void everySampleShowsUnderTheOpenFilter()
    {
        // The open dialogs' first filter shows every format the importers read (it hid a Slurm
        // sacct export, a .txt, and the Philly job log as published).
        QFETCH(QString, name);
        QFETCH(bool, trace);
        const auto patterns = firstFilterPatterns(trace ? traceFileFilter() : clusterFileFilter());
        QVERIFY(!patterns.isEmpty());
        QVERIFY2(QDir::match(patterns, name), qPrintable(patterns.join(QLatin1Char(' '))));
    }
};

QTEST_GUILESS_MAIN(TestTraceLoader)
#include "tst_trace_loader.moc"
