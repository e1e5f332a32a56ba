#include "core/sim/wait_lanes.hpp"

#include <algorithm>
#include <stdexcept>

namespace clens {

WaitLanes::WaitLanes(std::size_t jobs) : nodes_(std::make_unique<NodePool>())
{
    charged_.reserve(jobs + jobs / 2);
    chargedJob_.reserve(jobs + jobs / 2);
}

std::int32_t WaitLanes::laneFor(std::uint64_t key, std::int32_t vc, std::int32_t fixedNeed)
{
    const auto [it, inserted] = byKey_.try_emplace(key, static_cast<std::int32_t>(lanes_.size()));
    if (inserted) {
        lanes_.emplace_back(nodes_.get());
        lanes_.back().vc = vc;
        lanes_.back().fixedNeed = fixedNeed;
    }
    return it->second;
}

void WaitLanes::enter(WaitState& ws, const QueueKey& key, std::int32_t laneId, std::int64_t t)
{
    auto& l = lane(laneId);
    const bool newHead = l.keys.empty() || key < *l.keys.begin();
    // Most jobs enter behind every job of their lane (fifo: in submission order): the hint makes
    // that insertion constant time.
    l.keys.emplace_hint(l.keys.end(), key);
    if (newHead)
        l.retry();
    if (l.activeSlot < 0) {
        l.activeSlot = static_cast<std::int32_t>(active_.size());
        active_.push_back(laneId);
        auto& list = needList(l);
        l.needSlot = static_cast<std::int32_t>(list.size());
        list.push_back(laneId);
        markNeed(l);
        if (keepActivated_)
            activated_.push_back(laneId);
    }
    ws.lane = laneId;
    ws.enteredAt = t;
}

void WaitLanes::leave(std::int32_t job, WaitState& ws, const QueueKey& key, std::int64_t t)
{
    const auto laneId = ws.lane;
    if (laneId < 0)
        throw std::logic_error("WaitLanes::leave: job is not waiting");
    auto& l = lane(laneId);
    const bool wasHead = *l.keys.begin() == key;
    if (wasHead) // most jobs leave from the head (they start)
        l.keys.erase(l.keys.begin());
    else
        l.keys.erase(key);
    if (wasHead)
        l.retry();
    ws.lane = -1;
    if (l.keys.empty()) {
        const auto slot = static_cast<std::size_t>(l.activeSlot);
        active_[slot] = active_.back();
        lane(active_[slot]).activeSlot = static_cast<std::int32_t>(slot);
        active_.pop_back();
        l.activeSlot = -1;
        auto& list = needList(l);
        const auto at = static_cast<std::size_t>(l.needSlot);
        list[at] = list.back();
        lane(list[at]).needSlot = static_cast<std::int32_t>(at);
        list.pop_back();
        l.needSlot = -1;
        markNeed(l);
    }
    const auto from = ws.enteredAt;
    if (t <= from)
        return;
    // Cut [from, t) out of the lane's cause timeline.
    auto it = std::upper_bound(l.causes.begin(), l.causes.end(), from,
                               [](std::int64_t v, const auto& e) { return v < e.from; });
    if (it == l.causes.begin())
        throw std::logic_error("WaitLanes::leave: lane was never judged");
    --it;
    for (auto cur = from; cur < t; ++it) {
        const auto next = (it + 1 == l.causes.end()) ? t : std::min(t, (it + 1)->from);
        charge(job, ws, cur, next, it->cause, it->resource);
        cur = next;
    }
}

bool WaitLanes::isHead(const WaitState& ws, const QueueKey& key) const
{
    return ws.lane >= 0 && *lane(ws.lane).keys.begin() == key;
}

std::int32_t WaitLanes::headJob(std::int32_t laneId) const
{
    return lane(laneId).keys.begin()->row;
}

void WaitLanes::rejudge(std::int32_t laneId, std::int64_t t, DelayCause cause, WaitResource resource)
{
    // The last cause differs (judge() returned already when it did not): a change at t.
    auto& c = lane(laneId).causes;
    const auto same = [&](const Lane::Judged& j) { return j.cause == cause && j.resource == resource; };
    if (!c.empty() && c.back().from == t) {
        c.back().cause = cause;
        c.back().resource = resource;
        if (c.size() >= 2 && same(c[c.size() - 2]))
            c.pop_back();
        return;
    }
    if (c.empty() || !same(c.back()))
        c.push_back({t, cause, resource});
}

void WaitLanes::charge(std::int32_t job, WaitState& ws, std::int64_t from, std::int64_t to, DelayCause cause, WaitResource resource)
{
    if (to <= from)
        return;
    auto& last = ws.lastCharged;
    if (last != WaitState::kNoneCharged) {
        auto& prev = charged_[static_cast<std::size_t>(last)];
        if (prev.to_s == from && prev.cause == cause && prev.resource == resource) {
            prev.to_s = to;
            return;
        }
    }
    last = static_cast<std::uint32_t>(charged_.size());
    charged_.push_back(WaitInterval{from, to, cause, resource});
    chargedJob_.push_back(job);
}

void WaitLanes::releaseJobState()
{
    // The lanes (empty now) before the pool their nodes came from.
    lanes_ = {};
    byKey_ = {};
    active_ = {};
    byNeed_ = {};
    variableNeed_ = {};
    nodes_.reset();
}

void WaitLanes::moveWaitsInto(SimResult& result)
{
    auto& jobs = result.jobs;
    for (auto& r : jobs)
        r.waitCount = 0;
    for (const auto j : chargedJob_)
        ++jobs[static_cast<std::size_t>(j)].waitCount;
    std::uint32_t at = 0;
    for (auto& r : jobs) {
        r.firstWait = at;
        at += r.waitCount;
        r.waitCount = 0; // counted again below, as each interval gets its place
    }
    // Each interval's place: after its job's earlier ones (charged in time order per job).
    auto& dest = chargedJob_;
    for (auto& d : dest) {
        auto& r = jobs[static_cast<std::size_t>(d)];
        d = static_cast<std::int32_t>(r.firstWait + r.waitCount++);
    }
    // Moved into their places cycle by cycle, each swap settling one.
    for (std::size_t i = 0; i < charged_.size(); ++i)
        while (static_cast<std::size_t>(dest[i]) != i) {
            const auto k = static_cast<std::size_t>(dest[i]);
            std::swap(charged_[i], charged_[k]);
            std::swap(dest[i], dest[k]);
        }
    result.waits = std::move(charged_);
    charged_ = {};
    chargedJob_ = {};
}

} // namespace clens
