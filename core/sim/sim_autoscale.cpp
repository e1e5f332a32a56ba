// The autoscaler in the cluster (docs/autoscaling.md): running jobs' demand, their reservations
// set every interval by the policy, CPU throttling and memory OOM kills.
#include "core/sim/sim_engine.hpp"

#include "core/sim/autoscale_interval_walk.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <tuple>

namespace clens {

namespace {
constexpr double kMibPerGb = 1024.0;

// An amount in whole units, rounded up within kReservationSlackUnits.
std::int64_t ceilUnits(double v, double unit)
{
    return static_cast<std::int64_t>(std::ceil(std::max(0.0, v) * unit - kReservationSlackUnits));
}
} // namespace

void SimEngine::initAutoscaling()
{
    demand_ = options_.demand.get();
    walkTable_.emplace(*demand_);
    const auto& a = sc_.autoscaler;
    scalePolicy_ = a.policy == "request" ? std::nullopt : scalingPolicyFromName(a.policy);
    oraclePolicy_ = scalePolicy_ && isOracle(*scalePolicy_);
    keepsUsage_ = scalePolicy_ && !oraclePolicy_ && *scalePolicy_ != ScalingPolicy::PhaseRule;
    phaseRule_.assign(demand_->phases.size(), std::nullopt);
    ruleUnits_.assign(demand_->phases.size(), {-1, -1});
    for (std::size_t p = 0; p < demand_->phases.size(); ++p) {
        const auto& ph = demand_->phases[p];
        if (!ph.seen)
            continue;
        phaseRule_[p] = Allocation{ph.cpuMean + a.sigma * ph.cpuSd, ph.memMean + a.sigma * ph.memSd};
        // The rule with headroom in whole millicores and MiB, as every policy's reservation is
        // rounded (the tick's fast path).
        ruleUnits_[p] = {ceilUnits(phaseRule_[p]->cpu * (1.0 + a.headroom), 1000.0), ceilUnits(phaseRule_[p]->mem * (1.0 + a.headroom), 1.0)};
    }
    // A job that asks no CPU or memory starts with its first step's demand (docs/autoscaling.md).
    const auto source = a.usage == UsageModel::Metrics ? DemandSource::Metrics : DemandSource::Phases;
    startMem_.assign(trace_->jobs.size(), 0.0);
    memFloor_.assign(trace_->jobs.size(), 0.0);
    memFloorUnits_.assign(trace_->jobs.size(), 0);
    for (std::size_t rank = 0; rank < rankedJobs_; ++rank) {
        const auto j = jobAtRank(rank);
        const auto& req = model_.requestRef(j);
        std::int64_t cpu = req.cpu, mem = req.mem;
        if (cpu == 0 || mem == 0) {
            const auto first = DemandWalk(*demand_, source, sc_.seed, j).next();
            if (cpu == 0)
                cpu = ceilUnits(first.cpu, 1000.0);
            if (mem == 0)
                mem = ceilUnits(first.mem, 1.0);
            model_.setStartRequest(j, cpu, mem);
        }
        startMem_[idx(j)] = static_cast<double>(mem);
    }
}

std::int64_t SimEngine::nextTickAfter(std::int64_t t) const
{
    return autoscalerTickAfter(job(jobAtRank(0)).submit_s, sc_.autoscaler.interval_s, t);
}

void SimEngine::ensureTick(std::int64_t t)
{
    if (pendingTick_)
        return;
    pendingTick_ = nextTickAfter(t);
    events_.push({*pendingTick_, SimEvent::makeOrder(kTick, 0), 0});
}

namespace {
// The job's reservation: cores and MiB over its servers.
std::pair<double, double> reservedTotals(const auto& reserved)
{
    double cpu = 0, mem = 0;
    for (const auto& part : reserved) {
        cpu += static_cast<double>(part.cpu) / 1000.0;
        mem += static_cast<double>(part.mem);
    }
    return {cpu, mem};
}

} // namespace

void SimEngine::startScaling(std::int32_t j, std::int64_t t, double work_s)
{
    auto& rs = runStateFor(j);
    if (freeScalings_.empty()) {
        rs.scaling = static_cast<std::int32_t>(scalings_.size());
        scalings_.emplace_back();
        scalingsCold_.emplace_back();
    } else {
        rs.scaling = freeScalings_.back();
        freeScalings_.pop_back();
        scalings_[idx(rs.scaling)] = Scaling{};
        scalingsCold_[idx(rs.scaling)].runs.clear();
    }
    if (scalingSlotOf_.empty())
        scalingSlotOf_.assign(trace_->jobs.size(), -1);
    scalingSlotOf_[idx(j)] = rs.scaling;
    auto& sc = scalings_[idx(rs.scaling)];
    static_assert(sizeof(Scaling) <= 256, "a tick reads and writes a job's Scaling: four cache lines");
    const auto source = sc_.autoscaler.usage == UsageModel::Metrics ? DemandSource::Metrics : DemandSource::Phases;
    sc.job = j;
    sc.runState = rt(j).runState;
    sc.cursor.walk = DemandWalk(*demand_, source, sc_.seed, j);
    sc.work_s = work_s;
    std::tie(sc.cpuReserved, sc.memReserved) = reservedTotals(rs.reserved);
    if (options_.recordOccupancy)
        for (const auto& part : rs.reserved) {
            scalingsCold_[idx(rs.scaling)].runs.push_back(static_cast<std::uint32_t>(scaledParts_.size()));
            scaledParts_.push_back(ScaledRun{j, part.server, t, t, 0, 0});
        }
    if (scaledRunning_.empty()) {
        scaledRunning_.assign((trace_->jobs.size() + 63) / 64, 0);
        scaledRunningWords_.assign((scaledRunning_.size() + 63) / 64, 0);
    }
    scaledRunning_[idx(j) / 64] |= std::uint64_t{1} << (idx(j) % 64);
    scaledRunningWords_[idx(j) / 4096] |= std::uint64_t{1} << (idx(j) / 64 % 64);
    ++scaledCount_;
    ensureTick(t);
    planInterval(sc, t, nextTickAfter(t));
}

void SimEngine::planInterval(Scaling& sc, std::int64_t t, std::int64_t end)
{
    const auto slot = static_cast<std::size_t>(&sc - scalings_.data());
    sc.intervalStart = t;
    auto& cold = scalingsCold_[slot];
    cold.intervalFrom = sc.cursor;
    const auto length = static_cast<double>(end - t);
    const bool keepUsage = keepsUsage_; // the policy reads the last interval's usage statistics
    if (keepUsage)
        demandSamples_.clear();
    auto& stop = stopped_;
    if (!keepUsage && sc.cursor.walk.source() == DemandSource::Phases) // the usual tick: the walk inline
        detail::runIntervalImpl<false, true>(sc.cursor, sc.cpuReserved, sc.memReserved, sc.work_s, length, nullptr, &*walkTable_,
                                             sc.planned, stop);
    else
        runInterval(sc.cursor, sc.cpuReserved, sc.memReserved, sc.work_s, length, keepUsage ? &demandSamples_ : nullptr,
                    &*walkTable_, sc.planned, stop);
    if (keepUsage)
        cold.plannedUsage = usageOfSamples(demandSamples_);
    const auto& o = sc.planned;
    auto& c = series_.counters();
    c.scaledCpuUsed += o.cpuUsed_s / length - sc.cpuUsedRate;
    c.scaledMemUsed += o.memUsed_s / length - sc.memUsedRate;
    sc.cpuUsedRate = o.cpuUsed_s / length;
    sc.memUsedRate = o.memUsed_s / length;
    if (stop.oomAt_s || stop.endAt_s) { // within this interval: the job's state only now
        const auto j = sc.job;
        if (stop.oomAt_s) {
            sc.peakMem = std::max(sc.peakMem, o.peakMem);
            events_.push({t + static_cast<std::int64_t>(std::ceil(*stop.oomAt_s)), SimEvent::makeOrder(kOom, static_cast<std::uint64_t>(j)), rt(j).serial});
        } else {
            events_.push({t + static_cast<std::int64_t>(std::ceil(*stop.endAt_s)), SimEvent::makeOrder(kEnd, static_cast<std::uint64_t>(j)), rt(j).serial});
        }
    }
}

const IntervalSums& SimEngine::closeInterval(Scaling& sc, std::int64_t t)
{
    return closeIntervalInline(sc, t);
}

// Forced inline into the tick, which closes every running job's interval (GCC kept it a call).
[[gnu::always_inline]] inline const IntervalSums& SimEngine::closeIntervalInline(Scaling& sc, std::int64_t t)
{
    const auto elapsed = static_cast<double>(t - sc.intervalStart);
    if (elapsed <= 0) {
        cutSums_ = IntervalSums{};
        return cutSums_;
    }
    const double cpu = sc.cpuReserved, mem = sc.memReserved;
    // Cut where its plan stopped (a tick, the end of the work or an OOM kill) or later: the plan
    // holds (the reservation changes only after); cut earlier, the interval's demand is walked
    // again up to the cut.
    const IntervalSums* planned = &sc.planned;
    if (elapsed < sc.planned.elapsed_s) {
        auto from = scalingsCold_[static_cast<std::size_t>(&sc - scalings_.data())].intervalFrom;
        runInterval(from, cpu, mem, sc.work_s, elapsed, nullptr, &*walkTable_, cutSums_, stopped_);
        planned = &cutSums_;
    }
    const auto& o = *planned;
    sc.cpuReservedCoreS += cpu * elapsed;
    sc.memReservedGbS += mem / kMibPerGb * elapsed;
    sc.cpuUsedCoreS += o.cpuUsed_s;
    sc.memUsedGbS += o.memUsed_s / kMibPerGb;
    ++sc.intervals;
    sc.cpuUnderIntervals += o.cpuUnder ? 1 : 0;
    sc.memUnderIntervals += o.memUnder ? 1 : 0;
    sc.work_s = atLeastZero(sc.work_s - o.progress_s);
    sc.throttled_s += o.throttled_s;
    sc.peakMem = std::max(sc.peakMem, o.peakMem);
    if (options_.recordOccupancy)
        recordLevels(sc, o, elapsed);
    sc.intervalStart = t;
    return o;
}

void SimEngine::recordLevels(const Scaling& sc, const IntervalSums& o, double elapsed)
{
    // Only appends: the parts' counts are taken from the log and their ends from the Scaling when
    // the run ends (settleScaledParts), which saves a cache miss per part and interval.
    const auto& rs = runStates_[idx(sc.runState)];
    const auto& runs = scalingsCold_[static_cast<std::size_t>(&sc - scalings_.data())].runs;
    for (std::size_t i = 0; i < rs.reserved.size() && i < runs.size(); ++i) {
        const auto& part = rs.reserved[i];
        const double share = rs.alloc > 0 && part.gpus > 0 ? static_cast<double>(part.gpus) / rs.alloc : 1.0;
        scaledLog_.push_back({{static_cast<float>(static_cast<double>(part.cpu) / 1000.0),
                               static_cast<float>(static_cast<double>(part.mem) / kMibPerGb),
                               static_cast<float>(o.cpuUsed_s / elapsed * share),
                               static_cast<float>(o.memUsed_s / elapsed / kMibPerGb * share),
                               static_cast<std::int16_t>(o.lastPhase)},
                              runs[i]});
    }
}

void SimEngine::rescaleUnits(Scaling& sc, std::int64_t cpuTotal, std::int64_t memTotal, std::int64_t t)
{
    if (sc.holds(cpuTotal, memTotal))
        return; // every server holds its part of these totals already
    auto& rs = runStates_[idx(sc.runState)];
    sc.askedCpu = cpuTotal;
    sc.askedMem = memTotal;
    sc.granted = true;
    const auto held = static_cast<std::int64_t>(rs.alloc);
    bool freed = false, changed = false;
    for (auto& part : rs.reserved) {
        // Its part of the whole job's demand: by its GPUs there.
        const auto portion = [&](std::int64_t total) {
            return held <= 1 || part.gpus >= held ? total : (total * part.gpus + held - 1) / held;
        };
        const auto cpuWanted = portion(cpuTotal), memWanted = portion(memTotal);
        const auto cpuNew = std::min(cpuWanted, part.cpu + res_->cpuFree(part.server));
        const auto memNew = std::min(memWanted, part.mem + res_->memFree(part.server));
        sc.granted = sc.granted && cpuNew == cpuWanted && memNew == memWanted;
        if (cpuNew == part.cpu && memNew == part.mem)
            continue;
        freed = freed || cpuNew < part.cpu || memNew < part.mem;
        auto& c = series_.counters();
        c.scaledCpuReserved += cpuNew - part.cpu;
        c.scaledMemReserved += memNew - part.mem;
        res_->unreserve(part.server, part.cpu, part.mem);
        res_->reserve(part.server, cpuNew, memNew);
        res_->touchCpuMem(part.server);
        part.cpu = cpuNew;
        part.mem = memNew;
        part.since = t;
        changed = true;
    }
    if (changed)
        std::tie(sc.cpuReserved, sc.memReserved) = reservedTotals(rs.reserved);
    if (freed) { // room for waiting jobs
        ++releaseEpoch_;
        needPass_ = dirty_ = true;
    }
}

void SimEngine::autoscaleTick(std::int64_t t)
{
    pendingTick_.reset();
    const auto& a = sc_.autoscaler;
    tickSlots_.clear();
    for (std::size_t v = 0; v < scaledRunningWords_.size(); ++v)
        for (auto words = scaledRunningWords_[v]; words != 0; words &= words - 1) {
            const auto w = v * 64 + static_cast<std::size_t>(std::countr_zero(words));
            for (auto bits = scaledRunning_[w]; bits != 0; bits &= bits - 1)
                tickSlots_.push_back(scalingSlotOf_[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))]);
        }
    // Every interval that ends here ends at this tick and the next one at the next tick.
    const auto next = t + a.interval_s;
    const bool phaseRule = scalePolicy_ && *scalePolicy_ == ScalingPolicy::PhaseRule;
    // Thousands of jobs' states, visited once each, in job order: a tick waits on memory at every
    // job unless it asks for them ahead, in stages as each gives the next's address (a stage reads
    // what an earlier one asked for): eight jobs ahead a job's Scaling and where its interval's
    // start is kept, six ahead its RunState and memory floor, two ahead the list of what it
    // reserves (a rescale reads the last two).
    constexpr std::size_t kAheadScaling = 8, kAheadRunState = 6, kAheadParts = 2;
    const auto n = tickSlots_.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (i + kAheadScaling < n) {
            const auto slot = idx(tickSlots_[i + kAheadScaling]);
            const auto* ahead = reinterpret_cast<const char*>(&scalings_[slot]);
#pragma GCC unroll 4
            for (std::size_t line = 0; line < sizeof(Scaling); line += 64)
                __builtin_prefetch(ahead + line);
            __builtin_prefetch(&scalingsCold_[slot], 1);
        }
        if (i + kAheadRunState < n) {
            const auto& ahead = scalings_[idx(tickSlots_[i + kAheadRunState])];
            const auto& rs = runStates_[idx(ahead.runState)];
            __builtin_prefetch(&rs.reserved);
            __builtin_prefetch(&rs.alloc);
            __builtin_prefetch(&memFloorUnits_[idx(ahead.job)]);
        }
        if (i + kAheadParts < n)
            __builtin_prefetch(runStates_[idx(scalings_[idx(tickSlots_[i + kAheadParts])].runState)].reserved.data());
        auto& sc = scalings_[idx(tickSlots_[i])];
        if (sc.intervalStart >= t)
            continue; // started at this tick: its first interval runs to the next one
        const auto j = sc.job;
        const auto previousLength = static_cast<double>(t - sc.intervalStart);
        const int lastPhase = closeIntervalInline(sc, t).lastPhase;
        if (phaseRule && lastPhase >= 0 && static_cast<std::size_t>(lastPhase) < ruleUnits_.size()
            && ruleUnits_[static_cast<std::size_t>(lastPhase)].first >= 0) {
            // phase.rule on a known phase: its rule with headroom, never below the job's floor.
            const auto& [cpu, mem] = ruleUnits_[static_cast<std::size_t>(lastPhase)];
            const auto memTotal = std::max(mem, memFloorUnits_[idx(j)]);
            if (!sc.holds(cpu, memTotal)) // checked here too: most ticks ask the same again, and the call costs
                rescaleUnits(sc, cpu, memTotal, t);
        } else if (scalePolicy_) {
            const auto& cold = scalingsCold_[idx(tickSlots_[i])];
            IntervalUsage walked;
            if (phaseRule) // an unknown phase: phase.rule falls back to the usage, walked again
                walked = usageAhead(cold.intervalFrom, previousLength, demandSamples_);
            PolicyInputs in{phaseRule ? &walked : &cold.plannedUsage, nullptr, std::nullopt, a.sigma};
            IntervalUsage current;
            if (oraclePolicy_) { // it knows the interval ahead
                current = usageAhead(sc.cursor, static_cast<double>(next - t), demandSamples_);
                in.current = &current;
            }
            const auto alloc = policyAllocation(*scalePolicy_, in);
            rescaleUnits(sc, ceilUnits(alloc.cpu * (1.0 + a.headroom), 1000.0),
                         ceilUnits(std::max(alloc.mem * (1.0 + a.headroom), memFloor_[idx(j)]), 1.0), t);
        }
        planInterval(sc, t, next);
    }
    if (scaledCount_ > 0)
        ensureTick(t);
}

