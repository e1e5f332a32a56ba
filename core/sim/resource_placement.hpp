#pragma once
// Placement of the jobs that do not take whole GPUs (docs/resources.md): a share of one GPU, or
// no GPU at all (CPU and memory on one server). Whole-GPU gangs go through findPlacement() with
// the GPUs their resources allow per server (JobRoom below).
#include "core/sim/fragmentation.hpp"
#include "core/sim/placement.hpp"
#include "core/sim/resource_model.hpp"
#include "core/sim/resource_pool.hpp"

#include <cstdint>
#include <vector>

namespace clens {

// Per server, how many of the job's GPUs it can take now: free whole GPUs of an allowed model,
// as far as free CPU and memory hold the job's portion for them (0 when down).
class JobRoom : public ServerRoom {
public:
    JobRoom(const ResourceModel& model, const GpuPool& gpus, const ResourcePool& res) : model_(&model), gpus_(&gpus), res_(&res) {}
    void setJob(const JobRequest& job) { job_ = &job; }
    std::int32_t usable(std::int32_t server) const override;

private:
    const ResourceModel* model_;
    const GpuPool* gpus_;
    const ResourcePool* res_;
    const JobRequest* job_ = nullptr;
};

// The job's CPU and memory free on the server.
inline bool fitsCpuAndMemory(const ResourcePool& res, std::int32_t server, const JobRequest& job)
{
    return res.cpuFree(server) >= job.cpu && res.memFree(server) >= job.mem;
}

// What a share job's search sees; its placement policy ranks what it finds (placement_rule.hpp).
struct ShareSearch {
    const ResourceModel& model;
    const GpuPool& gpus;
    const ResourcePool& res;
    const JobRequest& job;
    const FragmentationMeter* fgd; // fgd's measure, null for other policies
    // An allowed model with the job's CPU and memory free.
    bool fits(std::int32_t server) const
    {
        return model.allowed(job.models, server) && fitsCpuAndMemory(res, server, job);
    }
};

// A share job's GPU: among up servers of an allowed model with the job's CPU and memory free,
// the GPUs with at least its share free. best-fit: least free share, then the server with the
// least free GPU capacity, then lowest index; first-fit: lowest server, lowest GPU; spread: most
// free share, then most free capacity, then lowest index; fgd: least fragmentation growth, then
// best-fit's key. out.parts = {(server, 1)}, out.shareGpu = the GPU.
bool findSharePlacement(const ResourceModel& model, const GpuPool& gpus, const ResourcePool& res, const JobRequest& job,
                        PlacementPolicy policy, const FragmentationMeter* fgd, Placement& out);

// A 0-GPU job's server: any up server (GPU-less ones included) with its CPU and memory free.
// best-fit: least CPU left, then least memory left, then lowest index; first-fit: lowest index;
// spread: most CPU left, then most memory; fgd: least fragmentation growth, then best-fit's key.
// out.parts = {(server, 0)}.
bool findCpuOnlyPlacement(const ResourceModel& model, const GpuPool& gpus, const ResourcePool& res, const JobRequest& job,
                          PlacementPolicy policy, const FragmentationMeter* fgd, Placement& out);

} // namespace clens
