// las: Tiresias' discretized 2D-LAS (NSDI'19). A job's queue is the number of thresholds at or
// below the GPU-seconds it has attained; lower queue first, FIFO within a queue; a waiting job
// preempts jobs of a higher queue, the highest queue and latest start first
// (docs/queue-policies.md).
#include "core/sim/queue/queue_policy.hpp"

#include <algorithm>

namespace clens {

namespace {
class LasQueue final : public QueuePolicy {
public:
    explicit LasQueue(std::vector<double> thresholds) : thresholds_(std::move(thresholds)) {}

    QueueKey key(const QueuedJob& w, std::int64_t) const override
    {
        return {queueOf(w.attainedGpuS), static_cast<double>(w.job->submit_s), w.row};
    }
    bool preemptive() const override { return true; }
    std::optional<VictimRank> victimRank(const QueuedJob& running, const QueuedJob& waiting) const override
    {
        const auto q = queueOf(running.attainedGpuS);
        if (q <= queueOf(waiting.attainedGpuS))
            return std::nullopt;
        return VictimRank{q, static_cast<double>(running.start_s)};
    }
    std::optional<double> nextDemotion(double attained) const override
    {
        const auto it = std::upper_bound(thresholds_.begin(), thresholds_.end(), attained);
        if (it == thresholds_.end())
            return std::nullopt;
        return *it;
    }

private:
    double queueOf(double attained) const
    {
        return static_cast<double>(std::upper_bound(thresholds_.begin(), thresholds_.end(), attained) - thresholds_.begin());
    }
    std::vector<double> thresholds_;
};
} // namespace

std::unique_ptr<QueuePolicy> makeLasQueue(std::vector<double> thresholdsGpuS)
{
    return std::make_unique<LasQueue>(std::move(thresholdsGpuS));
}

} // namespace clens
