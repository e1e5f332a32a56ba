#include "ui/run/job_occupancy_index.hpp"

namespace clens::ui {

JobOccupancyIndex::JobOccupancyIndex(const SimResult& result)
{
    const std::size_t jobs = result.jobs.size();
    offsets_.assign(jobs + 1, 0);
    for (const auto& iv : result.occupancy)
        if (iv.job >= 0 && static_cast<std::size_t>(iv.job) < jobs)
            ++offsets_[static_cast<std::size_t>(iv.job) + 1];
    for (std::size_t j = 0; j < jobs; ++j)
        offsets_[j + 1] += offsets_[j];
    items_.resize(offsets_[jobs]);
    std::vector<std::uint32_t> fill(offsets_.begin(), offsets_.end() - 1);
    for (std::uint32_t i = 0; i < result.occupancy.size(); ++i) {
        const auto job = result.occupancy[i].job;
        if (job >= 0 && static_cast<std::size_t>(job) < jobs)
            items_[fill[static_cast<std::size_t>(job)]++] = i;
    }
}

std::span<const std::uint32_t> JobOccupancyIndex::intervalsOf(std::int32_t job) const
{
    if (job < 0 || static_cast<std::size_t>(job) + 1 >= offsets_.size())
        return {};
    const auto j = static_cast<std::size_t>(job);
    return std::span<const std::uint32_t>(items_.data() + offsets_[j], offsets_[j + 1] - offsets_[j]);
}

} // namespace clens::ui
