#pragma once
// A stable sort of many items by an unsigned 64-bit key: least-significant-digit radix, 16 bits a
// pass, skipping the passes whose digit is the same in every key (event times over a few months
// differ in their low 24 bits: two passes). The same order as std::stable_sort by that key, in
// linear time: the indexes built after a run sort tens of millions of changes, where a merge sort
// took seconds (Boost.Sort's spreadsort is not stable, and the order of equal keys matters to
// the sums replayed in that order).
#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace clens {

template <class T, class KeyOf>
void radixSortStable(std::vector<T>& items, KeyOf keyOf)
{
    const auto n = items.size();
    if (n < 2)
        return;
    if (n < 1024) { // a histogram of 65,536 counts per pass costs more than a merge sort
        std::stable_sort(items.begin(), items.end(), [&](const T& a, const T& b) { return keyOf(a) < keyOf(b); });
        return;
    }
    const std::uint64_t first = keyOf(items.front());
    std::uint64_t differ = 0; // bits where some key differs from the first
    for (const auto& x : items)
        differ |= keyOf(x) ^ first;
    std::vector<T> scratch(n);
    std::vector<std::uint32_t> start(std::size_t{1} << 16);
    bool inScratch = false;
    for (int shift = 0; shift < 64; shift += 16) {
        if (((differ >> shift) & 0xFFFF) == 0)
            continue;
        const auto& from = inScratch ? scratch : items;
        auto& to = inScratch ? items : scratch;
        std::fill(start.begin(), start.end(), 0);
        for (const auto& x : from)
            ++start[(keyOf(x) >> shift) & 0xFFFF];
        std::uint32_t sum = 0;
        for (auto& s : start)
            sum += std::exchange(s, sum);
        for (const auto& x : from)
            to[start[(keyOf(x) >> shift) & 0xFFFF]++] = x;
        inScratch = !inScratch;
    }
    if (inScratch)
        items.swap(scratch);
}

} // namespace clens
