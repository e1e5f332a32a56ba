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

std::int32_t usableGpus(const ResourceModel& model, const GpuPool& gpus, const ResourcePool& res, const JobRequest& job,
                        std::vector<std::int32_t>& out)
{
    out.assign(idx(gpus.cluster().serverCount()), 0);
    std::int32_t total = 0;
    for (std::int32_t f = 1; f <= gpus.maxServerGpus(); ++f) // up servers with f free GPUs
        for (auto s = gpus.nextServerWithFree(f, 0); s >= 0; s = gpus.nextServerWithFree(f, s + 1)) {
            if (!model.allowed(job.models, s))
                continue;
            auto n = gpusHeldBy(res.cpuFree(s), job.cpu, job.gpus, f);
            out[idx(s)] = gpusHeldBy(res.memFree(s), job.mem, job.gpus, n);
            total += out[idx(s)];
        }
    return total;
}

bool findSharePlacement(const ResourceModel& model, const GpuPool& gpus, const ResourcePool& res, const JobRequest& job,
                        PlacementPolicy policy, const FragmentationMeter* fgd, Placement& out)
{
    using Key = std::tuple<double, std::int64_t, std::int64_t, std::int32_t, std::int32_t>;
    Key best{};
    std::int32_t bestServer = -1, bestGpu = -1;
    const auto& cluster = gpus.cluster();
    for (std::int32_t s = 0; s < cluster.serverCount(); ++s) {
        if (res.maxGpuFreeMilli(s) < job.milli || !model.allowed(job.models, s) || !fitsCpuAndMemory(res, s, job))
            continue; // (a down server has nothing free)
        const auto& info = cluster.servers()[idx(s)];
        const auto serverFree = res.serverFreeMilli(s);
        std::int32_t lastFree = -1;
        double lastGrowth = 0;
        for (std::int32_t g = info.firstGpu; g < info.firstGpu + info.gpus; ++g) {
            const auto free = res.gpuFreeMilli(g);
            if (free < job.milli)
                continue;
            Key key;
            switch (policy) {
            case PlacementPolicy::BestFit: key = {0.0, free, serverFree, s, g}; break;
            case PlacementPolicy::Spread: key = {0.0, -free, -serverFree, s, g}; break;
            case PlacementPolicy::FirstFit: key = {0.0, 0, 0, s, g}; break;
            case PlacementPolicy::Fgd:
                if (free != lastFree) { // GPUs of one server with the same free share grow F_s alike
                    lastGrowth = fgd->shareGrowth(s, g);
                    lastFree = free;
                }
                key = {lastGrowth, free, serverFree, s, g};
                break;
            }
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
