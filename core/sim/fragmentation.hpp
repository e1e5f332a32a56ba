#pragma once
// GPU fragmentation as FGD measures it (Weng et al., "Beware of Fragmentation", USENIX ATC 2023;
// docs/resources.md "`fgd` — fragmentation gradient descent"). The trace's jobs define task classes
// — (CPU, GPU share per GPU, GPU count, allowed models), memory ignored — of which the most common
// are kept until they cover 95% of the jobs, their popularities rescaled to sum to 1. A server's
// fragmentation is
//   F_s = Σ_m p_m · (the free GPU capacity of s that class m cannot use),
// which is all its free GPU capacity when m does not fit on s (too few GPUs with m's share free,
// too little CPU, or no GPU of an allowed model), else the free shares of its GPUs that have
// less free than m's per-GPU share. Capacity is counted in thousandths of a GPU.
#include "core/model/trace.hpp"
#include "core/sim/placement.hpp"
#include "core/sim/resource_pool.hpp"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace clens {

struct TaskClass {
    std::int32_t gpus = 0;        // GPUs per task
    std::int32_t milliPerGpu = 0; // share needed on each of them (1000: whole; 0: no GPU)
    std::int64_t cpu = 0;         // millicores
    std::int32_t models = 0;      // allowed model set
    double popularity = 0;
    std::int64_t tasks = 0; // jobs of the trace in this class
};

// The classes of the trace's simulated jobs, most common first (ties: first seen), cut at 95%
// coverage and rescaled.
std::vector<TaskClass> taskClasses(const Trace& trace, const ResourceModel& model);

class FragmentationMeter : public ServerScorer {
public:
    FragmentationMeter(std::vector<TaskClass> classes, const ResourceModel& model, const GpuPool& gpus,
                       const ResourcePool& resources);

    const std::vector<TaskClass>& classes() const { return classes_; }
    // F_s now.
    double fragmentation(std::int32_t server) const;
    // F_s with these GPUs' free shares and this much free CPU (a hypothetical state of s).
    double fragmentation(std::int32_t server, const std::vector<std::int32_t>& freeMilli, std::int64_t cpuFree) const;

    // The job about to be placed (its CPU request and GPU count decide what each option takes).
    // Call before each placement: servers in the same state grow alike and are scored once.
    void setJob(const JobRequest& job)
    {
        job_ = job;
        growthOf_.clear();
    }
    // Growth of F_s if the job takes `gpus` whole GPUs on s (lowest-index free GPUs first, its
    // CPU portion for them), or — for a share job — a share on `gpu`, or — for a 0-GPU job — only
    // its CPU.
    double growth(std::int32_t server, std::int32_t gpus) const override;
    double shareGrowth(std::int32_t server, std::int32_t gpu) const;
    double cpuOnlyGrowth(std::int32_t server) const;

private:
    void freeShares(std::int32_t server, std::vector<std::int32_t>& out) const;
    // The server's state (model, free CPU, sorted free shares) as a small id: servers in the same
    // state grow alike. Recomputed only when the server changed since.
    std::int32_t stateOf(std::int32_t server) const;
    // Growth for an option `op` of the current job on the server, computed once per state.
    template <class After>
    double cachedGrowth(std::int32_t server, std::uint32_t op, After&& after) const;
    // F of sorted free shares.
    double sortedFragmentation(std::int32_t model, const std::vector<std::int32_t>& sortedFree, std::int64_t cpuFree) const;

    std::vector<TaskClass> classes_;
    const ResourceModel* model_;
    const GpuPool* gpus_;
    const ResourcePool* res_;
    JobRequest job_;
    mutable std::vector<std::int32_t> scratch_, after_;
    mutable std::unordered_map<std::uint64_t, double> growthOf_; // (state id, option) -> growth, this placement
    mutable std::unordered_map<std::string, std::int32_t> stateIds_;
    mutable std::vector<std::string> states_; // per id: the state's key
    mutable std::vector<std::int32_t> stateOf_;
    mutable std::vector<std::uint64_t> seenVersion_;
    mutable std::string key_;
};

} // namespace clens
