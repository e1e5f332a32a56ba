#include "core/sim/resource_placement.hpp"

#include <algorithm>
#include <tuple>

namespace clens {

namespace {

std::size_t idx(std::int32_t i) { return static_cast<std::size_t>(i); }

// How many GPUs of a g-GPU job a free amount holds: the largest n with ceil(total·n/g) <= free.
std::int32_t gpusHeldBy(std::int64_t free, std::int64_t total, std::int32_t g, std::int32_t cap)
{
    if (total <= 0 || free >= total)
        return cap;
    return static_cast<std::int32_t>(std::min<std::int64_t>(cap, free * g / total));
}

bool fitsCpuAndMemory(const ResourcePool& res, std::int32_t server, const JobRequest& job)
{
    return res.cpuFree(server) >= job.cpu && res.memFree(server) >= job.mem;
}

void single(Placement& out, std::int32_t server, std::int32_t gpus, std::int32_t shareGpu)
{
    out.parts.assign(1, {server, gpus});
    out.racks = 1;
    out.shareGpu = shareGpu;
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
    const auto fits = [&](std::int32_t s) { return model.allowed(job.models, s) && fitsCpuAndMemory(res, s, job); };
    const auto& byFree = res.gpusByFree(); // (free share, server's free capacity, server, GPU), GPUs of up servers
    if (policy == PlacementPolicy::BestFit) {
        for (auto it = byFree.lower_bound({job.milli, 0, 0, 0}); it != byFree.end(); ++it)
            if (fits(it->server)) {
                single(out, it->server, 1, it->gpu);
                return true;
            }
        return false;
    }
    if (policy == PlacementPolicy::Spread) { // the most free, then the most free capacity, then lowest index
        for (auto it = byFree.rbegin(); it != byFree.rend() && it->free >= job.milli;) {
            const auto group = std::make_pair(it->free, it->serverFree);
            const ResourcePool::GpuByFree* best = nullptr;
            for (; it != byFree.rend() && std::make_pair(it->free, it->serverFree) == group; ++it)
                if (fits(it->server))
                    best = &*it; // the walk goes down: the last one seen has the lowest server and GPU
            if (best) {
                single(out, best->server, 1, best->gpu);
                return true;
            }
        }
        return false;
    }
    using Key = std::tuple<double, std::int64_t, std::int64_t, std::int32_t, std::int32_t>;
    Key best{};
    std::int32_t bestServer = -1, bestGpu = -1;
    const auto& cluster = gpus.cluster();
    for (std::int32_t s = 0; s < cluster.serverCount(); ++s) {
        if (res.maxGpuFreeMilli(s) < job.milli || !fits(s))
            continue; // (a down server has nothing free)
        const auto& info = cluster.servers()[idx(s)];
        const auto serverFree = res.serverFreeMilli(s);
        std::int32_t lastFree = -1;
        double lastGrowth = 0;
        for (std::int32_t g = info.firstGpu; g < info.firstGpu + info.gpus; ++g) {
            const auto free = res.gpuFreeMilli(g);
            if (free < job.milli)
                continue;
            if (policy == PlacementPolicy::FirstFit) {
                single(out, s, 1, g);
                return true;
            }
            if (free != lastFree) { // fgd: GPUs of one server with the same free share grow F_s alike
                lastGrowth = fgd->shareGrowth(s, g);
                lastFree = free;
            }
            const Key key{lastGrowth, free, serverFree, s, g};
            if (bestServer < 0 || key < best) {
                best = key;
                bestServer = s;
                bestGpu = g;
            }
        }
    }
    if (bestServer < 0)
        return false;
    single(out, bestServer, 1, bestGpu);
    return true;
}

bool findCpuOnlyPlacement(const ResourceModel& /*model*/, const GpuPool& gpus, const ResourcePool& res, const JobRequest& job,
                          PlacementPolicy policy, const FragmentationMeter* fgd, Placement& out)
{
    using Key = std::tuple<double, std::int64_t, std::int64_t, std::int32_t>;
    Key best{};
    std::int32_t bestServer = -1;
    for (std::int32_t s = 0; s < gpus.cluster().serverCount(); ++s) {
        if (!gpus.isUp(s) || !fitsCpuAndMemory(res, s, job))
            continue;
        const auto cpuLeft = res.cpuFree(s) - job.cpu, memLeft = res.memFree(s) - job.mem;
        Key key;
        switch (policy) {
        case PlacementPolicy::BestFit: key = {0.0, cpuLeft, memLeft, s}; break;
        case PlacementPolicy::Spread: key = {0.0, -cpuLeft, -memLeft, s}; break;
        case PlacementPolicy::FirstFit: key = {0.0, 0, 0, s}; break;
        case PlacementPolicy::Fgd: key = {fgd->cpuOnlyGrowth(s), cpuLeft, memLeft, s}; break;
        }
        if (bestServer < 0 || key < best) {
            best = key;
            bestServer = s;
        }
    }
    if (bestServer < 0)
        return false;
    single(out, bestServer, 0, -1);
    return true;
}

} // namespace clens
