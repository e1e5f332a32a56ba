// RadixEventQueue gives the events in the order of a reference that sorts them by (t, order,
// serial), over random runs driven as the kernel drives it: the clock moves to each instant, the
// events at it are popped (handling one may push more at the same instant or later), and early
// ones are dropped from the top ahead of the clock as stale ends are. Also a hand-made case.
#include "core/sim/radix_event_queue.hpp"

#include <QTest>

#include <boost/random/mersenne_twister.hpp>

#include <cstdint>
#include <set>
#include <tuple>
#include <vector>

using namespace clens;

namespace {
using Ref = std::set<std::tuple<std::int64_t, std::uint64_t, std::uint32_t>>;

std::tuple<std::int64_t, std::uint64_t, std::uint32_t> asTuple(const SimEvent& e) { return {e.t, e.order, e.serial}; }
} // namespace

class TestRadixEventQueue : public QObject {
    Q_OBJECT
private slots:
    void handMade();
    void sameOrderAsSorted_data();
    void sameOrderAsSorted();
};

void TestRadixEventQueue::handMade()
{
    RadixEventQueue q;
    // Pushed out of order; at t = 10, kinds 2 and 1 of row 7, and kind 1 of row 3 twice (serials 5
    // and 4): out come (10, 1|3, 4), (10, 1|3, 5), (10, 1|7), (10, 2|7), then 12, then 1000.
    q.push({1000, SimEvent::makeOrder(1, 1), 0});
    q.push({10, SimEvent::makeOrder(2, 7), 0});
    q.push({12, SimEvent::makeOrder(0, 9), 0});
    q.push({10, SimEvent::makeOrder(1, 3), 5});
    q.push({10, SimEvent::makeOrder(1, 7), 0});
    q.push({10, SimEvent::makeOrder(1, 3), 4});
    QCOMPARE(q.size(), std::size_t{6});
    QCOMPARE(q.top().t, std::int64_t{10}); // ahead of the clock: found by a scan
    q.advanceTo(10);
    const std::vector<std::tuple<std::int64_t, std::uint64_t, std::uint32_t>> want{
        {10, SimEvent::makeOrder(1, 3), 4}, {10, SimEvent::makeOrder(1, 3), 5}, {10, SimEvent::makeOrder(1, 7), 0},
        {10, SimEvent::makeOrder(2, 7), 0}, {12, SimEvent::makeOrder(0, 9), 0}, {1000, SimEvent::makeOrder(1, 1), 0}};
    for (const auto& w : want) {
        QCOMPARE(asTuple(q.top()), w);
        q.pop();
    }
    QVERIFY(q.empty());
    // Negative times keep their order, and a push before the clock (never from the engine) is
    // still given in order.
    q.push({-5, 0, 0});
    q.advanceTo(20);
    q.push({-7, 0, 0});
    q.push({30, 0, 0});
    QCOMPARE(q.top().t, std::int64_t{-7});
    q.pop();
    QCOMPARE(q.top().t, std::int64_t{-5});
    q.pop();
    QCOMPARE(q.top().t, std::int64_t{30});
}

void TestRadixEventQueue::sameOrderAsSorted_data()
{
    QTest::addColumn<int>("pending");    // events kept pending (running jobs)
    QTest::addColumn<int>("maxAhead");   // an event's largest delay after its instant
    QTest::addColumn<int>("stalePct");   // chance that an event is stale, dropped early from the top
    QTest::addColumn<std::int64_t>("start");
    QTest::newRow("40 pending, short delays") << 40 << 50 << 0 << std::int64_t{0};
    QTest::newRow("4,000 pending, delays to a day") << 4000 << 86400 << 0 << std::int64_t{1'700'000'000};
    QTest::newRow("4,000 pending, 20% stale") << 4000 << 86400 << 20 << std::int64_t{0};
    QTest::newRow("ties: delays of 0 to 3 s") << 500 << 3 << 10 << std::int64_t{-100};
    QTest::newRow("negative clock, long delays") << 1000 << 5'000'000 << 5 << std::int64_t{-3'000'000};
}

void TestRadixEventQueue::sameOrderAsSorted()
{
    QFETCH(int, pending);
    QFETCH(int, maxAhead);
    QFETCH(int, stalePct);
    QFETCH(std::int64_t, start);
    boost::random::mt19937 rng(11);
    RadixEventQueue q;
    Ref ref;
    std::set<std::tuple<std::int64_t, std::uint64_t, std::uint32_t>> stale;
    std::uint32_t serial = 0;
    const auto push = [&](std::int64_t t) {
        const SimEvent e{t, SimEvent::makeOrder(rng() % 4, rng() % 64), ++serial};
        q.push(e);
        ref.insert(asTuple(e));
        if (static_cast<int>(rng() % 100) < stalePct)
            stale.insert(asTuple(e));
    };
    for (int i = 0; i < pending; ++i)
        push(start + static_cast<std::int64_t>(rng() % static_cast<std::uint32_t>(maxAhead + 1)));
    std::int64_t clock = start;
    int handled = 0;
    while (!ref.empty() && handled < 60'000) {
        // As nextInstant: drop stale events at the top, wherever they lie ahead of the clock.
        while (!ref.empty() && stale.contains(asTuple(q.top()))) {
            QCOMPARE(asTuple(q.top()), *ref.begin());
            stale.erase(*ref.begin());
            ref.erase(ref.begin());
            q.pop();
        }
        if (ref.empty())
            break;
        // The next instant: the top's time, or a submission before it.
        auto instant = std::get<0>(*ref.begin());
        if (rng() % 3 == 0 && instant > clock)
            instant = clock + static_cast<std::int64_t>(rng() % static_cast<std::uint32_t>(instant - clock));
        QVERIFY(instant >= clock);
        clock = instant;
        q.advanceTo(clock);
        while (!ref.empty() && std::get<0>(*ref.begin()) == clock) {
            QCOMPARE(asTuple(q.top()), *ref.begin());
            stale.erase(*ref.begin());
            ref.erase(ref.begin());
            q.pop();
            ++handled;
            if (rng() % 4 == 0) // handling it schedules one at this instant
                push(clock);
            push(clock + static_cast<std::int64_t>(rng() % static_cast<std::uint32_t>(maxAhead + 1)));
        }
        if (rng() % 2 == 0) // a job started at a submission: its end
            push(clock + static_cast<std::int64_t>(rng() % static_cast<std::uint32_t>(maxAhead + 1)));
        QCOMPARE(q.size(), ref.size());
    }
    QVERIFY(handled > 0);
}

QTEST_APPLESS_MAIN(TestRadixEventQueue)
#include "tst_radix_event_queue.moc"
