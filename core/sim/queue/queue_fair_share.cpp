// fair-share: the VC with the fewest allocated GPUs per share first, FIFO within a VC; the
// engine orders VCs at every step of a pass (docs/queue-policies.md).
#include "core/sim/queue/queue_policy.hpp"

namespace clens {

namespace {
class FairShareQueue final : public QueuePolicy {
public:
    QueueKey key(const QueuedJob& w, std::int64_t) const override { return {static_cast<double>(w.job->submit_s), 0, w.row}; }
    bool ordersVcsByShare() const override { return true; }
};
} // namespace

std::unique_ptr<QueuePolicy> makeFairShareQueue() { return std::make_unique<FairShareQueue>(); }

} // namespace clens
