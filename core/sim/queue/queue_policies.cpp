#include "core/sim/queue/queue_policy.hpp"

#include <cstddef>

namespace clens {

std::unique_ptr<QueuePolicy> makeQueuePolicy(const Scenario::Queue& queue, const Trace& trace)
{
    switch (queue.policy) {
    case QueuePolicyKind::Fifo: return makeFifoQueue();
    case QueuePolicyKind::Sjf: return makeSjfQueue();
    case QueuePolicyKind::Srtf: return makeSrtfQueue();
    case QueuePolicyKind::Qssf: {
        std::int32_t unnamed = -1;
        for (std::size_t u = 0; u < trace.users.size(); ++u)
            if (trace.users[u].empty())
                unnamed = static_cast<std::int32_t>(u);
        return makeQssfQueue(unnamed);
    }
    case QueuePolicyKind::Las: return makeLasQueue(queue.lasThresholdsGpuS);
    case QueuePolicyKind::FairShare: return makeFairShareQueue();
    }
    return makeFifoQueue();
}

} // namespace clens
