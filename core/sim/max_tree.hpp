#pragma once
// The largest of n values, kept current under point updates in O(log n) (a flat segment tree).
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
    }
    void set(std::size_t i, std::int64_t v)
    {
        i += size_;
        if (tree_[i] == v)
            return;
        tree_[i] = v;
        for (i /= 2; i >= 1; i /= 2) {
            const auto m = tree_[2 * i] > tree_[2 * i + 1] ? tree_[2 * i] : tree_[2 * i + 1];
            if (tree_[i] == m)
                return; // the ancestors' maxima stand
            tree_[i] = m;
        }
    }
    std::int64_t max() const { return tree_[1]; }

private:
    std::size_t size_ = 1;
    std::vector<std::int64_t> tree_;
};

} // namespace clens
