#pragma once
// A fixed-size bitset that finds the next set bit at or after a position without reading every
// word on the way: a summary word above each 64 words says which of them hold a set bit. Made for
// "the next server with exactly f free GPUs" on clusters of tens of thousands of servers, where
// most such sets are sparse and a word-by-word scan read hundreds of empty words per step
// (docs/simulation.md "Ten million jobs").
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace clens {

// The two levels over words someone else keeps (RackIndex keeps hundreds of such sets side by
// side in one array): `summary` bit w says whether words[w] holds a bit.
namespace summary_bits {

inline void set(std::uint64_t* words, std::uint64_t* summary, std::size_t i)
{
    const auto w = i / 64;
    words[w] |= std::uint64_t{1} << (i % 64);
    summary[w / 64] |= std::uint64_t{1} << (w % 64);
}

inline void reset(std::uint64_t* words, std::uint64_t* summary, std::size_t i)
{
    const auto w = i / 64;
    words[w] &= ~(std::uint64_t{1} << (i % 64));
    if (words[w] == 0)
        summary[w / 64] &= ~(std::uint64_t{1} << (w % 64));
}

// The first set bit at or after `from` (whose word must exist); -1 when there is none.
inline std::int64_t next(const std::uint64_t* words, const std::uint64_t* summary, std::size_t summaryWords, std::size_t from)
{
    auto w = from / 64;
    if (const auto word = words[w] & (~std::uint64_t{0} << (from % 64)))
        return static_cast<std::int64_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(word)));
    // The next word holding a bit, through the summary.
    ++w;
    auto s = w / 64;
    if (s >= summaryWords)
        return -1;
    auto sum = w % 64 == 0 ? summary[s] : summary[s] & (~std::uint64_t{0} << (w % 64));
    while (sum == 0) {
        if (++s >= summaryWords)
            return -1;
        sum = summary[s];
    }
    w = s * 64 + static_cast<std::size_t>(std::countr_zero(sum));
    return static_cast<std::int64_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(words[w])));
}

} // namespace summary_bits

class SummaryBitset {
public:
    SummaryBitset() = default;
    explicit SummaryBitset(std::size_t bits) : bits_(bits), words_((bits + 63) / 64, 0), summary_((words_.size() + 63) / 64, 0) {}

    std::size_t size() const { return bits_; }
    bool test(std::size_t i) const { return (words_[i / 64] >> (i % 64) & 1) != 0; }
    void set(std::size_t i) { summary_bits::set(words_.data(), summary_.data(), i); }
    void reset(std::size_t i) { summary_bits::reset(words_.data(), summary_.data(), i); }

    // The first set bit at or after `from`; -1 when there is none.
    std::int64_t next(std::size_t from) const
    {
        return from < bits_ ? summary_bits::next(words_.data(), summary_.data(), summary_.size(), from) : -1;
    }

private:
    std::size_t bits_ = 0;
    std::vector<std::uint64_t> words_;
    std::vector<std::uint64_t> summary_; // bit w: words_[w] != 0
};

} // namespace clens
