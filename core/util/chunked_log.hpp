#pragma once
// An append-only log of rows in fixed chunks: growing it never copies what is logged (a vector
// that doubles copies and page-faults each of its earlier sizes again, for a 100 MB log of the
// autoscaler's levels about 70 ms a run). Read in order with forEach.
#include <cstddef>
#include <vector>

namespace clens {

template <class T, std::size_t kChunkRows = std::size_t{1} << 16>
class ChunkedLog {
public:
    void push_back(const T& row)
    {
        if (chunks_.empty() || chunks_.back().size() == kChunkRows) {
            chunks_.emplace_back();
            chunks_.back().reserve(kChunkRows);
        }
        chunks_.back().push_back(row);
    }
    template <class F>
    void forEach(F&& f) const
    {
        for (const auto& chunk : chunks_)
            for (const auto& row : chunk)
                f(row);
    }
    void clear() { chunks_ = {}; }

private:
    std::vector<std::vector<T>> chunks_;
};

} // namespace clens
