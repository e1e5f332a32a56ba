#include "core/sim/resource_pool.hpp"

#include <algorithm>
#include <stdexcept>

namespace clens {

ResourcePool::ResourcePool(const ResourceModel& model, const GpuPool& gpus) : model_(&model), gpus_(&gpus)
{
    const auto& cluster = gpus.cluster();
    const auto servers = idx(cluster.serverCount());
    cpuFree_.resize(servers);
    memFree_.resize(servers);
    for (std::int32_t s = 0; s < cluster.serverCount(); ++s) {
        cpuFree_[idx(s)] = model.capacity(s).cpu;
        memFree_[idx(s)] = model.capacity(s).mem;
    }
    shareUsed_.assign(idx(cluster.gpuCount()), 0);
    keyOf_.assign(idx(cluster.gpuCount()), GpuByFree{});
    partOf_.assign(servers, Part{});
    maxFree_.assign(servers, 0);
    version_.assign(servers, 0);
    isStaleByFree_.assign(servers, 0);
    cpuMemStale_.assign(servers, 0);
    maxCpu_ = MaxTree(servers);
    maxMem_ = MaxTree(servers);
    maxShare_ = MaxTree(servers);
    byGroup_.assign(idx(model.modelCount()) + 1, Part{});
    for (std::int32_t s = 0; s < cluster.serverCount(); ++s)
        touch(s);
}

std::int32_t ResourcePool::gpuFreeMilli(std::int32_t gpu) const
{
    const auto holder = gpus_->holder(gpu);
    if (holder == kSharedHolder)
        return 1000 - shareUsed_[idx(gpu)];
    return holder < 0 && gpus_->isUp(gpus_->cluster().serverOfGpu(gpu)) ? 1000 : 0;
}

void ResourcePool::overReserved()
{
    throw std::logic_error("ResourcePool::reserve: more than the server has free");
}

std::size_t ResourcePool::group(std::int32_t server) const
{
    const auto model = model_->capacity(server).model;
    return model < 0 ? idx(model_->modelCount()) : idx(model);
}

void ResourcePool::add(std::size_t g, const Part& p, int sign)
{
    auto& t = byGroup_[g];
    t.wholeGpus += sign * p.wholeGpus;
    t.gpuMilli += sign * p.gpuMilli;
    t.sharedMilli += sign * p.sharedMilli;
    t.cpu += sign * p.cpu;
    t.mem += sign * p.mem;
    t.unlimitedCpu += sign * p.unlimitedCpu;
    t.unlimitedMem += sign * p.unlimitedMem;
    freeMilli_ += sign * p.gpuMilli;
    freeSharedMilli_ += sign * p.sharedMilli;
}

void ResourcePool::touch(std::int32_t server)
{
    ++version_[idx(server)];
    const auto g = group(server);
    add(g, partOf_[idx(server)], -1);
    Part p;
    std::int32_t maxFree = 0;
    if (gpus_->isUp(server)) {
        const auto& info = gpus_->cluster().servers()[idx(server)];
        p.wholeGpus = gpus_->freeOn(server);
        for (std::int32_t gpu = info.firstGpu; gpu < info.firstGpu + info.gpus; ++gpu) {
            const auto free = gpuFreeMilli(gpu);
            p.gpuMilli += free;
            maxFree = std::max(maxFree, free);
            if (gpus_->holder(gpu) == kSharedHolder)
                p.sharedMilli += free;
        }
        const auto& cap = model_->capacity(server);
        if (cap.cpu == ResourceModel::kUnlimited)
            p.unlimitedCpu = 1;
        else
            p.cpu = cpuFree_[idx(server)];
        if (cap.mem == ResourceModel::kUnlimited)
            p.unlimitedMem = 1;
        else
            p.mem = memFree_[idx(server)];
    }
    partOf_[idx(server)] = p;
    maxFree_[idx(server)] = maxFree;
    if (!isStaleByFree_[idx(server)]) {
        isStaleByFree_[idx(server)] = 1;
        staleByFree_.push_back(server);
    }
    const bool up = gpus_->isUp(server);
    maxCpu_.set(idx(server), up ? cpuFree_[idx(server)] : MaxTree::kNone);
    maxMem_.set(idx(server), up ? memFree_[idx(server)] : MaxTree::kNone);
    maxShare_.set(idx(server), maxFree);
    add(g, p, +1);
}

void ResourcePool::refreshGpusByFree() const
{
    // A server's GPUs as of now, which is as of its last touch: the engine touches a server after
    // every change on it.
    for (const auto server : staleByFree_) {
        const auto serverFree = partOf_[idx(server)].gpuMilli;
        const auto& info = gpus_->cluster().servers()[idx(server)];
        for (std::int32_t gpu = info.firstGpu; gpu < info.firstGpu + info.gpus; ++gpu) {
            auto& key = keyOf_[idx(gpu)];
            const GpuByFree now{gpuFreeMilli(gpu), serverFree, server, gpu};
            if (key == now)
                continue;
            if (key.free > 0)
                byFree_.erase(key);
            key = now;
            if (now.free > 0)
                byFree_.insert(now);
        }
    }
    for (const auto server : staleByFree_)
        isStaleByFree_[idx(server)] = 0;
    staleByFree_.clear();
}

void ResourcePool::refreshCpuMem() const
{
    // The aggregates are the sum of the servers' parts as last recorded (touch() keeps that true
    // too), so a server's CPU and memory are brought in by the change since its part was recorded.
    for (const auto server : staleCpuMem_) {
        cpuMemStale_[idx(server)] = 0;
        if (!gpus_->isUp(server))
            continue; // went down since: touch() recorded it
        auto& p = partOf_[idx(server)];
        auto& t = byGroup_[group(server)];
        const auto& cap = model_->capacity(server);
        if (cap.cpu != ResourceModel::kUnlimited) {
            t.cpu += cpuFree_[idx(server)] - p.cpu;
            p.cpu = cpuFree_[idx(server)];
        }
        if (cap.mem != ResourceModel::kUnlimited) {
            t.mem += memFree_[idx(server)] - p.mem;
            p.mem = memFree_[idx(server)];
        }
        maxCpu_.set(idx(server), cpuFree_[idx(server)]);
        maxMem_.set(idx(server), memFree_[idx(server)]);
    }
    staleCpuMem_.clear();
}

ResourcePool::Totals ResourcePool::totals(std::int32_t modelSet) const
{
    if (!staleCpuMem_.empty())
        refreshCpuMem();
    Totals t;
    std::int32_t unlimitedCpu = 0, unlimitedMem = 0;
    for (std::size_t g = 0; g < byGroup_.size(); ++g) {
        const bool gpuLess = g == idx(model_->modelCount());
        if (modelSet >= 0 && (gpuLess || !model_->allowsModel(modelSet, static_cast<std::int32_t>(g))))
            continue;
        const auto& p = byGroup_[g];
        t.wholeGpus += p.wholeGpus;
        t.gpuMilli += p.gpuMilli;
        t.cpu += p.cpu;
        t.mem += p.mem;
        unlimitedCpu += p.unlimitedCpu;
        unlimitedMem += p.unlimitedMem;
    }
    if (unlimitedCpu > 0)
        t.cpu = ResourceModel::kUnlimited;
    if (unlimitedMem > 0)
        t.mem = ResourceModel::kUnlimited;
    return t;
}

} // namespace clens
