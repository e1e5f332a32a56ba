#include "core/io/philly_job_log.hpp"
#include "core/io/philly_machine_list.hpp"
#include "core/io/placement_gpu_counts.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QFile>
#include <QTest>

using namespace clens;
using namespace clens::test;

namespace {

// Sum of the GPU column of a machine list, read with Qt (independent of the importer).
std::pair<int, int> countServersAndGpus(const std::string& path, int gpuColumn)
{
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        return {-1, -1};
    f.readLine(); // header
    int servers = 0, gpus = 0;
    while (!f.atEnd()) {
        const auto line = f.readLine().trimmed();
        if (line.isEmpty())
            continue;
        ++servers;
        gpus += line.split(',')[gpuColumn].trimmed().toInt();
    }
    return {servers, gpus};
}

} // namespace

class TestPhillyMachineList : public QObject {
    Q_OBJECT
private slots:
    void originalList();
    void revisedList();
    void racksGroupedInFileOrder();
    void gpuCountsCorrectedFromTheLog();
    void correctionKeepsLayoutAndReportsUnknownServers();
    void malformed_data();
    void malformed();
};

// data/philly/README.md: 552 servers (321 x 2 GPUs with 12GB, 231 x 8 with 24GB = 2,490 GPUs).
void TestPhillyMachineList::originalList()
{
    const auto path = samplePath("philly/cluster_machine_list");
    QVERIFY(detectClusterFormat(path) == ClusterFormat::PhillyMachines);
    const auto c = loadCluster(path);
    QCOMPARE(c.serverCount(), 552);
    QCOMPARE(c.gpuCount(), 321 * 2 + 231 * 8);
    const auto [servers, gpus] = countServersAndGpus(path, 1);
    QCOMPARE(c.serverCount(), servers);
    QCOMPARE(c.gpuCount(), gpus);
    QCOMPARE(c.servers()[0].name, std::string("m0"));
    QCOMPARE(c.servers()[0].gpuModel, std::string("12GB"));
}

// README: the revised list (leading unnamed index column) has 3,205 GPUs on the same 552 servers.
void TestPhillyMachineList::revisedList()
{
    const auto path = samplePath("philly/revised_machine_list.csv");
    QVERIFY(detectClusterFormat(path) == ClusterFormat::PhillyMachines);
    const auto c = loadCluster(path);
    QCOMPARE(c.serverCount(), 552);
    QCOMPARE(c.gpuCount(), 3205);
    QCOMPARE(countServersAndGpus(path, 2).second, 3205);
    QCOMPARE(c.servers()[0].name, std::string("m0"));
    QCOMPARE(c.servers()[0].gpus, 8);
}

void TestPhillyMachineList::racksGroupedInFileOrder()
{
    ImportOptions o;
    o.rackSize = 8;
    const auto c = readPhillyMachineList(samplePath("philly/cluster_machine_list"), o);
    QCOMPARE(c.rackCount(), 69); // ceil(552 / 8)
    QVERIFY(c.racksInferred());
    QCOMPARE(c.servers()[8].name, std::string("m111")); // the 9th server of the file opens rack 2
    QCOMPARE(c.servers()[8].rack, 1);
    o.rackSize = 100;
    QCOMPARE(readPhillyMachineList(samplePath("philly/cluster_machine_list"), o).rackCount(), 6);
}

