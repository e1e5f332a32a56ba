// sjf: shortest service time first, an oracle that knows every job's run time; not preemptive
// (docs/queue-policies.md).
#include "core/sim/queue/queue_policy.hpp"

namespace clens {

namespace {
class SjfQueue final : public QueuePolicy {
public:
    QueueKey key(const QueuedJob& w, std::int64_t) const override { return {static_cast<double>(w.job->duration_s), 0, w.row}; }
};
} // namespace

std::unique_ptr<QueuePolicy> makeSjfQueue() { return std::make_unique<SjfQueue>(); }

} // namespace clens
