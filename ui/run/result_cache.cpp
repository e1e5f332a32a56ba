#include "ui/run/result_cache.hpp"

#include "ui/run/run_controller.hpp"

#include <algorithm>

namespace clens::ui {

namespace {
template <class T>
std::size_t arrayBytes(const std::vector<T>& v)
{
    return v.capacity() * sizeof(T);
}
} // namespace

std::size_t approximateBytes(const SimSnapshot& snapshot)
{
    if (!snapshot.result)
        return 0;
    const SimResult& r = *snapshot.result;
    const std::size_t arrays = arrayBytes(r.jobs) + arrayBytes(r.resources) + arrayBytes(r.waits) + arrayBytes(r.occupancy)
        + arrayBytes(r.outages) + arrayBytes(r.powerOff) + arrayBytes(r.reservations) + arrayBytes(r.scaledRuns)
        + arrayBytes(r.scaledLevels) + arrayBytes(r.series.t_s) * (16 + r.series.queuedByVc.size());
    return 2 * arrays;
}

void ResultCache::setBudget(std::size_t bytes)
{
    budget_ = bytes;
    trim();
}

SnapshotPtr ResultCache::find(const Scenario& scenario)
{
    const auto hit = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) {
        const Scenario& kept = e.snapshot->result->scenario;
        return kept == scenario || onlyIgnoredKnobsDiffer(kept, scenario);
    });
    return hit == entries_.end() ? nullptr : makeNewest(hit).snapshot;
}

ResultCache::Entry& ResultCache::makeNewest(std::deque<Entry>::iterator it)
{
    Entry e = std::move(*it);
    entries_.erase(it);
    entries_.push_front(std::move(e));
    return entries_.front();
}

void ResultCache::add(SnapshotPtr snapshot)
{
    if (!snapshot || !snapshot->result)
        return;
    const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.snapshot == snapshot; });
    if (it != entries_.end()) { // already kept: now the newest
        makeNewest(it);
        return;
    }
    const auto size = approximateBytes(*snapshot);
    if (size > budget_)
        return;
    entries_.push_front({std::move(snapshot), size});
    bytes_ += size;
    trim();
}

void ResultCache::clear()
{
    for (auto& e : entries_)
        releaseInBackground(std::move(e.snapshot));
    entries_.clear();
    bytes_ = 0;
}

void ResultCache::trim()
{
    while (!entries_.empty() && (bytes_ > budget_ || entries_.size() > kMaxEntries)) {
        bytes_ -= entries_.back().bytes;
        releaseInBackground(std::move(entries_.back().snapshot)); // may be the last reference: freed off the GUI thread
        entries_.pop_back();
    }
}

} // namespace clens::ui
