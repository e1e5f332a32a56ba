#pragma once
// A queue-ordering policy (docs/queue-policies.md): the key a job waits under, and, for a
// preemptive policy, which running jobs a waiting one may preempt and in which order. One file
// per policy in this folder; queue_policies.cpp is the list a scenario's `queue.policy` picks
// from. The engine computes the key when a job enters the queue (submission, re-queue) and again
// when a LAS job is promoted.
#include "core/model/job.hpp"
#include "core/model/trace.hpp"
#include "core/sim/queue/queue_key.hpp"
#include "core/sim/scenario.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace clens {

// What a policy may know of a job: waiting (entering the queue now) or running.
struct QueuedJob {
    const Job* job = nullptr;
    std::int32_t row = 0;
    double remaining_s = 0;  // useful seconds still to run (its checkpointed progress counted)
    double attainedGpuS = 0; // GPU-seconds it has run (LAS; a starvation promotion resets it)
    std::int64_t start_s = 0; // running: when this run started
};

// How a preemptive policy ranks a victim: larger first (then the larger row).
struct VictimRank {
    double first = 0;
    double second = 0;
    auto operator<=>(const VictimRank&) const = default;
};

class QueuePolicy {
public:
    virtual ~QueuePolicy() = default;

    virtual QueueKey key(const QueuedJob& waiting, std::int64_t now) const = 0;

    // Preemptive policies: the rank of a running job as a victim for a waiting one, nullopt when
    // it may not be preempted for it. Non-preemptive: always nullopt.
    virtual bool preemptive() const { return false; }
    virtual std::optional<VictimRank> victimRank(const QueuedJob& /*running*/, const QueuedJob& /*waiting*/) const
    {
        return std::nullopt;
    }

    // The attained service (GPU-seconds) above `attained` at which a running job's priority
    // drops (LAS thresholds): the scheduler wakes then while jobs wait.
    virtual std::optional<double> nextDemotion(double /*attained*/) const { return std::nullopt; }

    // Fair share: passes visit VCs by their allocated GPUs per share instead of one queue.
    virtual bool ordersVcsByShare() const { return false; }

    // A job finished (its last run ended): policies that learn from history (qssf) note it.
    virtual void jobEnded(const Job& /*job*/) {}
};

std::unique_ptr<QueuePolicy> makeQueuePolicy(const Scenario::Queue& queue, const Trace& trace);

// The policies, one per file (queue_*.cpp); queue_policies.cpp picks one.
std::unique_ptr<QueuePolicy> makeFifoQueue();
std::unique_ptr<QueuePolicy> makeSjfQueue();
std::unique_ptr<QueuePolicy> makeSrtfQueue();
// unnamedUser: the trace's user "" (jobs without a recorded user), -1 when there is none.
std::unique_ptr<QueuePolicy> makeQssfQueue(std::int32_t unnamedUser);
std::unique_ptr<QueuePolicy> makeLasQueue(std::vector<double> thresholdsGpuS);
std::unique_ptr<QueuePolicy> makeFairShareQueue();

} // namespace clens
