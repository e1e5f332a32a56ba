// `clusterlens-cli info --json --trace <sample>` end to end on every bundled real sample.
#include "tests/cli/cli_runner.hpp"
#include "tests/common/test_support.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace clens::test;

class TestCliInfoFormats : public QObject {
    Q_OBJECT
private slots:
    void phillyJobLog();
    void phillyJobLogWithMachineList();
    void phillyMachineLists();
    void phillyCsv();
    void alibabaPods();
    void alibabaNodeLists();
    void heliosAndSwf();
    void badInputExitsTwoNamingTheRecord();
};

void TestCliInfoFormats::phillyJobLog()
{
    const auto o = infoJson({"--trace", sample("philly/cluster_job_log.example.json")});
    QCOMPARE(o["format"].toString(), QString("philly"));
    QCOMPARE(o["jobs"].toInt(), 6);
    QCOMPARE(o["simulated_jobs"].toInt(), 5);
    QCOMPARE(o["vcs"].toInt(), 4);
    QCOMPARE(o["not_simulated"].toObject()["no-attempts"].toInt(), 1);
    // Sizes: 8, (none), 16, 1, 2, 4 GPUs; the job without attempts has no size.
    const auto bySize = o["jobs_by_size"].toObject();
    QCOMPARE(bySize["1"].toInt(), 1);
    QCOMPARE(bySize["2-4"].toInt(), 2);
    QCOMPARE(bySize["5-8"].toInt(), 1);
    QCOMPARE(bySize[">8"].toInt(), 1);
    const auto status = o["status"].toObject();
    QCOMPARE(status["Pass"].toInt(), 3);
    QCOMPARE(status["Failed"].toInt(), 2);
    QCOMPARE(status["Killed"].toInt(), 1);
    QCOMPARE(o["first_submit_s"].toInteger(), 1507363899); // 2017-10-07 01:11:39 PDT
    QVERIFY(o["servers"].isNull());
}

// With the machine list, 5 servers are raised to the GPUs the log uses (+30 GPUs: 2,490 -> 2,520).
void TestCliInfoFormats::phillyJobLogWithMachineList()
{
    const auto o = infoJson({"--trace", sample("philly/cluster_job_log.example.json"), "--machines",
                             sample("philly/cluster_machine_list")});
    QCOMPARE(o["servers"].toInt(), 552);
    QCOMPARE(o["gpus"].toInt(), 2520);
    QVERIFY(o["cluster_notes"].toArray()[0].toString().contains("5 servers"));
    const auto c = infoJson({"--trace", sample("philly/cluster_job_log.example.json"), "--cluster",
                             sample("philly/revised_machine_list.csv")});
    QCOMPARE(c["gpus"].toInt(), 3205);
}

// data/philly/README.md: 552 servers; the revised list has 3,205 GPUs.
void TestCliInfoFormats::phillyMachineLists()
{
    const auto o = infoJson({"--trace", sample("philly/cluster_machine_list")});
    QCOMPARE(o["kind"].toString(), QString("cluster"));
    QCOMPARE(o["servers"].toInt(), 552);
    QCOMPARE(o["gpus"].toInt(), 2490);
    QCOMPARE(o["jobs"].toInt(), 0);
    QCOMPARE(o["gpus_by_model"].toObject()["24GB"].toInt(), 231 * 8);
    QCOMPARE(o["servers_with_cpu"].toInt(), 0); // the machine lists say nothing of CPU or memory
    QCOMPARE(o["servers_with_mem"].toInt(), 0);
    const auto r = infoJson({"--trace", sample("philly/revised_machine_list.csv")});
    QCOMPARE(r["servers"].toInt(), 552);
    QCOMPARE(r["gpus"].toInt(), 3205);
    QCOMPARE(r["servers_without_gpus"].toInt(), 13);
}