// The example log places GPUs on m47, m412, m51, m52 (gpu0-7), m146 (gpu7), m29 (gpu0-1),
// m153 (gpu1) and m31 (gpu0-7). Listed: m47 m412 m51 m52 m146 m29 with 2 GPUs, m153 m31 with 8.
// Raised to 8: m47 m412 m51 m52 m146 (5 servers, +6 each = +30); m29 needs 2 = listed.
void TestPhillyMachineList::gpuCountsCorrectedFromTheLog()
{
    const auto trace = loadTrace(samplePath("philly/cluster_job_log.example.json"));
    auto cluster = loadCluster(samplePath("philly/cluster_machine_list"));
    const auto before = cluster.gpuCount();
    const auto c = applyPlacementGpuCounts(cluster, trace);
    QCOMPARE(c.correctedServers, 5);
    QCOMPARE(c.addedGpus, std::int64_t{30});
    QCOMPARE(c.unknownServers, std::int64_t{0});
    QCOMPARE(cluster.gpuCount(), before + 30);
    QCOMPARE(cluster.servers()[static_cast<std::size_t>(*cluster.findServer("m146"))].gpus, 8);
    QCOMPARE(cluster.servers()[static_cast<std::size_t>(*cluster.findServer("m29"))].gpus, 2);
    // Applying it twice changes nothing more.
    QCOMPARE(applyPlacementGpuCounts(cluster, trace).correctedServers, 0);

    // The revised list already has 8 on those servers and 4 on m153 (log needs 2): nothing to do.
    auto revised = loadClusterForTrace(samplePath("philly/revised_machine_list.csv"), trace);
    QCOMPARE(revised.gpuCount(), 3205);
}

void TestPhillyMachineList::correctionKeepsLayoutAndReportsUnknownServers()
{
    QTemporaryDir dir;
    const auto list = writeFile(dir, "machines", "machineId, number of GPUs, single GPU mem\na,2, 12GB\nb,0, 12GB\nc,2, 12GB\n");
    const auto log = writeFile(dir, "log", R"([{"status": "Pass", "vc": "v", "jobid": "j", "submitted_time": "2017-10-07 01:00:00",
        "attempts": [{"start_time": "2017-10-07 01:00:00", "end_time": "2017-10-07 01:01:00",
                      "detail": [{"ip": "b", "gpus": ["gpu3"]}, {"ip": "zz", "gpus": ["gpu0"]}]}]}])");
    ImportOptions o;
    o.rackSize = 2;
    std::vector<std::string> notes;
    const auto cluster = loadClusterForTrace(list, readPhillyJobLog(log), o, &notes);
    QCOMPARE(cluster.serverCount(), 3);
    QCOMPARE(cluster.servers()[1].name, std::string("b"));
    QCOMPARE(cluster.servers()[1].gpus, 4); // 0 listed, gpu3 used
    QCOMPARE(cluster.servers()[1].firstGpu, 2);
    QCOMPARE(cluster.rackCount(), 2);
    QCOMPARE(cluster.gpuCount(), 8);
    QCOMPARE(notes.size(), std::size_t{1});
    QVERIFY2(notes[0].find("1 servers") != std::string::npos && notes[0].find("zz") != std::string::npos, notes[0].c_str());
}

void TestPhillyMachineList::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = "machineId, number of GPUs, single GPU mem\n";
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("header only") << h << qint64(0) << "";
    QTest::newRow("missing GPU column") << "machineId, single GPU mem\nm0, 12GB\n" << qint64(1) << "number of GPUs";
    QTest::newRow("truncated row") << h + "m0,2, 12GB\nm1\n" << qint64(3) << "number of GPUs";
    QTest::newRow("wrong type") << h + "m0,two, 12GB\n" << qint64(2) << "number of GPUs";
    QTest::newRow("negative") << h + "m0,-2, 12GB\n" << qint64(2) << "number of GPUs";
    QTest::newRow("huge") << h + "m0,100000, 12GB\n" << qint64(2) << "number of GPUs";
    QTest::newRow("fractional") << h + "m0,2.5, 12GB\n" << qint64(2) << "number of GPUs";
    QTest::newRow("duplicate id") << h + "m0,2, 12GB\nm0,8, 24GB\n" << qint64(3) << "machineId";
    QTest::newRow("empty id") << h + ",2, 12GB\n" << qint64(2) << "machineId";
    QTest::newRow("revised: wrong type") << ",machineId,number of GPUs\n0,m0,8\n1,m1,x\n" << qint64(3) << "number of GPUs";
}

void TestPhillyMachineList::malformed()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "machines.csv", text.toStdString());
    expectInputError([&] { readPhillyMachineList(path); }, path, line, field.toStdString());
}

QTEST_APPLESS_MAIN(TestPhillyMachineList)
#include "tst_philly_machine_list.moc"
