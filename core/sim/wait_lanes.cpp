#include "core/sim/wait_lanes.hpp"

#include <algorithm>
#include <stdexcept>

namespace clens {

WaitLanes::WaitLanes(std::size_t jobs)
    : nodes_(std::make_unique<NodePool>()), laneOf_(jobs, -1), enteredAt_(jobs, 0), lastCharged_(jobs, -1)
{
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

void WaitLanes::enter(std::int32_t job, const QueueKey& key, std::int32_t laneId, std::int64_t t)
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
    laneOf_[static_cast<std::size_t>(job)] = laneId;
    enteredAt_[static_cast<std::size_t>(job)] = t;
}

void WaitLanes::leave(std::int32_t job, const QueueKey& key, std::int64_t t)
{
    const auto j = static_cast<std::size_t>(job);
    const auto laneId = laneOf_[j];
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
    laneOf_[j] = -1;
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
    const auto from = enteredAt_[j];
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
        charge(job, cur, next, it->cause, it->resource);
        cur = next;
    }
}

bool WaitLanes::isHead(std::int32_t job, const QueueKey& key) const
{
    const auto laneId = laneOf(job);
    return laneId >= 0 && *lane(laneId).keys.begin() == key;
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

void WaitLanes::charge(std::int32_t job, std::int64_t from, std::int64_t to, DelayCause cause, WaitResource resource)
{
    if (to <= from)
        return;
    auto& last = lastCharged_[static_cast<std::size_t>(job)];
    if (last >= 0) {
        auto& prev = charged_[static_cast<std::size_t>(last)].w;
        if (prev.to_s == from && prev.cause == cause && prev.resource == resource) {
            prev.to_s = to;
            return;
        }
    }
    last = static_cast<std::int64_t>(charged_.size());
    charged_.push_back({job, WaitInterval{from, to, cause, resource}});
}

void WaitLanes::collect(std::vector<WaitInterval>& waits, std::vector<std::uint32_t>& first,
                        std::vector<std::uint32_t>& count) const
{
    const auto jobs = laneOf_.size();
    first.assign(jobs, 0);
    count.assign(jobs, 0);
    for (const auto& c : charged_)
        ++count[static_cast<std::size_t>(c.job)];
    std::uint32_t at = 0;
    for (std::size_t j = 0; j < jobs; ++j) {
        first[j] = at;
        at += count[j];
    }
    waits.assign(charged_.size(), WaitInterval{});
    std::vector<std::uint32_t> fill(first);
    for (const auto& c : charged_) // charged in time order per job, so each job's list stays sorted
        waits[fill[static_cast<std::size_t>(c.job)]++] = c.w;
}

} // namespace clens
