#pragma once
// What each server has and each job asks besides whole GPUs (docs/resources.md), resolved once
// per simulation: server capacities with resources.server_defaults applied, job requests with
// resources.job_defaults applied, GPU models as small ids, and request classes (jobs that are
// interchangeable for placement share a class: same GPUs, CPU, memory, share and models).
//
// Units are exact integers: CPU in millicores, memory in MiB (a file's cores × 1000 and GB × 1024,
// rounded). A job with g_s of its g GPUs on a server reserves ceil(cpu · g_s / g) there.
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/scenario.hpp"

#include <cstdint>
#include <limits>
#include <map>
#include <tuple>
#include <string>
#include <vector>

namespace clens {

struct JobRequest {
    std::int32_t gpus = 0;
    std::int32_t milli = 1000; // share of one GPU (< 1000 only for 1-GPU jobs)
    std::int64_t cpu = 0;      // millicores for the whole job (0: none)
    std::int64_t mem = 0;      // MiB for the whole job (0: none)
    std::int32_t models = 0;   // index into Trace::gpuModelSets (0: any)
    std::int32_t cls = 0;      // request class

    bool share() const { return gpus == 1 && milli < 1000; }
    // What g_s of the job's GPUs reserve on one server (all of it for a 0-GPU or share job).
    std::int64_t cpuFor(std::int32_t gpusThere) const { return portion(cpu, gpusThere); }
    std::int64_t memFor(std::int32_t gpusThere) const { return portion(mem, gpusThere); }
    // GPU capacity the job occupies, in thousandths of a GPU, when running on `alloc` GPUs.
    std::int64_t gpuMilliFor(std::int32_t alloc) const { return share() ? milli : std::int64_t{1000} * alloc; }

private:
    std::int64_t portion(std::int64_t total, std::int32_t gpusThere) const
    {
        if (gpus <= 1 || gpusThere >= gpus)
            return total;
        return (total * gpusThere + gpus - 1) / gpus; // ceil
    }
};

struct ServerCapacity {
    std::int64_t cpu = 0;   // millicores (kUnlimited: unlimited)
    std::int64_t mem = 0;   // MiB (kUnlimited: unlimited)
    std::int32_t model = -1; // GPU model id, -1 for a server without GPUs
};

class ResourceModel {
public:
    static constexpr std::int64_t kUnlimited = std::numeric_limits<std::int64_t>::max() / 8;

    // keepRequests: keep per-job requests and classes even when not active (fgd placement needs them).
    ResourceModel(const Topology& cluster, const Trace& trace, const Scenario::Resources& rules, bool keepRequests = false);

    // False when no simulated job asks for CPU, memory, a GPU share or a GPU model, and none asks
    // for no GPU: then the simulation needs nothing but whole GPUs (the GPU-only engine path).
    bool active() const { return active_; }
    // Kept per job only when active or asked to (else every request is whole GPUs, nothing else).
    JobRequest request(std::int32_t job) const;
    // The kept request (only when kept(): the resource-mode engine's hot path).
    const JobRequest& requestRef(std::int32_t job) const { return requests_[static_cast<std::size_t>(job)]; }
    bool kept() const { return kept_; }
    // What a job asks to start with changes (the autoscaler: its first interval's reservation);
    // it joins the request class of its new amounts. Only when kept().
    void setStartRequest(std::int32_t job, std::int64_t cpu, std::int64_t mem);
    const ServerCapacity& capacity(std::int32_t server) const { return caps_[static_cast<std::size_t>(server)]; }
    std::int32_t modelCount() const { return static_cast<std::int32_t>(modelNames_.size()); }
    const std::string& modelName(std::int32_t model) const { return modelNames_[static_cast<std::size_t>(model)]; }
    std::int32_t classCount() const { return classes_; }
    // May a job with this model set use this server's GPUs? (A server without GPUs: never.)
    bool allowed(std::int32_t modelSet, std::int32_t server) const
    {
        const auto model = caps_[static_cast<std::size_t>(server)].model;
        return model >= 0 && (modelSet == 0 || allowsModel(modelSet, model));
    }
    bool allowsModel(std::int32_t modelSet, std::int32_t model) const
    {
        return allowed_[static_cast<std::size_t>(modelSet) * modelNames_.size() + static_cast<std::size_t>(model)] != 0;
    }
    std::size_t modelSetCount() const { return modelSets_; }
    // Sums over servers with a finite capacity; false when some server's is unlimited.
    bool cpuBounded() const { return cpuBounded_; }
    bool memBounded() const { return memBounded_; }
    std::int64_t totalCpu() const { return totalCpu_; }
    std::int64_t totalMem() const { return totalMem_; }

private:
    const Trace* trace_;
    std::vector<JobRequest> requests_;
    std::map<std::tuple<std::int32_t, std::int32_t, std::int64_t, std::int64_t, std::int32_t>, std::int32_t> classIds_;
    std::vector<ServerCapacity> caps_;
    std::vector<std::string> modelNames_;
    std::vector<std::uint8_t> allowed_; // [model set * models + model]
    std::size_t modelSets_ = 0;
    std::int32_t classes_ = 0;
    bool active_ = false;
    bool kept_ = false;
    bool cpuBounded_ = true, memBounded_ = true;
    std::int64_t totalCpu_ = 0, totalMem_ = 0;
};

} // namespace clens
