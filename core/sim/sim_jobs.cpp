// Job lifecycle of SimEngine: queueing, starting a run, ending or interrupting it, hoarding.
#include "core/sim/sim_engine.hpp"
#include "core/sim/elastic_size.hpp"
#include "core/sim/slowdown.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace clens {

namespace {
std::int64_t utilMicro(float util) { return std::llround(static_cast<double>(util) * 1e6); }
} // namespace

bool SimEngine::elasticEligible(std::int32_t j, std::int64_t t) const
{
    return sc_.gang.policy == GangPolicy::Elastic && !rt(j).trialPending && t - job(j).submit_s >= sc_.gang.elasticAfter_s;
}

std::int32_t SimEngine::minStartSize(std::int32_t j, std::int64_t t) const
{
    if (sc_.failures.trialRun_s > 0 && rt(j).trialPending) // trials off: no read of its slot (a miss at 10M jobs)
        return 1;
    const auto g = job(j).gpus;
    if (g > 1 && elasticEligible(j, t)) {
        auto a = elasticMinimumSize(sc_.gang.minFraction, g);
        // After an OOM kill no smaller start than its share of the request holds the job's memory
        // floor: a smaller one would be killed at its first step, at once, for ever (docs/autoscaling.md).
        if (const auto floor = memFloorUnits_.empty() ? 0 : memFloorUnits_[idx(j)]; floor > 0)
            while (a < g && model_.requestRef(j).memFor(a) < floor)
                ++a;
        return a;
    }
    return g;
}

std::uint64_t SimEngine::laneKey(std::int32_t j, std::int64_t t, std::int32_t& fixedNeed) const
{
    const auto& J = job(j);
    const auto vc = static_cast<std::uint64_t>(J.tenant);
    fixedNeed = -1;
    if (sc_.backfill == BackfillPolicy::None)
        return vc; // one lane per VC: a blocked head blocks the VC
    if (sc_.gang.policy == GangPolicy::None && runStateOf(j).held > 0)
        return (std::uint64_t{1} << 62) | static_cast<std::uint64_t>(j); // a hoarder is a lane of its own
    const bool trial = rt(j).trialPending;
    const std::uint64_t elastic = !trial && elasticEligible(j, t) ? 1 : 0;
    fixedNeed = minStartSize(j, t);
    // Under fifo, queue order is age order, so a lane's jobs are ordered by their allowed locality
    // too; any other order needs jobs of one locality stage per lane (see wait_lanes.hpp).
    const std::uint64_t stage = fifoOrder_ ? 0 : localityStage(j, t) << 58;
    if (resourceMode()) { // interchangeable = same request class (GPUs, CPU, memory, share, models)
        const auto cls = static_cast<std::uint64_t>(model_.requestRef(j).cls);
        return (std::uint64_t{2} << 62) | (elastic << 61) | (std::uint64_t{trial} << 60) | stage | (vc << 30) | cls;
    }
    const auto size = static_cast<std::uint64_t>(trial ? 1 : J.gpus);
    return (std::uint64_t{2} << 62) | (elastic << 61) | stage | (vc << 32) | size;
}

std::int32_t SimEngine::laneFor(std::int32_t j, std::int64_t t)
{
    std::int32_t fixedNeed = -1;
    const auto key = laneKey(j, t, fixedNeed);
    return lanes_->laneFor(key, job(j).tenant, fixedNeed);
}

std::int32_t SimEngine::laneNeed(std::int32_t lane, std::int64_t t) const
{
    const auto& l = lanes_->lane(lane);
    if (l.fixedNeed >= 0)
        return l.fixedNeed;
    const auto head = lanes_->headJob(lane);
    return minStartSize(head, t) - runStateOf(head).held;
}

void SimEngine::enqueue(std::int32_t j, std::int64_t t)
{
    auto& r = rt(j);
    setStage(j, Stage::Waiting);
    ++r.queueSerial;
    rt(j).key = queueKeyNow(j, t);
    const auto lane = laneFor(j, t);
    lanes_->enter(rt(j).wait, rt(j).key, lane, t);
    if (sc_.queue.starvationFactor > 0)
        scheduleStarvationPromotion(j, t);
    auto& c = series_.counters();
    ++c.queuedJobs;
    ++c.queuedByVc[idx(job(j).tenant)];
    needPass_ = dirty_ = true;
}

