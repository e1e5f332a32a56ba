#pragma once
// The simulation kernel's timed events. Order at one instant: smaller `order` first
// (kind in the high bits, input row or server index below), so ties never depend on insertion.
// Submissions and timers are not queued here: they come from streams already sorted by time.
// The kernel queues them in a RadixEventQueue (radix_event_queue.hpp); the heaps below stay for
// bench_simulate's comparison (the heap type is a parameter).
#include <boost/heap/d_ary_heap.hpp>

#include <cstdint>
#include <queue>
#include <vector>

namespace clens {

struct SimEvent {
    std::int64_t t = 0;
    std::uint64_t order = 0; // (kind << 40) | row
    std::uint32_t serial = 0; // stale-event check (attempt number of a job)

    static constexpr std::uint64_t makeOrder(std::uint32_t kind, std::uint64_t row) { return (std::uint64_t{kind} << 40) | row; }
    std::uint32_t kind() const { return static_cast<std::uint32_t>(order >> 40); }
    std::uint32_t row() const { return static_cast<std::uint32_t>(order & ((std::uint64_t{1} << 40) - 1)); }
};

struct SimEventLater {
    bool operator()(const SimEvent& a, const SimEvent& b) const { return a.t != b.t ? a.t > b.t : a.order > b.order; }
};

template <class Heap>
class BasicEventQueue {
public:
    void push(const SimEvent& e) { heap_.push(e); }
    bool empty() const { return heap_.empty(); }
    const SimEvent& top() const { return heap_.top(); }
    void pop() { heap_.pop(); }
    std::size_t size() const { return heap_.size(); }

private:
    Heap heap_;
};

using StdEventHeap = std::priority_queue<SimEvent, std::vector<SimEvent>, SimEventLater>;
using BoostEventHeap = boost::heap::d_ary_heap<SimEvent, boost::heap::arity<4>, boost::heap::compare<SimEventLater>>;

} // namespace clens
