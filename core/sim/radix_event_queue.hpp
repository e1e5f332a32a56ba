#pragma once
// The kernel's event queue: a radix heap on event times (Ahuja, Mehlhorn, Orlin and Tarjan, 1990)
// with hexadecimal digits. The simulation never schedules an event before the instant it is at,
// so once the kernel says "the clock is at t" (advanceTo) every event kept or to come lies at t
// or later. An event sits in bucket 0 when it is at the clock's instant, else in the bucket of
// the highest hex digit in which its time differs from the clock's and of its value there: every
// event in a lower bucket is earlier. A push is an append; the clock's advance re-sorts only the
// bucket it enters, and an event only ever moves to lower buckets. With ~100k pending ends (10M
// jobs on 200k GPUs) a 4-ary heap's pop misses the cache at its lower levels; here a pop at the
// clock's instant is a pop from the small heap of bucket 0 (bench_simulate "event heap").
//
// Order: the heap's. Events at the clock's instant come out smallest (order, serial) first; one
// ahead of the clock (a stale end dropped before its time) is found by scanning the lowest
// non-empty bucket for the smallest (t, order, serial).
//
// Memory: buckets 1.. are chains of fixed blocks from one pool, so the queue holds about what is
// pending (vectors per bucket would each keep their largest size: +33 MB at 10M jobs).
#include "core/sim/event_queue.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

namespace clens {

class RadixEventQueue {
public:
    RadixEventQueue() = default;
    RadixEventQueue(const RadixEventQueue&) = delete; // its buckets point into its own pool
    RadixEventQueue& operator=(const RadixEventQueue&) = delete;
    RadixEventQueue(RadixEventQueue&&) = default; // a deque's elements keep their addresses
    RadixEventQueue& operator=(RadixEventQueue&&) = default;

    void push(const SimEvent& e)
    {
        const auto k = key(e.t);
        if (k < clock_) [[unlikely]]
            rebuild(k); // never from the engine; kept correct anyway
        const auto b = place(e, k);
        if (cached_ && b != 0 && earlier(e, cached_->block->events[idx(cached_->slot)]))
            cached_ = Where{b, buckets_[b].head, buckets_[b].head->count - 1};
        ++size_;
    }

    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }

    const SimEvent& top() const
    {
        if (!now_.empty())
            return now_.front();
        if (!cached_)
            findLowest();
        return cached_->block->events[idx(cached_->slot)];
    }

    void pop()
    {
        --size_;
        if (!now_.empty()) {
            std::pop_heap(now_.begin(), now_.end(), LaterAtOneInstant{});
            now_.pop_back();
            return;
        }
        if (!cached_)
            findLowest();
        auto* head = buckets_[cached_->bucket].head;
        cached_->block->events[idx(cached_->slot)] = head->events[idx(--head->count)];
        if (head->count == 0)
            unlinkHead(cached_->bucket);
        cached_.reset();
    }

    // The clock is at t: nothing will be pushed before t from now on.
    void advanceTo(std::int64_t t)
    {
        const auto k = key(t);
        if (k <= clock_ || !now_.empty())
            return; // events at the old instant are still to be popped: keep the clock there
        if (!anyNonEmpty()) {
            clock_ = k;
            return;
        }
        const auto lowest = lowestNonEmpty();
        if (lowest > bucketOf(k)) { // every event differs from t above where t differs from the clock
            clock_ = k;
            return;
        }
        // The clock enters the lowest bucket's range: re-sort it around t (or around its earliest
        // event, were one before t). Every event of it goes to a lower bucket.
        if (!cached_)
            findLowest(); // the lowest bucket's earliest event (top() has usually found it already)
        clock_ = std::min(k, key(cached_->block->events[idx(cached_->slot)].t));
        cached_.reset();
        drain(lowest, [&](const SimEvent& e) { place(e, key(e.t)); });
    }

private:
    static constexpr std::size_t kDigitBits = 4, kDigits = 16, kBuckets = 1 + 64 / kDigitBits * kDigits;
    static constexpr std::int32_t kBlockEvents = 42; // a block of about 1 KiB
    struct Block {
        std::array<SimEvent, kBlockEvents> events;
        std::int32_t count = 0;
        Block* next = nullptr; // the bucket's next block (towards its first)
    };
    struct Bucket {
        Block* head = nullptr; // its block taking pushes; the others are full
    };
    struct Where {
        std::size_t bucket;
        Block* block;
        std::int32_t slot;
    };
    // Bucket 0 is a heap on (order, serial), smallest first.
    struct LaterAtOneInstant {
        bool operator()(const SimEvent& a, const SimEvent& b) const
        {
            return a.order != b.order ? a.order > b.order : a.serial > b.serial;
        }
    };

