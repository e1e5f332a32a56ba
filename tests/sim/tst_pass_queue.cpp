// PassQueue gives a scheduling pass's lanes smallest first, those known at the start (sorted)
// and those pushed while the pass runs (a heap) alike: the same order as one sorted list of
// everything, whatever the sizes and however the pushes interleave.
#include "core/sim/pass_queue.hpp"

#include <QTest>

#include <boost/random/mersenne_twister.hpp>

#include <algorithm>
#include <set>
#include <vector>

using namespace clens;

class TestPassQueue : public QObject {
    Q_OBJECT
private slots:
    void smallestFirst_data();
    void smallestFirst();
    void restartForgetsThePass();
};

void TestPassQueue::smallestFirst_data()
{
    // Small and large passes; a push after every `pushEvery`-th pop (0: none), of a value drawn
    // anywhere in the range (so it may come before lanes not taken yet, or after all of them).
    QTest::addColumn<int>("lanes");
    QTest::addColumn<int>("pushEvery");
    for (const int lanes : {0, 1, 3, 4, 5, 8, 9, 16, 17, 100, 1000})
        for (const int pushEvery : {0, 1, 3}) {
            const auto name = QByteArray::number(lanes) + " lanes, push every " + QByteArray::number(pushEvery);
            QTest::newRow(name.constData()) << lanes << pushEvery;
        }
}

void TestPassQueue::smallestFirst()
{
    QFETCH(int, lanes);
    QFETCH(int, pushEvery);
    boost::random::mt19937 rng(static_cast<unsigned>(lanes * 7 + pushEvery));
    std::vector<int> initial;
    std::set<int> used;
    const auto distinct = [&] { // lanes are distinct (a pass's entry names its lane)
        for (;;)
            if (const int v = static_cast<int>(rng() % 1000000); used.insert(v).second)
                return v;
    };
    for (int i = 0; i < lanes; ++i)
        initial.push_back(distinct());
    PassQueue<int> queue(initial);
    std::multiset<int> reference(initial.begin(), initial.end());
    int pops = 0, pushes = 0;
    while (!queue.empty()) {
        QVERIFY(!reference.empty());
        QCOMPARE(queue.top(), *reference.begin());
        queue.pop();
        reference.erase(reference.begin());
        if (pushEvery > 0 && ++pops % pushEvery == 0 && pushes < 2 * lanes) {
            const int v = distinct();
            queue.push(v);
            reference.insert(v);
            ++pushes;
        }
    }
    QVERIFY(reference.empty());
}

void TestPassQueue::restartForgetsThePass()
{
    // A pass stopped early (its GPUs ran out) leaves lanes and pushes pending: the next pass
    // starts from its own lanes only.
    PassQueue<int> queue({9, 3, 7, 1, 5, 8, 2});
    queue.push(4);
    QCOMPARE(queue.top(), 1);
    queue.pop();
    auto& lanes = queue.restart();
    QVERIFY(queue.empty());
    lanes = {6, 10, 0, 11, 12};
    queue.start();
    std::vector<int> order;
    for (; !queue.empty(); queue.pop())
        order.push_back(queue.top());
    QCOMPARE(order, (std::vector<int>{0, 6, 10, 11, 12}));
}

QTEST_APPLESS_MAIN(TestPassQueue)
#include "tst_pass_queue.moc"
