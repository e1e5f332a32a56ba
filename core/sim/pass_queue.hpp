#pragma once
// The lane visits of one scheduling pass, smallest first: the lanes known when the pass starts
// are sorted once, the few pushed while it runs (a lane's next job, a revived lane) wait in a
// small heap beside them. Sorting once costs a fraction of pushing every lane through a heap
// and popping it again, and a preemptive policy's pass visits every waiting lane.
#include <algorithm>
#include <functional>
#include <queue>
#include <vector>

namespace clens {

template <class T>
class PassQueue {
public:
    explicit PassQueue(std::vector<T> initial) : sorted_(std::move(initial)) { std::sort(sorted_.begin(), sorted_.end()); }

    bool empty() const { return next_ == sorted_.size() && pushed_.empty(); }
    const T& top() const { return fromSorted() ? sorted_[next_] : pushed_.top(); }
    void pop()
    {
        if (fromSorted())
            ++next_;
        else
            pushed_.pop();
    }
    void push(const T& v) { pushed_.push(v); }

private:
    bool fromSorted() const { return next_ < sorted_.size() && (pushed_.empty() || !(pushed_.top() < sorted_[next_])); }

    std::vector<T> sorted_;
    std::size_t next_ = 0;
    std::priority_queue<T, std::vector<T>, std::greater<>> pushed_;
};

} // namespace clens
