// The scheduling pass of SimEngine: queue order, locality levels, gang, quota and backfill
// (docs/simulation.md "Semantics as implemented").
//
// Lanes are visited in queue order of their heads (a min-heap on their keys; fair share: on their
// VC's allocated GPUs per share first, re-checked as the pass starts jobs). When a lane's job cannot
// start, nobody behind it in that lane can (same VC and start size, tighter locality), so the
// lane is done for this pass and stays known-failed until GPUs are released, its head changes
// or a timer loosens the head's locality.
#include "core/sim/sim_engine.hpp"

#include <algorithm>
#include <functional>
#include <queue>

namespace clens {

namespace {
constexpr std::uint64_t kGainsKept = 1 << 16; // the gain log's length before it is trimmed
} // namespace

void SimEngine::markFailed(std::int32_t lane)
{
    lanes_->lane(lane).failedEpoch = releaseEpoch_;
    deadThisPass_.push_back(lane);
}

void SimEngine::schedulingPass(std::int64_t t)
{
    for (const auto m : memoTouched_)
        memo_[m] = 0;
    memoTouched_.clear();
    failedThisPass_.clear();
    deadThisPass_.clear();
    if (sc_.gang.policy == GangPolicy::None)
        hoardingPass(t);
    else
        gangPass(t);
    for (const auto j : pendingRequeue_)
        enqueue(j, t);
    pendingRequeue_.clear();
    needPass_ = false;
}

bool SimEngine::choosePlacement(std::int32_t j, std::int64_t t, std::int64_t maxSize, bool useMemo, std::int32_t& size,
                                Placement& out)
{
    if (resourceMode())
        return choosePlacementWithResources(j, t, maxSize, useMemo, size, out);
    const auto& J = job(j);
    std::int32_t hi = rt(j).trialPending ? 1 : J.gpus;
    const std::int32_t lo = minStartSize(j, t);
    hi = static_cast<std::int32_t>(std::min<std::int64_t>({hi, maxSize, loc_.totalGpus()}));
    const auto waited = t - J.submit_s;
    for (std::int32_t a = hi; a >= lo; --a) {
        if (a > pool_.totalFree())
            continue;
        const auto base = loc_.baseLevel(a);
        const auto top = loc_.maxAllowedLevel(a, waited, sc_.locality);
        for (auto L = static_cast<int>(base); L <= static_cast<int>(top); ++L) {
            const auto m = static_cast<std::size_t>(a) * 3 + static_cast<std::size_t>(L);
            if (useMemo && memo_[m])
                continue;
            if (findPlacement(pool_, a, static_cast<LocalityLevel>(L), loc_.k0(a), sc_.placement, out)) {
                size = a;
                return true;
            }
            if (useMemo) {
                memo_[m] = 1;
                memoTouched_.push_back(m);
            }
        }
    }
    return false;
}

SimEngine::PassEntry SimEngine::laneEntry(std::int32_t lane, const QueueKey& key) const
{
    return {vcOrder(lanes_->lane(lane).vc), key, lane};
}

void SimEngine::pushLane(PassHeap& heap, std::int32_t lane, const QueueKey& key)
{
    heap.push(laneEntry(lane, key));
}

void SimEngine::pushNextInLane(PassHeap& heap, std::int32_t lane, const QueueKey& key)
{
    const auto& l = lanes_->lane(lane);
    // Mostly `key` was the head and has just left: the new head is the answer, and a search down
    // a lane of 100k waiting jobs missed the cache at every level.
    auto it = l.keys.begin();
    if (it != l.keys.end() && !(key < *it))
        it = l.keys.upper_bound(key);
    if (it != l.keys.end())
        pushLane(heap, lane, *it);
}

template <class Visit, class While>
void SimEngine::visitInQuotaRounds(PassHeap& heap, Visit&& visit, While&& whileCond)
{
    const bool twoRounds = quota_.borrows();
    const bool byShare = byShare_;
    auto& deferred = deferred_;
    deferred.clear();
    const auto runRound = [&](bool withinQuotaRound) {
        while (!heap.empty() && whileCond()) {
            auto e = heap.top();
            heap.pop();
            if (byShare) { // its VC took GPUs since the entry was pushed: it waits its turn again
                const auto now = vcOrder(lanes_->lane(e.lane).vc);
                if (now > e.vcOrder) {
                    e.vcOrder = now;
                    heap.push(e);
                    continue;
                }
            }
            visit(e, withinQuotaRound, deferred);
        }
    };
    runRound(twoRounds);
    if (twoRounds) {
        for (const auto& e : deferred)
            heap.push(e);
        runRound(false);
    }
}

void SimEngine::reviveFailedLanes(PassHeap& heap, const QueueKey& key)
{
    for (const auto dead : deadThisPass_) {
        lanes_->lane(dead).retry();
        pushNextInLane(heap, dead, key);
    }
    deadThisPass_.clear();
}

bool SimEngine::roomSinceFailure(WaitLanes::Lane& l, std::int32_t need)
{
    if (l.anyAllowed) // anywhere: `need` free GPUs suffice, and the caller saw them free
        return true;
    // Within one rack (levels server and rack): only a rack that gained free GPUs since can hold
    // what none could, and only one with `need` free now.
    const auto end = pool_.gainsEnd();
    for (auto p = l.noRoomSince; p < end; ++p)
        if (pool_.rackFree(pool_.gainAt(p)) >= need)
            return true;
    l.noRoomSince = end; // those racks have no room for it until they gain again
    return false;
}

void SimEngine::rememberNoRoom(std::int32_t lane, std::int32_t j, std::int64_t t, std::int64_t maxSize)
{
    const std::int32_t hi = rt(j).trialPending ? 1 : job(j).gpus;
    if (!roomChecks_ || maxSize < hi)
        return; // a quota bound on its size failed it too: room alone would not tell
    auto& l = lanes_->lane(lane);
    l.noRoomSince = pool_.gainsEnd();
    l.anyAllowed = false;
    const auto waited = t - job(j).submit_s;
    for (auto a = minStartSize(j, t); a <= hi && !l.anyAllowed; ++a)
        l.anyAllowed = loc_.maxAllowedLevel(a, waited, sc_.locality) == LocalityLevel::Any;
}

void SimEngine::gangPass(std::int64_t t)
{
    // A lane whose head needs more GPUs than are free cannot start now (unless it may preempt),
    // nor one whose head found no room when no rack has gained room for it since.
    const bool mayPreempt = quota_.mode() == QuotaMode::BorrowPreempt || queue_->preemptive();
    ++totalsEpoch_;
    auto& heap = passQueue_;
    auto& entries = heap.restart();
    const auto consider = [&](std::int32_t laneId) {
        auto& l = lanes_->lane(laneId);
        if (l.failedEpoch == releaseEpoch_)
            return;
        if (!mayPreempt) {
            const auto need = laneNeed(laneId, t);
            if (!(resourceMode() ? mightFit(lanes_->headJob(laneId), need) : need <= pool_.totalFree()))
                return;
            if (l.noRoomSince != WaitLanes::Lane::kNoRoomCheck && !roomSinceFailure(l, need))
                return;
        }
        entries.push_back(laneEntry(laneId, *l.keys.begin()));
    };
    if (!mayPreempt && !resourceMode()) // only lanes needing no more GPUs than are free can start
        lanes_->forEachActiveByNeed(0, pool_.totalFree(), true, consider);
    else
        for (const auto laneId : lanes_->active())
            consider(laneId);
    if (roomChecks_ && pool_.gainsEnd() - pool_.gainsBase() > kGainsKept) {
        // Keep the last half: a lane that has not seen the gains before has its placement tried
        // again instead (knowing nothing is always safe).
        const auto cut = pool_.gainsEnd() - kGainsKept / 2;
        for (const auto laneId : lanes_->active())
            if (auto& l = lanes_->lane(laneId); l.noRoomSince < cut)
                l.noRoomSince = WaitLanes::Lane::kNoRoomCheck;
        pool_.dropGainsBefore(cut);
    }
    heap.start();
    const auto visit = [&](const PassEntry& e, bool withinQuotaRound, std::vector<PassEntry>& deferred) {
        const auto j = e.key.row;
        const auto vc = job(j).tenant;
        const auto need = needMilli(j, t);
        if (quota_.mode() == QuotaMode::Strict && quota_.wouldExceed(vc, need)) {
            // A preemptive policy may take its own VC's GPUs from jobs it ranks lower.
            if (queue_->preemptive() && tryQueuePreempt(j, t, quota_.roomGpus(vc), true)) {
                reviveFailedLanes(heap, e.key);
                pushNextInLane(heap, e.lane, e.key);
            } else {
                markFailed(e.lane);
            }
            return;
        }
        if (withinQuotaRound && !quota_.decidedWithinQuota(vc, need)) { // as the power pass reads it (placementExists)
            deferred.push_back(e);
            return;
        }
        const auto maxSize = quota_.maxStartGpus(vc, withinQuotaRound);
        std::int32_t size = 0;
        bool started = false;
        if (choosePlacement(j, t, maxSize, true, size, scratch_)) {
            startRun(j, t, size, scratch_);
            started = true;
        } else {
            bool preempted = withinQuotaRound && quota_.mode() == QuotaMode::BorrowPreempt && tryQuotaPreempt(j, t);
            preempted = preempted || (queue_->preemptive() && tryQueuePreempt(j, t, maxSize, false));
            if (preempted) // victims' spare GPUs: lanes that failed earlier in this pass get a turn
                reviveFailedLanes(heap, e.key);
            started = preempted;
        }
        if (!started) {
            markFailed(e.lane);
            rememberNoRoom(e.lane, j, t, maxSize);
            return;
        }
        pushNextInLane(heap, e.lane, e.key);
    };
    // Whole GPUs only and no preemption: once none is free, no lane left can start.
    const bool stopWhenFull = !mayPreempt && !resourceMode();
    visitInQuotaRounds(heap, visit, [&] { return !stopWhenFull || pool_.totalFree() > 0; });
}

void SimEngine::hoardingPass(std::int64_t t)
{
    auto& heap = passQueue_;
    auto& entries = heap.restart();
    for (const auto laneId : lanes_->active())
        if (lanes_->lane(laneId).failedEpoch != releaseEpoch_)
            entries.push_back(laneEntry(laneId, *lanes_->lane(laneId).keys.begin()));
    heap.start();
    const auto visit = [&](const PassEntry& e, bool withinQuotaRound, std::vector<PassEntry>& deferred) {
        const auto j = e.key.row;
        const auto vc = job(j).tenant;
        auto& r = rt(j);
        const auto laneId = e.lane;
        const auto req = model_.request(j);
        if (resourceMode() && (req.gpus == 0 || req.share())) {
            // Nothing to hoard in a part of a GPU or in none: such a job starts whole or waits.
            std::int32_t size = 0;
            const auto limited = quota_.mode() == QuotaMode::Strict || withinQuotaRound;
            if (limited && quota_.wouldExceed(vc, req.gpuMilliFor(req.gpus))) {
                if (withinQuotaRound)
                    deferred.push_back(e);
                else
                    markFailed(laneId);
                return;
            }
            if (!choosePlacement(j, t, QuotaBook::kUnlimited, true, size, scratch_)) {
                markFailed(laneId);
                return;
            }
            startRun(j, t, size, scratch_);
            pushNextInLane(heap, laneId, e.key);
            return;
        }
        const std::int32_t total = r.trialPending ? 1 : job(j).gpus;
        const std::int64_t need = total - runStateOf(r).held;
        const auto room = quota_.maxStartGpus(vc, withinQuotaRound);
        if (room <= 0) {
            if (withinQuotaRound)
                deferred.push_back(e);
            else
                markFailed(laneId);
            return;
        }
        const auto ctx = resourceMode() ? contextFor(model_.requestRef(j)) : PlacementContext{};
        const auto usable = usableGpus(pool_, ctx);
        if (usable == 0) {
            markFailed(laneId);
            return;
        }
        const auto m = static_cast<std::int32_t>(std::min<std::int64_t>({need, room, usable}));
        if (m == usable && m < need)
            allFreeGpus(pool_, scratch_, ctx);
        else
            findPlacement(pool_, m, LocalityLevel::Any, locOf(j).k0(m), sc_.placement, scratch_, ctx);
        if (m == need) {
            startRun(j, t, total, scratch_);
            pushNextInLane(heap, laneId, e.key);
            return;
        }
        hold(j, t, scratch_); // under greedy backfill the hoarder moves to a lane of its own
        const auto ownLane = rt(j).wait.lane;
        if (m == room && withinQuotaRound && quota_.mode() != QuotaMode::Strict)
            deferred.push_back({vcOrder(vc), e.key, ownLane}); // may borrow more in the second round
        else
            markFailed(ownLane);
        if (ownLane != laneId)
            pushNextInLane(heap, laneId, e.key);
    };
    visitInQuotaRounds(heap, visit, [&] { return resourceMode() || pool_.totalFree() > 0; });
}

} // namespace clens
