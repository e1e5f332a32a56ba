#pragma once
// The lane visits of one scheduling pass, smallest first: the lanes known when the pass starts
// are sorted once, the few pushed while it runs (a lane's next job, a revived lane) wait in a
// small heap beside them. Sorting once costs a fraction of pushing every lane through a heap
// and popping it again, and a preemptive policy's pass visits every waiting lane. One queue
// serves every pass of a run (restart() keeps its storage: a pass is too short to allocate).
#include <algorithm>
#include <functional>
#include <vector>

namespace clens {

template <class T>
class PassQueue {
public:
    PassQueue() = default;
    explicit PassQueue(std::vector<T> initial) : sorted_(std::move(initial)) { std::sort(sorted_.begin(), sorted_.end()); }

    // Empties the queue for a new pass: fill the returned list with its lanes, then start().
    std::vector<T>& restart()
    {
        sorted_.clear();
        pushed_.clear();
        next_ = 0;
        return sorted_;
    }
    void start() { std::sort(sorted_.begin(), sorted_.end()); }

    bool empty() const { return next_ == sorted_.size() && pushed_.empty(); }
    const T& top() const { return fromSorted() ? sorted_[next_] : pushed_.front(); }
    void pop()
    {
        if (fromSorted()) {
            ++next_;
            return;
        }
        std::pop_heap(pushed_.begin(), pushed_.end(), std::greater<>{});
        pushed_.pop_back();
    }
    void push(const T& v)
    {
        pushed_.push_back(v);
        std::push_heap(pushed_.begin(), pushed_.end(), std::greater<>{});
    }

private:
    bool fromSorted() const { return next_ < sorted_.size() && (pushed_.empty() || !(pushed_.front() < sorted_[next_])); }

    std::vector<T> sorted_;
    std::size_t next_ = 0;
    std::vector<T> pushed_; // a min-heap (std::greater)
};

} // namespace clens
