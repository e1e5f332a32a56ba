#include "core/sim/resource_placement.hpp"

#include "core/sim/placement/placement_rule.hpp"

#include <algorithm>

namespace clens {

namespace {

// How many GPUs of a g-GPU job a free amount holds: the largest n with ceil(total·n/g) <= free.
std::int32_t gpusHeldBy(std::int64_t free, std::int64_t total, std::int32_t g, std::int32_t cap)
{
    if (total <= 0 || free >= total)
        return cap;
    return static_cast<std::int32_t>(std::min<std::int64_t>(cap, free * g / total));
}

} // namespace

std::int32_t JobRoom::usable(std::int32_t s) const
{
    if (!gpus_->isUp(s) || !model_->allowed(job_->models, s))
        return 0;
    const auto n = gpusHeldBy(res_->cpuFree(s), job_->cpu, job_->gpus, gpus_->freeOn(s));
    return gpusHeldBy(res_->memFree(s), job_->mem, job_->gpus, n);
}

bool findSharePlacement(const ResourceModel& model, const GpuPool& gpus, const ResourcePool& res, const JobRequest& job,
                        PlacementPolicy policy, const FragmentationMeter* fgd, Placement& out)
{
    return placementRule(policy).placeShare(ShareSearch{model, gpus, res, job, fgd}, out);
}

bool findCpuOnlyPlacement(const ResourceModel& /*model*/, const GpuPool& gpus, const ResourcePool& res, const JobRequest& job,
                          PlacementPolicy policy, const FragmentationMeter* fgd, Placement& out)
{
    const auto& rule = placementRule(policy);
    PlacementRule::ServerKey best{};
    std::int32_t bestServer = -1;
    for (std::int32_t s = 0; s < gpus.cluster().serverCount(); ++s) {
        if (!gpus.isUp(s) || !fitsCpuAndMemory(res, s, job))
            continue;
        const auto key = rule.cpuOnlyKey(fgd, s, res.cpuFree(s) - job.cpu, res.memFree(s) - job.mem);
        if (bestServer < 0 || key < best) {
            best = key;
            bestServer = s;
        }
    }
    if (bestServer < 0)
        return false;
    placeOnOneServer(out, bestServer, 0);
    return true;
}

} // namespace clens