void SimEngine::dequeue(std::int32_t j, std::int64_t t)
{
    lanes_->leave(j, rt(j).wait, rt(j).key, t);
    result_.jobs[idx(j)].queueKey = rt(j).key.primary;
    auto& c = series_.counters();
    --c.queuedJobs;
    --c.queuedByVc[idx(job(j).tenant)];
    dirty_ = true;
}

void SimEngine::relane(std::int32_t j, std::int64_t t)
{
    const auto lane = laneFor(j, t);
    if (lane == rt(j).wait.lane)
        return;
    lanes_->leave(j, rt(j).wait, rt(j).key, t);
    lanes_->enter(rt(j).wait, rt(j).key, lane, t);
    needPass_ = dirty_ = true;
}

void SimEngine::recordInterval(std::int32_t gpu, std::int32_t j, std::int64_t from, std::int64_t to, GpuUse use, float util,
                               std::int32_t milli)
{
    if (options_.recordOccupancy && to > from)
        result_.occupancy.push_back({gpu, j, from, to, use, static_cast<std::uint16_t>(milli), util});
}

std::int64_t SimEngine::gpuMilliOf(std::int32_t j, std::int32_t alloc) const
{
    return resourceMode() ? model_.requestRef(j).gpuMilliFor(alloc) : std::int64_t{1000} * alloc;
}

std::int64_t SimEngine::needMilli(std::int32_t j, std::int64_t t) const
{
    return gpuMilliOf(j, minStartSize(j, t));
}

void SimEngine::takeGpus(std::int32_t j, std::int32_t server, std::int32_t count, std::int64_t t)
{
    auto& rs = runStateFor(j);
    pool_.take(server, count, j, rs.gpus);
    if (!resourceMode())
        return;
    const auto& info = cluster_->servers()[idx(server)];
    const auto there = std::count_if(rs.gpus.begin(), rs.gpus.end(),
                                     [&](std::int32_t g) { return g >= info.firstGpu && g < info.firstGpu + info.gpus; });
    reserveOn(j, server, static_cast<std::int32_t>(there), t);
}

void SimEngine::releaseAll(std::int32_t j, std::int64_t t, bool keepRecord)
{
    auto& rs = runStateFor(j);
    if (!resourceMode()) {
        pool_.release(rs.gpus);
        return;
    }
    if (rs.shareGpu >= 0) {
        res_->removeShare(rs.shareGpu, model_.requestRef(j).milli);
        if (res_->shareUsed(rs.shareGpu) == 0)
            pool_.release(std::span(&rs.shareGpu, 1));
    } else {
        pool_.release(rs.gpus);
    }
    touchServersOf(j); // before unreserveAll forgets where the job reserved
    if (keepRecord) {
        for (const auto& part : rs.reserved) {
            res_->unreserve(part.server, part.cpu, part.mem);
            res_->touch(part.server);
        }
    } else {
        unreserveAll(j, t);
    }
}

void SimEngine::touchServersOf(std::int32_t j)
{
    const auto& rs = runStateOf(j);
    std::int32_t last = -1;
    for (const auto g : rs.gpus) { // sorted: a server's GPUs are adjacent
        const auto s = cluster_->serverOfGpu(g);
        if (s == last)
            continue;
        last = s;
        const bool reserved = std::any_of(rs.reserved.begin(), rs.reserved.end(), [&](const Reserved& x) { return x.server == s; });
        if (!reserved) // a server it reserves on is touched with its reservation
            res_->touch(s);
    }
}

void SimEngine::retakeAll(std::int32_t j)
{
    auto& rs = runStateFor(j);
    if (!resourceMode()) {
        pool_.takeExact(rs.gpus, j);
        return;
    }
    if (rs.shareGpu >= 0) {
        if (pool_.holder(rs.shareGpu) == -1)
            pool_.takeExact(std::span(&rs.shareGpu, 1), ResourcePool::kSharedHolder);
        res_->addShare(rs.shareGpu, model_.requestRef(j).milli);
    } else {
        pool_.takeExact(rs.gpus, j);
    }
    for (const auto& part : rs.reserved) {
        res_->reserve(part.server, part.cpu, part.mem);
        res_->touch(part.server);
    }
    touchServersOf(j);
}

