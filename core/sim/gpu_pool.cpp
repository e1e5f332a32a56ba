#include "core/sim/gpu_pool.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace clens {

GpuPool::GpuPool(const Topology& cluster) : cluster_(&cluster)
{
    const auto& servers = cluster.servers();
    for (const auto& s : servers)
        maxF_ = std::max(maxF_, s.gpus);
    const auto nf = idx(maxF_) + 1;
    holder_.assign(idx(cluster.gpuCount()), -1);
    for (const auto& s : servers) {
        rackOf_.push_back(s.rack);
        installed_.push_back(s.gpus);
        firstGpu_.push_back(s.firstGpu);
    }
    free_.assign(servers.size(), 0);
    up_.assign(servers.size(), 1);
    rackFree_.assign(idx(cluster.rackCount()), 0);
    countF_.assign(nf, 0);
    rackCountF_.assign(idx(cluster.rackCount()) * nf, 0);
    rackHas_.assign(idx(cluster.rackCount()), 0);
    std::int32_t maxRackGpus = 0;
    for (const auto& r : cluster.racks()) {
        std::int32_t gpus = 0;
        for (std::int32_t s = r.firstServer; s < r.firstServer + r.serverCount; ++s)
            gpus += servers[idx(s)].gpus;
        maxRackGpus = std::max(maxRackGpus, gpus);
    }
    racks_ = RackIndex(cluster.rackCount(), maxF_, maxRackGpus);
    racks_.keep(false, false); // until a search reads them (indexedRacks)
    rackStale_.assign(idx(cluster.rackCount()), 0);
    serverBits_.assign(nf, SummaryBitset(servers.size()));
    for (std::size_t s = 0; s < servers.size(); ++s) {
        const auto f = servers[s].gpus;
        const auto r = idx(servers[s].rack);
        free_[s] = f;
        totalFree_ += f;
        rackFree_[r] += f;
        ++countF_[idx(f)];
        ++rackCountF_[r * nf + idx(f)];
        if (maxF_ <= 63)
            rackHas_[r] |= std::uint64_t{1} << f;
        serverBits_[idx(f)].set(s);
        if (f > 0)
            ++fullyFree_;
    }
    for (std::int32_t r = 0; r < cluster.rackCount(); ++r)
        indexRack(r);
}

std::int32_t GpuPool::maxServerFree() const
{
    for (std::int32_t f = maxF_; f > 0; --f)
        if (countF_[idx(f)] > 0)
            return f;
    return 0;
}

void GpuPool::dropGainsBefore(std::uint64_t p)
{
    if (p <= gainsBase_)
        return;
    gains_.erase(gains_.begin(), gains_.begin() + static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(p - gainsBase_, gains_.size())));
    gainsBase_ = std::max(p, gainsBase_);
}

void GpuPool::indexStaleRacks() const
{
    for (const auto rack : staleRacks_) {
        rackStale_[idx(rack)] = 0;
        indexRack(rack);
    }
    staleRacks_.clear();
}

void GpuPool::indexRack(std::int32_t rack) const
{
    const auto nf = idx(maxF_) + 1;
    if (maxF_ <= 63) { // which free counts the rack holds, a bit each, kept as they change
        const auto mask = rackHas_[idx(rack)] & ~std::uint64_t{1}; // f >= 1
        racks_.update(rack, rackFree_[idx(rack)], mask, [&](std::int32_t f) { return (mask >> f & 1) != 0; });
        return;
    }
    const auto* counts = &rackCountF_[idx(rack) * nf];
    racks_.update(rack, rackFree_[idx(rack)], 0, [&](std::int32_t f) { return counts[idx(f)] > 0; });
}

void GpuPool::setServerFree(std::int32_t server, std::int32_t newFree, bool newUp)
{
    const auto s = idx(server);
    const auto oldFree = free_[s];
    const bool oldUp = up_[s] != 0;
    if (oldFree == newFree && oldUp == newUp)
        return;
    if (changed_)
        changed_->push_back(server);
    const auto rack = rackOf_[s];
    const auto installed = installed_[s];
    if (logGains_ && newUp && (!oldUp || newFree > oldFree))
        gains_.push_back(rack);
    const auto nf = idx(maxF_) + 1;
    if (oldUp) {
        --countF_[idx(oldFree)];
        if (--rackCountF_[idx(rack) * nf + idx(oldFree)] == 0 && maxF_ <= 63)
            rackHas_[idx(rack)] &= ~(std::uint64_t{1} << oldFree);
        serverBits_[idx(oldFree)].reset(s);
        if (oldFree == installed && installed > 0)
            --fullyFree_;
    }
    if (newUp) {
        ++countF_[idx(newFree)];
        if (rackCountF_[idx(rack) * nf + idx(newFree)]++ == 0 && maxF_ <= 63)
            rackHas_[idx(rack)] |= std::uint64_t{1} << newFree;
        serverBits_[idx(newFree)].set(s);
        if (newFree == installed && installed > 0)
            ++fullyFree_;
    }
    if (oldUp != newUp)
        downServers_ += newUp ? -1 : 1;
    totalFree_ += newFree - oldFree;
    rackFree_[idx(rack)] += newFree - oldFree;
    free_[s] = newFree;
    up_[s] = newUp ? 1 : 0;
    markStale(rack);
}

void GpuPool::takeInto(std::int32_t server, std::int32_t count, std::int32_t job, std::int32_t* out)
{
    std::int32_t taken = 0;
    for (std::int32_t g = firstGpu_[idx(server)]; taken < count; ++g)
        if (holder_[idx(g)] == -1) {
            holder_[idx(g)] = job;
            out[taken++] = g;
        }
    setServerFree(server, free_[idx(server)] - count, true);
}

void GpuPool::takeExact(std::span<const std::int32_t> gpus, std::int32_t job)
{
    std::size_t i = 0;
    while (i < gpus.size()) {
        const auto server = cluster_->serverOfGpu(gpus[i]);
        std::int32_t count = 0;
        for (; i < gpus.size() && cluster_->serverOfGpu(gpus[i]) == server; ++i) {
            if (holder_[idx(gpus[i])] != -1 || !isUp(server))
                throw std::logic_error("GpuPool::takeExact: GPU not free");
            holder_[idx(gpus[i])] = job;
            ++count;
        }
        setServerFree(server, free_[idx(server)] - count, true);
    }
}

void GpuPool::release(std::span<const std::int32_t> gpus)
{
    const auto n = gpus.size();
    std::size_t i = 0;
    while (i < n) {
        const auto server = cluster_->serverOfGpu(gpus[i]);
        std::int32_t count = 0;
        for (; i < n && cluster_->serverOfGpu(gpus[i]) == server; ++i) {
            holder_[idx(gpus[i])] = -1;
            ++count;
        }
        if (isUp(server))
            setServerFree(server, free_[idx(server)] + count, true);
    }
}

void GpuPool::setDown(std::int32_t server)
{
    const auto& info = cluster_->servers()[idx(server)];
    for (std::int32_t g = info.firstGpu; g < info.firstGpu + info.gpus; ++g)
        if (holder_[idx(g)] != -1)
            throw std::logic_error("GpuPool::setDown: server still has allocated GPUs");
    setServerFree(server, 0, false);
}

void GpuPool::setUp(std::int32_t server)
{
    setServerFree(server, cluster_->servers()[idx(server)].gpus, true);
}

std::int32_t GpuPool::nextServerWithFree(std::int32_t f, std::int32_t from) const
{
    return static_cast<std::int32_t>(serverBits_[idx(f)].next(idx(std::max(from, 0))));
}

} // namespace clens
