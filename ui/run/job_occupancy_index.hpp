#pragma once
// For each job, the indices of its GPU intervals in SimResult::occupancy (the inspector's
// placement, the gang highlight). Built once per result, off the GUI thread.
#include "core/sim/sim_result.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace clens::ui {

class JobOccupancyIndex {
public:
    JobOccupancyIndex() = default;
    explicit JobOccupancyIndex(const SimResult& result);

    // Intervals of job (index into Trace::jobs), in SimResult::occupancy order.
    std::span<const std::uint32_t> intervalsOf(std::int32_t job) const;

private:
    std::vector<std::uint32_t> offsets_; // jobs + 1
    std::vector<std::uint32_t> items_;
};

} // namespace clens::ui
