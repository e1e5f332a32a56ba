#include "core/pack/packing_experiment.hpp"

#include "core/pack/packing_arrivals.hpp"
#include "core/sim/gpu_pool.hpp"
#include "core/sim/placement.hpp"
#include "core/sim/resource_placement.hpp"
#include "core/sim/resource_pool.hpp"
#include "core/util/input_error.hpp"
#include "core/util/shuffle.hpp"

#include <boost/random/mersenne_twister.hpp>

#include <cmath>
#include <numeric>
#include <string>

namespace clens {

namespace {

std::size_t idx(std::int32_t i) { return static_cast<std::size_t>(i); }

// The node order's generator is seeded with seed + this (the arrivals' with seed itself).
constexpr std::uint64_t kNodeOrderStream = 0x9e3779b97f4a7c15ull;

// The cluster's state during one experiment and the one placement rule per kind of pod.
class PackingCluster {
public:
    PackingCluster(const Topology& cluster, const ResourceModel& model, std::vector<TaskClass> classes, PlacementPolicy policy)
        : model_(model), pool_(cluster), res_(model, pool_), meter_(std::move(classes), model, pool_, res_), room_(model, pool_, res_),
          policy_(policy)
    {
        for (std::int32_t s = 0; s < cluster.serverCount(); ++s)
            fragOf_.push_back(meter_.fragmentation(s));
        for (const auto f : fragOf_)
            fragmentation_ += f;
    }

    double fragmentation() const { return fragmentation_; }

    // Places the pod on one server; false when none can take it. Appends the GPUs it takes and
    // sets step.server and step.gpuCount (step.firstGpu is where they start).
    bool place(const JobRequest& pod, std::int32_t holder, PackStep& step, std::vector<std::int32_t>& gpus)
    {
        Placement p;
        const auto* fgd = measuresFragmentation(policy_) ? &meter_ : nullptr;
        if (fgd)
            meter_.setJob(pod);
        bool found;
        if (pod.gpus == 0) {
            found = findCpuOnlyPlacement(model_, pool_, res_, pod, policy_, fgd, p);
        } else if (pod.share()) {
            found = findSharePlacement(model_, pool_, res_, pod, policy_, fgd, p);
        } else {
            room_.setJob(pod);
            PlacementContext ctx{&room_, fgd};
            found = findPlacement(pool_, pod.gpus, LocalityLevel::Server, 1, policy_, p, ctx);
        }
        if (!found)
            return false;
        const auto server = p.parts.front().first;
        step.server = server;
        if (pod.share()) {
            if (pool_.holder(p.shareGpu) == -1)
                pool_.takeExact(std::span(&p.shareGpu, 1), ResourcePool::kSharedHolder);
            res_.addShare(p.shareGpu, pod.milli);
            gpus.push_back(p.shareGpu);
        } else if (pod.gpus > 0) {
            pool_.take(server, pod.gpus, holder, gpus);
        }
        step.gpuCount = static_cast<std::int32_t>(gpus.size()) - step.firstGpu;
        res_.reserve(server, pod.cpu, pod.mem); // one server: the whole request
        res_.touch(server);
        const auto after = meter_.fragmentation(server);
        fragmentation_ += after - fragOf_[idx(server)];
        fragOf_[idx(server)] = after;
        return true;
    }

private:
    const ResourceModel& model_;
    GpuPool pool_;
    ResourcePool res_;
    FragmentationMeter meter_;
    JobRoom room_;
    PlacementPolicy policy_;
    std::vector<double> fragOf_; // F_s, per server
    double fragmentation_ = 0;
};

PackResult packInOrder(const Topology& cluster, const Trace& trace, const ResourceModel& model, PlacementPolicy placement,
                       const std::vector<std::int32_t>& arrivals, const ProgressFn& progress)
{
    PackResult out;
    out.capacityMilli = std::int64_t{1000} * cluster.gpuCount();
    out.classes = taskClasses(trace, model);
    PackingCluster state(cluster, model, out.classes, placement);
    out.fragmentationBefore = state.fragmentation();
    out.steps.reserve(arrivals.size());
    ProgressTicker ticker(progress, 1024);
    PackStep step;
    for (std::size_t i = 0; i < arrivals.size(); ++i) {
        const auto& pod = model.requestRef(arrivals[i]);
        step.job = arrivals[i];
        step.server = -1;
        step.gpuMilli = pod.gpus == 0 ? 0 : pod.milli;
        step.firstGpu = static_cast<std::int32_t>(out.gpus.size());
        step.gpuCount = 0;
        step.cpuMilli = pod.cpu;
        step.memMiB = pod.mem;
        step.arrivedMilli += podGpuMilli(pod);
        if (state.place(pod, static_cast<std::int32_t>(i), step, out.gpus))
            step.allocatedMilli += podGpuMilli(pod);
        else
            ++step.failed;
        step.fragmentedMilli = state.fragmentation();
        out.steps.push_back(step);
        ticker.tick(static_cast<double>(i + 1) / static_cast<double>(arrivals.size()));
    }
    ticker.finish();
    return out;
}

} // namespace

PackResult runPacking(const Topology& cluster, const Trace& trace, const PackOptions& options, const ProgressFn& progress)
{
    if (!(options.inflate > 0) || !std::isfinite(options.inflate))
        throw InputError("", 0, "inflate", "must be a number greater than 0");
    const ResourceModel model(cluster, trace, options.resources, true);
    const auto arrivals = packingArrivals(trace, model, std::int64_t{1000} * cluster.gpuCount(), options.inflate, options.seed);
    if (options.nodeOrder == NodeOrder::File)
        return packInOrder(cluster, trace, model, options.placement, arrivals, progress);

    // The servers in a random order from a stream apart from the arrivals', racks dropped (a pod
    // takes one server: racks play no part), so that "lowest index" is that order.
    std::vector<std::int32_t> order(static_cast<std::size_t>(cluster.serverCount()));
    std::iota(order.begin(), order.end(), 0);
    boost::random::mt19937_64 rng(options.seed + kNodeOrderStream);
    shuffleInPlace(order, rng);
    const auto specs = cluster.specs();
    std::vector<ServerSpec> shuffled;
    for (const auto s : order) {
        shuffled.push_back(specs[idx(s)]);
        shuffled.back().rack.reset();
    }
    const auto permuted = Topology::build(std::move(shuffled), cluster.rackSize());
    const ResourceModel permutedModel(permuted, trace, options.resources, true);
    auto out = packInOrder(permuted, trace, permutedModel, options.placement, arrivals, progress);
    for (auto& g : out.gpus) { // back to the cluster's own indices
        const auto s = permuted.serverOfGpu(g);
        g = cluster.servers()[idx(order[idx(s)])].firstGpu + (g - permuted.servers()[idx(s)].firstGpu);
    }
    for (auto& step : out.steps)
        if (step.server >= 0)
            step.server = order[idx(step.server)];
    return out;
}

PackResult runPackingInOrder(const Topology& cluster, const Trace& trace, PlacementPolicy placement, const Scenario::Resources& resources,
                             const std::vector<std::int32_t>& arrivals)
{
    const ResourceModel model(cluster, trace, resources, true);
    for (const auto j : arrivals)
        if (j < 0 || static_cast<std::size_t>(j) >= trace.jobs.size() || !trace.jobs[static_cast<std::size_t>(j)].simulated())
            throw InputError("", 0, "arrivals", "job " + std::to_string(j) + " is not a pod of the trace");
    return packInOrder(cluster, trace, model, placement, arrivals, {});
}

} // namespace clens
