// Queue policies in SimEngine (docs/queue-policies.md): what a policy sees of a job, LAS
// demotions that wake the scheduler, starvation promotions, fair-share VC order.
#include "core/sim/sim_engine.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace clens {

QueuedJob SimEngine::queuedJob(std::int32_t j, std::int64_t t) const
{
    const auto& r = rt(j);
    QueuedJob q;
    q.job = &job(j);
    q.row = j;
    q.remaining_s = static_cast<double>(job(j).duration_s - r.saved);
    q.attainedGpuS = r.attainedGpuS;
    if (stageOf(j) == Stage::Running) {
        const auto& rs = runStateOf(r);
        q.remaining_s = std::max(0.0, q.remaining_s - usefulThisRun(j, t));
        q.attainedGpuS += static_cast<double>(heldPastOverhead(rs, t)) * static_cast<double>(gpuMilliOf(j, rs.alloc)) / 1000.0;
        q.start_s = rs.runStart;
    }
    return q;
}

QueueKey SimEngine::queueKeyNow(std::int32_t j, std::int64_t t) const
{
    return queue_->key(queuedJob(j, t), t);
}

std::uint64_t SimEngine::localityStage(std::int32_t j, std::int64_t t) const
{
    const auto waited = t - job(j).submit_s;
    const auto& L = sc_.locality;
    return (L.relaxToRackAfter_s && waited >= *L.relaxToRackAfter_s ? 1u : 0u) + (L.relaxToAnyAfter_s && waited >= *L.relaxToAnyAfter_s ? 1u : 0u);
}

// When the running job's attained service reaches the policy's next threshold, its priority
// drops: a waiting job may now preempt it.
void SimEngine::scheduleDemotion(std::int32_t j, std::int64_t t)
{
    const auto& r = rt(j);
    const auto rate = static_cast<double>(gpuMilliOf(j, runStateOf(r).alloc)) / 1000.0; // GPU-seconds per second
    if (rate <= 0)
        return;
    const auto attained = queuedJob(j, t).attainedGpuS;
    const auto next = queue_->nextDemotion(attained);
    if (!next)
        return;
    const auto& rs = runStateOf(r);
    const auto serviceFrom = std::max(t, rs.runStart + rs.overhead_s); // the restart overhead is no service
    const auto at = std::max(t + 1, serviceFrom + static_cast<std::int64_t>(std::ceil((*next - attained) / rate - 1e-9)));
    events_.push({at, SimEvent::makeOrder(kDemote, static_cast<std::uint64_t>(j)), r.serial});
}

std::int64_t SimEngine::victimKeyOf(std::int32_t j, std::int64_t t, std::int64_t plannedEnd) const
{
    if (sc_.queue.policy == QueuePolicyKind::Srtf)
        return plannedEnd;
    return static_cast<std::int64_t>(queue_->key(queuedJob(j, t), t).primary); // las: the queue
}

std::int64_t SimEngine::victimBound(const QueuedJob& waiting, std::int64_t t) const
{
    if (sc_.queue.policy == QueuePolicyKind::Srtf) // more remaining than it: ends after t + its remaining
        return t + static_cast<std::int64_t>(std::floor(waiting.remaining_s));
    return static_cast<std::int64_t>(queue_->key(waiting, t).primary); // las: a higher queue
}

void SimEngine::indexVictim(std::int32_t j, std::int64_t key)
{
    auto& rs = runStateFor(j);
    rs.victimKey = key;
    victimIndex_.insert({key, rs.runStart, j});
}

void SimEngine::unindexVictim(std::int32_t j)
{
    const auto& rs = runStateOf(j);
    victimIndex_.erase({rs.victimKey, rs.runStart, j});
}

void SimEngine::demotionDue(std::int32_t j, std::int64_t t)
{
    unindexVictim(j);
    indexVictim(j, victimKeyOf(j, t, 0));
    if (jobsInSystem_ > runningJobs_) { // jobs wait: one may now preempt it
        ++releaseEpoch_;
        needPass_ = true;
    }
    scheduleDemotion(j, t);
}

void SimEngine::scheduleStarvationPromotion(std::int32_t j, std::int64_t t)
{
    const auto& r = rt(j);
    if (r.lastRun_s <= 0 || rt(j).key <= queue_->key(QueuedJob{&job(j), j, 0, 0, 0}, t))
        return; // never ran, or already in the first queue
    const auto after = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(sc_.queue.starvationFactor * static_cast<double>(r.lastRun_s) - 1e-9)));
    events_.push({t + after, SimEvent::makeOrder(kPromote, static_cast<std::uint64_t>(j)), r.queueSerial});
}

// Waited f × its last run: back to the first queue, its attained service forgotten.
void SimEngine::promote(std::int32_t j, std::int64_t t)
{
    auto& r = rt(j);
    lanes_->leave(j, rt(j).wait, rt(j).key, t);
    r.attainedGpuS = 0;
    rt(j).key = queueKeyNow(j, t);
    lanes_->enter(rt(j).wait, rt(j).key, laneFor(j, t), t);
    needPass_ = dirty_ = true;
}

// Share = the VC's quota in the scenario (whatever quota.mode), or for a VC without one an equal split of the GPUs not under quota.
void SimEngine::initVcShares()
{
    const auto vcs = trace_->tenants.size();
    vcShare_.assign(vcs, -1);
    double underQuota = 0;
    std::size_t without = vcs;
    for (std::size_t v = 0; v < vcs; ++v)
        if (const auto it = sc_.quota.vcGpus.find(trace_->tenants[v].name); it != sc_.quota.vcGpus.end()) {
            vcShare_[v] = static_cast<double>(it->second);
            underQuota += vcShare_[v];
            --without;
        }
    const double rest = without ? std::max(0.0, static_cast<double>(cluster_->gpuCount()) - underQuota) / static_cast<double>(without) : 0;
    for (auto& share : vcShare_)
        if (share < 0)
            share = rest;
}

double SimEngine::vcShareOrder(std::int32_t vc) const
{
    const auto share = vcShare_[idx(vc)];
    if (share <= 0)
        return std::numeric_limits<double>::infinity(); // a VC without a share goes last
    return static_cast<double>(quota_.held(vc)) / 1000.0 / share;
}

} // namespace clens
