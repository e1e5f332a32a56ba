// Resource mode of SimEngine (docs/resources.md): locality over a job's allowed GPU models,
// "can it ever start", delay causes over every resource, placement of whole-GPU gangs, shares
// and 0-GPU jobs, reservations of CPU and memory, and which preemption victims a placement needs.
#include "core/sim/resource_placement.hpp"
#include "core/sim/sim_engine.hpp"

#include <algorithm>
#include <optional>

namespace clens {

const LocalityTable& SimEngine::locOf(std::int32_t j) const
{
    if (!resourceMode())
        return loc_;
    const auto set = model_.requestRef(j).models;
    if (set == 0)
        return loc_;
    auto& table = locBySet_[idx(set)];
    if (!table) { // the cluster as a job of these models sees it: other servers have no GPU for it
        std::vector<std::int32_t> gpus;
        for (std::int32_t s = 0; s < cluster_->serverCount(); ++s)
            gpus.push_back(model_.allowed(set, s) ? cluster_->servers()[idx(s)].gpus : 0);
        table = std::make_unique<LocalityTable>(*cluster_, gpus);
    }
    return *table;
}

bool SimEngine::canEverStartWithResources(std::int32_t j, std::int32_t smallest) const
{
    const auto& req = model_.requestRef(j);
    const auto fitsEmpty = [&](std::int32_t s) {
        const auto& cap = model_.capacity(s);
        return cap.cpu >= req.cpu && cap.mem >= req.mem;
    };
    if (req.gpus == 0 || req.share()) {
        for (std::int32_t s = 0; s < cluster_->serverCount(); ++s)
            if ((req.gpus == 0 || model_.allowed(req.models, s)) && fitsEmpty(s))
                return true;
        return false;
    }
    // Whole GPUs: on an empty cluster, every allowed server holds as many of the job's GPUs as
    // its GPUs, CPU and memory allow.
    std::int64_t room = 0;
    for (std::int32_t s = 0; s < cluster_->serverCount() && room < smallest; ++s) {
        if (!model_.allowed(req.models, s))
            continue;
        const auto& cap = model_.capacity(s);
        std::int64_t n = cluster_->servers()[idx(s)].gpus;
        if (req.cpu > 0 && cap.cpu < req.cpu)
            n = std::min(n, cap.cpu * req.gpus / req.cpu);
        if (req.mem > 0 && cap.mem < req.mem)
            n = std::min(n, cap.mem * req.gpus / req.mem);
        room += n;
    }
    return room >= smallest;
}

const ResourcePool::Totals& SimEngine::totalsNow(std::int32_t modelSet) const
{
    const auto i = static_cast<std::size_t>(modelSet + 1);
    if (totalsCache_.size() <= i) {
        totalsCache_.resize(i + 1);
        totalsStamp_.resize(i + 1, 0);
    }
    if (totalsStamp_[i] != totalsEpoch_) {
        totalsCache_[i] = res_->totals(modelSet);
        totalsStamp_[i] = totalsEpoch_;
    }
    return totalsCache_[i];
}

std::optional<WaitResource> SimEngine::shortInTotal(std::int32_t j, std::int32_t need) const
{
    const auto& req = model_.requestRef(j);
    const auto& total = totalsNow(req.gpus == 0 ? -1 : req.models);
    // Free GPU capacity counts the free parts of shared GPUs too: a whole-GPU job that waits while
    // enough is free in total, but split over shared GPUs, waits for fragmentation.
    const bool gpus = req.gpus == 0 ? false : req.share() ? total.gpuMilli < req.milli : total.gpuMilli < std::int64_t{1000} * need;
    const bool whole = req.gpus > 0 && !req.share();
    if (gpus)
        return WaitResource::Gpus;
    if (total.cpu < (whole ? req.cpuFor(need) : req.cpu))
        return WaitResource::Cpu;
    if (total.mem < (whole ? req.memFor(need) : req.mem))
        return WaitResource::Memory;
    return std::nullopt;
}

WaitResource SimEngine::fragmentedResource(std::int32_t j, std::int32_t need, std::int64_t t)
{
    const auto& req = model_.requestRef(j);
    const auto level = locOf(j).maxAllowedLevel(std::max(need, 1), t - job(j).submit_s, sc_.locality);
    const auto key = (static_cast<std::uint64_t>(req.cls) << 24) | (static_cast<std::uint64_t>(need) << 2)
                     | static_cast<std::uint64_t>(level);
    if (const auto it = fragmentedCache_.find(key); it != fragmentedCache_.end() && it->second.first == totalsEpoch_)
        return it->second.second;
    // A placement of what it asks, counting only its GPUs, then its GPUs and CPU: the first that
    // finds none names what is fragmented (memory when both find one).
    auto relaxed = req;
    relaxed.cpu = relaxed.mem = 0;
    auto resource = WaitResource::Memory;
    if (!fitsNow(j, relaxed, need, t))
        resource = WaitResource::Gpus;
    else if (relaxed.cpu = req.cpu; !fitsNow(j, relaxed, need, t))
        resource = WaitResource::Cpu;
    fragmentedCache_[key] = {totalsEpoch_, resource};
    return resource;
}

bool SimEngine::fitsNow(std::int32_t j, const JobRequest& req, std::int32_t need, std::int64_t t)
{
    Placement scratch;
    if (req.gpus == 0)
        return findCpuOnlyPlacement(model_, pool_, *res_, req, PlacementPolicy::FirstFit, nullptr, scratch);
    if (req.share())
        return findSharePlacement(model_, pool_, *res_, req, PlacementPolicy::FirstFit, nullptr, scratch);
    JobRoom room(model_, pool_, *res_);
    room.setJob(req);
    PlacementContext ctx;
    ctx.room = &room;
    const auto& loc = locOf(j);
    const auto base = loc.baseLevel(need);
    const auto top = loc.maxAllowedLevel(need, t - job(j).submit_s, sc_.locality);
    for (auto L = static_cast<int>(base); L <= static_cast<int>(top); ++L)
        if (findPlacement(pool_, need, static_cast<LocalityLevel>(L), loc.k0(need), PlacementPolicy::FirstFit, scratch, ctx))
            return true;
    return false;
}

bool SimEngine::mightFit(std::int32_t j, std::int32_t need) const
{
    const auto& req = model_.requestRef(j);
    // Cheapest first: whole GPUs free anywhere (the model set's are fewer still, below).
    if (req.gpus > 0 && !req.share() && pool_.totalFree() < need)
        return false;
    if (res_->maxCpuFree() < (req.gpus > 1 ? req.cpuFor(1) : req.cpu) || res_->maxMemFree() < (req.gpus > 1 ? req.memFor(1) : req.mem))
        return false; // not even one of its GPUs (or the whole 0-GPU job) fits any server
    if (req.gpus == 0)
        return true;
    const auto& total = totalsNow(req.models);
    if (req.share())
        return res_->maxShareFree() >= req.milli && total.cpu >= req.cpu && total.mem >= req.mem;
    return total.wholeGpus >= need && total.cpu >= req.cpuFor(need) && total.mem >= req.memFor(need);
}

PlacementContext SimEngine::contextFor(const JobRequest& req)
{
    room_->setJob(req);
    PlacementContext ctx;
    ctx.room = &*room_;
    if (fgd_) {
        fgd_->setJob(req);
        ctx.scorer = &*fgd_;
    }
    return ctx;
}

bool SimEngine::choosePlacementWithResources(std::int32_t j, std::int64_t t, std::int64_t maxSize, bool useMemo,
                                             std::int32_t& size, Placement& out)
{
    const auto& req = model_.requestRef(j);
    if (fgd_)
        fgd_->setJob(req);
    const std::uint64_t kind = req.gpus == 0 ? 1 : req.share() ? 2 : 3;
    const auto shape = [&](std::int32_t a, int level) {
        return (kind << 62) | (static_cast<std::uint64_t>(req.models) << 34) | (static_cast<std::uint64_t>(a) << 2)
               | static_cast<std::uint64_t>(level);
    };
    if (req.gpus == 0 || req.share()) {
        const auto key = shape(0, 0);
        if (useMemo && knownToFail(key, req))
            return false;
        const auto* fgd = fgd_ ? &*fgd_ : nullptr;
        const bool found = req.gpus == 0 ? findCpuOnlyPlacement(model_, pool_, *res_, req, sc_.placement, fgd, out)
                                         : findSharePlacement(model_, pool_, *res_, req, sc_.placement, fgd, out);
        if (found) {
            size = req.gpus;
            return true;
        }
        if (useMemo)
            rememberFailure(key, req);
        return false;
    }
    const auto& loc = locOf(j);
    std::int32_t hi = rt(j).trialPending ? 1 : req.gpus;
    const std::int32_t lo = minStartSize(j, t);
    hi = static_cast<std::int32_t>(std::min<std::int64_t>({hi, maxSize, loc.totalGpus()}));
    if (hi < lo)
        return false;
    const auto ctx = contextFor(req);
    const auto usable = res_->totals(req.models).wholeGpus; // a bound: its CPU and memory may allow fewer
    const auto waited = t - job(j).submit_s;
    for (std::int32_t a = hi; a >= lo; --a) {
        if (a > usable)
            continue;
        const auto base = loc.baseLevel(a);
        const auto top = loc.maxAllowedLevel(a, waited, sc_.locality);
        for (auto L = static_cast<int>(base); L <= static_cast<int>(top); ++L) {
            const auto key = shape(a, L);
            if (useMemo && knownToFail(key, req))
                continue;
            if (findPlacement(pool_, a, static_cast<LocalityLevel>(L), loc.k0(a), sc_.placement, out, ctx)) {
                size = a;
                return true;
            }
            if (useMemo)
                rememberFailure(key, req);
        }
    }
    return false;
}

bool SimEngine::knownToFail(std::uint64_t shape, const JobRequest& req) const
{
    const auto it = failedThisPass_.find(shape);
    if (it == failedThisPass_.end())
        return false;
    const bool whole = req.gpus > 0 && !req.share();
    for (const auto& f : it->second) {
        if (whole) { // per GPU: cpu / gpus >= f.cpu / f.per, cross-multiplied
            if (req.cpu * f.per >= f.cpu * req.gpus && req.mem * f.per >= f.mem * req.gpus)
                return true;
        } else if (req.cpu >= f.cpu && req.mem >= f.mem && (req.gpus == 0 || req.milli >= f.per)) {
            return true;
        }
    }
    return false;
}

void SimEngine::rememberFailure(std::uint64_t shape, const JobRequest& req)
{
    const bool whole = req.gpus > 0 && !req.share();
    failedThisPass_[shape].push_back({req.cpu, req.mem, whole ? req.gpus : req.milli});
}

void SimEngine::recordReservation(std::int32_t j, const Reserved& r, std::int64_t to)
{
    if (autoscaling() || to <= r.since)
        return; // the autoscaler accounts and records its own (sim_autoscale.cpp)
    auto& res = result_.resources[idx(j)];
    const auto dt = static_cast<double>(to - r.since);
    res.cpuReservedCoreS += static_cast<double>(r.cpu) / 1000.0 * dt; // used = reserved without the autoscaler
    res.cpuUsedCoreS += static_cast<double>(r.cpu) / 1000.0 * dt;
    res.memReservedGbS += static_cast<double>(r.mem) / 1024.0 * dt;
    res.memUsedGbS += static_cast<double>(r.mem) / 1024.0 * dt;
    if (options_.recordOccupancy && (r.cpu > 0 || r.mem > 0))
        result_.reservations.push_back({r.server, j, r.since, to, r.cpu, r.mem});
}

void SimEngine::reserveOn(std::int32_t j, std::int32_t server, std::int32_t gpus, std::int64_t t)
{
    auto& rs = runStateFor(j);
    const auto& req = model_.requestRef(j);
    const bool whole = req.gpus > 0 && !req.share();
    const auto cpu = whole ? req.cpuFor(gpus) : req.cpu;
    const auto mem = whole ? req.memFor(gpus) : req.mem;
    auto it = std::find_if(rs.reserved.begin(), rs.reserved.end(), [&](const Reserved& x) { return x.server == server; });
    if (it != rs.reserved.end()) {
        if (it->gpus == gpus && it->cpu == cpu && it->mem == mem)
            return;
        recordReservation(j, *it, t);
        res_->unreserve(server, it->cpu, it->mem);
        if (whole && gpus == 0) { // none of its GPUs left there
            rs.reserved.erase(it);
            auto& on = jobsOn_[idx(server)];
            on.erase(std::find(on.begin(), on.end(), j));
            res_->touch(server);
            return;
        }
    } else {
        rs.reserved.push_back({server, 0, 0, 0, t});
        it = std::prev(rs.reserved.end());
        jobsOn_[idx(server)].push_back(j);
    }
    it->gpus = gpus;
    it->cpu = cpu;
    it->mem = mem;
    it->since = t;
    res_->reserve(server, cpu, mem);
    res_->touch(server);
}

void SimEngine::unreserveAll(std::int32_t j, std::int64_t t)
{
    auto& rs = runStateFor(j);
    for (const auto& part : rs.reserved) {
        recordReservation(j, part, t);
        res_->unreserve(part.server, part.cpu, part.mem);
        auto& on = jobsOn_[idx(part.server)];
        on.erase(std::find(on.begin(), on.end(), j));
        res_->touch(part.server);
    }
    rs.reserved.clear();
}

std::vector<std::int32_t> SimEngine::jobsOnServer(std::int32_t server) const
{
    auto jobs = jobsOn_[idx(server)];
    std::sort(jobs.begin(), jobs.end());
    return jobs;
}

// The tentatively freed victims (youngest first) are given back, youngest first, as long as the
// placement in scratch_ still fits without them; those it cannot do without are preempted.
void SimEngine::spareUnneededVictimsWithResources(std::int32_t j, std::vector<std::int32_t>& victims)
{
    const auto& req = model_.requestRef(j);
    const bool whole = req.gpus > 0 && !req.share();
    const auto fits = [&] {
        for (const auto& [s, n] : scratch_.parts) {
            if (whole && pool_.freeOn(s) < n)
                return false;
            if (req.share() && res_->gpuFreeMilli(scratch_.shareGpu) < req.milli)
                return false;
            if (res_->cpuFree(s) < (whole ? req.cpuFor(n) : req.cpu) || res_->memFree(s) < (whole ? req.memFor(n) : req.mem))
                return false;
        }
        return true;
    };
    std::vector<std::int32_t> needed;
    for (const auto v : victims) {
        retakeAll(v);
        if (!fits()) {
            releaseAll(v, 0, true);
            needed.push_back(v);
        }
    }
    victims.swap(needed);
}

} // namespace clens
