// fifo: submit time, then input row (docs/queue-policies.md).
#include "core/sim/queue/queue_policy.hpp"

namespace clens {

namespace {
class FifoQueue final : public QueuePolicy {
public:
    QueueKey key(const QueuedJob& w, std::int64_t) const override { return {static_cast<double>(w.job->submit_s), 0, w.row}; }
};
} // namespace

std::unique_ptr<QueuePolicy> makeFifoQueue() { return std::make_unique<FifoQueue>(); }

} // namespace clens
