#pragma once
// Which GPUs are free, per GPU, server and rack, with the indexes placement searches need:
// per free count f, the racks holding an up server with exactly f free GPUs (RackIndex) and a
// bitset of those servers. A down server has no free GPU and appears in no index.
#include "core/model/topology.hpp"
#include "core/sim/rack_index.hpp"
#include "core/util/summary_bitset.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

namespace clens {

class GpuPool {
public:
    explicit GpuPool(const Topology& cluster);

    const Topology& cluster() const { return *cluster_; }
    std::int32_t totalFree() const { return totalFree_; }
    std::int32_t freeOn(std::int32_t server) const { return free_[idx(server)]; }
    std::int32_t rackFree(std::int32_t rack) const { return rackFree_[idx(rack)]; }
    // The server's rack (Topology's, from a dense array: a Server row is 96 bytes).
    std::int32_t rackOf(std::int32_t server) const { return rackOf_[idx(server)]; }
    bool isUp(std::int32_t server) const { return up_[idx(server)] != 0; }
    bool allUp() const { return downServers_ == 0; }
    std::int32_t maxServerGpus() const { return maxF_; }
    // Up servers with exactly f free GPUs.
    std::int32_t serversWithFree(std::int32_t f) const { return countF_[idx(f)]; }
    // The largest free count of any up server (0 when none).
    std::int32_t maxServerFree() const;
    // Up servers with at least one GPU installed and all of them free.
    std::int32_t fullyFreeServers() const { return fullyFree_; }
    // Job holding the GPU, -1 when free (or its server is down); ResourcePool::kSharedHolder (-2)
    // for a GPU that holds shares.
    std::int32_t holder(std::int32_t gpu) const { return holder_[idx(gpu)]; }

    // Takes `count` free GPUs of `server` (lowest indices first) for `job`; appends their ids to
    // `gpus` (a vector or a small vector).
    template <class GpuList>
    void take(std::int32_t server, std::int32_t count, std::int32_t job, GpuList& gpus)
    {
        if (!isUp(server) || count > freeOn(server))
            throw std::logic_error("GpuPool::take: not enough free GPUs");
        const auto n = gpus.size();
        gpus.resize(n + static_cast<std::size_t>(std::max(count, 0)));
        takeInto(server, count, job, gpus.data() + n);
    }
    // Takes exactly these GPUs (all free, servers up) for `job` (undoing a tentative release, or
    // the first share on a GPU with job = ResourcePool::kSharedHolder).
    void takeExact(std::span<const std::int32_t> gpus, std::int32_t job);
    // Frees the given GPUs (ids of one server are expected to be adjacent in the list).
    void release(std::span<const std::int32_t> gpus);
    void setDown(std::int32_t server); // its GPUs must all be free
    void setUp(std::int32_t server);
    // Every server whose free GPUs or state change is appended here (null: nobody listens).
    void watch(std::vector<std::int32_t>* changed) { changed_ = changed; }
    std::vector<std::int32_t>* watcher() const { return changed_; }
    // The gain log, when kept: the rack of every up server that gained free GPUs (or came up),
    // in order. Entry i of the log is gains()[i - gainsBase()]; dropGainsBefore forgets the
    // entries before position p.
    void logGains() { logGains_ = true; }
    std::uint64_t gainsEnd() const { return gainsBase_ + gains_.size(); }
    std::uint64_t gainsBase() const { return gainsBase_; }
    std::int32_t gainAt(std::uint64_t p) const { return gains_[static_cast<std::size_t>(p - gainsBase_)]; }
    void dropGainsBefore(std::uint64_t p);

    // Among racks with an up server holding exactly f free GPUs (f >= 1): the one with the fewest
    // / most free GPUs (ties: lowest index); -1 when none.
    std::int32_t fewestFreeRackWith(std::int32_t f) const { return indexedRacks(Trees::Fewest).fewestFreeRackWith(f); }
    std::int32_t mostFreeRackWith(std::int32_t f) const { return indexedRacks(Trees::Most).mostFreeRackWith(f); }
    // Appends the racks with at least n free GPUs, in rack order.
    void racksWithAtLeast(std::int32_t n, std::vector<std::int32_t>& out) const
    {
        // A few hundred racks are scanned in a tight loop: cheaper than descending the tree when
        // most racks qualify (a Philly-sized cluster has 69); the tree serves large clusters.
        if (rackFree_.size() > kScannedRacks)
            return indexedRacks(Trees::Free).racksWithAtLeast(n, out);
        for (std::size_t r = 0; r < rackFree_.size(); ++r)
            if (rackFree_[r] >= n)
                out.push_back(static_cast<std::int32_t>(r));
    }
    // Lowest-index up server >= from with exactly f free GPUs (f >= 1), or -1.
    std::int32_t nextServerWithFree(std::int32_t f, std::int32_t from) const;

private:
    static constexpr std::size_t kScannedRacks = 256;
    static std::size_t idx(std::int32_t i) { return static_cast<std::size_t>(i); }
    void takeInto(std::int32_t server, std::int32_t count, std::int32_t job, std::int32_t* out);
    void setServerFree(std::int32_t server, std::int32_t newFree, bool newUp);
    void indexRack(std::int32_t rack) const;
    // The rack index, brought up to date first: a change only marks its rack, so that the many
    // changes between two searches (a run's servers, a preemption's victims) index a rack once.
    // Its trees by fewest and most free GPUs are kept from the first search that reads them on
    // (a placement policy reads one of them, or neither: updating both for every change of every
    // rack cost a tenth of a large run).
    enum class Trees { Free, Fewest, Most };
    const RackIndex& indexedRacks(Trees need) const
    {
        const bool fewest = racks_.keepsFewest() || need == Trees::Fewest, most = racks_.keepsMost() || need == Trees::Most;
        if (fewest != racks_.keepsFewest() || most != racks_.keepsMost()) {
            racks_.keep(fewest, most);
            for (std::int32_t r = 0; r < cluster_->rackCount(); ++r)
                markStale(r);
        }
        if (!staleRacks_.empty())
            indexStaleRacks();
        return racks_;
    }
    void markStale(std::int32_t rack) const
    {
        if (!rackStale_[idx(rack)]) {
            rackStale_[idx(rack)] = 1;
            staleRacks_.push_back(rack);
        }
    }
    void indexStaleRacks() const;

    const Topology* cluster_;
    std::int32_t maxF_ = 0;
    std::int32_t totalFree_ = 0;
    std::int32_t fullyFree_ = 0;
    std::int32_t downServers_ = 0;
    std::vector<std::int32_t> holder_;
    // Per server, from the topology (its Server rows are 96 bytes: at 25,000 servers the three
    // read on every change missed the cache).
    std::vector<std::int32_t> rackOf_, installed_, firstGpu_;
    std::vector<std::int32_t> free_;
    std::vector<std::uint8_t> up_;
    std::vector<std::int32_t> rackFree_;
    std::vector<std::int32_t> countF_;
    std::vector<std::int32_t> rackCountF_; // [rack * (maxF_+1) + f]
    std::vector<std::uint64_t> rackHas_;   // per rack, bit f: it holds an up server with f free (maxF_ <= 63)
    mutable RackIndex racks_;
    mutable std::vector<std::int32_t> staleRacks_;
    mutable std::vector<std::uint8_t> rackStale_;
    std::vector<SummaryBitset> serverBits_; // [f]: the up servers with f free GPUs
    std::vector<std::int32_t>* changed_ = nullptr;
    bool logGains_ = false;
    std::vector<std::int32_t> gains_;
    std::uint64_t gainsBase_ = 0;
};

} // namespace clens
