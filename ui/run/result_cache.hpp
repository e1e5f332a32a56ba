#pragma once
// Results of the current input kept for a while, so that going back to a scenario simulated a
// moment ago (A → B → A, an undo, a sweep point loaded twice) shows it at once instead of
// simulating it again (docs/gui.md "Results kept for going back"). Newest first, up to a memory
// budget; the owner clears it when the input changes: a result holds only for the cluster, trace
// and demand it was simulated with.
#include "core/sim/scenario.hpp"
#include "ui/run/sim_snapshot.hpp"

#include <cstddef>
#include <deque>

namespace clens::ui {

// A result's arrays in bytes, twice (the views' indexes over them are about as large): what
// keeping it costs, roughly.
std::size_t approximateBytes(const SimSnapshot& snapshot);

class ResultCache {
public:
    static constexpr std::size_t kDefaultBudgetBytes = std::size_t{1} << 30;
    static constexpr std::size_t kMaxEntries = 8;

    explicit ResultCache(std::size_t budgetBytes = kDefaultBudgetBytes) : budget_(budgetBytes) {}

    // 0 keeps nothing. Drops the oldest results beyond the new budget.
    void setBudget(std::size_t bytes);
    std::size_t budget() const { return budget_; }
    // A result that simulated the same as `scenario` (equal, or differing only in knobs the
    // simulation ignores), made the newest; null when none is kept.
    SnapshotPtr find(const Scenario& scenario);
    // Keeps a finished result as the newest (one larger than the budget is not kept).
    void add(SnapshotPtr snapshot);
    void clear();
    std::size_t size() const { return entries_.size(); }
    std::size_t bytes() const { return bytes_; }

private:
    struct Entry {
        SnapshotPtr snapshot;
        std::size_t bytes = 0;
    };
    Entry& makeNewest(std::deque<Entry>::iterator it);
    void trim();

    std::deque<Entry> entries_; // newest first
    std::size_t budget_;
    std::size_t bytes_ = 0;
};

} // namespace clens::ui
