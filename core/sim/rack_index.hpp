#pragma once
// The placement queries of GpuPool over racks: for each free count f, the rack with the fewest
// (best-fit) or most (spread) free GPUs among the racks holding an up server with exactly f free
// GPUs (ties: lowest rack index), and the racks with at least n free GPUs (a flat segment tree).
//
// The first two are answered from buckets: for each f and each rack free count v, a bitset of the
// racks holding a server with f free and v free in all, with a bit per non-empty bucket. A change
// of a rack moves its bit between two buckets for each f it holds (a few word operations), and a
// query takes the first non-empty bucket and its first rack. Segment trees keyed (free, rack)
// answered the same before; they cost a walk towards the root for every f of every changed rack
// (a tenth of a large run). They stay for clusters whose buckets would be large (servers of more
// than 63 GPUs, or racks x rack sizes x server sizes beyond kMaxBucketWords). No allocation after
// construction.
#include "core/util/summary_bitset.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

namespace clens {

class RackIndex {
public:
    RackIndex() = default;
    // maxFree: the most GPUs of one server; maxRackFree: of one rack (0: unknown, trees only).
    RackIndex(std::int32_t racks, std::int32_t maxFree, std::int32_t maxRackFree = 0);

    // Which trees are kept: by fewest free GPUs (best-fit) and by most (spread). A tree turned
    // on is current only once every rack has been updated again.
    // (The buckets are always kept: cheap enough.)
    void keep(bool fewest, bool most)
    {
        keepFewest_ = fewest || buckets_;
        keepMost_ = most || buckets_;
    }
    bool keepsFewest() const { return keepFewest_; }
    bool keepsMost() const { return keepMost_; }

    // Rack r now has rackFree free GPUs and `hasF(f)` tells whether it holds a server with f free
    // (`mask` says the same, bit f, when the most GPUs of a server is at most 63; else 0).
    template <class HasF>
    void update(std::int32_t rack, std::int32_t rackFree, std::uint64_t mask, HasF hasF)
    {
        if (buckets_) {
            moveBuckets(rack, rackFree, mask);
        } else if (keepFewest_ || keepMost_)
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
        if (buckets_) {
            const auto* ne = &nonEmpty_[static_cast<std::size_t>(f) * vWords_];
            for (std::size_t w = 0; w < vWords_; ++w)
                if (ne[w])
                    return firstRack(f, w * 64 + static_cast<std::size_t>(std::countr_zero(ne[w])));
            return -1;
        }
        const auto v = minTree_[static_cast<std::size_t>(f) * 2 * size_ + 1];
        return v == kNone ? -1 : static_cast<std::int32_t>(v & 0xffffffffLL);
    }
    std::int32_t mostFreeRackWith(std::int32_t f) const
    {
        if (buckets_) {
            const auto* ne = &nonEmpty_[static_cast<std::size_t>(f) * vWords_];
            for (std::size_t w = vWords_; w-- > 0;)
                if (ne[w])
                    return firstRack(f, w * 64 + 63 - static_cast<std::size_t>(std::countl_zero(ne[w])));
            return -1;
        }
        const auto v = maxTree_[static_cast<std::size_t>(f) * 2 * size_ + 1];
        return v == kNoneMax ? -1 : static_cast<std::int32_t>(0xffffffffLL - (v & 0xffffffffLL));
    }
    // Appends the racks with at least n free GPUs, in rack order.
    void racksWithAtLeast(std::int32_t n, std::vector<std::int32_t>& out) const { collect(1, n, out); }