// Its parts end where its last interval closed (their last level's end).
void SimEngine::settleScaledParts(const Scaling& sc)
{
    if (options_.recordOccupancy)
        for (const auto part : scalingsCold_[static_cast<std::size_t>(&sc - scalings_.data())].runs)
            scaledParts_[part].to_s = sc.intervalStart;
}

void SimEngine::endScaling(std::int32_t j, std::int64_t t)
{
    auto& rs = runStateFor(j);
    auto& sc = scalings_[idx(rs.scaling)];
    closeInterval(sc, t);
    settleScaledParts(sc);
    auto& c = series_.counters();
    c.scaledCpuUsed -= sc.cpuUsedRate;
    c.scaledMemUsed -= sc.memUsedRate;
    for (const auto& part : rs.reserved) {
        c.scaledCpuReserved -= part.cpu;
        c.scaledMemReserved -= part.mem;
    }
    scaledRunning_[idx(j) / 64] &= ~(std::uint64_t{1} << (idx(j) % 64));
    if (scaledRunning_[idx(j) / 64] == 0)
        scaledRunningWords_[idx(j) / 4096] &= ~(std::uint64_t{1} << (idx(j) / 64 % 64));
    --scaledCount_;
    auto& res = result_.resources[idx(j)];
    res.cpuReservedCoreS += sc.cpuReservedCoreS;
    res.memReservedGbS += sc.memReservedGbS;
    res.throttled_s += sc.throttled_s;
    res.cpuUsedCoreS += sc.cpuUsedCoreS;
    res.memUsedGbS += sc.memUsedGbS;
    res.scaledIntervals += sc.intervals;
    res.cpuUnderIntervals += sc.cpuUnderIntervals;
    res.memUnderIntervals += sc.memUnderIntervals;
    freeScalings_.push_back(rs.scaling);
    scalingSlotOf_[idx(j)] = -1;
    rs.scaling = -1;
}

