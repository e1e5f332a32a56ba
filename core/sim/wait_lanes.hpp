#pragma once
// Waiting jobs, grouped into lanes, and delay attribution (docs/simulation.md "Backfill",
// docs/simulation.md "Delay attribution").
//
// A lane holds waiting jobs that are interchangeable for the scheduler except for how long they
// have waited: same VC and same start requirements (greedy backfill), or simply the same VC
// (backfill none, where every job behind the VC's head takes the head's cause). Within a lane
// jobs are in queue order (docs/queue-policies.md), and every job of a lane has the same allowed
// locality levels: under fifo, queue order is age order, so an older job's levels are looser (or
// equal), and under any other policy the lane key includes the levels. So when a lane's head
// cannot start, none behind it can. A scheduling pass therefore visits lanes, not jobs, and the delay cause, which depends
// only on the VC and the smallest start size, is judged once per lane after each pass. Each lane
// keeps the timeline of its causes; a job's waiting intervals are cut from that timeline when it
// leaves the lane.
#include "core/sim/queue/queue_key.hpp"
#include "core/sim/sim_result.hpp"
#include "core/util/node_pool.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <cstdint>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

namespace clens {

class WaitLanes {
public:
    struct Lane {
        explicit Lane(NodePool* nodes) : keys(PoolAllocator<QueueKey>(nodes)) {}
        std::int32_t vc = 0;
        // Waiting jobs in queue order; the nodes come from the lanes' pool (a waiting job's entry
        // costs no malloc/free of its own: ten million jobs pass through).
        std::set<QueueKey, std::less<QueueKey>, PoolAllocator<QueueKey>> keys;
        struct Judged {
            std::int64_t from;
            DelayCause cause;
            WaitResource resource;
        };
        std::vector<Judged> causes; // from each change of cause (or resource) on
        std::uint64_t failedEpoch = 0; // != 0: its head failed at that release epoch
        // Its head found no placement (of any start size, at any level it is allowed) when the
        // GPU pool's gain log stood at this position: until a rack gains free GPUs after it, or,
        // where `any` is allowed, the cluster has its need free, it cannot start (the gang pass
        // skips it; docs/simulation.md "Performance"). kNoRoomCheck: nothing known.
        std::uint64_t noRoomSince = kNoRoomCheck;
        bool anyAllowed = false;
        static constexpr std::uint64_t kNoRoomCheck = ~std::uint64_t{0};
        // Its head changed, its locality loosened or room appeared: try it at the next pass.
        void retry()
        {
            failedEpoch = 0;
            noRoomSince = kNoRoomCheck;
        }
        std::int32_t activeSlot = -1;  // position in active(), -1 when empty
        std::int32_t needSlot = -1;    // position in its list of active lanes by need
        std::int32_t fixedNeed = -1;   // start size shared by every job of the lane, -1 if per head
    };

    // What the lanes keep of a waiting job, held by the job's owner (the engine keeps it with the
    // rest of the job's state while the job is in the system, instead of the lanes keeping an
    // array entry for each of ten million jobs): its lane, when it entered it and its last
    // charged interval (a next one touching it with the same cause extends it).
    struct WaitState {
        std::int64_t enteredAt = 0;
        std::int32_t lane = -1; // -1: not waiting in a lane
        std::uint32_t lastCharged = kNoneCharged;
        static constexpr std::uint32_t kNoneCharged = ~std::uint32_t{0};
    };

    // Room for the waits of `jobs` jobs (1.5 each) before any is charged: the ten-million-job run
    // on 25,000 servers charges 12.6 M, and a log grown by doubling copied and faulted in twice
    // what it ends with. Capacity never written costs address space, not memory (and giving it
    // back at the end would copy the log at the run's peak).
    explicit WaitLanes(std::size_t jobs = 0);

