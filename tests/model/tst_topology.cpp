#include "core/model/topology.hpp"

#include <QTest>

using namespace clens;

class TestTopology : public QObject {
    Q_OBJECT
private slots:
    void groupsRacksInFileOrder();
    void explicitRacksAreContiguous();
    void regroup();
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

QTEST_APPLESS_MAIN(TestTopology)
#include "tst_topology.moc"
