#include "core/sim/resource_model.hpp"

#include <algorithm>
#include <cmath>

namespace clens {

namespace {

// A file's value (cores or GB; unknown when NaN or <= 0) in integer units, else the default,
// else unlimited.
std::int64_t capacityOf(double value, const std::optional<double>& fallback, double unit)
{
    if (std::isfinite(value) && value > 0)
        return std::llround(value * unit);
    if (fallback)
        return std::llround(*fallback * unit);
    return ResourceModel::kUnlimited;
}

// A job's whole request: its own value when the trace says, else the per-GPU default × GPUs,
// else none.
std::int64_t requestOf(double value, const std::optional<double>& perGpu, std::int32_t gpus, double unit)
{
    if (std::isfinite(value))
        return std::max<std::int64_t>(0, std::llround(value * unit));
    if (perGpu)
        return std::llround(*perGpu * unit * gpus);
    return 0;
}

} // namespace

ResourceModel::ResourceModel(const Topology& cluster, const Trace& trace, const Scenario::Resources& rules, bool keepRequests)
    : trace_(&trace)
{
    std::map<std::string, std::int32_t> modelIds;
    for (const auto& s : cluster.servers()) {
        ServerCapacity c;
        c.cpu = capacityOf(s.cpuCores, rules.serverDefaults.cpuCores, 1000.0);
        c.mem = capacityOf(s.memGb, rules.serverDefaults.memGb, 1024.0);
        if (s.gpus > 0) {
            const auto [it, inserted] = modelIds.emplace(s.gpuModel, static_cast<std::int32_t>(modelNames_.size()));
            if (inserted)
                modelNames_.push_back(s.gpuModel);
            c.model = it->second;
        }
        cpuBounded_ = cpuBounded_ && c.cpu != kUnlimited;
        memBounded_ = memBounded_ && c.mem != kUnlimited;
        totalCpu_ += c.cpu == kUnlimited ? 0 : c.cpu;
        totalMem_ += c.mem == kUnlimited ? 0 : c.mem;
        caps_.push_back(c);
    }
    // Model set 0 allows every model; the others the models they name (a model no server has is
    // simply never found).
    modelSets_ = trace.gpuModelSets.size();
    const auto models = modelNames_.size();
    allowed_.assign(modelSets_ * models, 0);
    std::fill(allowed_.begin(), allowed_.begin() + static_cast<std::ptrdiff_t>(models), std::uint8_t{1});
    for (std::size_t set = 1; set < modelSets_; ++set)
        for (const auto& name : splitGpuModels(trace.gpuModelSets[set]))
            if (const auto it = modelIds.find(name); it != modelIds.end())
                allowed_[set * models + static_cast<std::size_t>(it->second)] = 1;

    const auto requestFor = [&](const Job& job) {
        JobRequest r;
        r.gpus = job.gpus;
        r.milli = job.gpus == 1 && job.gpuMilli >= 1 && job.gpuMilli < 1000 ? job.gpuMilli : 1000;
        r.cpu = requestOf(job.cpuCores, rules.jobDefaults.cpuPerGpu, job.gpus, 1000.0);
        r.mem = requestOf(job.memGb, rules.jobDefaults.memGbPerGpu, job.gpus, 1024.0);
        r.models = job.gpuModels >= 0 && static_cast<std::size_t>(job.gpuModels) < modelSets_ ? job.gpuModels : 0;
        return r;
    };
    // Resource mode is on when some simulated job asks more than whole GPUs. Decided before any
    // request is stored: a GPU-only run of ten million jobs keeps none (320 MB never touched).
    active_ = std::any_of(trace.jobs.begin(), trace.jobs.end(), [&](const Job& job) {
        const auto r = requestFor(job);
        return job.simulated() && (r.cpu > 0 || r.mem > 0 || r.share() || r.models != 0 || r.gpus == 0);
    });
    kept_ = active_ || keepRequests;
    if (!kept_)
        return;
    requests_.reserve(trace.jobs.size());
    for (const auto& job : trace.jobs)
        requests_.push_back(requestFor(job));
    for (auto& r : requests_)
        r.cls = classIds_.emplace(std::make_tuple(r.gpus, r.milli, r.cpu, r.mem, r.models), static_cast<std::int32_t>(classIds_.size()))
                    .first->second;
    classes_ = static_cast<std::int32_t>(classIds_.size());
}

void ResourceModel::setStartRequest(std::int32_t job, std::int64_t cpu, std::int64_t mem)
{
    auto& r = requests_[static_cast<std::size_t>(job)];
    r.cpu = cpu;
    r.mem = mem;
    r.cls = classIds_.emplace(std::make_tuple(r.gpus, r.milli, r.cpu, r.mem, r.models), static_cast<std::int32_t>(classIds_.size()))
                .first->second;
    classes_ = static_cast<std::int32_t>(classIds_.size());
}

JobRequest ResourceModel::request(std::int32_t job) const
{
    if (kept_)
        return requests_[static_cast<std::size_t>(job)];
    JobRequest r;
    r.gpus = trace_->jobs[static_cast<std::size_t>(job)].gpus;
    return r;
}


} // namespace clens