    // The lane for a key, created on first use.
    std::int32_t laneFor(std::uint64_t key, std::int32_t vc, std::int32_t fixedNeed);
    Lane& lane(std::int32_t id) { return lanes_[static_cast<std::size_t>(id)]; }
    const Lane& lane(std::int32_t id) const { return lanes_[static_cast<std::size_t>(id)]; }
    // Lanes with at least one waiting job (order is deterministic but meaningless).
    const std::vector<std::int32_t>& active() const { return active_; }
    // The active lanes by need: fn(lane) for each lane whose start size is shared by its jobs
    // (fixedNeed) and within [lo, hi], and, with `variable`, for every lane whose start size is its
    // head's. Same lanes as active() filtered, in another order.
    template <class Fn>
    void forEachActiveByNeed(std::int32_t lo, std::int32_t hi, bool variable, Fn&& fn) const
    {
        if (variable)
            for (const auto l : variableNeed_)
                fn(l);
        // The needs that have active lanes, a bit each.
        const auto top = std::min<std::int64_t>(hi, static_cast<std::int64_t>(byNeed_.size()) - 1);
        for (std::int64_t n = std::max(lo, 0); n <= top;) {
            const auto w = static_cast<std::size_t>(n) / 64;
            const auto bits = needsWithLanes_[w] >> (static_cast<std::size_t>(n) % 64);
            if (bits == 0) {
                n = static_cast<std::int64_t>(w + 1) * 64;
                continue;
            }
            n += std::countr_zero(bits);
            if (n > top)
                break;
            for (const auto l : byNeed_[static_cast<std::size_t>(n)])
                fn(l);
            ++n;
        }
    }
    // Lanes that became active since the last call (some may be empty again), once asked to
    // keep them.
    void keepActivated() { keepActivated_ = true; }
    std::vector<std::int32_t> takeActivated()
    {
        std::vector<std::int32_t> out;
        out.swap(activated_);
        return out;
    }

    void enter(WaitState& ws, const QueueKey& key, std::int32_t laneId, std::int64_t t);
    // Removes the job and charges [enter, t) to its lane's causes.
    void leave(std::int32_t job, WaitState& ws, const QueueKey& key, std::int64_t t);
    bool isHead(const WaitState& ws, const QueueKey& key) const;
    std::int32_t headJob(std::int32_t laneId) const;

    // Records the lane's cause (and the resource its jobs wait for) from t on (after a pass).
    // Inline when it is the lane's cause already (most lanes, most passes): nothing changes.
    void judge(std::int32_t laneId, std::int64_t t, DelayCause cause, WaitResource resource = WaitResource::Gpus)
    {
        const auto& c = lane(laneId).causes;
        if (!c.empty() && c.back().cause == cause && c.back().resource == resource)
            return;
        rejudge(laneId, t, cause, resource);
    }

    // Moves every interval charged so far, merged per job (same cause, touching), into
    // result.waits grouped by job, each job's in time order, and sets the jobs' firstWait and
    // waitCount. The intervals are reordered where they lie (at ten million jobs, a copy was a
    // quarter of a gigabyte more at the run's peak). Charging ends: call it once.
    void moveWaitsInto(SimResult& result);
    // Frees the lanes (once no job waits any more): only moveWaitsInto() may follow.
    void releaseJobState();

private:
    void charge(std::int32_t job, WaitState& ws, std::int64_t from, std::int64_t to, DelayCause cause, WaitResource resource);
    void rejudge(std::int32_t laneId, std::int64_t t, DelayCause cause, WaitResource resource);

    std::unique_ptr<NodePool> nodes_; // before lanes_: outlives them
    std::vector<Lane> lanes_;
    std::unordered_map<std::uint64_t, std::int32_t> byKey_;
    std::vector<std::int32_t> active_;
    std::vector<std::vector<std::int32_t>> byNeed_; // [fixed need] -> active lanes
    std::vector<std::int32_t> variableNeed_;        // active lanes without a fixed need
    std::vector<std::int32_t> activated_;
    bool keepActivated_ = false;
    std::vector<std::uint64_t> needsWithLanes_; // bit n: byNeed_[n] is not empty
    std::vector<std::int32_t>& needList(const Lane& l)
    {
        if (l.fixedNeed < 0)
            return variableNeed_;
        if (byNeed_.size() <= static_cast<std::size_t>(l.fixedNeed)) {
            byNeed_.resize(static_cast<std::size_t>(l.fixedNeed) + 1);
            needsWithLanes_.resize((byNeed_.size() + 63) / 64, 0);
        }
        return byNeed_[static_cast<std::size_t>(l.fixedNeed)];
    }
    void markNeed(const Lane& l)
    {
        if (l.fixedNeed < 0)
            return;
        const auto n = static_cast<std::size_t>(l.fixedNeed);
        const auto bit = std::uint64_t{1} << (n % 64);
        needsWithLanes_[n / 64] = byNeed_[n].empty() ? needsWithLanes_[n / 64] & ~bit : needsWithLanes_[n / 64] | bit;
    }
    std::vector<WaitInterval> charged_;      // in the order charged
    std::vector<std::int32_t> chargedJob_;  // beside them: whose
};

} // namespace clens
