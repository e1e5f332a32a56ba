#pragma once
// Free CPU, memory and GPU shares per server, beside GpuPool's whole GPUs (docs/resources.md).
// A GPU holding shares is taken in GpuPool under kSharedHolder, so it is never free for a
// whole-GPU job; its free share is 1000 − the shares on it. Aggregates per GPU model (servers
// without GPUs form one more group) answer "is some resource short in total?" for the delay
// causes; the engine calls touch(server) after any change on a server so they stay current.
#include "core/sim/gpu_pool.hpp"
#include "core/sim/max_tree.hpp"
#include "core/sim/resource_model.hpp"

#include <cstdint>
#include <set>
#include <tuple>
#include <vector>

namespace clens {

class ResourcePool {
public:
    static constexpr std::int32_t kSharedHolder = -2;

    ResourcePool(const ResourceModel& model, const GpuPool& gpus);

    std::int64_t cpuFree(std::int32_t server) const { return cpuFree_[idx(server)]; }
    std::int64_t memFree(std::int32_t server) const { return memFree_[idx(server)]; }
    // (Where they are kept: for prefetching.)
    const std::int64_t& cpuFreeRef(std::int32_t server) const { return cpuFree_[idx(server)]; }
    const std::int64_t& memFreeRef(std::int32_t server) const { return memFree_[idx(server)]; }
    // Free thousandths of a GPU: 1000 when free whole, 0 when a whole-GPU job holds it.
    std::int32_t gpuFreeMilli(std::int32_t gpu) const;
    std::int32_t shareUsed(std::int32_t gpu) const { return shareUsed_[idx(gpu)]; }
    // The most free thousandths on one GPU of the server, and on all of them (as last touched).
    std::int32_t maxGpuFreeMilli(std::int32_t server) const { return maxFree_[idx(server)]; }
    std::int64_t serverFreeMilli(std::int32_t server) const { return partOf_[idx(server)].gpuMilli; }

    // Inline: the autoscaler's tick moves a reservation at most job-intervals.
    void reserve(std::int32_t server, std::int64_t cpu, std::int64_t mem)
    {
        auto& c = cpuFree_[idx(server)];
        auto& m = memFree_[idx(server)];
        if (cpu > c || mem > m) [[unlikely]]
            overReserved();
        c -= cpu;
        m -= mem;
        cpuReserved_ += cpu;
        memReserved_ += mem;
    }
    void unreserve(std::int32_t server, std::int64_t cpu, std::int64_t mem)
    {
        cpuFree_[idx(server)] += cpu;
        memFree_[idx(server)] += mem;
        cpuReserved_ -= cpu;
        memReserved_ -= mem;
    }
    // Adds / removes a share on a GPU; the caller takes / releases the GPU in GpuPool when the
    // first share arrives / the last one leaves (shareUsed() tells).
    void addShare(std::int32_t gpu, std::int32_t milli) { shareUsed_[idx(gpu)] += milli; }
    void removeShare(std::int32_t gpu, std::int32_t milli) { shareUsed_[idx(gpu)] -= milli; }
    // Recomputes the server's part of the aggregates (call after any change on it).
    void touch(std::int32_t server);
    // The same when only its CPU or memory changed (the autoscaler's rescale): no GPU is walked,
    // and the aggregates take the change when next read (a tick changes a server many times).
    void touchCpuMem(std::int32_t server)
    {
        if (!gpus_->isUp(server)) [[unlikely]] {
            touch(server);
            return;
        }
        ++version_[idx(server)];
        if (!cpuMemStale_[idx(server)]) {
            cpuMemStale_[idx(server)] = 1;
            staleCpuMem_.push_back(server);
        }
    }
    // Counts the touches of a server (a cheap "has it changed since?").
    std::uint64_t version(std::int32_t server) const { return version_[idx(server)]; }

    // Totals over up servers whose GPU model the set allows (model set -1: every server,
    // GPU-less ones included).
    struct Totals {
        std::int64_t wholeGpus = 0; // free whole GPUs
        std::int64_t gpuMilli = 0;  // free thousandths of GPUs, shares included
        std::int64_t cpu = 0;       // kUnlimited when some server is unlimited
        std::int64_t mem = 0;
    };
    Totals totals(std::int32_t modelSet) const;
    // Over every up GPU: free thousandths, and those on GPUs that hold shares.
    std::int64_t freeGpuMilli() const { return freeMilli_; }
    std::int64_t freeSharedGpuMilli() const { return freeSharedMilli_; }
    // The most any one up server has free (bounds for "could it fit anywhere?").
    std::int64_t maxCpuFree() const
    {
        if (!staleCpuMem_.empty())
            refreshCpuMem();
        return maxCpu_.max();
    }
    std::int64_t maxMemFree() const
    {
        if (!staleCpuMem_.empty())
            refreshCpuMem();
        return maxMem_.max();
    }
    std::int64_t maxShareFree() const { return maxShare_.max(); }
    std::int64_t cpuReserved() const { return cpuReserved_; }

    // Every GPU with a free share on an up server, ordered by (free share, free GPU capacity of
    // its server, server, GPU): share best-fit's order (docs/resources.md).
    struct GpuByFree {
        std::int32_t free = 0;
        std::int64_t serverFree = 0;
        std::int32_t server = 0;
        std::int32_t gpu = 0;
        auto operator<=>(const GpuByFree&) const = default;
    };
    const std::set<GpuByFree>& gpusByFree() const
    {
        refreshGpusByFree();
        return byFree_;
    }
    std::int64_t memReserved() const { return memReserved_; }

private:
    static std::size_t idx(std::int32_t i) { return static_cast<std::size_t>(i); }
    [[noreturn, gnu::cold]] static void overReserved();
    struct Part {
        std::int64_t wholeGpus = 0, gpuMilli = 0, sharedMilli = 0, cpu = 0, mem = 0;
        std::int32_t unlimitedCpu = 0, unlimitedMem = 0;
    };
    std::size_t group(std::int32_t server) const;
    void add(std::size_t group, const Part& p, int sign);
    void refreshGpusByFree() const;
    void refreshCpuMem() const; // brings in the servers touchCpuMem() left stale

    const ResourceModel* model_;
    const GpuPool* gpus_;
    std::vector<std::int64_t> cpuFree_, memFree_;
    std::vector<std::int32_t> shareUsed_;
    mutable std::vector<Part> partOf_;   // per server, as last touched
    std::vector<std::int32_t> maxFree_; // per server, as last touched
    std::vector<std::uint64_t> version_;
    mutable MaxTree maxCpu_, maxMem_;
    MaxTree maxShare_;
    mutable std::vector<std::int32_t> staleCpuMem_; // servers whose CPU/memory the aggregates lack
    mutable std::vector<std::uint8_t> cpuMemStale_;
    // Brought up to date when read: only GPU-share placement reads it, and a trace without
    // shares would otherwise pay a tree update for every GPU of every server at each touch.
    mutable std::set<GpuByFree> byFree_;
    mutable std::vector<GpuByFree> keyOf_; // per GPU, its entry in byFree_ (free 0: none)
    mutable std::vector<std::int32_t> staleByFree_; // servers touched since byFree_ was refreshed
    mutable std::vector<std::uint8_t> isStaleByFree_;
    mutable std::vector<Part> byGroup_;  // per GPU model, then the GPU-less group
    std::int64_t freeMilli_ = 0, freeSharedMilli_ = 0;
    std::int64_t cpuReserved_ = 0, memReserved_ = 0;
};

} // namespace clens