// data/philly/README.md: 82,247 jobs, 15 VCs.
void TestCliInfoFormats::phillyCsv()
{
    const auto o = infoJson({"--trace", sample("philly/philly_jobs_pollux.csv")});
    QCOMPARE(o["format"].toString(), QString("philly-csv"));
    QCOMPARE(o["jobs"].toInt(), 82247);
    QCOMPARE(o["vcs"].toInt(), 15);
    QCOMPARE(o["status"].toObject()["Pass"].toInt(), 82247);
    QCOMPARE(o["time_base"].toString(), QString("unix-utc"));
    QCOMPARE(o["users"].toInt(), 0); // the processed CSV has no user column
    const auto s = o["jobs_by_size"].toObject();
    QCOMPARE(s["1"].toInt() + s["2-4"].toInt() + s["5-8"].toInt() + s[">8"].toInt(), 82247);
}

// data/alibaba-openb/README.md: 8,152 pods (897 Pending; 1,088 without GPU, 36 of them Pending;
// 3,078 fractional), num_gpu 1 -> 6,989, 2 -> 16, 4 -> 15, 8 -> 44.
void TestCliInfoFormats::alibabaPods()
{
    const auto o = infoJson({"--trace", sample("alibaba-openb/openb_pod_list_default.csv")});
    QCOMPARE(o["format"].toString(), QString("alibaba"));
    QCOMPARE(o["jobs"].toInt(), 8152);
    QCOMPARE(o["simulated_jobs"].toInt(), 8152 - 897); // zero-GPU pods ask for CPU and memory: simulated
    QCOMPARE(o["not_simulated"].toObject()["pending"].toInt(), 897);
    QVERIFY(!o["not_simulated"].toObject().contains("zero-gpus"));
    QCOMPARE(o["fractional_gpu_jobs"].toInt(), 3078);
    // Measured on the file: cpu_milli > 0 for every pod, memory_mib > 0 for all but one,
    // gpu_spec empty everywhere; 1,088 zero-GPU pods of which 36 are Pending.
    QCOMPARE(o["jobs_with_cpu"].toInt(), 8152);
    QCOMPARE(o["jobs_with_mem"].toInt(), 8151);
    QCOMPARE(o["jobs_with_gpu_share"].toInt(), 3078);
    QCOMPARE(o["jobs_with_gpu_models"].toInt(), 0);
    QCOMPARE(o["zero_gpu_jobs_simulated"].toInt(), 1088 - 36);
    QCOMPARE(o["vcs"].toInt(), 4);
    QVERIFY(o["tenant_note"].toString().contains("qos"));
    const auto s = o["jobs_by_size"].toObject();
    QCOMPARE(s["1"].toInt(), 6989);
    QCOMPARE(s["2-4"].toInt(), 16 + 15);
    QCOMPARE(s["5-8"].toInt(), 44);
    QCOMPARE(s[">8"].toInt(), 0);
    QCOMPARE(o["status"].toObject()["Failed"].toInt(), 1870);
    QCOMPARE(o["time_base"].toString(), QString("relative"));
}

