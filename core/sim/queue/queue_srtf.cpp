// srtf: shortest remaining service first; a waiting job may preempt running jobs with more
// remaining service, the longest remaining first (docs/queue-policies.md).
#include "core/sim/queue/queue_policy.hpp"

namespace clens {

namespace {
class SrtfQueue final : public QueuePolicy {
public:
    QueueKey key(const QueuedJob& w, std::int64_t) const override { return {w.remaining_s, 0, w.row}; }
    bool preemptive() const override { return true; }
    std::optional<VictimRank> victimRank(const QueuedJob& running, const QueuedJob& waiting) const override
    {
        if (running.remaining_s <= waiting.remaining_s)
            return std::nullopt;
        return VictimRank{running.remaining_s, static_cast<double>(running.start_s)};
    }
};
} // namespace

std::unique_ptr<QueuePolicy> makeSrtfQueue() { return std::make_unique<SrtfQueue>(); }

} // namespace clens
