#include "core/io/format_detect.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

using namespace clens;
using namespace clens::test;

class TestFormatDetect : public QObject {
    Q_OBJECT
private slots:
    void samples_data();
    void samples();
    void handMade_data();
    void handMade();
    void nothingMatches_data();
    void nothingMatches();
    void wrongKindIsAClearError();
};

void TestFormatDetect::samples_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("format");
    const auto trace = static_cast<int>(FileKind::Trace);
    const auto cluster = static_cast<int>(FileKind::Cluster);
    QTest::newRow("demo jobs") << "demo/jobs.csv" << trace << int(TraceFormat::Csv);
    QTest::newRow("demo cluster") << "demo/cluster.csv" << cluster << int(ClusterFormat::Csv);
    QTest::newRow("philly job log") << "philly/cluster_job_log.example.json" << trace << int(TraceFormat::Philly);
    QTest::newRow("philly-csv") << "philly/philly_jobs_pollux.csv" << trace << int(TraceFormat::PhillyCsv);
    QTest::newRow("machine list") << "philly/cluster_machine_list" << cluster << int(ClusterFormat::PhillyMachines);
    QTest::newRow("revised machine list") << "philly/revised_machine_list.csv" << cluster << int(ClusterFormat::PhillyMachines);
    QTest::newRow("openb pods") << "alibaba-openb/openb_pod_list_default.csv" << trace << int(TraceFormat::Alibaba);
    QTest::newRow("openb all nodes") << "alibaba-openb/openb_node_list_all_node.csv" << cluster << int(ClusterFormat::AlibabaNodes);
    QTest::newRow("openb gpu nodes") << "alibaba-openb/openb_node_list_gpu_node.csv" << cluster << int(ClusterFormat::AlibabaNodes);
    QTest::newRow("helios (tests/data)") << "../tests/data/helios/cluster_log.csv" << trace << int(TraceFormat::Helios);
    QTest::newRow("swf (tests/data)") << "../tests/data/swf/sample.swf" << trace << int(TraceFormat::Swf);
    QTest::newRow("slurm sacct") << "slurm/sacct_jobs.txt" << trace << int(TraceFormat::Slurm);
    QTest::newRow("slurm sacct --json") << "slurm/sacct_jobs.json" << trace << int(TraceFormat::SlurmJson);
    QTest::newRow("slurm nodes") << "slurm/scontrol_nodes.txt" << cluster << int(ClusterFormat::SlurmNodes);
    QTest::newRow("kubernetes pods") << "kubernetes/pods.json" << trace << int(TraceFormat::KubernetesPods);
    QTest::newRow("kubernetes nodes") << "kubernetes/nodes.json" << cluster << int(ClusterFormat::KubernetesNodes);
}

void TestFormatDetect::samples()
{
    QFETCH(QString, file);
    QFETCH(int, kind);
    QFETCH(int, format);
    const auto d = detectFile(samplePath(file.toStdString()));
    QCOMPARE(static_cast<int>(d.kind), kind);
    QCOMPARE(d.kind == FileKind::Trace ? static_cast<int>(d.trace) : static_cast<int>(d.cluster), format);
    QVERIFY(!d.description.empty());
}

