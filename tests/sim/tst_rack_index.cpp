// RackIndex answers from its buckets what its segment trees answer (the trees serve clusters too
// large for buckets): the same racks for best-fit's and spread's queries and the same racks with
// room, over random changes of every rack, on shapes with few and many racks.
#include "core/sim/rack_index.hpp"

#include <QTest>

#include <boost/random/mersenne_twister.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace clens;

class TestRackIndex : public QObject {
    Q_OBJECT
private slots:
    void bucketsAnswerAsTrees_data();
    void bucketsAnswerAsTrees();
    void handComputedQueries();
};

void TestRackIndex::bucketsAnswerAsTrees_data()
{
    QTest::addColumn<int>("racks");
    QTest::addColumn<int>("serversPerRack");
    QTest::addColumn<int>("gpusPerServer");
    QTest::newRow("69 racks of 8 x 8 GPUs (Philly-sized)") << 69 << 8 << 8;
    QTest::newRow("3,125 racks of 8 x 8 GPUs (200k GPUs)") << 3125 << 8 << 8;
    QTest::newRow("5 racks of 40 x 4 GPUs") << 5 << 40 << 4;
    QTest::newRow("130 racks of 2 x 16 GPUs") << 130 << 2 << 16;
    QTest::newRow("one rack") << 1 << 12 << 8;
    QTest::newRow("5,000 racks of 1 x 2 GPUs (summaries of two words)") << 5000 << 1 << 2;
}

void TestRackIndex::bucketsAnswerAsTrees()
{
    QFETCH(int, racks);
    QFETCH(int, serversPerRack);
    QFETCH(int, gpusPerServer);
    RackIndex trees(racks, gpusPerServer); // no rack size: trees
    RackIndex buckets(racks, gpusPerServer, serversPerRack * gpusPerServer);
    trees.keep(true, true);
    buckets.keep(false, false);
    // Free GPUs per server; a rack's state is its servers' free counts.
    std::vector<int> free(static_cast<std::size_t>(racks * serversPerRack), gpusPerServer);
    const auto update = [&](int r) {
        int rackFree = 0;
        std::uint64_t mask = 0;
        for (int s = r * serversPerRack; s < (r + 1) * serversPerRack; ++s) {
            rackFree += free[static_cast<std::size_t>(s)];
            if (free[static_cast<std::size_t>(s)] > 0)
                mask |= std::uint64_t{1} << free[static_cast<std::size_t>(s)];
        }
        const auto hasF = [&](std::int32_t f) { return (mask >> f & 1) != 0; };
        trees.update(r, rackFree, mask, hasF);
        buckets.update(r, rackFree, mask, hasF);
    };
    for (int r = 0; r < racks; ++r)
        update(r);
    boost::random::mt19937_64 rng(17);
    for (int step = 0; step < 20000; ++step) {
        const auto s = static_cast<std::size_t>(rng() % free.size());
        free[s] = static_cast<int>(rng() % static_cast<std::uint64_t>(gpusPerServer + 1));
        update(static_cast<int>(s) / serversPerRack);
        for (int f = 1; f <= gpusPerServer; ++f) {
            QCOMPARE(buckets.fewestFreeRackWith(f), trees.fewestFreeRackWith(f));
            QCOMPARE(buckets.mostFreeRackWith(f), trees.mostFreeRackWith(f));
        }
        if (step % 97 == 0) {
            const int n = static_cast<int>(rng() % static_cast<std::uint64_t>(serversPerRack * gpusPerServer + 1));
            std::vector<std::int32_t> a, b;
            trees.racksWithAtLeast(n, a);
            buckets.racksWithAtLeast(n, b);
            QCOMPARE(b, a);
        }
    }
}

void TestRackIndex::handComputedQueries()
{
    // 3 racks of 2 servers x 4 GPUs. Rack 0: servers free 1 and 4 (5 free); rack 1: 1 and 0 (1);
    // rack 2: 4 and 4 (8). Servers with 1 free: racks 0 and 1 -> fewest is rack 1 (1 < 5), most
    // rack 0. Servers with 4 free: racks 0 and 2 -> fewest rack 0 (5 < 8), most rack 2. None has a
    // server with 2 or 3 free.
    RackIndex index(3, 4, 8);
    index.update(0, 5, (1u << 1) | (1u << 4), [](std::int32_t f) { return f == 1 || f == 4; });
    index.update(1, 1, 1u << 1, [](std::int32_t f) { return f == 1; });
    index.update(2, 8, 1u << 4, [](std::int32_t f) { return f == 4; });
    QCOMPARE(index.fewestFreeRackWith(1), 1);
    QCOMPARE(index.mostFreeRackWith(1), 0);
    QCOMPARE(index.fewestFreeRackWith(4), 0);
    QCOMPARE(index.mostFreeRackWith(4), 2);
    QCOMPARE(index.fewestFreeRackWith(2), -1);
    QCOMPARE(index.mostFreeRackWith(3), -1);
    // Rack 2 gives a server up to 1 free: 5 free, servers 1 and 4. Ties on 5 free: the lowest
    // rack (0) for both queries on f = 4 ... and on f = 1 rack 1 (1 free) stays the fewest.
    index.update(2, 5, (1u << 1) | (1u << 4), [](std::int32_t f) { return f == 1 || f == 4; });
    QCOMPARE(index.fewestFreeRackWith(4), 0);
    QCOMPARE(index.mostFreeRackWith(4), 0);
    QCOMPARE(index.fewestFreeRackWith(1), 1);
    QCOMPARE(index.mostFreeRackWith(1), 0);
}

QTEST_APPLESS_MAIN(TestRackIndex)
#include "tst_rack_index.moc"