    static std::size_t idx(std::int32_t i) { return static_cast<std::size_t>(i); }
    static std::uint64_t key(std::int64_t t) { return static_cast<std::uint64_t>(t) ^ (std::uint64_t{1} << 63); } // order kept
    static bool earlier(const SimEvent& a, const SimEvent& b)
    {
        if (a.t != b.t)
            return a.t < b.t;
        return a.order != b.order ? a.order < b.order : a.serial < b.serial;
    }

    std::size_t bucketOf(std::uint64_t k) const
    {
        if (k == clock_)
            return 0;
        const auto level = static_cast<std::size_t>(63 - std::countl_zero(k ^ clock_)) / kDigitBits;
        return 1 + level * kDigits + ((k >> (level * kDigitBits)) & (kDigits - 1));
    }
    std::size_t lowestNonEmpty() const
    {
        std::size_t w = 0;
        while (nonEmpty_[w] == 0)
            ++w;
        return 1 + w * 64 + static_cast<std::size_t>(std::countr_zero(nonEmpty_[w]));
    }
    bool anyNonEmpty() const { return (nonEmpty_[0] | nonEmpty_[1] | nonEmpty_[2] | nonEmpty_[3]) != 0; }
    void markNonEmpty(std::size_t b) { nonEmpty_[(b - 1) / 64] |= std::uint64_t{1} << ((b - 1) % 64); }
    void markEmpty(std::size_t b) { nonEmpty_[(b - 1) / 64] &= ~(std::uint64_t{1} << ((b - 1) % 64)); }

    Block* takeBlock()
    {
        if (freeBlocks_.empty())
            return &blocks_.emplace_back();
        auto* b = freeBlocks_.back();
        freeBlocks_.pop_back();
        b->count = 0;
        b->next = nullptr;
        return b;
    }
    // Empties the bucket, giving each of its events to `each` (which may fill other buckets): a
    // block goes back to the pool once read.
    template <class Each>
    void drain(std::size_t bucket, Each&& each)
    {
        auto* chain = buckets_[bucket].head;
        buckets_[bucket].head = nullptr;
        markEmpty(bucket);
        while (chain) {
            auto* next = chain->next;
            for (std::int32_t i = 0; i < chain->count; ++i)
                each(chain->events[idx(i)]);
            freeBlocks_.push_back(chain);
            chain = next;
        }
    }
    void unlinkHead(std::size_t bucket)
    {
        auto* old = buckets_[bucket].head;
        buckets_[bucket].head = old->next;
        freeBlocks_.push_back(old);
        if (!buckets_[bucket].head)
            markEmpty(bucket);
    }

    std::size_t place(const SimEvent& e, std::uint64_t k)
    {
        const auto b = bucketOf(k);
        if (b == 0) {
            now_.push_back(e);
            std::push_heap(now_.begin(), now_.end(), LaterAtOneInstant{});
            return 0;
        }
        auto& bucket = buckets_[b];
        if (!bucket.head || bucket.head->count == kBlockEvents) {
            auto* fresh = takeBlock();
            fresh->next = bucket.head;
            bucket.head = fresh;
            markNonEmpty(b);
        }
        bucket.head->events[idx(bucket.head->count++)] = e;
        return b;
    }

    void findLowest() const
    {
        const auto bucket = lowestNonEmpty();
        Where best{bucket, buckets_[bucket].head, 0};
        const SimEvent* earliest = &best.block->events[0];
        for (auto* b = buckets_[bucket].head; b; b = b->next)
            for (std::int32_t i = 0; i < b->count; ++i)
                if (earlier(b->events[idx(i)], *earliest)) {
                    earliest = &b->events[idx(i)];
                    best = Where{bucket, b, i};
                }
        cached_ = best;
    }

    void rebuild(std::uint64_t newClock)
    {
        std::vector<SimEvent> all(now_.begin(), now_.end());
        now_.clear();
        for (std::size_t bucket = 1; bucket < kBuckets; ++bucket)
            drain(bucket, [&](const SimEvent& e) { all.push_back(e); });
        clock_ = newClock;
        for (const auto& e : all)
            place(e, key(e.t));
        cached_.reset();
    }

    std::vector<SimEvent> now_; // bucket 0: the events at the clock's instant
    std::array<Bucket, kBuckets> buckets_{};
    std::deque<Block> blocks_; // the pool (a deque: blocks never move)
    std::vector<Block*> freeBlocks_;
    std::uint64_t clock_ = 0;                 // key of the clock's instant
    std::array<std::uint64_t, 4> nonEmpty_{}; // bit b-1: bucket b (b ≥ 1) holds events
    std::size_t size_ = 0;
    mutable std::optional<Where> cached_; // the lowest bucket's earliest event, while bucket 0 is empty
};

} // namespace clens
