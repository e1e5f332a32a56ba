#include "core/sim/job_moment.hpp"

#include <algorithm>

namespace clens {

JobMoment jobMomentAt(const SimResult& result, std::int32_t job, std::int64_t t)
{
    if (job < 0 || static_cast<std::size_t>(job) >= result.jobs.size())
        return {};
    const JobResult& r = result.jobs[static_cast<std::size_t>(job)];
    if (!r.simulated)
        return {};
    if (static_cast<std::size_t>(r.firstWait) + r.waitCount <= result.waits.size()) {
        // A job's waiting intervals are in time order: the last one starting at or before t.
        const auto first = result.waits.begin() + r.firstWait, last = first + r.waitCount;
        const auto after = std::upper_bound(first, last, t, [](std::int64_t at, const WaitInterval& w) { return at < w.from_s; });
        if (after != first && t < std::prev(after)->to_s)
            return {JobStanding::Waiting, &*std::prev(after)};
    }
    if (r.start_s && t >= *r.start_s && (!r.end_s || t < *r.end_s))
        return {JobStanding::Running, nullptr};
    return {};
}

} // namespace clens
