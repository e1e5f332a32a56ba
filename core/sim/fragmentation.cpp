#include "core/sim/fragmentation.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace clens {

std::vector<TaskClass> taskClasses(const Trace& trace, const ResourceModel& model)
{
    using Key = std::tuple<std::int64_t, std::int32_t, std::int32_t, std::int32_t>; // cpu, share per GPU, GPUs, models
    std::map<Key, std::size_t> index;
    std::vector<TaskClass> all;
    std::int64_t jobs = 0;
    for (std::size_t i = 0; i < trace.jobs.size(); ++i) {
        if (!trace.jobs[i].simulated())
            continue;
        const auto& r = model.request(static_cast<std::int32_t>(i));
        const std::int32_t share = r.gpus == 0 ? 0 : r.milli;
        const auto [it, inserted] = index.emplace(Key{r.cpu, share, r.gpus, r.models}, all.size());
        if (inserted)
            all.push_back(TaskClass{r.gpus, share, r.cpu, r.models, 0.0, 0});
        ++all[it->second].tasks;
        ++jobs;
    }
    std::stable_sort(all.begin(), all.end(), [](const TaskClass& a, const TaskClass& b) { return a.tasks > b.tasks; });
    std::vector<TaskClass> kept;
    std::int64_t covered = 0;
    for (const auto& c : all) {
        if (static_cast<double>(covered) >= 0.95 * static_cast<double>(jobs))
            break;
        kept.push_back(c);
        covered += c.tasks;
    }
    for (auto& c : kept)
        c.popularity = static_cast<double>(c.tasks) / static_cast<double>(covered);
    return kept;
}

FragmentationMeter::FragmentationMeter(std::vector<TaskClass> classes, const ResourceModel& model, const GpuPool& gpus,
                                       const ResourcePool& resources)
    : classes_(std::move(classes)), model_(&model), gpus_(&gpus), res_(&resources)
{
}

void FragmentationMeter::freeShares(std::int32_t server, std::vector<std::int32_t>& out) const
{
    const auto& info = gpus_->cluster().servers()[static_cast<std::size_t>(server)];
    out.clear();
    for (std::int32_t g = info.firstGpu; g < info.firstGpu + info.gpus; ++g)
        out.push_back(res_->gpuFreeMilli(g));
}

double FragmentationMeter::fragmentation(std::int32_t server, const std::vector<std::int32_t>& freeMilli,
                                         std::int64_t cpuFree) const
{
    std::int64_t total = 0;
    for (const auto f : freeMilli)
        total += f;
    if (total == 0)
        return 0;
    double F = 0;
    for (const auto& c : classes_) {
        bool fits = cpuFree >= c.cpu;
        if (fits && c.gpus > 0) {
            const auto enough = std::count_if(freeMilli.begin(), freeMilli.end(), [&](std::int32_t f) { return f >= c.milliPerGpu; });
            fits = enough >= c.gpus && model_->allowed(c.models, server);
        }
        std::int64_t unusable = total;
        if (fits) {
            unusable = 0;
            for (const auto f : freeMilli)
                if (f < c.milliPerGpu)
                    unusable += f;
        }
        F += c.popularity * static_cast<double>(unusable);
    }
    return F;
}

double FragmentationMeter::fragmentation(std::int32_t server) const
{
    freeShares(server, scratch_);
    return fragmentation(server, scratch_, res_->cpuFree(server));
}

double FragmentationMeter::growth(std::int32_t server, std::int32_t gpus) const
{
    freeShares(server, scratch_);
    const auto cpu = res_->cpuFree(server);
    const double before = fragmentation(server, scratch_, cpu);
    std::int32_t taken = 0;
    for (auto& f : scratch_)
        if (taken < gpus && f == 1000) {
            f = 0;
            ++taken;
        }
    return fragmentation(server, scratch_, cpu - job_.cpuFor(gpus)) - before;
}

double FragmentationMeter::shareGrowth(std::int32_t server, std::int32_t gpu) const
{
    freeShares(server, scratch_);
    const auto cpu = res_->cpuFree(server);
    const double before = fragmentation(server, scratch_, cpu);
    scratch_[static_cast<std::size_t>(gpu - gpus_->cluster().servers()[static_cast<std::size_t>(server)].firstGpu)] -= job_.milli;
    return fragmentation(server, scratch_, cpu - job_.cpu) - before;
}

double FragmentationMeter::cpuOnlyGrowth(std::int32_t server) const
{
    freeShares(server, scratch_);
    const auto cpu = res_->cpuFree(server);
    return fragmentation(server, scratch_, cpu - job_.cpu) - fragmentation(server, scratch_, cpu);
}

} // namespace clens
