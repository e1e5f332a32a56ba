#pragma once
// The indices of a result's intervals grouped by a key (the GPU of an occupancy interval, the
// server of a reservation), each group in input order. Built once per result, off the GUI
// thread; answers "what was on this GPU / server at t" by scanning one group.
#include <cstdint>
#include <span>
#include <vector>

namespace clens::ui {

class IntervalIndex {
public:
    IntervalIndex() = default;

    // keyOf(item) is in [0, keys); items with another key are left out.
    template <typename Items, typename KeyOf>
    static IntervalIndex build(const Items& items, std::size_t keys, KeyOf keyOf)
    {
        IntervalIndex x;
        x.offsets_.assign(keys + 1, 0);
        for (const auto& item : items)
            if (const auto k = keyOf(item); k >= 0 && static_cast<std::size_t>(k) < keys)
                ++x.offsets_[static_cast<std::size_t>(k) + 1];
        for (std::size_t k = 0; k < keys; ++k)
            x.offsets_[k + 1] += x.offsets_[k];
        x.items_.resize(x.offsets_[keys]);
        std::vector<std::uint32_t> fill(x.offsets_.begin(), x.offsets_.end() - 1);
        std::uint32_t i = 0;
        for (const auto& item : items) {
            if (const auto k = keyOf(item); k >= 0 && static_cast<std::size_t>(k) < keys)
                x.items_[fill[static_cast<std::size_t>(k)]++] = i;
            ++i;
        }
        return x;
    }

    // Indices into the items the index was built from.
    std::span<const std::uint32_t> of(std::int32_t key) const
    {
        if (key < 0 || static_cast<std::size_t>(key) + 1 >= offsets_.size())
            return {};
        const auto k = static_cast<std::size_t>(key);
        return {items_.data() + offsets_[k], offsets_[k + 1] - offsets_[k]};
    }

private:
    std::vector<std::uint32_t> offsets_; // keys + 1
    std::vector<std::uint32_t> items_;
};

} // namespace clens::ui