// About 100 lines: the steps of a start in the order docs/simulation.md gives them (take GPUs and
// reservations, slowdown, end or trial event, occupancy, quota and counters); each is a few lines.
void SimEngine::startRun(std::int32_t j, std::int64_t t, std::int32_t size, const Placement& extra)
{
    auto& r = rt(j);
    auto& rs = runStateFor(r);
    auto& res = result_.jobs[idx(j)];
    const auto& J = job(j);
    auto& c = series_.counters();
    dequeue(j, t);

    // GPUs hoarded so far (gang none) stop being idle now.
    for (std::size_t i = 0; i < rs.heldSince.size(); ++i) {
        recordInterval(rs.gpus[i], j, rs.heldSince[i], t, GpuUse::HeldIdle, 0.0f);
        res.gpuSeconds += t - rs.heldSince[i];
        res.heldIdleGpuSeconds += t - rs.heldSince[i];
    }
    const auto heldBefore = rs.held;
    c.heldIdleGpus -= heldBefore;
    rs.heldSince.clear();
    rs.held = 0;
    const auto req = model_.request(j);
    if (resourceMode() && req.gpus == 0) {
        reserveOn(j, extra.parts.front().first, 0, t);
    } else if (resourceMode() && req.share()) {
        const auto gpu = extra.shareGpu;
        if (pool_.holder(gpu) == -1)
            pool_.takeExact(std::span(&gpu, 1), ResourcePool::kSharedHolder);
        res_->addShare(gpu, req.milli);
        rs.shareGpu = gpu;
        rs.gpus.assign(1, gpu);
        reserveOn(j, extra.parts.front().first, 1, t);
    } else {
        for (const auto& [server, n] : extra.parts)
            takeGpus(j, server, n, t);
    }
    std::sort(rs.gpus.begin(), rs.gpus.end());
    const auto milli = gpuMilliOf(j, size);
    quota_.add(J.tenant, milli - std::int64_t{1000} * heldBefore);

    std::int32_t servers = 0, racks = 0, lastServer = -1, lastRack = -1;
    for (const auto g : rs.gpus) {
        const auto s = cluster_->serverOfGpu(g);
        if (s != lastServer) {
            ++servers;
            lastServer = s;
            const auto rack = pool_.rackOf(s);
            if (rack != lastRack) {
                ++racks;
                lastRack = rack;
            }
        }
    }
    const auto& loc = locOf(j);
    if (size == 0) // a 0-GPU job: one server, as tight as can be
        servers = racks = 1;
    const double factor = size == 0 ? 1.0 : slowdownFactor(sc_.slowdown, servers, loc.k0(size), racks, loc.r0(size));
    r.inTrial = r.trialPending;
    rs.alloc = size;
    rs.runStart = t;
    rs.tenant = J.tenant;
    const float recorded = J.gpuUtil; // the trace's utilization, or full
    const double baseUtil = std::isnan(recorded) ? 1.0 : std::clamp(static_cast<double>(recorded), 0.0, 1.0);
    rs.util = static_cast<float>(baseUtil / factor);
    ++r.serial;
    setStage(j, Stage::Running);
    std::int64_t duration;
    if (r.inTrial) {
        duration = std::min(sc_.failures.trialRun_s, J.duration_s);
        rs.wallPerUseful = 1;
    } else {
        rs.wallPerUseful = size > 0 ? static_cast<double>(J.gpus) / size * factor : 1.0; // a 0-GPU job runs as asked
        duration = std::llround(static_cast<double>(J.duration_s - r.saved) * rs.wallPerUseful);
    }
    rs.overhead_s = r.overheadDue ? sc_.queue.preemptOverhead_s : 0; // restarting after a queue preemption
    r.overheadDue = false;
    duration += rs.overhead_s;
    if (autoscaling()) { // the autoscaler plans it interval by interval (sim_autoscale.cpp)
        for (const auto& part : rs.reserved) {
            series_.counters().scaledCpuReserved += part.cpu;
            series_.counters().scaledMemReserved += part.mem;
        }
        startScaling(j, t, static_cast<double>(duration));
    } else {
        events_.push({t + duration, SimEvent::makeOrder(kEnd, static_cast<std::uint64_t>(j)), r.serial});
    }

    ++res.attempts;
    if (!res.start_s)
        res.start_s = t;
    res.allocatedGpus = size;
    res.servers = servers;
    res.racks = racks;
    res.level = size == 0 ? LocalityLevel::Server : loc.levelOf(size, servers, racks);
    res.slowdown = factor;
    res.effectiveUtil = rs.util;

    c.allocatedMilli += milli - std::int64_t{1000} * heldBefore;
    c.utilMicro += utilMicro(rs.util) * milli / 1000;
    if (quota_.mode() == QuotaMode::BorrowPreempt)
        runningByVc_[idx(J.tenant)].insert({t, j});
    if (queue_->preemptive()) {
        indexVictim(j, victimKeyOf(j, t, autoscaling() ? std::numeric_limits<std::int64_t>::max() : t + duration));
        scheduleDemotion(j, t);
    }
    ++runningJobs_;
    if (quota_.mode() == QuotaMode::BorrowPreempt && quota_.overQuota(J.tenant))
        ++releaseEpoch_; // a new preemption victim may let a waiting within-quota job start
    dirty_ = true;
}

