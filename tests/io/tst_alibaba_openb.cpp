#include "core/io/alibaba_nodes.hpp"
#include "core/io/alibaba_pods.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace clens;
using namespace clens::test;

namespace {

// Rows of a CSV file split on commas, read with Qt (independent of the importers).
QList<QList<QByteArray>> readRows(const std::string& path)
{
    QFile f(QString::fromStdString(path));
    QList<QList<QByteArray>> rows;
    if (!f.open(QIODevice::ReadOnly))
        return rows;
    f.readLine();
    while (!f.atEnd()) {
        const auto line = f.readLine().trimmed();
        if (!line.isEmpty())
            rows.append(line.split(','));
    }
    return rows;
}

} // namespace

class TestAlibabaOpenb : public QObject {
    Q_OBJECT
private slots:
    void podCounts();
    void podRequests();
    void podCountsCrossChecked();
    void podMapping();
    void nodeLists();
    void nodeListsCrossChecked();
    void gpuLessNodes();
    void badPods_data();
    void badPods();
    void badNodes_data();
    void badNodes();
};

// data/alibaba-openb/README.md: 8,152 pods; num_gpu 0 -> 1,088, 1 -> 6,989 (3,078 fractional),
// 2 -> 16, 4 -> 15, 8 -> 44; 897 Pending; 34 Running pods cut off at the trace end.
void TestAlibabaOpenb::podCounts()
{
    const auto t = loadTrace(samplePath("alibaba-openb/openb_pod_list_default.csv"));
    QCOMPARE(t.meta.format, std::string("alibaba"));
    QVERIFY(t.meta.timeBase == TimeBase::Relative);
    QCOMPARE(t.jobs.size(), std::size_t{8152});
    QCOMPARE(t.meta.fractionalGpuJobs, std::int64_t{3078});
    std::map<std::int32_t, int> byGpus;
    int pending = 0, zero = 0;
    for (const auto& j : t.jobs) {
        ++byGpus[j.gpus];
        pending += j.skip == SkipReason::Pending;
        zero += j.skip == SkipReason::ZeroGpus;
    }
    QCOMPARE(byGpus[0], 1088);
    QCOMPARE(byGpus[1], 6989);
    QCOMPARE(byGpus[2], 16);
    QCOMPARE(byGpus[4], 15);
    QCOMPARE(byGpus[8], 44);
    QCOMPARE(pending, 897);
    // Every zero-GPU pod asks for CPU and memory: none is skipped for asking nothing; the 1,088 -
    // 36 Pending = 1,052 others are simulated, so only the 897 Pending pods are not.
    QCOMPARE(zero, 0);
    QCOMPARE(t.simulatedJobCount(), std::size_t{8152 - 897});
    QCOMPARE(t.tenants.size(), std::size_t{4}); // qos: LS BE Burstable Guaranteed
    QVERIFY(!t.meta.tenantNote.empty());
    bool cutOffNoted = false;
    for (const auto& n : t.meta.notes)
        cutOffNoted |= n.rfind("34 Running pods are cut off", 0) == 0;
    QVERIFY(cutOffNoted);
}

// Measured on openb_pod_list_default.csv: cpu_milli is given (1,000..120,200) for every pod,
// memory_mib for every pod (0 for openb-pod-1523 only), gpu_spec is empty for every pod,
// gpu_milli < 1000 (50..810) on 3,078 1-GPU pods and on no multi-GPU pod.
void TestAlibabaOpenb::podRequests()
{
    const auto t = loadTrace(samplePath("alibaba-openb/openb_pod_list_default.csv"));
    int withCpu = 0, withMem = 0, knownMem = 0, share = 0, models = 0, noGpuSimulated = 0;
    for (const auto& j : t.jobs) {
        withCpu += j.cpuCores > 0;
        withMem += j.memGb > 0;
        knownMem += !std::isnan(j.memGb);
        share += j.gpuMilli < 1000;
        models += j.gpuModels != 0;
        noGpuSimulated += j.gpus == 0 && j.simulated();
    }
    QCOMPARE(withCpu, 8152);
    QCOMPARE(withMem, 8151);
    QCOMPARE(knownMem, 8152);
    QCOMPARE(share, 3078);
    QCOMPARE(models, 0);
    QCOMPARE(t.gpuModelSets.size(), std::size_t{1}); // only "any"
    QCOMPARE(noGpuSimulated, 1052);
    // openb-pod-0001: cpu_milli 6000, memory_mib 12288, 1 GPU at gpu_milli 460.
    const auto& p1 = t.jobs[1];
    QCOMPARE(p1.id, std::string("openb-pod-0001"));
    QCOMPARE(p1.cpuCores, 6.0);
    QCOMPARE(p1.memGb, 12.0); // 12288 / 1024
    QCOMPARE(p1.gpuMilli, 460);
    const auto noted = [&](const std::string& prefix) {
        return std::any_of(t.meta.notes.begin(), t.meta.notes.end(), [&](const std::string& n) { return n.rfind(prefix, 0) == 0; });
    };
    QVERIFY(noted("3078 pods ask for a share of one GPU (gpu_milli 50-810 of 1000)"));
    QVERIFY(noted("1088 pods ask for no GPU: 1052 of them are simulated"));
    QVERIFY(!noted("multi-GPU pods"));
    QVERIFY(!noted("pods restrict the GPU model"));
}