void TestFormatDetect::handMade_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("format");
    const auto trace = static_cast<int>(FileKind::Trace);
    const auto cluster = static_cast<int>(FileKind::Cluster);
    QTest::newRow("json after a BOM and blank lines") << "\xEF\xBB\xBF\n\n  [ ]" << trace << int(TraceFormat::Philly);
    QTest::newRow("helios") << "job_id,user,vc,gpu_num,cpu_num,node_num,state,submit_time,start_time,end_time,duration,queue\n"
                            << trace << int(TraceFormat::Helios);
    QTest::newRow("swf with comments") << "; Version: 2.2\n1 0 0 10 1 -1 -1 1 -1 -1 1 1 1 -1 1 -1 -1 -1\n" << trace << int(TraceFormat::Swf);
    QTest::newRow("swf without header") << "1 0 0 10 1 -1 -1 1 -1 -1 1 1 1 -1 1 -1 -1 -1\n" << trace << int(TraceFormat::Swf);
    QTest::newRow("native jobs, CRLF, columns moved") << "vc,job_id,user,gpus,submit_s,duration_s\r\n" << trace << int(TraceFormat::Csv);
    QTest::newRow("quoted header") << "\"server\",\"rack\",\"gpus\"\n" << cluster << int(ClusterFormat::Csv);
    QTest::newRow("gpu util") << "time,machineId,gpu0_util,gpu1_util\n" << static_cast<int>(FileKind::GpuUtil) << 0;
    QTest::newRow("sacct, JobIDRaw only") << "JobIDRaw|Account|Submit|State\n1|a|2024-01-01T00:00:00|COMPLETED\n" << trace
                                          << int(TraceFormat::Slurm);
    QTest::newRow("scontrol oneliner") << "NodeName=n1 CPUTot=4 Gres=(null)\n" << cluster << int(ClusterFormat::SlurmNodes);
    QTest::newRow("topology.conf") << "SwitchName=s1 Nodes=n[1-2]\n" << static_cast<int>(FileKind::SlurmTopology) << 0;
    QTest::newRow("kubectl pods") << "{\n  \"apiVersion\": \"v1\",\n  \"items\": [ { \"apiVersion\": \"v1\", \"kind\" : \"Pod\" } ]"
                                  << trace << int(TraceFormat::KubernetesPods);
    QTest::newRow("kubectl nodes") << "{\"apiVersion\":\"v1\",\"items\":[{\"kind\":\"Node\"}],\"kind\":\"List\"}" << cluster
                                   << int(ClusterFormat::KubernetesNodes);
    QTest::newRow("an object that is no kubectl list") << "{\"jobs\": []}" << trace << int(TraceFormat::Philly);
}

void TestFormatDetect::handMade()
{
    QFETCH(QString, text);
    QFETCH(int, kind);
    QFETCH(int, format);
    QTemporaryDir dir;
    const auto d = detectFile(writeFile(dir, "f", text.toStdString()));
    QCOMPARE(static_cast<int>(d.kind), kind);
    if (d.kind == FileKind::Trace)
        QCOMPARE(static_cast<int>(d.trace), format);
    else if (d.kind == FileKind::Cluster)
        QCOMPARE(static_cast<int>(d.cluster), format);
}

void TestFormatDetect::nothingMatches_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::newRow("empty") << "" << qint64(0);
    QTest::newRow("blank") << " \n\t\n" << qint64(0);
    QTest::newRow("unknown header on line 3") << "\n\nid,when,what\n1,2,3\n" << qint64(3);
    QTest::newRow("17 numbers") << "1 0 0 10 1 -1 -1 1 -1 -1 1 1 1 -1 1 -1 -1\n" << qint64(1);
    QTest::newRow("binary") << QString::fromLatin1("\x01\x02\x03garbage") << qint64(1);
}

void TestFormatDetect::nothingMatches()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "f", text.toStdString());
    const auto message = expectInputError([&] { detectFile(path); }, path, line, "");
    if (line > 0)
        QVERIFY2(message.find("unrecognised format") != std::string::npos && message.find("philly-csv") != std::string::npos,
                 message.c_str());
    expectInputError([&] { loadTrace(path); }, path, line, "");
}

void TestFormatDetect::wrongKindIsAClearError()
{
    const auto machines = samplePath("philly/cluster_machine_list");
    const auto m = expectInputError([&] { loadTrace(machines); }, machines, 0, "");
    QVERIFY2(m.find("Philly machine list") != std::string::npos && m.find("--cluster") != std::string::npos, m.c_str());
    const auto jobs = samplePath("demo/jobs.csv");
    const auto j = expectInputError([&] { loadCluster(jobs); }, jobs, 0, "");
    QVERIFY2(j.find("native jobs CSV") != std::string::npos, j.c_str());
    QTemporaryDir dir;
    const auto util = writeFile(dir, "u", "time,machineId,gpu0_util\n");
    expectInputError([&] { loadTrace(util); }, util, 0, "");
    const auto metrics = samplePath("ai4dl/sample-dlaas.csv");
    QVERIFY(detectFile(metrics).kind == FileKind::ContainerMetrics);
    const auto a = expectInputError([&] { loadTrace(metrics); }, metrics, 0, "");
    QVERIFY2(a.find("AI4DL") != std::string::npos, a.c_str());
}

QTEST_APPLESS_MAIN(TestFormatDetect)
#include "tst_format_detect.moc"