void SimEngine::flushScaledRuns()
{
    // The parts with levels by (start, server, job), each given its place in the result's levels;
    // then the log scattered there (a part's levels were logged in time order).
    for (const auto slot : scalingSlotOf_) // runs still going (none when every job ended)
        if (slot >= 0)
            settleScaledParts(scalings_[idx(slot)]);
    // Counted and placed through arrays of 4 bytes a part (the parts' rows are 32 bytes each, and
    // the log visits them at random).
    std::vector<std::uint32_t> at(scaledParts_.size(), 0);
    scaledLog_.forEach([&](const LoggedLevels& logged) { ++at[logged.part]; });
    std::vector<std::uint32_t> order;
    for (std::uint32_t i = 0; i < scaledParts_.size(); ++i)
        if (at[i] > 0)
            order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const auto& x = scaledParts_[a];
        const auto& y = scaledParts_[b];
        return x.from_s != y.from_s ? x.from_s < y.from_s : x.server != y.server ? x.server < y.server : x.job < y.job;
    });
    std::uint32_t next = 0;
    result_.scaledRuns.reserve(order.size());
    for (const auto i : order) {
        auto& run = scaledParts_[i];
        run.first = next;
        run.count = at[i];
        next += run.count;
        result_.scaledRuns.push_back(run);
        at[i] = run.first; // from here: where its next level goes
    }
    result_.scaledLevels.resize(next);
    scaledLog_.forEach([&](const LoggedLevels& logged) { result_.scaledLevels[at[logged.part]++] = logged.levels; });
    scaledParts_.clear();
    scaledLog_.clear();
}