// README: 6,212 GPUs on 1,213 GPU nodes; the all-node list adds 310 nodes without GPU, kept.
void TestCliInfoFormats::alibabaNodeLists()
{
    const auto g = infoJson({"--trace", sample("alibaba-openb/openb_node_list_gpu_node.csv")});
    QCOMPARE(g["servers"].toInt(), 1213);
    QCOMPARE(g["gpus"].toInt(), 6212);
    QCOMPARE(g["servers_without_gpus"].toInt(), 0);
    const auto a = infoJson({"--trace", sample("alibaba-openb/openb_node_list_all_node.csv")});
    QCOMPARE(a["servers"].toInt(), 1523);
    QCOMPARE(a["gpus"].toInt(), 6212);
    QCOMPARE(a["servers_without_gpus"].toInt(), 310);
    QCOMPARE(a["servers_with_cpu"].toInt(), 1523); // every node has cpu_milli and memory_mib
    QCOMPARE(a["servers_with_mem"].toInt(), 1523);
    QVERIFY(a["notes"].toArray()[0].toString().startsWith("310 of the 1523 nodes have no GPU"));
    // GPUs per model, measured: G2 549 x 8; T4 387 x 2 + 17 x 4; P100 131 x 2 + 3 x 1; G3 39 x 8;
    // V100M16 28 x 4 + 19 x 1 + 8 x 8; V100M32 21 x 8 + 9 x 4; A10 2 x 1. The GPU-less nodes add no entry.
    const QJsonObject models{{"G2", 549 * 8},       {"T4", 387 * 2 + 17 * 4},       {"P100", 131 * 2 + 3},
                             {"G3", 39 * 8},        {"V100M16", 28 * 4 + 19 + 8 * 8}, {"V100M32", 21 * 8 + 9 * 4},
                             {"A10", 2}};
    QCOMPARE(a["gpus_by_model"].toObject(), models);
    QCOMPARE(g["gpus_by_model"].toObject(), models);
    const auto both = infoJson({"--trace", sample("alibaba-openb/openb_pod_list_default.csv"), "--cluster",
                                sample("alibaba-openb/openb_node_list_all_node.csv")});
    QCOMPARE(both["jobs"].toInt(), 8152);
    QCOMPARE(both["servers"].toInt(), 1523);
    QCOMPARE(both["gpus"].toInt(), 6212);
    QCOMPARE(both["servers_without_gpus"].toInt(), 310);
    QCOMPARE(both["gpus_by_model"].toObject(), models);
}

void TestCliInfoFormats::heliosAndSwf()
{
    const auto h = infoJson({"--trace", QString::fromStdString(dataPath("helios/cluster_log.csv"))});
    QCOMPARE(h["format"].toString(), QString("helios"));
    QCOMPARE(h["jobs"].toInt(), 7);
    QCOMPARE(h["vcs"].toInt(), 3);
    QCOMPARE(h["first_submit_s"].toInteger(), 1591699261); // 2020-06-09 18:41:01 +08:00
    QCOMPARE(h["simulated_jobs"].toInt(), 7);          // the CPU job 1004 asks for 2 CPUs
    QCOMPARE(h["jobs_with_cpu"].toInt(), 7);           // every row has cpu_num > 0
    QCOMPARE(h["jobs_with_mem"].toInt(), 0);           // Helios has no memory column
    QCOMPARE(h["zero_gpu_jobs_simulated"].toInt(), 1); // 1004
    const auto w = infoJson({"--trace", QString::fromStdString(dataPath("swf/sample.swf")), "--format", "swf"});
    QCOMPARE(w["format"].toString(), QString("swf"));
    QCOMPARE(w["jobs"].toInt(), 6);
    QCOMPARE(w["simulated_jobs"].toInt(), 5);
    QCOMPARE(w["jobs_by_size"].toObject()[">8"].toInt(), 1);
    QCOMPARE(w["jobs_with_mem"].toInt(), 0); // requested memory is -1 on every line
    QCOMPARE(w["zero_gpu_jobs_simulated"].toInt(), 0);
}

void TestCliInfoFormats::badInputExitsTwoNamingTheRecord()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "log", "[\n{\"status\": \"Pass\", \"vc\": 7}\n]");
    const auto r = runCli({"info", "--trace", QString::fromStdString(path)});
    QCOMPARE(r.exitCode, 2);
    const QByteArray expected = "clusterlens-cli: error: " + QByteArray::fromStdString(path) + ":2: field 'vc': job record 1";
    QVERIFY2(r.err.startsWith(expected), r.err.constData());
    const auto garbage = writeFile(dir, "garbage", "hello,world\n");
    const auto g = runCli({"info", "--trace", QString::fromStdString(garbage)});
    QCOMPARE(g.exitCode, 2);
    QVERIFY2(g.err.contains("unrecognised format"), g.err.constData());
}

QTEST_APPLESS_MAIN(TestCliInfoFormats)
#include "tst_cli_info_formats.moc"
