#include "core/io/slurm_nodes.hpp"
#include "core/io/slurm_topology_conf.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <algorithm>

using namespace clens;
using namespace clens::test;

// docs/formats.md "Slurm cluster (`scontrol show node`, `topology.conf`)"
class TestSlurmNodes : public QObject {
    Q_OBJECT
private slots:
    void sampleWithTopology();
    void sampleWithoutTopology();
    void multiLineRecords();
    void partialTopology();
    void malformedNodes_data();
    void malformedNodes();
    void malformedTopology_data();
    void malformedTopology();
};

namespace {
const Server& server(const Topology& t, const std::string& name) { return t.servers()[static_cast<std::size_t>(*t.findServer(name))]; }
bool hasNote(const std::vector<std::string>& notes, const char* text)
{
    return std::any_of(notes.begin(), notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}
} // namespace

// sample_traces/slurm: 14 nodes under 3 leaf switches (see its README).
void TestSlurmNodes::sampleWithTopology()
{
    ImportOptions o;
    o.topologyPath = samplePath("slurm/topology.conf");
    std::vector<std::string> notes;
    const auto t = loadCluster(samplePath("slurm/scontrol_nodes.txt"), o, &notes);
    QCOMPARE(t.serverCount(), 14);
    QCOMPARE(t.gpuCount(), 80); // 8 x 8 a100 + 4 x 4 v100
    QCOMPARE(t.rackCount(), 3);
    QCOMPARE(t.racks()[0].name, std::string("s1"));
    QCOMPARE(t.racks()[2].name, std::string("s3"));
    QCOMPARE(t.racks()[2].serverCount, 6); // gpu[09-12],cpu[01-02]
    QCOMPARE(t.racks()[2].gpus, 16);
    const auto& g = server(t, "gpu01");
    QCOMPARE(g.gpus, 8);
    QCOMPARE(g.gpuModel, std::string("a100"));
    QCOMPARE(g.cpuCores, 64.0);
    QCOMPARE(g.memGb, 1024.0); // RealMemory 1048576 MiB
    QCOMPARE(server(t, "gpu10").gpuModel, std::string("v100"));
    const auto& c = server(t, "cpu02");
    QCOMPARE(c.gpus, 0);
    QCOMPARE(c.cpuCores, 128.0);
    QCOMPARE(c.memGb, 512.0);
    QVERIFY(!t.racksInferred());
    QVERIFY(hasNote(notes, "the 3 leaf switches"));
    QVERIFY(hasNote(notes, "2 nodes have no GPU"));
    QVERIFY(hasNote(notes, "1 node is DOWN")); // gpu12 DOWN+DRAIN
}

void TestSlurmNodes::sampleWithoutTopology()
{
    ImportOptions o;
    o.rackSize = 8;
    const auto t = readSlurmNodes(samplePath("slurm/scontrol_nodes.txt"), o);
    QCOMPARE(t.serverCount(), 14);
    QCOMPARE(t.rackCount(), 2); // racks of 8 in file order
    QVERIFY(t.racksInferred());
}

void TestSlurmNodes::multiLineRecords()
{
    QTemporaryDir dir;
    // scontrol show node without --oneliner: indented continuation lines, a blank line between.
    const auto path = writeFile(dir, "nodes.txt",
                                "NodeName=n1 Arch=x86_64 CoresPerSocket=8\n"
                                "   CPUAlloc=0 CPUTot=16 CPULoad=0.00\n"
                                "   Gres=gpu:l40s:4(S:0)\n"
                                "   OS=Linux 6.1.0-18-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)\n"
                                "   RealMemory=65536 AllocMem=0 FreeMem=60000 Sockets=2 Boards=1\n"
                                "\n"
                                "NodeName=n2 CPUTot=8 RealMemory=1024 Gres=(null) State=IDLE\n");
    std::vector<std::string> notes;
    const auto t = readSlurmNodes(path, {}, &notes);
    QCOMPARE(t.serverCount(), 2);
    QCOMPARE(server(t, "n1").gpus, 4);
    QCOMPARE(server(t, "n1").gpuModel, std::string("l40s"));
    QCOMPARE(server(t, "n1").cpuCores, 16.0);
    QCOMPARE(server(t, "n1").memGb, 64.0);
    QCOMPARE(server(t, "n2").memGb, 1.0);
}

void TestSlurmNodes::partialTopology()
{
    QTemporaryDir dir;
    const auto nodes = writeFile(dir, "nodes.txt",
                                 "NodeName=a1 CPUTot=4 RealMemory=1024 Gres=gpu:2\n"
                                 "NodeName=a2 CPUTot=4 RealMemory=1024 Gres=gpu:a100:2,gpu:h100:2\n"
                                 "NodeName=b1 CPUTot=4 RealMemory=1024\n");
    ImportOptions o;
    o.topologyPath = writeFile(dir, "topology.conf",
                               "# comment line\n"
                               "SwitchName=leafA Nodes=a[1-2],ghost7   # trailing comment\n"
                               "\n"
                               "SwitchName=top Switches=leafA LinkSpeed=100\n");
    std::vector<std::string> notes;
    const auto t = readSlurmNodes(nodes, o, &notes);
    QCOMPARE(t.rackCount(), 2); // leafA, and b1 grouped in file order
    QCOMPARE(t.racks()[0].name, std::string("leafA"));
    QCOMPARE(t.racks()[0].serverCount, 2);
    QCOMPARE(server(t, "a2").gpus, 4);
    QCOMPARE(server(t, "a2").gpuModel, std::string("a100"));
    QCOMPARE(server(t, "b1").gpus, 0);
    QVERIFY(hasNote(notes, "1 node is under no leaf switch"));
    QVERIFY(hasNote(notes, "1 node of topology.conf is not in the node list"));
    QVERIFY(hasNote(notes, "1 node has GPUs of several types"));
    const auto leaves = readSlurmTopologyConf(o.topologyPath);
    QCOMPARE(leaves.switches.size(), std::size_t{1});
    QCOMPARE(leaves.switchOfNode.at("ghost7"), std::string("leafA"));
}

void TestSlurmNodes::malformedNodes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    QTest::newRow("empty") << "" << qint64(0) << "";
    QTest::newRow("not a node record") << "NodeName=n1 CPUTot=4\nPartitionName=gpu Nodes=n1\n" << qint64(2) << "";
    QTest::newRow("indented first") << "  CPUTot=4\n" << qint64(1) << "";
    QTest::newRow("duplicate") << "NodeName=n1 CPUTot=4\nNodeName=n1 CPUTot=4\n" << qint64(2) << "NodeName";
    QTest::newRow("bad CPUTot") << "NodeName=n1 CPUTot=many\n" << qint64(1) << "CPUTot";
    QTest::newRow("bad RealMemory") << "NodeName=n1 RealMemory=-5\n" << qint64(1) << "RealMemory";
    QTest::newRow("bad Gres") << "NodeName=n1 CPUTot=4\nNodeName=n2 Gres=gpu:a100:x\n" << qint64(2) << "Gres";
    QTest::newRow("empty name") << "NodeName= CPUTot=4\n" << qint64(1) << "NodeName";
}