// Phase mix and GPU-seconds recomputed from the raw columns.
void TestAlibabaOpenb::podCountsCrossChecked()
{
    const auto path = samplePath("alibaba-openb/openb_pod_list_default.csv");
    const auto rows = readRows(path);
    qint64 failed = 0, fractional = 0, gpuSeconds = 0, cpuMilli = 0, memoryMib = 0;
    for (const auto& r : rows) {
        cpuMilli += r[1].toLongLong();
        memoryMib += r[2].toLongLong();
        failed += r[7] == "Failed";
        fractional += r[3].toInt() > 0 && r[4].toInt() < 1000;
        if (r[7] != "Pending" && r[3].toInt() > 0)
            gpuSeconds += r[3].toLongLong() * (r[9].toLongLong() - r[10].toLongLong());
    }
    const auto t = loadTrace(path);
    QCOMPARE(static_cast<qint64>(t.jobs.size()), static_cast<qint64>(rows.size()));
    qint64 ourFailed = 0, ourGpuSeconds = 0, ourCpuMilli = 0, ourMemoryMib = 0;
    for (const auto& j : t.jobs) {
        ourCpuMilli += std::llround(j.cpuCores * 1000);
        ourMemoryMib += std::llround(j.memGb * 1024);
        ourFailed += j.status == JobStatus::Failed;
        if (j.simulated())
            ourGpuSeconds += static_cast<qint64>(j.gpus) * j.duration_s;
    }
    QCOMPARE(ourFailed, failed);
    QCOMPARE(t.meta.fractionalGpuJobs, fractional);
    QCOMPARE(ourGpuSeconds, gpuSeconds);
    QCOMPARE(ourCpuMilli, cpuMilli);
    QCOMPARE(ourMemoryMib, memoryMib);
}

