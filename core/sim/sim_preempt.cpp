// Preemption in SimEngine (docs/simulation.md "Quota", docs/queue-policies.md "Preemption"): a
// rule orders the candidates (quota borrow-preempt: running jobs of over-quota VCs, youngest
// first; a preemptive queue policy: the jobs it ranks below the waiting one), and one driver frees
// them in that order until the job has a placement, gives back those the placement does not
// need, interrupts the rest and starts the job.
#include "core/sim/sim_engine.hpp"

#include <algorithm>
#include <functional>

namespace clens {

namespace {
// A list's candidates one by one, as preemptFor asks for them.
auto eachOf(const std::vector<std::int32_t>& candidates)
{
    return [&candidates, i = std::size_t{0}]() mutable { return i < candidates.size() ? candidates[i++] : std::int32_t{-1}; };
}
} // namespace

template <class Next, class Accept>
bool SimEngine::preemptFor(std::int32_t j, std::int64_t t, Next&& next, std::int64_t maxSize, bool checkpointVictims, Accept&& accept)
{
    const auto need = minStartSize(j, t);
    const bool wholeGpus = need > 0 && !model_.request(j).share();
    const auto vc = job(j).tenant;
    std::vector<std::int32_t> victims;
    std::int32_t size = 0;
    bool found = false;
    std::int64_t ownFreed = 0, ownFreedMilli = 0; // what its own VC's victims give back to its quota
    for (auto victim = next(); victim >= 0; victim = next()) {
        if (!accept(victim))
            continue;
        releaseAll(victim, t, true);
        victims.push_back(victim);
        if (job(victim).tenant == vc) {
            ownFreed += gpuMilliOf(victim, runStateOf(victim).alloc) / 1000;
            ownFreedMilli += gpuMilliOf(victim, runStateOf(victim).alloc);
        }
        const auto room = maxSize == QuotaBook::kUnlimited ? maxSize : maxSize + ownFreed;
        // The quota in thousandths too: a GPU share's placement ignores a bound in whole GPUs, so
        // a victim that freed only CPU let a share exceed its VC's strict quota.
        if ((!wholeGpus || pool_.totalFree() >= need) && choosePlacement(j, t, room, false, size, scratch_)
            && (maxSize == QuotaBook::kUnlimited || quota_.room(vc) + ownFreedMilli >= gpuMilliOf(j, size))) {
            found = true;
            break;
        }
    }
    if (!found) {
        for (const auto victim : victims)
            retakeAll(victim);
        return false;
    }
    const auto freed = victims;
    if (resourceMode())
        spareUnneededVictimsWithResources(j, victims);
    else
        spareUnneededVictims(victims);
    if (maxSize != QuotaBook::kUnlimited) { // its own VC's victims it needs for quota, not GPUs
        auto short_ = gpuMilliOf(j, size) - quota_.room(vc);
        for (const auto v : victims)
            if (job(v).tenant == vc)
                short_ -= gpuMilliOf(v, runStateOf(v).alloc);
        for (const auto v : freed) {
            if (short_ <= 0)
                break;
            if (job(v).tenant != vc || std::find(victims.begin(), victims.end(), v) != victims.end())
                continue;
            releaseAll(v, t, true); // given back by the sparing: its GPUs stay unused by the placement
            victims.push_back(v);
            short_ -= gpuMilliOf(v, runStateOf(v).alloc);
        }
    }
    for (const auto victim : victims) {
        interrupt(victim, t, true, false, checkpointVictims);
        ++result_.jobs[idx(victim)].preemptions;
    }
    result_.summary.preemptions += static_cast<std::int64_t>(victims.size());
    for (const auto m : memoTouched_)
        memo_[m] = 0;
    memoTouched_.clear();
    failedThisPass_.clear();
    startRun(j, t, size, scratch_);
    return true;
}

bool SimEngine::tryQuotaPreempt(std::int32_t j, std::int64_t t)
{
    const auto vc = job(j).tenant;
    const auto need = minStartSize(j, t);
    // Whole GPUs: those free now and those over-quota VCs hold beyond their quota bound what a
    // preemption can give (a share or a 0-GPU job may need CPU or a part of a GPU instead).
    const bool wholeGpus = need > 0 && !model_.request(j).share();
    std::int64_t freeable = 0;
    for (std::size_t v = 0; v < quota_.vcCount(); ++v)
        if (quota_.overQuota(static_cast<std::int32_t>(v)))
            freeable += quota_.held(static_cast<std::int32_t>(v)) - quota_.quota(static_cast<std::int32_t>(v));
    if (wholeGpus && std::int64_t{1000} * pool_.totalFree() + freeable < std::int64_t{1000} * need)
        return false;
    // Running jobs of over-quota VCs, youngest first (latest start, then later input row).
    std::vector<std::pair<std::int64_t, std::int32_t>> byStart;
    for (std::size_t v = 0; v < quota_.vcCount(); ++v)
        if (quota_.overQuota(static_cast<std::int32_t>(v)))
            byStart.insert(byStart.end(), runningByVc_[v].begin(), runningByVc_[v].end());
    std::sort(byStart.begin(), byStart.end(), std::greater<>());
    std::vector<std::int32_t> candidates;
    candidates.reserve(byStart.size());
    for (const auto& [start, victim] : byStart)
        candidates.push_back(victim);
    std::vector<std::int64_t> taken(quota_.vcCount(), 0);
    return preemptFor(j, t, eachOf(candidates), quota_.roomGpus(vc), false, [&](std::int32_t victim) {
        const auto vv = job(victim).tenant;
        const auto a = gpuMilliOf(victim, runStateOf(victim).alloc);
        if (quota_.held(vv) - taken[idx(vv)] - a < quota_.quota(vv))
            return false; // its VC would drop below quota
        taken[idx(vv)] += a;
        return true;
    });
}

bool SimEngine::tryQueuePreempt(std::int32_t j, std::int64_t t, std::int64_t maxSize, bool ownVcOnly)
{
    const auto need = minStartSize(j, t);
    const bool wholeGpus = need > 0 && !model_.request(j).share();
    const auto vc = job(j).tenant;
    const auto waiting = queuedJob(j, t);
    std::vector<std::pair<VictimRank, std::int32_t>> ranked;
    std::int64_t freeable = pool_.totalFree();
    std::int64_t ownMilli = 0; // what its own VC's candidates hold (quota they could give back)
    const auto bound = victimBound(waiting, t);
    if (wholeGpus) { // cheap first: could every job above the bound free enough GPUs at all?
        std::int64_t upTo = pool_.totalFree();
        for (auto it = victimIndex_.rbegin(); it != victimIndex_.rend() && std::get<0>(*it) > bound && upTo < need; ++it)
            if (!ownVcOnly || job(std::get<2>(*it)).tenant == vc)
                upTo += runStateOf(std::get<2>(*it)).alloc;
        if (upTo < need)
            return false;
    }
    // Under las the index is in its victim order already (queue, then start, then row, all
    // descending) and its key is the queue: every job above the bound is a candidate, as it is,
    // taken from the index one by one as the driver asks (the tentative releases leave the index
    // as it is). Only its own VC's quota needs a look ahead, and only as far as it is short.
    if (sc_.queue.policy == QueuePolicyKind::Las) {
        // The next candidate from `it` on (-1 after the last), `it` left past it.
        const auto next = [&](auto& it) {
            for (; it != victimIndex_.rend() && std::get<0>(*it) > bound; ++it)
                if (!ownVcOnly || job(std::get<2>(*it)).tenant == vc)
                    return std::get<2>(*it++);
            return std::int32_t{-1};
        };
        auto first = victimIndex_.rbegin();
        if (auto probe = first; next(probe) < 0)
            return false;
        if (ownVcOnly) {
            const auto short_ = needMilli(j, t) - quota_.room(vc);
            std::int64_t ownMilli = 0;
            auto it = first;
            for (auto v = next(it); v >= 0 && ownMilli < short_; v = next(it))
                ownMilli += gpuMilliOf(v, runStateOf(v).alloc);
            if (ownMilli < short_)
                return false;
        }
        return preemptFor(j, t, [&, it = first]() mutable { return next(it); }, maxSize, true, [](std::int32_t) { return true; });
    }
    // Other policies rank the jobs above the bound themselves.
    for (auto it = victimIndex_.rbegin(); it != victimIndex_.rend() && std::get<0>(*it) > bound; ++it) {
        const auto victim = std::get<2>(*it);
        if (ownVcOnly && job(victim).tenant != vc)
            continue;
        const auto rank = queue_->victimRank(queuedJob(victim, t), waiting);
        if (!rank)
            continue;
        ranked.push_back({*rank, victim});
        freeable += runStateOf(victim).alloc;
        if (job(victim).tenant == vc)
            ownMilli += gpuMilliOf(victim, runStateOf(victim).alloc);
    }
    if (ranked.empty() || (wholeGpus && freeable < need))
        return false;
    if (ownVcOnly && quota_.room(vc) + ownMilli < needMilli(j, t))
        return false;
    std::sort(ranked.begin(), ranked.end(), std::greater<>()); // the policy's first victim first, then the later row
    std::vector<std::int32_t> candidates;
    candidates.reserve(ranked.size());
    for (const auto& [rank, victim] : ranked)
        candidates.push_back(victim);
    return preemptFor(j, t, eachOf(candidates), maxSize, true, [](std::int32_t) { return true; });
}

// Of the tentatively freed victims (youngest first), keeps those the placement in scratch_
// needs: per server of the placement, the GPUs it takes beyond those that were free before any
// victim, covered from the last freed (oldest) victim back. The others get their GPUs back and
// keep running (freeing them would lose their work for nothing).
void SimEngine::spareUnneededVictims(std::vector<std::int32_t>& victims)
{
    auto deficit = scratch_.parts; // (server, GPUs still to cover)
    const auto partOf = [&](std::int32_t gpu) -> std::int32_t* {
        const auto server = cluster_->serverOfGpu(gpu);
        for (auto& [s, d] : deficit)
            if (s == server)
                return &d;
        return nullptr;
    };
    for (auto& [s, d] : deficit)
        d -= pool_.freeOn(s);
    for (const auto victim : victims)
        for (const auto g : runStateOf(victim).gpus)
            if (auto* d = partOf(g))
                ++*d;
    std::vector<std::int32_t> needed;
    for (auto v = victims.rbegin(); v != victims.rend(); ++v) {
        const auto& gpus = runStateOf(*v).gpus;
        if (std::none_of(gpus.begin(), gpus.end(), [&](std::int32_t g) { const auto* d = partOf(g); return d && *d > 0; })) {
            pool_.takeExact(gpus, *v);
            continue;
        }
        for (const auto g : gpus)
            if (auto* d = partOf(g))
                --*d;
        needed.push_back(*v);
    }
    std::reverse(needed.begin(), needed.end());
    victims.swap(needed);
}

} // namespace clens