void SimEngine::closeRun(std::int32_t j, std::int64_t t, bool gpusAlreadyFreed)
{
    auto& r = rt(j);
    auto& rs = runStateFor(r);
    auto& res = result_.jobs[idx(j)];
    const auto use = r.inTrial ? GpuUse::Trial : GpuUse::Running;
    const auto milli = gpuMilliOf(j, rs.alloc);
    const auto perGpu = resourceMode() && rs.shareGpu >= 0 ? static_cast<std::int32_t>(milli) : 1000;
    for (const auto g : rs.gpus)
        recordInterval(g, j, rs.runStart, t, use, rs.util, perGpu);
    const auto held = t - rs.runStart;
    if (rs.scaling >= 0)
        endScaling(j, t);
    r.attainedGpuS += static_cast<double>(heldPastOverhead(rs, t)) * static_cast<double>(milli) / 1000.0;
    r.lastRun_s = held;
    res.gpuSeconds += (held * milli + 500) / 1000; // whole GPUs: exactly held × GPUs
    res.effectiveGpuSeconds += static_cast<double>(held) * static_cast<double>(milli) / 1000.0 * static_cast<double>(rs.util);
    if (!gpusAlreadyFreed) {
        releaseAll(j, t, false);
    } else if (resourceMode()) { // freed tentatively by a preemption: close the records
        for (const auto& part : rs.reserved)
            recordReservation(j, part, t);
        for (const auto& part : rs.reserved) {
            auto& on = jobsOn_[idx(part.server)];
            on.erase(std::find(on.begin(), on.end(), j));
        }
        rs.reserved.clear();
    }
    rs.gpus.clear();
    if (resourceMode())
        rs.shareGpu = -1;
    quota_.remove(rs.tenant, milli);
    auto& c = series_.counters();
    c.allocatedMilli -= milli;
    c.utilMicro -= utilMicro(rs.util) * milli / 1000;
    if (quota_.mode() == QuotaMode::BorrowPreempt)
        runningByVc_[idx(rs.tenant)].erase({rs.runStart, j});
    if (queue_->preemptive())
        unindexVictim(j);
    --runningJobs_;
    ++releaseEpoch_;
    needPass_ = dirty_ = true;
}

void SimEngine::runEnded(std::int32_t j, std::int64_t t)
{
    auto& r = rt(j);
    const auto& J = job(j);
    const bool wasTrial = r.inTrial;
    closeRun(j, t, false);
    r.inTrial = false;
    if (wasTrial) {
        r.trialPending = false;
        if (J.status == JobStatus::Failed && J.duration_s <= sc_.failures.trialRun_s) {
            setStage(j, Stage::Done);
            result_.jobs[idx(j)].end_s = t;
            --jobsInSystem_;
            queue_->jobEnded(J);
            retire(j);
        } else {
            enqueue(j, t); // keeps its queue position (rank)
        }
        return;
    }
    setStage(j, Stage::Done); // its status is the trace's, set by finish() (no read of the job here)
    result_.jobs[idx(j)].end_s = t;
    --jobsInSystem_;
    queue_->jobEnded(J);
    retire(j);
}