void TestAlibabaOpenb::podMapping()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "pods.csv",
                                "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n"
                                "p0,12000,16384,1,460,,LS,Running,100,500,130\n"
                                "p1,12000,16384,8,1000,V100M16|V100M32,BE,Failed,200,260,210\n"
                                "p2,1000,1024,0,0,nan,LS,Succeeded,300,400,300\n"
                                "p3,1000,1024,2,1000,,Burstable,Pending,400,900,\n"
                                "p4,1000,1024,1,1000,,LS,Succeeded,500,700,650\n"
                                "p5,500,0,0,0,,BE,Succeeded,600,700,600\n"
                                "p6,0,0,0,0,,BE,Succeeded,600,700,600\n"
                                "p7,,,4,250,V100M32 | V100M16,BE,Succeeded,600,700,600\n"
                                "p8,1000,1024,1,1000,T4,BE,Succeeded,600,700,600\n");
    const auto t = readAlibabaPods(path);
    const auto& p0 = t.jobs[0];
    QCOMPARE(p0.id, std::string("p0"));
    QCOMPARE(p0.submit_s, std::int64_t{100});
    QCOMPARE(*p0.recordedStart_s, std::int64_t{130});
    QCOMPARE(*p0.recordedEnd_s, std::int64_t{500});
    QCOMPARE(p0.duration_s, std::int64_t{370}); // 500 - 130
    QCOMPARE(p0.gpus, 1);
    QCOMPARE(p0.gpuMilli, 460);
    QVERIFY(p0.status == JobStatus::Pass);
    QCOMPARE(t.tenants[static_cast<std::size_t>(p0.tenant)].name, std::string("LS"));
    QCOMPARE(p0.cpuCores, 12.0); // 12000 / 1000
    QCOMPARE(p0.memGb, 16.0);    // 16384 / 1024
    QCOMPARE(p0.gpuModels, 0);
    QVERIFY(t.jobs[1].status == JobStatus::Failed);
    QCOMPARE(t.jobs[1].gpus, 8);
    QCOMPARE(t.gpuModelSets[static_cast<std::size_t>(t.jobs[1].gpuModels)], std::string("V100M16|V100M32"));
    QVERIFY(t.jobs[2].simulated()); // no GPU, 1 core and 1 GB: a CPU pod
    QCOMPARE(t.jobs[2].gpuModels, 0); // "nan" = any
    QCOMPARE(t.jobs[2].gpuMilli, 1000);
    QVERIFY(t.jobs[3].skip == SkipReason::Pending);
    QVERIFY(!t.jobs[3].recordedStart_s);
    QCOMPARE(t.jobs[3].duration_s, std::int64_t{0});
    QCOMPARE(t.jobs[4].gpuMilli, 1000);
    QVERIFY(t.jobs[5].simulated()); // no GPU, no memory, half a core
    QCOMPARE(t.jobs[5].cpuCores, 0.5);
    QCOMPARE(t.jobs[5].memGb, 0.0);
    QVERIFY(t.jobs[6].skip == SkipReason::ZeroGpus); // asks for nothing at all
    // p7: a share on a 4-GPU pod is not defined: whole GPUs; empty CPU and memory are unknown;
    // its spec is the same set as p1's in another spelling.
    const auto& p7 = t.jobs[7];
    QCOMPARE(p7.gpuMilli, 1000);
    QVERIFY(std::isnan(p7.cpuCores) && std::isnan(p7.memGb));
    QCOMPARE(p7.gpuModels, t.jobs[1].gpuModels);
    QCOMPARE(t.gpuModelSets[static_cast<std::size_t>(t.jobs[8].gpuModels)], std::string("T4"));
    QCOMPARE(t.meta.fractionalGpuJobs, std::int64_t{1}); // p0 only
    const std::vector<std::string> expected{
        "1 pod asks for a share of one GPU (gpu_milli 460 of 1000)",
        "1 multi-GPU pod has gpu_milli < 1000: it takes whole GPUs (a share is for 1-GPU pods only)",
        "3 pods restrict the GPU model (gpu_spec), in 2 sets of allowed models", // p1, p7, p8
        "3 pods ask for no GPU: 2 of them are simulated for their CPU and memory", // p2, p5 (p6 asks nothing)
        "1 pod asks for no GPU, CPU or memory: not simulated"};
    QCOMPARE(t.meta.notes, expected);
}

// README: all-node list 1,523 nodes of which 310 have no GPU; GPU-node list 1,213 nodes with
// 6,212 GPUs (549 G2 x 8, 387 T4 x 2, 131 P100 x 2, 39 G3 x 8, 21 V100M32 x 8, others).
void TestAlibabaOpenb::nodeLists()
{
    std::vector<std::string> notes;
    const auto all = loadCluster(samplePath("alibaba-openb/openb_node_list_all_node.csv"), {}, &notes);
    QCOMPARE(all.serverCount(), 1523); // the GPU-less nodes are kept
    QCOMPARE(all.gpuCount(), 6212);
    QCOMPARE(all.rackCount(), 191); // ceil(1523 / 8)
    QCOMPARE(notes, std::vector<std::string>{"310 of the 1523 nodes have no GPU: they serve pods asking for CPU and memory only"});
    // openb-node-0000: cpu_milli 32000, memory_mib 262144, no GPU, no model.
    const auto& n0 = all.servers()[0];
    QCOMPARE(n0.name, std::string("openb-node-0000"));
    QCOMPARE(n0.gpus, 0);
    QCOMPARE(n0.cpuCores, 32.0);
    QCOMPARE(n0.memGb, 256.0);
    QVERIFY(n0.gpuModel.empty());
    int withoutGpu = 0;
    double cores = 0, memGb = 0;
    for (const auto& s : all.servers()) {
        withoutGpu += s.gpus == 0;
        cores += s.cpuCores;
        memGb += s.memGb;
    }
    QCOMPARE(withoutGpu, 310);
    // Measured: cpu_milli sums to 125,514,000 and memory_mib to 612,028,416 (= 597,684 x 1024);
    // every value is whole cores and whole GiB, so the sums are exact.
    QCOMPARE(cores, 125514.0);
    QCOMPARE(memGb, 597684.0);
    const auto gpu = loadCluster(samplePath("alibaba-openb/openb_node_list_gpu_node.csv"));
    QCOMPARE(gpu.serverCount(), 1213);
    QCOMPARE(gpu.gpuCount(), 6212);
    std::map<std::pair<std::string, int>, int> kinds;
    for (const auto& s : gpu.servers())
        ++kinds[{s.gpuModel, s.gpus}];
    QCOMPARE((kinds[{"G2", 8}]), 549);
    QCOMPARE((kinds[{"T4", 2}]), 387);
    QCOMPARE((kinds[{"P100", 2}]), 131);
    QCOMPARE((kinds[{"G3", 8}]), 39);
    QCOMPARE((kinds[{"V100M32", 8}]), 21);
    QCOMPARE(gpu.servers()[0].cpuCores, 64.0); // openb-node-0000: cpu_milli 64000
    QCOMPARE(gpu.servers()[0].memGb, 256.0);   // memory_mib 262144
    QCOMPARE(gpu.rackCount(), 152);            // ceil(1213 / 8)
}

