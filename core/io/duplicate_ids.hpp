#pragma once
// Detects a repeated job id as rows are read. A std::unordered_set of a million id strings
// costs more than the rest of an import (a node allocation per id, cache misses, rehashes);
// this keeps a flat table of 64-bit id hashes -> row and compares the id texts only when two
// hashes are equal. Distinct ids with the same 64-bit hash fall back to an exact string set.
// The headed CSV importers, whose files reach tens of millions of rows, check their ids after
// reading instead (repeated_ids.hpp); this one serves the importers of records (JSON, sacct, SWF).
#include <boost/unordered/unordered_flat_map.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace clens {

class DuplicateIds {
public:
    void reserve(std::size_t rows) { byHash_.reserve(rows); }

    // Records that row `row` has id `id`. Returns the earlier row with the same id, if any.
    // idOf(r) must give the id text of an earlier row r.
    template <class IdOf>
    std::optional<std::uint32_t> insert(std::string_view id, std::uint32_t row, IdOf&& idOf)
    {
        const auto [it, inserted] = byHash_.try_emplace(std::hash<std::string_view>{}(id), row);
        if (inserted)
            return std::nullopt;
        if (std::string_view(idOf(it->second)) == id)
            return it->second;
        const auto [c, added] = collided_.try_emplace(std::string(id), row);
        if (!added)
            return c->second;
        return std::nullopt;
    }

private:
    boost::unordered_flat_map<std::uint64_t, std::uint32_t> byHash_;
    std::unordered_map<std::string, std::uint32_t> collided_;
};

} // namespace clens
