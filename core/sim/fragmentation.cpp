#include "core/sim/fragmentation.hpp"

#include <algorithm>
#include <cstring>
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

double FragmentationMeter::sortedFragmentation(std::int32_t model, const std::vector<std::int32_t>& sorted, std::int64_t cpuFree) const
{
    std::int64_t total = 0;
    for (const auto f : sorted)
        total += f;
    if (total == 0)
        return 0;
    double F = 0;
    for (const auto& c : classes_) {
        // GPUs with less free than the class's share per GPU come first in `sorted`.
        const auto below = static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), c.milliPerGpu) - sorted.begin());
        bool fits = cpuFree >= c.cpu;
        if (fits && c.gpus > 0)
            fits = static_cast<std::int64_t>(sorted.size() - below) >= c.gpus && model >= 0 && (c.models == 0 || model_->allowsModel(c.models, model));
        std::int64_t unusable = total;
        if (fits) {
            unusable = 0;
            for (std::size_t i = 0; i < below; ++i)
                unusable += sorted[i];
        }
        F += c.popularity * static_cast<double>(unusable);
    }
    return F;
}

double FragmentationMeter::fragmentation(std::int32_t server, const std::vector<std::int32_t>& freeMilli, std::int64_t cpuFree) const
{
    auto sorted = freeMilli;
    std::sort(sorted.begin(), sorted.end());
    return sortedFragmentation(model_->capacity(server).model, sorted, cpuFree);
}

double FragmentationMeter::fragmentation(std::int32_t server) const
{
    freeShares(server, scratch_);
    return fragmentation(server, scratch_, res_->cpuFree(server));
}

std::int32_t FragmentationMeter::stateOf(std::int32_t server) const
{
    const auto s = static_cast<std::size_t>(server);
    if (stateOf_.size() != static_cast<std::size_t>(gpus_->cluster().serverCount())) {
        stateOf_.assign(static_cast<std::size_t>(gpus_->cluster().serverCount()), -1);
        seenVersion_.assign(stateOf_.size(), 0);
    }
    if (stateOf_[s] >= 0 && seenVersion_[s] == res_->version(server))
        return stateOf_[s];
    if (states_.size() > (1u << 20)) { // a long run's many states: start afresh
        stateIds_.clear();
        states_.clear();
        std::fill(stateOf_.begin(), stateOf_.end(), -1);
        growthOf_.clear();
    }
    freeShares(server, scratch_);
    std::sort(scratch_.begin(), scratch_.end());
    const auto model = model_->capacity(server).model;
    const auto cpu = res_->cpuFree(server);
    key_.assign(reinterpret_cast<const char*>(&model), sizeof model);
    key_.append(reinterpret_cast<const char*>(&cpu), sizeof cpu);
    key_.append(reinterpret_cast<const char*>(scratch_.data()), scratch_.size() * sizeof(std::int32_t));
    const auto [it, inserted] = stateIds_.emplace(key_, static_cast<std::int32_t>(states_.size()));
    if (inserted)
        states_.push_back(key_);
    stateOf_[s] = it->second;
    seenVersion_[s] = res_->version(server);
    return it->second;
}

template <class After>
double FragmentationMeter::cachedGrowth(std::int32_t server, std::uint32_t op, After&& after) const
{
    const auto state = stateOf(server);
    const auto key = (static_cast<std::uint64_t>(state) << 32) | op;
    if (const auto it = growthOf_.find(key); it != growthOf_.end())
        return it->second;
    // Unpack the state: model, free CPU, sorted free shares.
    const auto& k = states_[static_cast<std::size_t>(state)];
    std::int32_t model = 0;
    std::int64_t cpu = 0;
    std::memcpy(&model, k.data(), sizeof model);
    std::memcpy(&cpu, k.data() + sizeof model, sizeof cpu);
    scratch_.resize((k.size() - sizeof model - sizeof cpu) / sizeof(std::int32_t));
    std::memcpy(scratch_.data(), k.data() + sizeof model + sizeof cpu, scratch_.size() * sizeof(std::int32_t));
    after_ = scratch_;
    const auto cpuAfter = after(after_, cpu);
    std::sort(after_.begin(), after_.end());
    const double g = sortedFragmentation(model, after_, cpuAfter) - sortedFragmentation(model, scratch_, cpu);
    growthOf_.emplace(key, g);
    return g;
}

double FragmentationMeter::growth(std::int32_t server, std::int32_t gpus) const
{
    // Taking whole GPUs empties `gpus` of its fully free ones.
    return cachedGrowth(server, static_cast<std::uint32_t>(gpus), [&](std::vector<std::int32_t>& free, std::int64_t cpu) {
        std::int32_t taken = 0;
        for (auto& f : free)
            if (taken < gpus && f == 1000) {
                f = 0;
                ++taken;
            }
        return cpu - job_.cpuFor(gpus);
    });
}

double FragmentationMeter::shareGrowth(std::int32_t server, std::int32_t gpu) const
{
    // A share on a GPU with `free` free: any GPU of the state with that much free will do.
    const auto free = res_->gpuFreeMilli(gpu);
    return cachedGrowth(server, (1u << 30) | static_cast<std::uint32_t>(free), [&](std::vector<std::int32_t>& frees, std::int64_t cpu) {
        *std::find(frees.begin(), frees.end(), free) -= job_.milli;
        return cpu - job_.cpu;
    });
}

double FragmentationMeter::cpuOnlyGrowth(std::int32_t server) const
{
    return cachedGrowth(server, 1u << 31, [&](std::vector<std::int32_t>&, std::int64_t cpu) { return cpu - job_.cpu; });
}

} // namespace clens