void TestAlibabaOpenb::nodeListsCrossChecked()
{
    const auto path = samplePath("alibaba-openb/openb_node_list_all_node.csv");
    const auto rows = readRows(path);
    int gpuNodes = 0, gpus = 0;
    for (const auto& r : rows) {
        gpuNodes += r[3].toInt() > 0;
        gpus += r[3].toInt();
    }
    QCOMPARE(rows.size(), 1523);
    const auto c = loadCluster(path);
    QCOMPARE(c.serverCount(), static_cast<int>(rows.size()));
    QCOMPARE(c.gpuCount(), gpus);
    int ourGpuNodes = 0;
    for (const auto& s : c.servers())
        ourGpuNodes += s.gpus > 0;
    QCOMPARE(ourGpuNodes, gpuNodes);
}

// GPU-less nodes between GPU nodes: kept in file order, GPU ids stay dense.
void TestAlibabaOpenb::gpuLessNodes()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "nodes.csv",
                                "sn,cpu_milli,memory_mib,gpu,model\n"
                                "n0,32000,262144,0,\n"
                                "n1,96000,393216,8,G2\n"
                                "n2,16000,65536,0,nan\n"
                                "n3,64000,262144,2,T4\n");
    std::vector<std::string> notes;
    const auto c = readAlibabaNodes(path, {}, &notes);
    QCOMPARE(c.serverCount(), 4);
    QCOMPARE(c.gpuCount(), 10);
    QCOMPARE(c.servers()[1].firstGpu, 0);
    QCOMPARE(c.servers()[3].firstGpu, 8);
    QCOMPARE(c.serverOfGpu(8), 3);
    QCOMPARE(c.servers()[2].gpus, 0);
    QCOMPARE(c.servers()[2].cpuCores, 16.0);
    QCOMPARE(c.servers()[2].memGb, 64.0); // 65536 / 1024
    QVERIFY(c.servers()[2].gpuModel.empty()); // "nan" = unknown
    QCOMPARE(notes, std::vector<std::string>{"2 of the 4 nodes have no GPU: they serve pods asking for CPU and memory only"});

    // A list of GPU-less nodes only is a cluster too (CPU pods only).
    const auto cpuOnly = readAlibabaNodes(writeFile(dir, "cpu.csv", "sn,cpu_milli,memory_mib,gpu,model\nn0,32000,262144,0,\n"));
    QCOMPARE(cpuOnly.serverCount(), 1);
    QCOMPARE(cpuOnly.gpuCount(), 0);
}

