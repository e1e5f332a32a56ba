#pragma once
// Picks an index with probability proportional to integer weights (zero weights never win).
#include "core/synth/random_source.hpp"
#include "core/util/error.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace clens::synth {

class WeightedChoice {
public:
    WeightedChoice() = default;
    explicit WeightedChoice(const std::vector<std::int64_t>& weights)
    {
        cumulative_.reserve(weights.size());
        std::int64_t total = 0;
        for (auto w : weights) {
            if (w < 0)
                throw ValueError("negative weight");
            total += w;
            cumulative_.push_back(total);
        }
        if (total <= 0)
            throw ValueError("weights sum to zero");
    }

    std::int64_t total() const { return cumulative_.empty() ? 0 : cumulative_.back(); }
    std::size_t size() const { return cumulative_.size(); }

    std::size_t pick(RandomSource& rng) const
    {
        const auto x = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(total())));
        return static_cast<std::size_t>(std::upper_bound(cumulative_.begin(), cumulative_.end(), x) - cumulative_.begin());
    }

private:
    std::vector<std::int64_t> cumulative_;
};

} // namespace clens::synth
