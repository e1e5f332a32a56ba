// qssf: Helios' quasi-shortest-service-first (SC'21). Priority = GPUs × predicted duration, the
// prediction being the mean service of the same user's jobs that ended before now, else the same
// VC's, else the median of all that ended, else one hour; not preemptive
// (docs/queue-policies.md).
#include "core/sim/queue/queue_policy.hpp"

#include <functional>
#include <queue>

namespace clens {

namespace {

struct Mean {
    double sum = 0;
    std::int64_t n = 0;
};

// The median of a growing multiset: the lower half in a max-heap, the upper in a min-heap.
class RunningMedian {
public:
    void add(double v)
    {
        if (low_.empty() || v <= low_.top())
            low_.push(v);
        else
            high_.push(v);
        if (low_.size() > high_.size() + 1) {
            high_.push(low_.top());
            low_.pop();
        } else if (high_.size() > low_.size()) {
            low_.push(high_.top());
            high_.pop();
        }
    }
    std::optional<double> get() const
    {
        if (low_.empty())
            return std::nullopt;
        return low_.size() > high_.size() ? low_.top() : (low_.top() + high_.top()) / 2;
    }

private:
    std::priority_queue<double> low_;
    std::priority_queue<double, std::vector<double>, std::greater<>> high_;
};

class QssfQueue final : public QueuePolicy {
public:
    explicit QssfQueue(std::int32_t unnamedUser) : unnamedUser_(unnamedUser) {}
    QueueKey key(const QueuedJob& w, std::int64_t) const override
    {
        return {static_cast<double>(w.job->gpus) * predicted(*w.job), 0, w.row};
    }
    void jobEnded(const Job& j) override
    {
        add(byUser_, j.user, j.duration_s);
        add(byVc_, j.tenant, j.duration_s);
        all_.add(static_cast<double>(j.duration_s));
    }

private:
    static constexpr double kNoHistory_s = 3600;

    static void add(std::vector<Mean>& means, std::int32_t at, std::int64_t duration)
    {
        const auto i = static_cast<std::size_t>(at);
        if (means.size() <= i)
            means.resize(i + 1);
        means[i].sum += static_cast<double>(duration);
        ++means[i].n;
    }
    static std::optional<double> meanOf(const std::vector<Mean>& means, std::int32_t at)
    {
        const auto i = static_cast<std::size_t>(at);
        if (i >= means.size() || means[i].n == 0)
            return std::nullopt;
        return means[i].sum / static_cast<double>(means[i].n);
    }
    double predicted(const Job& j) const
    {
        if (j.user != unnamedUser_)
            if (const auto m = meanOf(byUser_, j.user))
                return *m;
        if (const auto m = meanOf(byVc_, j.tenant))
            return *m;
        return all_.get().value_or(kNoHistory_s);
    }

    std::int32_t unnamedUser_; // the trace's "" user (no user recorded), -1: none
    std::vector<Mean> byUser_, byVc_;
    RunningMedian all_;
};

} // namespace

std::unique_ptr<QueuePolicy> makeQssfQueue(std::int32_t unnamedUser) { return std::make_unique<QssfQueue>(unnamedUser); }

} // namespace clens
