// The scheduling pass of SimEngine: queue order, locality levels, gang, quota and backfill
// (docs/simulation.md "Semantics as implemented").
//
// Lanes are visited in queue order of their heads (a min-heap on rank). When a lane's job cannot
// start, nobody behind it in that lane can (same VC and start size, tighter locality), so the
// lane is done for this pass and stays known-failed until GPUs are released, its head changes
// or a timer loosens the head's locality.
#include "core/sim/sim_engine.hpp"

#include <algorithm>
#include <functional>
#include <queue>

namespace clens {

namespace {
using PassEntry = std::pair<std::uint32_t, std::int32_t>; // (rank, lane)
using PassHeap = std::priority_queue<PassEntry, std::vector<PassEntry>, std::greater<>>;
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
    std::int32_t hi = rt_[idx(j)].trialPending ? 1 : J.gpus;
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

void SimEngine::gangPass(std::int64_t t)
{
    PassHeap heap;
    // A lane whose head needs more GPUs than are free cannot start now (unless it may preempt).
    const bool mayPreempt = quota_.mode() == QuotaMode::BorrowPreempt;
    ++totalsEpoch_;
    for (const auto laneId : lanes_->active()) {
        const auto& l = lanes_->lane(laneId);
        if (l.failedEpoch == releaseEpoch_)
            continue;
        const auto need = laneNeed(laneId, t);
        const bool enough = resourceMode() ? mightFit(lanes_->headJob(laneId), need) : need <= pool_.totalFree();
        if (mayPreempt || enough)
            heap.push({*l.ranks.begin(), laneId});
    }
    const bool twoPhase = quota_.mode() == QuotaMode::Borrow || quota_.mode() == QuotaMode::BorrowPreempt;
    std::vector<PassEntry> deferred;
    const auto runPhase = [&](bool withinQuotaPhase) {
        while (!heap.empty()) {
            const auto [rank, laneId] = heap.top();
            heap.pop();
            const auto j = jobOfRank_[rank];
            const auto vc = job(j).vc;
            const auto need = needMilli(j, t);
            if (quota_.mode() == QuotaMode::Strict && quota_.wouldExceed(vc, need)) {
                markFailed(laneId);
                continue;
            }
            if (withinQuotaPhase && quota_.wouldExceed(vc, need)) {
                deferred.push_back({rank, laneId});
                continue;
            }
            const auto maxSize = (quota_.mode() == QuotaMode::Strict || withinQuotaPhase) ? quota_.roomGpus(vc) : QuotaBook::kUnlimited;
            std::int32_t size = 0;
            bool started = false;
            if (choosePlacement(j, t, maxSize, true, size, scratch_)) {
                startRun(j, t, size, scratch_);
                started = true;
            } else if (withinQuotaPhase && quota_.mode() == QuotaMode::BorrowPreempt) {
                started = tryPreempt(j, t);
                if (started) { // victims' spare GPUs: lanes that failed earlier in this pass get a turn
                    for (const auto dead : deadThisPass_) {
                        auto& l = lanes_->lane(dead);
                        const auto it = l.ranks.upper_bound(rank);
                        l.failedEpoch = 0;
                        if (it != l.ranks.end())
                            heap.push({*it, dead});
                    }
                    deadThisPass_.clear();
                }
            }
            if (!started) {
                markFailed(laneId);
                continue;
            }
            const auto& l = lanes_->lane(laneId);
            const auto it = l.ranks.upper_bound(rank);
            if (it != l.ranks.end())
                heap.push({*it, laneId});
        }
    };
    runPhase(twoPhase);
    if (twoPhase) {
        for (const auto& e : deferred)
            heap.push(e);
        runPhase(false);
    }
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
        for (const auto g : rt_[idx(victim)].gpus)
            if (auto* d = partOf(g))
                ++*d;
    std::vector<std::int32_t> needed;
    for (auto v = victims.rbegin(); v != victims.rend(); ++v) {
        const auto& gpus = rt_[idx(*v)].gpus;
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

bool SimEngine::tryPreempt(std::int32_t j, std::int64_t t)
{
    const auto vc = job(j).vc;
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
    std::vector<std::pair<std::int64_t, std::int32_t>> candidates;
    for (std::size_t v = 0; v < quota_.vcCount(); ++v)
        if (quota_.overQuota(static_cast<std::int32_t>(v)))
            candidates.insert(candidates.end(), runningByVc_[v].begin(), runningByVc_[v].end());
    std::sort(candidates.begin(), candidates.end(), std::greater<>());
    std::vector<std::int64_t> taken(quota_.vcCount(), 0);
    std::vector<std::int32_t> victims;
    std::int32_t size = 0;
    bool found = false;
    for (const auto& [start, victim] : candidates) {
        const auto vv = job(victim).vc;
        const auto a = gpuMilliOf(victim, rt_[idx(victim)].alloc);
        if (quota_.held(vv) - taken[idx(vv)] - a < quota_.quota(vv))
            continue; // its VC would drop below quota
        releaseAll(victim, t, true);
        taken[idx(vv)] += a;
        victims.push_back(victim);
        if ((!wholeGpus || pool_.totalFree() >= need) && choosePlacement(j, t, quota_.roomGpus(vc), false, size, scratch_)) {
            found = true;
            break;
        }
    }
    if (!found) {
        for (const auto victim : victims)
            retakeAll(victim);
        return false;
    }
    if (resourceMode())
        spareUnneededVictimsWithResources(j, victims);
    else
        spareUnneededVictims(victims);
    for (const auto victim : victims)
        interrupt(victim, t, true, false);
    result_.summary.preemptions += static_cast<std::int64_t>(victims.size());
    for (const auto m : memoTouched_)
        memo_[m] = 0;
    memoTouched_.clear();
    failedThisPass_.clear();
    startRun(j, t, size, scratch_);
    return true;
}

void SimEngine::hoardingPass(std::int64_t t)
{
    PassHeap heap;
    for (const auto laneId : lanes_->active())
        if (lanes_->lane(laneId).failedEpoch != releaseEpoch_)
            heap.push({*lanes_->lane(laneId).ranks.begin(), laneId});
    const bool twoPhase = quota_.mode() == QuotaMode::Borrow || quota_.mode() == QuotaMode::BorrowPreempt;
    std::vector<PassEntry> deferred;
    const auto runPhase = [&](bool withinQuotaPhase) {
        while (!heap.empty() && (resourceMode() || pool_.totalFree() > 0)) {
            const auto [rank, laneId] = heap.top();
            heap.pop();

            const auto j = jobOfRank_[rank];
            const auto vc = job(j).vc;
            auto& r = rt_[idx(j)];
            const auto& l = lanes_->lane(laneId);
            const auto nextIt = l.ranks.upper_bound(rank);
            const std::int64_t nextRank = nextIt == l.ranks.end() ? std::int64_t{-1} : std::int64_t{*nextIt};
            const auto req = model_.request(j);
            if (resourceMode() && (req.gpus == 0 || req.share())) {
                // Nothing to hoard in a part of a GPU or in none: such a job starts whole or waits.
                std::int32_t size = 0;
                const auto limited = quota_.mode() == QuotaMode::Strict || withinQuotaPhase;
                if (limited && quota_.wouldExceed(vc, req.gpuMilliFor(req.gpus))) {
                    if (withinQuotaPhase)
                        deferred.push_back({rank, laneId});
                    else
                        markFailed(laneId);
                    continue;
                }
                if (!choosePlacement(j, t, QuotaBook::kUnlimited, true, size, scratch_)) {
                    markFailed(laneId);
                    continue;
                }
                startRun(j, t, size, scratch_);
                if (nextRank >= 0)
                    heap.push({static_cast<std::uint32_t>(nextRank), laneId});
                continue;
            }
            const std::int32_t total = r.trialPending ? 1 : job(j).gpus;
            const std::int64_t need = total - r.held;
            const auto room = (quota_.mode() == QuotaMode::Strict || withinQuotaPhase) ? quota_.roomGpus(vc) : QuotaBook::kUnlimited;
            if (room <= 0) {
                if (withinQuotaPhase)
                    deferred.push_back({rank, laneId});
                else
                    markFailed(laneId);
                continue;
            }
            const auto ctx = resourceMode() ? contextFor(model_.requestRef(j)) : PlacementContext{};
            const auto usable = usableGpus(pool_, ctx);
            if (usable == 0) {
                markFailed(laneId);
                continue;
            }
            const auto m = static_cast<std::int32_t>(std::min<std::int64_t>({need, room, usable}));
            if (m == usable && m < need)
                allFreeGpus(pool_, scratch_, ctx);
            else
                findPlacement(pool_, m, LocalityLevel::Any, locOf(j).k0(m), sc_.placement, scratch_, ctx);
            if (m == need) {
                startRun(j, t, total, scratch_);
                if (nextRank >= 0)
                    heap.push({static_cast<std::uint32_t>(nextRank), laneId});
                continue;
            }
            hold(j, t, scratch_); // under greedy backfill the hoarder moves to a lane of its own
            const auto ownLane = lanes_->laneOf(j);
            if (m == room && withinQuotaPhase && quota_.mode() != QuotaMode::Strict)
                deferred.push_back({rank, ownLane}); // may borrow more in the second phase
            else
                markFailed(ownLane);
            if (ownLane != laneId && nextRank >= 0)
                heap.push({static_cast<std::uint32_t>(nextRank), laneId});
        }
    };
    runPhase(twoPhase);
    if (twoPhase) {
        for (const auto& e : deferred)
            heap.push(e);
        runPhase(false);
    }
}

} // namespace clens