    static constexpr std::size_t kMaxBucketWords = std::size_t{1} << 22; // 32 MiB of buckets at most

private:
    static constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::max();
    // Bucket (f, v): racks words_ words from bucketAt(f, v); its summary sumWords_ words (bit w:
    // word w has a rack); nonEmpty_ a bit per v for each f.
    std::size_t bucketIndex(std::int32_t f, std::size_t v) const { return static_cast<std::size_t>(f) * (maxRackFree_ + 1) + v; }
    std::int32_t firstRack(std::int32_t f, std::size_t v) const
    {
        const auto b = bucketIndex(f, v);
        return static_cast<std::int32_t>(summary_bits::next(&bits_[b * words_], &summary_[b * sumWords_], sumWords_, 0));
    }
    void addTo(std::int32_t f, std::size_t v, std::int32_t rack)
    {
        const auto b = bucketIndex(f, v);
        summary_bits::set(&bits_[b * words_], &summary_[b * sumWords_], static_cast<std::size_t>(rack));
        if (counts_[b]++ == 0)
            nonEmpty_[static_cast<std::size_t>(f) * vWords_ + v / 64] |= std::uint64_t{1} << (v % 64);
    }
    void removeFrom(std::int32_t f, std::size_t v, std::int32_t rack)
    {
        const auto b = bucketIndex(f, v);
        summary_bits::reset(&bits_[b * words_], &summary_[b * sumWords_], static_cast<std::size_t>(rack));
        if (--counts_[b] == 0)
            nonEmpty_[static_cast<std::size_t>(f) * vWords_ + v / 64] &= ~(std::uint64_t{1} << (v % 64));
    }
    void moveBuckets(std::int32_t rack, std::int32_t rackFree, std::uint64_t mask)
    {
        const auto r = static_cast<std::size_t>(rack);
        const auto oldFree = indexedFree_[r];
        const auto oldMask = indexedMask_[r];
        const auto v = static_cast<std::size_t>(rackFree);
        if (oldFree == rackFree) {
            for (auto gone = oldMask & ~mask; gone; gone &= gone - 1)
                removeFrom(std::countr_zero(gone), v, rack);
            for (auto come = mask & ~oldMask; come; come &= come - 1)
                addTo(std::countr_zero(come), v, rack);
        } else {
            for (auto gone = oldMask; gone; gone &= gone - 1)
                removeFrom(std::countr_zero(gone), static_cast<std::size_t>(oldFree), rack);
            for (auto come = mask; come; come &= come - 1)
                addTo(std::countr_zero(come), v, rack);
        }
        indexedFree_[r] = rackFree;
        indexedMask_[r] = mask;
    }
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
    bool buckets_ = false;
    std::size_t maxRackFree_ = 0, words_ = 0, sumWords_ = 0, vWords_ = 0;
    std::vector<std::uint64_t> bits_, summary_, nonEmpty_;
    std::vector<std::int32_t> counts_;
    std::vector<std::int32_t> indexedFree_;  // per rack, as in the buckets
    std::vector<std::uint64_t> indexedMask_; // per rack: bit f, it holds a server with f free
    std::size_t size_ = 1; // leaves (a power of two >= racks)
    std::vector<std::int64_t> minTree_, maxTree_; // [f][node]
    std::vector<std::int32_t> freeTree_;          // max rack free GPUs per node
};

inline RackIndex::RackIndex(std::int32_t racks, std::int32_t maxFree, std::int32_t maxRackFree) : maxF_(maxFree)
{
    while (size_ < static_cast<std::size_t>(racks))
        size_ *= 2;
    const auto nf = static_cast<std::size_t>(maxFree) + 1;
    freeTree_.assign(2 * size_, -1);
    maxRackFree_ = static_cast<std::size_t>(std::max(0, maxRackFree));
    words_ = (static_cast<std::size_t>(racks) + 63) / 64;
    sumWords_ = (words_ + 63) / 64;
    vWords_ = (maxRackFree_ + 1 + 63) / 64;
    const auto buckets = nf * (maxRackFree_ + 1);
    buckets_ = maxRackFree > 0 && maxFree <= 63 && buckets * (words_ + sumWords_ + 1) <= kMaxBucketWords;
    if (buckets_) {
        bits_.assign(buckets * words_, 0);
        summary_.assign(buckets * sumWords_, 0);
        nonEmpty_.assign(nf * vWords_, 0);
        counts_.assign(buckets, 0);
        indexedFree_.assign(static_cast<std::size_t>(racks), 0);
        indexedMask_.assign(static_cast<std::size_t>(racks), 0);
        return;
    }
    minTree_.assign(nf * 2 * size_, kNone);
    maxTree_.assign(nf * 2 * size_, kNoneMax);
}

} // namespace clens
