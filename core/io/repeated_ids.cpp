#include "core/io/repeated_ids.hpp"

#include <algorithm>
#include <functional>

namespace clens {

void RepeatedIds::add(std::string_view id, std::int64_t line)
{
    const auto row = static_cast<std::uint32_t>(hashes_.size());
    if (line != lastLine_ + 1 || lineJumps_.empty())
        lineJumps_.emplace_back(row, line);
    lastLine_ = line;
    hashes_.push_back(std::hash<std::string_view>{}(id));
    lastId_.assign(id);
}

std::int64_t RepeatedIds::lineOf(std::uint32_t row) const
{
    const auto it = std::upper_bound(lineJumps_.begin(), lineJumps_.end(), row,
                                     [](std::uint32_t r, const auto& jump) { return r < jump.first; });
    const auto& jump = *(it - 1); // the first row is always a jump
    return jump.second + (row - jump.first);
}

std::vector<std::pair<std::size_t, std::size_t>> RepeatedIds::equalHashRuns() const
{
    // (high 32 bits of the hash, row), sorted by the hash half with two stable counting passes of
    // 16 bits each: rows stay in order within equal hashes. Equal halves are rare enough (a few
    // thousand pairs in ten million rows) that their texts are compared one by one.
    const auto n = hashes_.size();
    sorted_.resize(n);
    for (std::size_t r = 0; r < n; ++r)
        sorted_[r] = (hashes_[r] & 0xffffffff00000000ull) | r;
    std::vector<std::uint64_t> buffer(n);
    std::vector<std::size_t> count(1 << 16);
    for (const int shift : {32, 48}) {
        std::fill(count.begin(), count.end(), 0);
        for (const auto v : sorted_)
            ++count[(v >> shift) & 0xffff];
        std::size_t at = 0;
        for (auto& c : count)
            at += std::exchange(c, at);
        for (const auto v : sorted_)
            buffer[count[(v >> shift) & 0xffff]++] = v;
        sorted_.swap(buffer);
    }
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    for (std::size_t i = 0; i + 1 < n;) {
        std::size_t j = i + 1;
        while (j < n && (sorted_[j] >> 32) == (sorted_[i] >> 32))
            ++j;
        if (j - i >= 2)
            runs.emplace_back(i, j);
        i = j;
    }
    return runs;
}

} // namespace clens
