#pragma once
// The largest of n values under point updates (a flat segment tree). An update only sets its leaf
// and notes it; max() brings the inner nodes up to date first, walking up from each noted leaf
// until a node keeps its value. Between two reads the autoscaler changes the same servers many
// times (every job on a server at each tick), and each walk is paid once per leaf instead of once
// per change.
#include <cstdint>
#include <limits>
#include <vector>

namespace clens {

class MaxTree {
public:
    static constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min();

    explicit MaxTree(std::size_t n = 0)
    {
        while (size_ < n)
            size_ *= 2;
        tree_.assign(2 * size_, kNone);
        stale_.assign(size_, 0);
    }
    void set(std::size_t i, std::int64_t v)
    {
        auto& leaf = tree_[i + size_];
        if (leaf == v)
            return;
        leaf = v;
        if (!stale_[i]) {
            stale_[i] = 1;
            staleLeaves_.push_back(i);
        }
    }
    std::int64_t max() const
    {
        if (!staleLeaves_.empty())
            refresh();
        return tree_[1];
    }

private:
    // Each node ends as the larger of its children: a walk recomputes the nodes above its leaf and
    // stops at one that keeps its value (its ancestors then keep theirs, or another walk through
    // them, for a leaf below them, recomputes them after it).
    void refresh() const
    {
        for (const auto leaf : staleLeaves_) {
            stale_[leaf] = 0;
            for (auto i = (leaf + size_) / 2; i >= 1; i /= 2) {
                const auto m = tree_[2 * i] > tree_[2 * i + 1] ? tree_[2 * i] : tree_[2 * i + 1];
                if (tree_[i] == m)
                    break;
                tree_[i] = m;
            }
        }
        staleLeaves_.clear();
    }

    std::size_t size_ = 1;
    mutable std::vector<std::int64_t> tree_;
    mutable std::vector<std::uint8_t> stale_;
    mutable std::vector<std::size_t> staleLeaves_;
};

} // namespace clens
