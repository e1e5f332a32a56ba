// Job lifecycle of SimEngine: queueing, starting a run, ending or interrupting it, hoarding.
#include "core/sim/sim_engine.hpp"
#include "core/sim/slowdown.hpp"

#include <algorithm>
#include <cmath>

namespace clens {

namespace {
std::int64_t utilMicro(float util) { return std::llround(static_cast<double>(util) * 1e6); }
} // namespace

bool SimEngine::elasticEligible(std::int32_t j, std::int64_t t) const
{
    return sc_.gang.policy == GangPolicy::Elastic && !rt_[idx(j)].trialPending && t - job(j).submit_s >= sc_.gang.elasticAfter_s;
}

std::int32_t SimEngine::minStartSize(std::int32_t j, std::int64_t t) const
{
    if (rt_[idx(j)].trialPending)
        return 1;
    const auto g = job(j).gpus;
    if (elasticEligible(j, t))
        return std::clamp(static_cast<std::int32_t>(std::ceil(sc_.gang.minFraction * g - 1e-9)), 1, g);
    return g;
}

std::uint64_t SimEngine::laneKey(std::int32_t j, std::int64_t t, std::int32_t& fixedNeed) const
{
    const auto& J = job(j);
    const auto vc = static_cast<std::uint64_t>(J.vc);
    fixedNeed = -1;
    if (sc_.backfill == BackfillPolicy::None)
        return vc; // one lane per VC: a blocked head blocks the VC
    if (sc_.gang.policy == GangPolicy::None && rt_[idx(j)].held > 0)
        return (std::uint64_t{1} << 62) | static_cast<std::uint64_t>(j); // a hoarder is a lane of its own
    const bool trial = rt_[idx(j)].trialPending;
    const auto size = static_cast<std::uint64_t>(trial ? 1 : J.gpus);
    const std::uint64_t elastic = !trial && elasticEligible(j, t) ? 1 : 0;
    fixedNeed = minStartSize(j, t);
    return (std::uint64_t{2} << 62) | (elastic << 61) | (vc << 32) | size;
}

std::int32_t SimEngine::laneFor(std::int32_t j, std::int64_t t)
{
    std::int32_t fixedNeed = -1;
    const auto key = laneKey(j, t, fixedNeed);
    return lanes_->laneFor(key, job(j).vc, fixedNeed);
}

std::int32_t SimEngine::laneNeed(std::int32_t lane, std::int64_t t) const
{
    const auto& l = lanes_->lane(lane);
    if (l.fixedNeed >= 0)
        return l.fixedNeed;
    const auto head = lanes_->headJob(lane);
    return minStartSize(head, t) - rt_[idx(head)].held;
}

void SimEngine::enqueue(std::int32_t j, std::int64_t t)
{
    rt_[idx(j)].phase = Phase::Waiting;
    const auto lane = laneFor(j, t);
    lanes_->enter(j, rankOf_[idx(j)], lane, t);
    auto& c = series_.counters();
    ++c.queuedJobs;
    ++c.queuedByVc[idx(job(j).vc)];
    needPass_ = dirty_ = true;
}

void SimEngine::dequeue(std::int32_t j, std::int64_t t)
{
    lanes_->leave(j, rankOf_[idx(j)], t);
    auto& c = series_.counters();
    --c.queuedJobs;
    --c.queuedByVc[idx(job(j).vc)];
    dirty_ = true;
}

void SimEngine::relane(std::int32_t j, std::int64_t t)
{
    const auto lane = laneFor(j, t);
    if (lane == lanes_->laneOf(j))
        return;
    lanes_->leave(j, rankOf_[idx(j)], t);
    lanes_->enter(j, rankOf_[idx(j)], lane, t);
    needPass_ = dirty_ = true;
}

void SimEngine::recordInterval(std::int32_t gpu, std::int32_t j, std::int64_t from, std::int64_t to, GpuUse use, float util)
{
    if (options_.recordOccupancy && to > from)
        result_.occupancy.push_back({gpu, j, from, to, use, util});
}

void SimEngine::startRun(std::int32_t j, std::int64_t t, std::int32_t size, const Placement& extra)
{
    auto& r = rt_[idx(j)];
    auto& res = result_.jobs[idx(j)];
    const auto& J = job(j);
    auto& c = series_.counters();
    dequeue(j, t);

    // GPUs hoarded so far (gang none) stop being idle now.
    for (std::size_t i = 0; i < r.heldSince.size(); ++i) {
        recordInterval(r.gpus[i], j, r.heldSince[i], t, GpuUse::HeldIdle, 0.0f);
        res.gpuSeconds += t - r.heldSince[i];
        res.heldIdleGpuSeconds += t - r.heldSince[i];
    }
    const auto heldBefore = r.held;
    c.heldIdleGpus -= heldBefore;
    r.heldSince.clear();
    r.held = 0;
    for (const auto& [server, n] : extra.parts)
        pool_.take(server, n, j, r.gpus);
    std::sort(r.gpus.begin(), r.gpus.end());
    quota_.add(J.vc, size - heldBefore);

    std::int32_t servers = 0, racks = 0, lastServer = -1, lastRack = -1;
    for (const auto g : r.gpus) {
        const auto s = cluster_->serverOfGpu(g);
        if (s != lastServer) {
            ++servers;
            lastServer = s;
            const auto rack = cluster_->servers()[idx(s)].rack;
            if (rack != lastRack) {
                ++racks;
                lastRack = rack;
            }
        }
    }
    const double factor = slowdownFactor(sc_.slowdown, servers, loc_.k0(size), racks, loc_.r0(size));
    r.inTrial = r.trialPending;
    r.alloc = size;
    r.runStart = t;
    r.util = static_cast<float>(baseUtil_[idx(j)] / factor);
    ++r.serial;
    r.phase = Phase::Running;
    std::int64_t duration;
    if (r.inTrial) {
        duration = std::min(sc_.failures.trialRun_s, J.duration_s);
        r.wallPerUseful = 1;
    } else {
        r.wallPerUseful = static_cast<double>(J.gpus) / size * factor;
        duration = std::llround(static_cast<double>(J.duration_s - r.saved) * r.wallPerUseful);
    }
    events_.push({t + duration, SimEvent::makeOrder(kEnd, static_cast<std::uint64_t>(j)), r.serial});

    ++res.attempts;
    if (!res.start_s)
        res.start_s = t;
    res.allocatedGpus = size;
    res.servers = servers;
    res.racks = racks;
    res.level = loc_.levelOf(size, servers, racks);
    res.slowdown = factor;
    res.effectiveUtil = r.util;

    c.allocatedGpus += size - heldBefore;
    c.utilMicro += utilMicro(r.util) * size;
    if (quota_.mode() == QuotaMode::BorrowPreempt)
        runningByVc_[idx(J.vc)].insert({t, j});
    ++runningJobs_;
    if (quota_.mode() == QuotaMode::BorrowPreempt && quota_.overQuota(J.vc))
        ++releaseEpoch_; // a new preemption victim may let a waiting within-quota job start
    dirty_ = true;
}

void SimEngine::closeRun(std::int32_t j, std::int64_t t, bool gpusAlreadyFreed)
{
    auto& r = rt_[idx(j)];
    auto& res = result_.jobs[idx(j)];
    const auto& J = job(j);
    const auto use = r.inTrial ? GpuUse::Trial : GpuUse::Running;
    for (const auto g : r.gpus)
        recordInterval(g, j, r.runStart, t, use, r.util);
    res.gpuSeconds += (t - r.runStart) * r.alloc;
    res.effectiveGpuSeconds += static_cast<double>(t - r.runStart) * r.alloc * static_cast<double>(r.util);
    if (!gpusAlreadyFreed)
        pool_.release(r.gpus);
    r.gpus.clear();
    quota_.remove(J.vc, r.alloc);
    auto& c = series_.counters();
    c.allocatedGpus -= r.alloc;
    c.utilMicro -= utilMicro(r.util) * r.alloc;
    if (quota_.mode() == QuotaMode::BorrowPreempt)
        runningByVc_[idx(J.vc)].erase({r.runStart, j});
    --runningJobs_;
    ++releaseEpoch_;
    needPass_ = dirty_ = true;
}

void SimEngine::runEnded(std::int32_t j, std::int64_t t)
{
    auto& r = rt_[idx(j)];
    const auto& J = job(j);
    const bool wasTrial = r.inTrial;
    closeRun(j, t, false);
    r.inTrial = false;
    if (wasTrial) {
        r.trialPending = false;
        if (J.status == JobStatus::Failed && J.duration_s <= sc_.failures.trialRun_s) {
            r.phase = Phase::Done;
            result_.jobs[idx(j)].status = JobStatus::Failed;
            result_.jobs[idx(j)].end_s = t;
            --jobsInSystem_;
        } else {
            enqueue(j, t); // keeps its queue position (rank)
        }
        return;
    }
    r.phase = Phase::Done;
    std::vector<std::int32_t>().swap(r.gpus);
    result_.jobs[idx(j)].status = J.status;
    result_.jobs[idx(j)].end_s = t;
    --jobsInSystem_;
}

void SimEngine::interrupt(std::int32_t j, std::int64_t t, bool gpusAlreadyFreed, bool requeueNow)
{
    auto& r = rt_[idx(j)];
    if (!r.inTrial) {
        const double useful = static_cast<double>(t - r.runStart) / r.wallPerUseful;
        r.saved = savedProgress(r.saved, useful, sc_.failures.checkpoint_s, job(j).duration_s);
    }
    closeRun(j, t, gpusAlreadyFreed);
    r.inTrial = false; // an interrupted trial stays pending
    if (requeueNow) {
        enqueue(j, t);
    } else {
        r.phase = Phase::Waiting;
        pendingRequeue_.push_back(j);
    }
}

void SimEngine::hold(std::int32_t j, std::int64_t t, const Placement& parts)
{
    auto& r = rt_[idx(j)];
    const auto before = r.gpus.size();
    for (const auto& [server, n] : parts.parts)
        pool_.take(server, n, j, r.gpus);
    const auto n = static_cast<std::int32_t>(r.gpus.size() - before);
    r.heldSince.resize(r.gpus.size(), t);
    r.held += n;
    quota_.add(job(j).vc, n);
    auto& c = series_.counters();
    c.allocatedGpus += n;
    c.heldIdleGpus += n;
    relane(j, t);
    dirty_ = true;
}

void SimEngine::releaseHeldOn(std::int32_t j, std::int32_t server, std::int64_t t)
{
    auto& r = rt_[idx(j)];
    auto& res = result_.jobs[idx(j)];
    std::vector<std::int32_t> freed;
    std::size_t keep = 0;
    for (std::size_t i = 0; i < r.gpus.size(); ++i) {
        if (server < 0 || cluster_->serverOfGpu(r.gpus[i]) == server) {
            recordInterval(r.gpus[i], j, r.heldSince[i], t, GpuUse::HeldIdle, 0.0f);
            res.gpuSeconds += t - r.heldSince[i];
            res.heldIdleGpuSeconds += t - r.heldSince[i];
            freed.push_back(r.gpus[i]);
        } else {
            r.gpus[keep] = r.gpus[i];
            r.heldSince[keep] = r.heldSince[i];
            ++keep;
        }
    }
    r.gpus.resize(keep);
    r.heldSince.resize(keep);
    std::sort(freed.begin(), freed.end());
    pool_.release(freed);
    const auto n = static_cast<std::int32_t>(freed.size());
    r.held -= n;
    quota_.remove(job(j).vc, n);
    auto& c = series_.counters();
    c.allocatedGpus -= n;
    c.heldIdleGpus -= n;
    if (r.phase == Phase::Waiting && lanes_->laneOf(j) >= 0)
        relane(j, t);
    ++releaseEpoch_;
    needPass_ = dirty_ = true;
}

void SimEngine::releaseAllHeld(std::int32_t j, std::int64_t t)
{
    releaseHeldOn(j, -1, t);
}

} // namespace clens