void TestSlurmNodes::malformedNodes()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "nodes.txt", text.toStdString());
    expectInputError([&] { readSlurmNodes(path); }, path, line, field.toStdString());
}

void TestSlurmNodes::malformedTopology_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    QTest::newRow("empty") << "# nothing\n" << qint64(0) << "";
    QTest::newRow("no SwitchName") << "SwitchName=s1 Nodes=n1\nNodes=n2\n" << qint64(2) << "SwitchName";
    QTest::newRow("block topology") << "BlockName=b1 Nodes=n[1-4]\n" << qint64(1) << "SwitchName";
    QTest::newRow("word without =") << "SwitchName=s1 Nodes=n1 fast\n" << qint64(1) << "";
    QTest::newRow("bad host list") << "SwitchName=s1 Nodes=n[2-1]\n" << qint64(1) << "Nodes";
    QTest::newRow("node under two leaves") << "SwitchName=s1 Nodes=n[1-2]\nSwitchName=s2 Nodes=n[2-3]\n" << qint64(2) << "Nodes";
}

void TestSlurmNodes::malformedTopology()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto nodes = writeFile(dir, "nodes.txt", "NodeName=n1 CPUTot=4\n");
    ImportOptions o;
    o.topologyPath = writeFile(dir, "topology.conf", text.toStdString());
    expectInputError([&] { readSlurmNodes(nodes, o); }, o.topologyPath, line, field.toStdString());
}

QTEST_APPLESS_MAIN(TestSlurmNodes)
#include "tst_slurm_nodes.moc"
