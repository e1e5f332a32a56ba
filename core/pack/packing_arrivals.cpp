#include "core/pack/packing_arrivals.hpp"

#include "core/util/shuffle.hpp"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include <cmath>

namespace clens {

Trace packingTrace(Trace trace)
{
    for (auto& job : trace.jobs)
        if (job.skip == SkipReason::Pending)
            job.skip = SkipReason::None;
    return trace;
}

std::int64_t podGpuMilli(const JobRequest& pod)
{
    return pod.gpuMilliFor(pod.gpus);
}

std::vector<std::int32_t> packingArrivals(const Trace& trace, const ResourceModel& model, std::int64_t capacityMilli,
                                          double inflate, std::uint64_t seed)
{
    std::vector<std::int32_t> pods;
    std::int64_t asked = 0;
    for (std::size_t i = 0; i < trace.jobs.size(); ++i)
        if (trace.jobs[i].simulated()) {
            pods.push_back(static_cast<std::int32_t>(i));
            asked += podGpuMilli(model.request(static_cast<std::int32_t>(i)));
        }
    if (pods.empty())
        return pods;
    boost::random::mt19937_64 rng(seed);
    shuffleInPlace(pods, rng);
    const auto target = inflate * static_cast<double>(capacityMilli);
    if (static_cast<double>(asked) > target) {
        while (!pods.empty() && static_cast<double>(asked) > target) {
            const auto k = boost::random::uniform_int_distribution<std::size_t>(0, pods.size() - 1)(rng);
            asked -= podGpuMilli(model.request(pods[k]));
            pods.erase(pods.begin() + static_cast<std::ptrdiff_t>(k));
        }
        return pods;
    }
    if (asked == 0)
        return pods; // no pod asks for a GPU: copies would never reach the target
    const auto originals = pods; // drawn from, whatever has been appended
    boost::random::uniform_int_distribution<std::size_t> pick(0, originals.size() - 1);
    while (pods.size() < kMaxPackingArrivals) {
        const auto copy = originals[pick(rng)];
        const auto milli = podGpuMilli(model.request(copy));
        if (static_cast<double>(asked + milli) > target)
            break;
        asked += milli;
        pods.push_back(copy);
    }
    return pods;
}

} // namespace clens
