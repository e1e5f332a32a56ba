#pragma once
// Detects a repeated job id in a headed CSV after its rows are read, reporting what reading row by
// row would have: the first row whose id an earlier row has, before any error of a later row.
// DuplicateIds looks each id up as its row is read, in a flat table of every id so far: at ten
// million rows that table outgrows the caches and every row waits on memory (a third of the
// import). This keeps one 64-bit hash per row, in order, and at the end sorts them once, comparing
// the texts of equal hashes only.
#include "core/util/input_error.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace clens {

class RepeatedIds {
public:
    void reserve(std::size_t rows) { hashes_.reserve(rows); }
    // The next row (0, 1, ... in order) has this id and starts at this line of the file.
    void add(std::string_view id, std::int64_t line);

    struct Repeat {
        std::uint32_t row = 0;     // the first row repeating an id
        std::uint32_t earlier = 0; // the first row with that id
        std::int64_t line = 0;     // row's line
        std::string id;
    };
    // idOf(r) gives the id text of row r for every row but the last added (kept here).
    template <class IdOf>
    std::optional<Repeat> firstRepeat(IdOf&& idOf) const
    {
        const auto text = [&](std::uint32_t r) -> std::string_view {
            return r + 1 == hashes_.size() ? std::string_view(lastId_) : std::string_view(idOf(r));
        };
        std::optional<Repeat> first;
        for (const auto& [from, to] : equalHashRuns()) {
            // Rows of equal hash, in row order: the first whose text an earlier one has.
            for (std::size_t i = from + 1; i < to && (!first || rowAt(i) < first->row); ++i)
                for (std::size_t k = from; k < i; ++k)
                    if (text(rowAt(k)) == text(rowAt(i))) {
                        first = Repeat{rowAt(i), rowAt(k), lineOf(rowAt(i)), std::string(text(rowAt(i)))};
                        break;
                    }
        }
        return first;
    }

    // Runs readRows() and then the check; a repeated id is reported (throwRepeat(repeat), which
    // must throw) before an InputError of readRows when its row comes first, as reading row by row
    // would have.
    template <class ReadRows, class IdOf, class ThrowRepeat>
    void check(ReadRows&& readRows, IdOf&& idOf, ThrowRepeat&& throwRepeat)
    {
        try {
            readRows();
        } catch (const InputError&) {
            if (const auto r = firstRepeat(idOf))
                throwRepeat(*r);
            throw;
        }
        if (const auto r = firstRepeat(idOf))
            throwRepeat(*r);
    }

private:
    // [from, to) ranges of sorted_ holding two or more rows whose hashes agree; sorts first.
    std::vector<std::pair<std::size_t, std::size_t>> equalHashRuns() const;
    std::uint32_t rowAt(std::size_t i) const { return static_cast<std::uint32_t>(sorted_[i] & 0xffffffffu); }
    std::int64_t lineOf(std::uint32_t row) const;

    std::vector<std::uint64_t> hashes_;
    std::string lastId_;
    // (row, line) for the rows whose line is not the previous row's + 1 (quoted newlines, blank
    // lines): every other row's line follows from them.
    std::vector<std::pair<std::uint32_t, std::int64_t>> lineJumps_;
    std::int64_t lastLine_ = -1;
    mutable std::vector<std::uint64_t> sorted_; // (hash high 32 bits << 32) | row, sorted
};

} // namespace clens