double SimEngine::usefulThisRun(std::int32_t j, std::int64_t t) const
{
    const auto& r = rt(j);
    if (r.inTrial)
        return 0;
    const auto& rs = runStateOf(r);
    const double throttled = rs.scaling >= 0 ? scalings_[idx(rs.scaling)].throttled_s : 0; // CPU demand above its reservation (the autoscaler)
    return std::max(0.0, static_cast<double>(t - rs.runStart - rs.overhead_s) - throttled) / rs.wallPerUseful;
}

void SimEngine::interrupt(std::int32_t j, std::int64_t t, bool gpusAlreadyFreed, bool requeueNow, bool checkpointNow)
{
    auto& r = rt(j);
    if (runStateOf(r).scaling >= 0)
        closeInterval(j, t);
    if (!r.inTrial) {
        const double useful = usefulThisRun(j, t);
        const auto duration = job(j).duration_s;
        r.saved = checkpointNow ? std::min(duration, r.saved + static_cast<std::int64_t>(std::floor(useful + 1e-9)))
                                : savedProgress(r.saved, useful, sc_.failures.checkpoint_s, duration);
    }
    r.overheadDue = r.overheadDue || checkpointNow;
    closeRun(j, t, gpusAlreadyFreed);
    r.inTrial = false; // an interrupted trial stays pending
    if (requeueNow) {
        enqueue(j, t);
    } else {
        setStage(j, Stage::Waiting);
        pendingRequeue_.push_back(j);
    }
}

void SimEngine::hold(std::int32_t j, std::int64_t t, const Placement& parts)
{
    auto& rs = runStateFor(j);
    const auto before = rs.gpus.size();
    for (const auto& [server, n] : parts.parts)
        takeGpus(j, server, n, t);
    const auto n = static_cast<std::int32_t>(rs.gpus.size() - before);
    rs.heldSince.resize(rs.gpus.size(), t);
    rs.held += n;
    quota_.add(job(j).tenant, std::int64_t{1000} * n);
    auto& c = series_.counters();
    c.allocatedMilli += std::int64_t{1000} * n;
    c.heldIdleGpus += n;
    relane(j, t);
    dirty_ = true;
}

void SimEngine::releaseHeldOn(std::int32_t j, std::int32_t server, std::int64_t t)
{
    auto& rs = runStateFor(j);
    auto& res = result_.jobs[idx(j)];
    std::vector<std::int32_t> freed;
    std::size_t keep = 0;
    for (std::size_t i = 0; i < rs.gpus.size(); ++i) {
        if (server < 0 || cluster_->serverOfGpu(rs.gpus[i]) == server) {
            recordInterval(rs.gpus[i], j, rs.heldSince[i], t, GpuUse::HeldIdle, 0.0f);
            res.gpuSeconds += t - rs.heldSince[i];
            res.heldIdleGpuSeconds += t - rs.heldSince[i];
            freed.push_back(rs.gpus[i]);
        } else {
            rs.gpus[keep] = rs.gpus[i];
            rs.heldSince[keep] = rs.heldSince[i];
            ++keep;
        }
    }
    rs.gpus.resize(keep);
    rs.heldSince.resize(keep);
    std::sort(freed.begin(), freed.end());
    pool_.release(freed);
    if (resourceMode()) { // its reservations follow the GPUs it still holds
        std::vector<std::int32_t> servers;
        for (const auto g : freed)
            if (servers.empty() || servers.back() != cluster_->serverOfGpu(g))
                servers.push_back(cluster_->serverOfGpu(g));
        for (const auto s : servers) {
            const auto& info = cluster_->servers()[idx(s)];
            const auto there = std::count_if(rs.gpus.begin(), rs.gpus.end(),
                                             [&](std::int32_t g) { return g >= info.firstGpu && g < info.firstGpu + info.gpus; });
            reserveOn(j, s, static_cast<std::int32_t>(there), t);
        }
    }
    const auto n = static_cast<std::int32_t>(freed.size());
    rs.held -= n;
    quota_.remove(job(j).tenant, std::int64_t{1000} * n);
    auto& c = series_.counters();
    c.allocatedMilli -= std::int64_t{1000} * n;
    c.heldIdleGpus -= n;
    if (stageOf(j) == Stage::Waiting && rt(j).wait.lane >= 0)
        relane(j, t);
    ++releaseEpoch_;
    needPass_ = dirty_ = true;
}

void SimEngine::releaseAllHeld(std::int32_t j, std::int64_t t)
{
    releaseHeldOn(j, -1, t);
}

} // namespace clens
