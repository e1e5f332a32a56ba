// Node power of SimEngine (docs/autoscaling.md "Node power"): idle servers power off after a
// threshold while enough idle ones stay on, a waiting job that only off servers could take boots
// the fewest of them, and energy is accounted for every server, whether power management is on
// or not.
#include "core/sim/sim_engine.hpp"

#include <algorithm>

namespace clens {

void SimEngine::initPower(std::int64_t t0)
{
    const auto servers = idx(cluster_->serverCount());
    power_.assign(servers, PowerState::On);
    poweredServers_ = cluster_->serverCount();
    poweredGpus_ = cluster_->gpuCount();
    if (!sc_.power.enabled)
        return;
    idleSince_.assign(servers, -1);
    idleSerial_.assign(servers, 0);
    openPower_.assign(servers, -1);
    heldUntil_.assign(servers, -1);
    bootDone_.assign(servers, -1);
    pool_.watch(&changedServers_);
    for (std::int32_t s = 0; s < cluster_->serverCount(); ++s)
        changedServers_.push_back(s);
    updatePower(t0);
}

bool SimEngine::serverIdle(std::int32_t s) const
{
    return power_[idx(s)] == PowerState::On && pool_.isUp(s) && pool_.freeOn(s) == cluster_->servers()[idx(s)].gpus
           && (!res_ || jobsOn_[idx(s)].empty());
}

void SimEngine::updatePower(std::int64_t t)
{
    if (changedServers_.empty())
        return;
    std::sort(changedServers_.begin(), changedServers_.end());
    changedServers_.erase(std::unique(changedServers_.begin(), changedServers_.end()), changedServers_.end());
    const auto changed = std::move(changedServers_);
    changedServers_.clear();
    for (const auto s : changed) {
        if (power_[idx(s)] != PowerState::On)
            continue;
        const bool idle = serverIdle(s);
        auto& since = idleSince_[idx(s)];
        if (idle && since < 0) {
            since = t;
            ++idlePowered_;
            const auto serial = ++idleSerial_[idx(s)];
            events_.push({t + sc_.power.idleOffAfter_s, SimEvent::makeOrder(kPower, static_cast<std::uint64_t>(s)), serial << 1});
        } else if (!idle && since >= 0) {
            eligible_.erase({since, s});
            leaveIdle(s);
        }
    }
    powerOffEligible(t, true);
}

void SimEngine::leaveIdle(std::int32_t s)
{
    idleSince_[idx(s)] = -1;
    --idlePowered_;
    ++idleSerial_[idx(s)]; // its pending idle-time event is stale
}

void SimEngine::powerEvent(std::int32_t s, std::uint32_t serial, std::int64_t t)
{
    if (serial & 1u) { // boot done
        pool_.setUp(s);
        if (res_)
            res_->touch(s);
        power_[idx(s)] = PowerState::On;
        closePowerInterval(s, t);
        ++powerEpoch_;
        ++releaseEpoch_;
        needPass_ = dirty_ = true;
        changedServers_.push_back(s);
        return;
    }
    if ((serial >> 1) != idleSerial_[idx(s)] || idleSince_[idx(s)] < 0)
        return; // it got busy since
    eligible_.insert({idleSince_[idx(s)], s});
    powerOffEligible(t, false);
}

void SimEngine::powerOffEligible(std::int64_t t, bool instantDone)
{
    // Longest idle first; never fewer than spare_servers idle servers left on. A server a boot
    // counts on stays on until that boot is up and its instant done (its pass has placed what it
    // could); the boot then checks the servers again at the end of that instant (updatePower).
    for (auto it = eligible_.begin(); it != eligible_.end() && idlePowered_ - 1 >= sc_.power.spareServers;) {
        const auto s = it->second;
        if (!pool_.isUp(s)) { // it failed since its idle check: not idle (a repair makes it so again)
            it = eligible_.erase(it);
            leaveIdle(s);
            continue;
        }
        if (held(s, t, instantDone)) {
            ++it;
            continue;
        }
        it = eligible_.erase(it);
        leaveIdle(s);
        pool_.setDown(s);
        if (res_)
            res_->touch(s);
        power_[idx(s)] = PowerState::Off;
        ++powerEpoch_;
        --poweredServers_;
        poweredGpus_ -= cluster_->servers()[idx(s)].gpus;
        openPowerInterval(s, t, false);
    }
}

void SimEngine::openPowerInterval(std::int32_t s, std::int64_t t, bool booting)
{
    openPower_[idx(s)] = static_cast<std::int64_t>(result_.powerOff.size());
    result_.powerOff.push_back({s, t, t, booting});
}

void SimEngine::closePowerInterval(std::int32_t s, std::int64_t t)
{
    if (openPower_[idx(s)] >= 0)
        result_.powerOff[static_cast<std::size_t>(openPower_[idx(s)])].to_s = t;
    openPower_[idx(s)] = -1;
}

void SimEngine::setHypotheticallyUp(std::span<const std::int32_t> servers, bool up)
{
    for (const auto s : servers) { // empty servers: off or booting, nothing on them
        if (up)
            pool_.setUp(s);
        else
            pool_.setDown(s);
        if (res_)
            res_->touch(s);
    }
}

bool SimEngine::placementExists(std::int32_t j, std::int64_t t)
{
    // Only the sizes the scheduling pass would try, in the round that decides the job's start:
    // booting for a larger borrowing start the pass then refuses would power the servers off
    // again at once, for ever.
    const auto vc = job(j).tenant;
    const auto maxSize = quota_.maxStartGpus(vc, quota_.decidedWithinQuota(vc, needMilli(j, t)));
    std::int32_t size = 0;
    return choosePlacement(j, t, maxSize, false, size, scratch_);
}

bool SimEngine::held(std::int32_t s, std::int64_t t, bool instantDone) const
{
    const auto until = heldUntil_[idx(s)];
    if (until != t)
        return until > t;
    if (!instantDone)
        return true;
    // Its boots' instant: held until they are up and a pass has run (with boot_s 0, a boot
    // started at this instant is up at a later turn of it).
    for (std::int32_t b = 0; b < cluster_->serverCount(); ++b)
        if (power_[idx(b)] == PowerState::Booting && bootDone_[idx(b)] == t)
            return true;
    return false;
}

void SimEngine::holdPlacedServers(std::int64_t t)
{
    // Without the hold, a job that needs a booting server and an idle powered one could see the
    // idle one power off during the boot, boot it in turn, and lose the first meanwhile: for ever
    // when boot_s > idle_off_after_s and no spare is kept (docs/autoscaling.md "Node power").
    std::int64_t until = -1;
    for (const auto& [s, gpus] : scratch_.parts) {
        if (power_[idx(s)] == PowerState::Booting)
            until = std::max(until, bootDone_[idx(s)]);
        else if (power_[idx(s)] == PowerState::Off) // about to boot
            until = std::max(until, t + sc_.power.boot_s);
    }
    for (const auto& [s, gpus] : scratch_.parts)
        if (power_[idx(s)] == PowerState::On)
            heldUntil_[idx(s)] = std::max(heldUntil_[idx(s)], until);
}

void SimEngine::powerPass(std::int64_t t)
{
    if (lanes_->active().empty())
        return;
    // Lanes still waiting after the pass, in queue order of their heads.
    auto& waiting = powerWaiting_;
    waiting.clear();
    for (const auto laneId : lanes_->active())
        waiting.emplace_back(*lanes_->lane(laneId).keys.begin(), laneId);
    std::sort(waiting.begin(), waiting.end());
    // The off and booting servers, listed when a lane first needs them (most passes need none).
    std::vector<std::int32_t> booting, off;
    bool listed = false;
    // The servers' power bookkeeping must not see the hypothetical changes below.
    struct Unwatched {
        GpuPool& pool;
        std::vector<std::int32_t>* watcher = pool.watcher();
        Unwatched(GpuPool& p) : pool(p) { pool.watch(nullptr); }
        ~Unwatched() { pool.watch(watcher); }
    } unwatched{pool_};
    for (const auto& [key, laneId] : waiting) {
        const auto j = key.row;
        if (powerWait_.size() <= idx(laneId)) {
            powerWait_.resize(idx(laneId) + 1, 0);
            powerChecked_.resize(idx(laneId) + 1);
        }
        // A lane keeps its answer while the power state is the same, and, unless it waits for
        // booting servers, the releases too: a release only adds room, so a job that fits once
        // the booting servers are up still does. A new head keeps it too, as a lane's jobs need
        // the same room (docs/simulation.md "Performance") — except under backfill none, where a
        // lane is a whole VC.
        auto& checked = powerChecked_[idx(laneId)];
        const bool sameHead = checked.head == j || sc_.backfill != BackfillPolicy::None;
        if (sameHead && checked.power == powerEpoch_ && (powerWait_[idx(laneId)] || checked.release == releaseEpoch_))
            continue;
        checked = {j, releaseEpoch_, powerEpoch_};
        powerWait_[idx(laneId)] = 0;
        if (quota_.wouldExceed(job(j).tenant, needMilli(j, t)))
            continue; // fair share first
        if (!listed) {
            for (std::int32_t s = 0; s < cluster_->serverCount(); ++s) {
                if (power_[idx(s)] == PowerState::Booting)
                    booting.push_back(s);
                else if (power_[idx(s)] == PowerState::Off)
                    off.push_back(s);
            }
            listed = true;
        }
        if (booting.empty() && off.empty())
            continue;
        // Hypothetically: the booting servers up, then the first k off servers too. More
        // servers up never take a placement away, so whether the first k suffice is monotone in
        // k: k = 1, 2, 4, … until it fits (a job mostly needs a server or two, and each server
        // tried costs an index update), then a binary search below finds the fewest.
        setHypotheticallyUp(booting, true);
        if (!booting.empty() && placementExists(j, t)) {
            holdPlacedServers(t);
            setHypotheticallyUp(booting, false);
            powerWait_[idx(laneId)] = 1;
            continue;
        }
        const std::span<const std::int32_t> offs(off);
        std::size_t up = 0;
        const auto fitsWithFirst = [&](std::size_t k) {
            setHypotheticallyUp(k > up ? offs.subspan(up, k - up) : offs.subspan(k, up - k), k > up);
            up = k;
            return placementExists(j, t);
        };
        std::size_t used = 0, lo = 1; // fits with `used` (0: none found); not with fewer than `lo`
        for (std::size_t k = std::min<std::size_t>(1, off.size()); k > 0 && used == 0;) {
            if (fitsWithFirst(k)) {
                used = k;
            } else {
                lo = k + 1;
                k = k == off.size() ? 0 : std::min(off.size(), 2 * k);
            }
        }
        const bool fits = used > 0;
        while (fits && lo < used) {
            const auto mid = lo + (used - lo) / 2;
            if (fitsWithFirst(mid))
                used = mid;
            else
                lo = mid + 1;
        }
        if (fits && up != used)
            fitsWithFirst(used); // the placement with the fewest, to hold its powered servers
        if (fits)
            holdPlacedServers(t);
        setHypotheticallyUp(offs.first(up), false);
        setHypotheticallyUp(booting, false);
        if (!fits)
            continue;
        for (std::size_t i = 0; i < used; ++i) {
            const auto s = off[i];
            power_[idx(s)] = PowerState::Booting;
            ++poweredServers_;
            poweredGpus_ += cluster_->servers()[idx(s)].gpus;
            closePowerInterval(s, t);
            openPowerInterval(s, t, true);
            bootDone_[idx(s)] = t + sc_.power.boot_s;
            events_.push({bootDone_[idx(s)], SimEvent::makeOrder(kPower, static_cast<std::uint64_t>(s)), 1u});
            booting.push_back(s);
        }
        off.erase(off.begin(), off.begin() + static_cast<std::ptrdiff_t>(used));
        ++powerEpoch_;
        powerWait_[idx(laneId)] = 1;
        checked = {j, releaseEpoch_, powerEpoch_};
    }
}

double SimEngine::powerNow() const
{
    const auto& w = sc_.power;
    const auto& c = series_.counters();
    const double busyUtil = static_cast<double>(c.utilMicro) / 1e6; // busy GPUs' utilization, summed
    const auto offServers = cluster_->serverCount() - poweredServers_;
    // A GPU draws gpu_idle_w idle and gpu_busy_w at full utilization, linearly in between.
    return poweredServers_ * w.serverIdleW + poweredGpus_ * w.gpuIdleW + (w.gpuBusyW - w.gpuIdleW) * busyUtil + offServers * w.offW;
}

} // namespace clens
