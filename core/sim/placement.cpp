#include "core/sim/placement.hpp"

#include "core/sim/placement/placement_rule.hpp"

#include <algorithm>
#include <limits>
#include <tuple>
#include <type_traits>

namespace clens {

namespace {

std::size_t idx(std::int32_t i) { return static_cast<std::size_t>(i); }

void countRacks(const GpuPool& pool, Placement& out)
{
    std::sort(out.parts.begin(), out.parts.end());
    out.racks = 0;
    std::int32_t lastRack = -1;
    for (const auto& [server, n] : out.parts) {
        const auto rack = pool.rackOf(server);
        if (rack != lastRack) { // servers of a rack are contiguous
            ++out.racks;
            lastRack = rack;
        }
    }
}

bool singleServerScan(const GpuPool& pool, std::int32_t size, const PlacementRule& rule, const PlacementContext& ctx,
                      Placement& out);

// Single server, k0 == 1, on the GPU-only path: through the pool's indexes, or scanned when the
// rule scores servers (fgd).
bool singleServer(const GpuPool& pool, std::int32_t size, const PlacementRule& rule, const PlacementContext& ctx, Placement& out)
{
    const auto server = rule.indexedSingleServer(pool, size);
    if (!server)
        return singleServerScan(pool, size, rule, ctx, out);
    if (*server < 0)
        return false;
    placeOnOneServer(out, *server, size);
    return true;
}

struct Candidate {
    std::int32_t s;
    std::int32_t free; // GPUs this job may take there
    std::int32_t left; // free GPUs there (the leftover measure); == free on the GPU-only path
};

// What a job may take on a server: every free GPU, or what its resources allow (ctx.room).
std::int32_t usableOn(const GpuPool& pool, const PlacementContext& ctx, std::int32_t s)
{
    if (!pool.isUp(s))
        return 0;
    return ctx.room ? ctx.room->usable(s) : pool.freeOn(s);
}

// Fewest servers out of `cands` (sorted by free desc, index asc) holding `size`: the first n-1
// whole, the remainder on the policy's pick (fgd picks as best-fit: it scores single servers
// only). Returns the chosen servers' free GPUs left over, or -1 when `cands` cannot hold size (or
// needs other than `exactServers` servers when > 0).
template <class RackOf = std::nullptr_t>
std::int64_t packScope(const std::vector<Candidate>& cands, std::int32_t size, const PlacementRule& rule,
                       std::int32_t exactServers, Placement& out, RackOf rackOf = nullptr)
{
    std::int64_t sum = 0;
    std::size_t n = 0;
    while (n < cands.size() && sum < size)
        sum += cands[n++].free;
    if (sum < size)
        return -1;
    if (exactServers > 0 && static_cast<std::int32_t>(n) != exactServers)
        return -1;
    out.parts.clear();
    std::int32_t taken = 0;
    std::int64_t left = 0;
    for (std::size_t i = 0; i + 1 < n; ++i) {
        out.parts.emplace_back(cands[i].s, cands[i].free);
        taken += cands[i].free;
        left += cands[i].left - cands[i].free;
    }
    const auto rem = size - taken;
    // Across racks (scope `any`), a server in a rack the gang already uses wins a tie.
    const auto newRack = [&](std::size_t i) {
        if constexpr (std::is_same_v<RackOf, std::nullptr_t>) {
            return 0;
        } else {
            for (std::size_t k = 0; k + 1 < n; ++k)
                if (rackOf(cands[k].s) == rackOf(cands[i].s))
                    return 0;
            return 1;
        }
    };
    std::size_t pick = n - 1; // the largest remaining (the sort order breaks ties), unless the rule ranks them
    if (rule.comparesRemainders())
        for (std::size_t i = n - 1; i < cands.size() && cands[i].free >= rem; ++i)
            if (rule.remainderBeats(cands[i].left, newRack(i), cands[i].s, cands[pick].left, newRack(pick), cands[pick].s))
                pick = i;
    out.parts.emplace_back(cands[pick].s, rem);
    return left + cands[pick].left - rem;
}

bool sortedByFreeDesc(const Candidate& a, const Candidate& b)
{
    return a.free != b.free ? a.free > b.free : a.s < b.s;
}

// Single server, k0 == 1, when the job's resources limit what each server offers (or fgd
// scores): the same choice as the indexes' over the servers that can take `size`, with fgd
// taking the server whose fragmentation grows least (ties: best-fit's key).
bool singleServerScan(const GpuPool& pool, std::int32_t size, const PlacementRule& rule, const PlacementContext& ctx,
                      Placement& out)
{
    // The best server ignoring the job's other resources is also the best with them when they
    // allow it (the keys do not depend on them): the usual case, found through the indexes.
    if (const auto server = rule.indexedSingleServer(pool, size); server && *server >= 0 && usableOn(pool, ctx, *server) >= size) {
        placeOnOneServer(out, *server, size);
        return true;
    }
    PlacementRule::ServerKey best{};
    std::int32_t server = -1;
    for (std::int32_t f = size; f <= pool.maxServerGpus(); ++f) {
        for (auto s = pool.nextServerWithFree(f, 0); s >= 0; s = pool.nextServerWithFree(f, s + 1)) {
            if (usableOn(pool, ctx, s) < size)
                continue;
            const auto key = rule.serverKey(ctx.scorer, s, size, f, pool.rackFree(pool.rackOf(s)));
            if (server < 0 || key < best) {
                best = key;
                server = s;
            }
        }
    }
    if (server < 0)
        return false;
    placeOnOneServer(out, server, size);
    return true;
}

// One rack per candidate; exactServers > 0 for the server level.
bool withinOneRack(const GpuPool& pool, std::int32_t size, std::int32_t exactServers, const PlacementRule& rule,
                   const PlacementContext& ctx, Placement& out)
{
    std::vector<std::int32_t> racks;
    racks.reserve(static_cast<std::size_t>(pool.cluster().rackCount())); // one allocation, not one per doubling
    pool.racksWithAtLeast(size, racks);
    PlacementRule::RackKey bestKey{};
    bool found = false;
    Placement trial;
    std::vector<Candidate> cands;
    cands.reserve(16);
    for (const auto rack : racks) {
        const auto rackFree = pool.rackFree(rack);
        const auto rackLeft = static_cast<std::int64_t>(rackFree) - size;
        // A placement here leaves between none and all of the rack's spare GPUs on its servers,
        // and a policy's key is monotone in what it leaves: a rack whose best key at either end
        // does not beat the best so far cannot win, and its servers are not looked at.
        if (found && !(std::min(rule.rackKey(0, rackLeft, rack), rule.rackKey(rackLeft, rackLeft, rack)) < bestKey))
            continue;
        const auto& r = pool.cluster().racks()[idx(rack)];
        cands.clear();
        for (std::int32_t s = r.firstServer; s < r.firstServer + r.serverCount; ++s)
            if (const auto free = usableOn(pool, ctx, s); free > 0)
                cands.push_back({s, free, pool.freeOn(s)});
        std::sort(cands.begin(), cands.end(), sortedByFreeDesc);
        const auto left = packScope(cands, size, rule, exactServers, trial);
        if (left < 0)
            continue;
        const auto key = rule.rackKey(left, rackLeft, rack);
        if (!found || key < bestKey) {
            bestKey = key;
            out.parts = trial.parts;
            found = true;
        }
    }
    if (found)
        countRacks(pool, out);
    return found;
}

bool anywhere(const GpuPool& pool, std::int32_t size, const PlacementRule& rule, const PlacementContext& ctx, Placement& out)
{
    if (pool.totalFree() < size)
        return false;
    // Every up server with a free GPU, by free count descending; among equal counts the servers of
    // the racks with the most free GPUs come first, rack by rack, so that the fewest servers also
    // span few racks. packScope takes the leading ones whole and the policy picks the remainder
    // server among the rest (preferring, at equal fit, a rack already used).
    std::vector<Candidate> all;
    for (std::int32_t g = pool.maxServerGpus(); g >= 1; --g)
        for (auto s = pool.nextServerWithFree(g, 0); s >= 0; s = pool.nextServerWithFree(g, s + 1))
            if (const auto free = usableOn(pool, ctx, s); free > 0)
                all.push_back({s, free, g});
    const auto rackOf = [&](std::int32_t s) { return pool.rackOf(s); };
    std::sort(all.begin(), all.end(), [&](const Candidate& a, const Candidate& b) {
        if (a.free != b.free)
            return a.free > b.free;
        const auto ra = rackOf(a.s), rb = rackOf(b.s);
        const auto fa = pool.rackFree(ra), fb = pool.rackFree(rb);
        if (fa != fb)
            return fa > fb;
        return ra != rb ? ra < rb : a.s < b.s;
    });
    if (packScope(all, size, rule, 0, out, rackOf) < 0)
        return false;
    countRacks(pool, out);
    return true;
}

} // namespace

std::int32_t Placement::gpus() const
{
    std::int32_t n = 0;
    for (const auto& p : parts)
        n += p.second;
    return n;
}

bool findPlacement(const GpuPool& pool, std::int32_t size, LocalityLevel level, std::int32_t k0, PlacementPolicy policy,
                   Placement& out, const PlacementContext& ctx)
{
    if (size <= 0 || pool.totalFree() < size)
        return false;
    out.shareGpu = -1;
    const auto& rule = placementRule(policy);
    switch (level) {
    case LocalityLevel::Server:
        if (k0 == 1)
            return ctx.room ? singleServerScan(pool, size, rule, ctx, out) : singleServer(pool, size, rule, ctx, out);
        return withinOneRack(pool, size, k0, rule, ctx, out);
    case LocalityLevel::Rack: return withinOneRack(pool, size, 0, rule, ctx, out);
    case LocalityLevel::Any: return anywhere(pool, size, rule, ctx, out);
    }
    return false;
}

void allFreeGpus(const GpuPool& pool, Placement& out, const PlacementContext& ctx)
{
    out.parts.clear();
    out.shareGpu = -1;
    for (std::int32_t f = 1; f <= pool.maxServerGpus(); ++f)
        for (auto s = pool.nextServerWithFree(f, 0); s >= 0; s = pool.nextServerWithFree(f, s + 1))
            if (const auto free = usableOn(pool, ctx, s); free > 0)
                out.parts.emplace_back(s, free);
    countRacks(pool, out);
}

std::int32_t usableGpus(const GpuPool& pool, const PlacementContext& ctx)
{
    if (!ctx.room)
        return pool.totalFree();
    std::int32_t n = 0;
    for (std::int32_t f = 1; f <= pool.maxServerGpus(); ++f)
        for (auto s = pool.nextServerWithFree(f, 0); s >= 0; s = pool.nextServerWithFree(f, s + 1))
            n += usableOn(pool, ctx, s);
    return n;
}

} // namespace clens
