#pragma once
// A growable table whose rows never move: rows live in blocks of a fixed power-of-two size, so
// a reference to one stays valid while others are added, and row i is found with a shift and a
// mask through a short table of blocks (a few hundred pointers, which stays in cache). Used where
// millions of lookups hit rows at random: std::deque's blocks hold 512 bytes (two 192-byte
// rows), so its block table was as large as the rows' count and missed the cache first, and
// boost::container::deque's indexing cost twice the instructions.
#include <cstddef>
#include <memory>
#include <vector>

namespace clens {

template <class T, std::size_t kBlockRowsLog2 = 8>
class BlockRows {
public:
    static constexpr std::size_t kBlockRows = std::size_t{1} << kBlockRowsLog2;

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    T& operator[](std::size_t i) { return blocks_[i >> kBlockRowsLog2][i & (kBlockRows - 1)]; }
    const T& operator[](std::size_t i) const { return blocks_[i >> kBlockRowsLog2][i & (kBlockRows - 1)]; }
    // Appends a default row (a new block's rows are all made at once).
    T& emplace_back()
    {
        if (size_ == blocks_.size() * kBlockRows)
            blocks_.push_back(std::make_unique<T[]>(kBlockRows));
        return (*this)[size_++];
    }

private:
    std::vector<std::unique_ptr<T[]>> blocks_;
    std::size_t size_ = 0;
};

} // namespace clens