void SimEngine::oomKill(std::int32_t j, std::int64_t t)
{
    closeInterval(j, t);
    auto& res = result_.resources[idx(j)];
    ++res.oomKills; // its interval counted as memory-short when closed (the plan saw the OOM)
    // Its next first interval holds its peak memory demand (with headroom), at least what it
    // started with.
    const auto peakMem = scalingOf(j).peakMem;
    const auto next = std::max(startMem_[idx(j)], peakMem * (1.0 + sc_.autoscaler.headroom));
    const auto& req = model_.requestRef(j);
    model_.setStartRequest(j, req.cpu, ceilUnits(next, 1.0));
    // And the policy never reserves it less memory than that again (else a job whose memory
    // demand sometimes exceeds what its policy reserves would be killed over and over).
    memFloor_[idx(j)] = std::max(memFloor_[idx(j)], peakMem * (1.0 + sc_.autoscaler.headroom));
    memFloorUnits_[idx(j)] = ceilUnits(memFloor_[idx(j)], 1.0);
    // A trial run holds one GPU's share of the request: when that cannot hold the floor, the trial
    // is waived (the next attempt takes the whole job), else it would be killed at its first step,
    // at once, for ever (the elastic minimum is raised likewise: minStartSize).
    if (rt(j).trialPending && model_.requestRef(j).memFor(1) < memFloorUnits_[idx(j)])
        rt(j).trialPending = false;
    interrupt(j, t, false, true);
}

} // namespace clens