void TestAlibabaOpenb::badPods_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n";
    const QString ok = "p0,1000,1024,1,1000,,LS,Running,0,10,0\n";
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("header only") << h << qint64(0) << "";
    QTest::newRow("missing column") << "name,num_gpu,gpu_milli,qos,pod_phase,creation_time,deletion_time\n" << qint64(1) << "scheduled_time";
    QTest::newRow("truncated row") << h + ok + "p1,1000,1024,1\n" << qint64(3) << "gpu_milli";
    QTest::newRow("wrong type") << h + "p1,1000,1024,one,1000,,LS,Running,0,10,0\n" << qint64(2) << "num_gpu";
    QTest::newRow("negative gpus") << h + "p1,1000,1024,-1,1000,,LS,Running,0,10,0\n" << qint64(2) << "num_gpu";
    QTest::newRow("gpu_milli over 1000") << h + "p1,1000,1024,1,1500,,LS,Running,0,10,0\n" << qint64(2) << "gpu_milli";
    QTest::newRow("gpu_milli zero") << h + "p1,1000,1024,1,0,,LS,Running,0,10,0\n" << qint64(2) << "gpu_milli";
    QTest::newRow("duplicate name") << h + ok + ok << qint64(3) << "name";
    QTest::newRow("unknown phase") << h + "p1,1000,1024,1,1000,,LS,Done,0,10,0\n" << qint64(2) << "pod_phase";
    QTest::newRow("bad creation time") << h + "p1,1000,1024,1,1000,,LS,Running,soon,10,0\n" << qint64(2) << "creation_time";
    QTest::newRow("negative time") << h + "p1,1000,1024,1,1000,,LS,Running,-5,10,0\n" << qint64(2) << "creation_time";
    QTest::newRow("huge time") << h + "p1,1000,1024,1,1000,,LS,Running,0,99999999999999999,0\n" << qint64(2) << "deletion_time";
    QTest::newRow("deleted before scheduled") << h + "p1,1000,1024,1,1000,,LS,Failed,0,10,20\n" << qint64(2) << "deletion_time";
    QTest::newRow("scheduled before created") << h + "p1,1000,1024,1,1000,,LS,Failed,30,40,20\n" << qint64(2) << "scheduled_time";
    QTest::newRow("scheduled, no deletion") << h + "p1,1000,1024,1,1000,,LS,Failed,0,,5\n" << qint64(2) << "deletion_time";
    QTest::newRow("empty qos") << h + "p1,1000,1024,1,1000,,,Failed,0,10,5\n" << qint64(2) << "qos";
    QTest::newRow("negative cpu") << h + "p1,-1000,1024,1,1000,,LS,Failed,0,10,5\n" << qint64(2) << "cpu_milli";
    QTest::newRow("huge cpu") << h + "p1,2e9,1024,1,1000,,LS,Failed,0,10,5\n" << qint64(2) << "cpu_milli";
    QTest::newRow("memory not a number") << h + "p1,1000,lots,0,0,,LS,Failed,0,10,5\n" << qint64(2) << "memory_mib";
    QTest::newRow("gpu_milli zero on 2 GPUs") << h + "p1,1000,1024,2,0,,LS,Failed,0,10,5\n" << qint64(2) << "gpu_milli";
}

void TestAlibabaOpenb::badPods()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "pods.csv", text.toStdString());
    expectInputError([&] { readAlibabaPods(path); }, path, line, field.toStdString());
}

void TestAlibabaOpenb::badNodes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = "sn,cpu_milli,memory_mib,gpu,model\n";
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("header only") << h << qint64(0) << "";
    QTest::newRow("missing column") << "sn,cpu_milli,memory_mib,model\nn0,1,1,T4\n" << qint64(1) << "gpu";
    QTest::newRow("truncated row") << h + "n0,32000\n" << qint64(2) << "memory_mib";
    QTest::newRow("wrong type") << h + "n0,32000,262144,eight,G2\n" << qint64(2) << "gpu";
    QTest::newRow("negative gpus") << h + "n0,32000,262144,-8,G2\n" << qint64(2) << "gpu";
    QTest::newRow("huge gpus") << h + "n0,32000,262144,100000,G2\n" << qint64(2) << "gpu";
    QTest::newRow("bad cpu") << h + "n0,lots,262144,8,G2\n" << qint64(2) << "cpu_milli";
    QTest::newRow("duplicate node") << h + "n0,1,1,8,G2\nn0,1,1,8,G2\n" << qint64(3) << "sn";
}

void TestAlibabaOpenb::badNodes()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "nodes.csv", text.toStdString());
    expectInputError([&] { readAlibabaNodes(path); }, path, line, field.toStdString());
}

QTEST_APPLESS_MAIN(TestAlibabaOpenb)
#include "tst_alibaba_openb.moc"
