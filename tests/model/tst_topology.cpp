#include "core/model/topology.hpp"

#include <QTest>

using namespace clens;

class TestTopology : public QObject {
    Q_OBJECT
private slots:
    void groupsRacksInFileOrder();
    void explicitRacksAreContiguous();
    void regroup();
    void serversWithoutGpus();
};

namespace {
std::vector<ServerSpec> plain(int n, int gpus)
{
    std::vector<ServerSpec> v;
    for (int i = 0; i < n; ++i)
        v.push_back(ServerSpec{"m" + std::to_string(i), std::nullopt, gpus, "", 0, 0});
    return v;
}
} // namespace

void TestTopology::groupsRacksInFileOrder()
{
    // 10 servers, rack size 4 -> racks of 4, 4, 2; GPUs are dense: server i owns [2i, 2i+2).
    const auto t = Topology::build(plain(10, 2), 4);
    QCOMPARE(t.rackCount(), 3);
    QCOMPARE(t.racks()[2].serverCount, 2);
    QCOMPARE(t.racks()[1].firstServer, 4);
    QCOMPARE(t.gpuCount(), 20);
    QCOMPARE(t.servers()[5].firstGpu, 10);
    QCOMPARE(t.serverOfGpu(11), 5);
    QVERIFY(t.racksInferred());
}

void TestTopology::explicitRacksAreContiguous()
{
    std::vector<ServerSpec> v{{"a", "r2", 8, "", 0, 0}, {"b", "r1", 2, "", 0, 0}, {"c", "r2", 4, "", 0, 0}};
    const auto t = Topology::build(v, 8);
    // Racks in order of first appearance (r2, r1); r2's servers a, c become servers 0, 1.
    QCOMPARE(t.rackCount(), 2);
    QCOMPARE(QString::fromStdString(t.racks()[0].name), QStringLiteral("r2"));
    QCOMPARE(QString::fromStdString(t.servers()[1].name), QStringLiteral("c"));
    QCOMPARE(t.racks()[0].gpus, 12);
    QCOMPARE(t.servers()[2].firstGpu, 12);
    QVERIFY(!t.racksInferred());
    QCOMPARE(t.findServer("b").value_or(-1), 2);
}

void TestTopology::regroup()
{
    const auto t = Topology::build(plain(10, 8), 8);
    QCOMPARE(t.rackCount(), 2);
    const auto r = t.regrouped(3);
    QCOMPARE(r.rackCount(), 4); // ceil(10/3)
    QCOMPARE(r.gpuCount(), 80);
}

// GPU-less servers (Alibaba CPU nodes) keep their place and resources; GPU ids stay dense.
void TestTopology::serversWithoutGpus()
{
    std::vector<ServerSpec> v{{"a", std::nullopt, 0, "", 32, 256},
                              {"b", std::nullopt, 4, "G2", 96, 384},
                              {"c", std::nullopt, 0, "", 16, 0},
                              {"d", std::nullopt, 2, "T4", 0, 0}};
    const auto t = Topology::build(v, 2);
    QCOMPARE(t.serverCount(), 4);
    QCOMPARE(t.gpuCount(), 6);
    QCOMPARE(t.rackCount(), 2);
    QCOMPARE(t.racks()[0].gpus, 4); // a, b
    QCOMPARE(t.racks()[1].gpus, 2); // c, d
    QCOMPARE(t.servers()[1].firstGpu, 0);
    QCOMPARE(t.servers()[2].firstGpu, 4); // c owns [4, 4): nothing
    QCOMPARE(t.servers()[3].firstGpu, 4);
    QCOMPARE(t.serverOfGpu(3), 1);
    QCOMPARE(t.serverOfGpu(4), 3);
    QCOMPARE(t.servers()[0].cpuCores, 32.0);
    QCOMPARE(t.servers()[0].memGb, 256.0);
    const auto r = t.regrouped(3);
    QCOMPARE(r.serverCount(), 4);
    QCOMPARE(r.gpuCount(), 6);
    QCOMPARE(r.servers()[2].cpuCores, 16.0);

    const auto none = Topology::build(plain(3, 0), 8);
    QCOMPARE(none.serverCount(), 3);
    QCOMPARE(none.gpuCount(), 0);
    QCOMPARE(none.racks()[0].gpus, 0);
}

QTEST_APPLESS_MAIN(TestTopology)
#include "tst_topology.moc"
