#pragma once
// Flat segment trees over racks answering the placement queries of GpuPool in O(1) / O(log R):
// for each free count f, the rack with the fewest (best-fit) or most (spread) free GPUs among the
// racks holding an up server with exactly f free GPUs (ties: lowest rack index), and the racks
// with at least n free GPUs. No allocation after construction.
#include <cstdint>
#include <limits>
#include <vector>

namespace clens {

class RackIndex {
public:
    RackIndex() = default;
    RackIndex(std::int32_t racks, std::int32_t maxFree);

    // Which trees are kept: by fewest free GPUs (best-fit) and by most (spread). A tree turned
    // on is current only once every rack has been updated again.
    void keep(bool fewest, bool most)
    {
        keepFewest_ = fewest;
        keepMost_ = most;
    }
    bool keepsFewest() const { return keepFewest_; }
    bool keepsMost() const { return keepMost_; }

    // Rack r now has rackFree free GPUs and `hasF(f)` tells whether it holds a server with f free.
    template <class HasF>
    void update(std::int32_t rack, std::int32_t rackFree, HasF hasF)
    {
        if (keepFewest_ || keepMost_)
            for (std::int32_t f = 1; f <= maxF_; ++f) {
                const bool has = hasF(f);
                if (keepFewest_)
                    set(minTree_, f, rack, has ? (std::int64_t{rackFree} << 32) | rack : kNone, [](auto a, auto b) { return a < b ? a : b; });
                if (keepMost_)
                    set(maxTree_, f, rack, has ? (std::int64_t{rackFree} << 32) | (0xffffffffLL - rack) : kNoneMax,
                        [](auto a, auto b) { return a > b ? a : b; });
            }
        auto i = static_cast<std::size_t>(rack) + size_;
        freeTree_[i] = rackFree;
        for (i /= 2; i >= 1; i /= 2) {
            const auto mx = std::max(freeTree_[2 * i], freeTree_[2 * i + 1]);
            if (freeTree_[i] == mx)
                break;
            freeTree_[i] = mx;
        }
    }

    // -1 when no rack holds a server with exactly f free GPUs.
    std::int32_t fewestFreeRackWith(std::int32_t f) const
    {
        const auto v = minTree_[static_cast<std::size_t>(f) * 2 * size_ + 1];
        return v == kNone ? -1 : static_cast<std::int32_t>(v & 0xffffffffLL);
    }
    std::int32_t mostFreeRackWith(std::int32_t f) const
    {
        const auto v = maxTree_[static_cast<std::size_t>(f) * 2 * size_ + 1];
        return v == kNoneMax ? -1 : static_cast<std::int32_t>(0xffffffffLL - (v & 0xffffffffLL));
    }
    // Appends the racks with at least n free GPUs, in rack order.
    void racksWithAtLeast(std::int32_t n, std::vector<std::int32_t>& out) const { collect(1, n, out); }

private:
    static constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::max();
    // Sets rack's leaf of tree f and its ancestors up to the first that stays as it was (so do
    // all above it).
    template <class Pick>
    void set(std::vector<std::int64_t>& trees, std::int32_t f, std::int32_t rack, std::int64_t v, Pick pick)
    {
        auto* t = &trees[static_cast<std::size_t>(f) * 2 * size_];
        auto i = static_cast<std::size_t>(rack) + size_;
        if (t[i] == v)
            return;
        t[i] = v;
        for (i /= 2; i >= 1; i /= 2) {
            const auto m = pick(t[2 * i], t[2 * i + 1]);
            if (t[i] == m)
                return;
            t[i] = m;
        }
    }
    static constexpr std::int64_t kNoneMax = std::numeric_limits<std::int64_t>::min();
    void collect(std::size_t node, std::int32_t n, std::vector<std::int32_t>& out) const
    {
        if (freeTree_[node] < n)
            return;
        if (node >= size_) {
            out.push_back(static_cast<std::int32_t>(node - size_));
            return;
        }
        collect(2 * node, n, out);
        collect(2 * node + 1, n, out);
    }

    std::int32_t maxF_ = 0;
    bool keepFewest_ = true, keepMost_ = true;
    std::size_t size_ = 1; // leaves (a power of two >= racks)
    std::vector<std::int64_t> minTree_, maxTree_; // [f][node]
    std::vector<std::int32_t> freeTree_;          // max rack free GPUs per node
};

inline RackIndex::RackIndex(std::int32_t racks, std::int32_t maxFree) : maxF_(maxFree)
{
    while (size_ < static_cast<std::size_t>(racks))
        size_ *= 2;
    const auto nf = static_cast<std::size_t>(maxFree) + 1;
    minTree_.assign(nf * 2 * size_, kNone);
    maxTree_.assign(nf * 2 * size_, kNoneMax);
    freeTree_.assign(2 * size_, -1);
}

} // namespace clens
