#include "core/sim/sim_engine.hpp"
#include "core/sim/elastic_size.hpp"

#include "core/sim/sim_summary.hpp"
#include "core/util/input_error.hpp"
#include "core/util/input_limits.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace clens {

SimEngine::SimEngine(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace, const Scenario& scenario,
                     const SimOptions& options)
    : cluster_(std::move(cluster)), trace_(std::move(trace)), sc_(scenario), options_(options), loc_(*cluster_),
      pool_(*cluster_),
      model_(*cluster_, *trace_, sc_.resources,
             measuresFragmentation(sc_.placement) || (options.demand && sc_.autoscaler.usage != UsageModel::None)),
      quota_(sc_.quota, *trace_)
{
    const auto& jobs = trace_->jobs;
    stage_.assign(jobs.size(), Stage::Pending);
    slotOf_.assign(jobs.size(), -1);
    // Most traces are in submission order with every job simulated: then a job's rank is its row.
    const auto bySubmit = [&](std::int32_t a, std::int32_t b) { return jobs[idx(a)].submit_s < jobs[idx(b)].submit_s; };
    const bool rowOrder = std::all_of(jobs.begin(), jobs.end(), [](const Job& J) { return J.simulated(); })
                          && std::is_sorted(jobs.begin(), jobs.end(), [](const Job& a, const Job& b) { return a.submit_s < b.submit_s; });
    if (rowOrder) {
        rankedJobs_ = jobs.size();
    } else {
        for (std::size_t j = 0; j < jobs.size(); ++j)
            if (jobs[j].simulated())
                jobOfRank_.push_back(static_cast<std::int32_t>(j));
        std::stable_sort(jobOfRank_.begin(), jobOfRank_.end(), bySubmit);
        rankedJobs_ = jobOfRank_.size();
    }
    lanes_.emplace(rankedJobs_);
    queue_ = makeQueuePolicy(sc_.queue, *trace_);
    fifoOrder_ = sc_.queue.policy == QueuePolicyKind::Fifo;
    byShare_ = queue_->ordersVcsByShare();
    if (byShare_)
        initVcShares();

    const auto& L = sc_.locality;
    if (L.relaxToRackAfter_s && *L.relaxToRackAfter_s > 0)
        timers_.push_back({*L.relaxToRackAfter_s, false, 0});
    if (L.relaxToAnyAfter_s && *L.relaxToAnyAfter_s > 0)
        timers_.push_back({*L.relaxToAnyAfter_s, false, 0});
    if (sc_.gang.policy == GangPolicy::Elastic && sc_.gang.elasticAfter_s > 0)
        timers_.push_back({sc_.gang.elasticAfter_s, true, 0});

    const bool scaled = options_.demand && sc_.autoscaler.usage != UsageModel::None;
    if (model_.active() || measuresFragmentation(sc_.placement) || scaled) {
        res_.emplace(model_, pool_);
        room_.emplace(model_, pool_, *res_);
        jobsOn_.resize(idx(cluster_->serverCount()));
        locBySet_.resize(model_.modelSetCount());
        if (measuresFragmentation(sc_.placement))
            fgd_.emplace(taskClasses(*trace_, model_), model_, pool_, *res_);
    }
    if (scaled && rankedJobs_ > 0)
        initAutoscaling();
    runningByVc_.resize(trace_->tenants.size());
    roomChecks_ = !resourceMode() && sc_.gang.policy != GangPolicy::None && quota_.mode() != QuotaMode::BorrowPreempt
                  && !queue_->preemptive();
    judgesByNeed_ = !resourceMode() && quota_.mode() == QuotaMode::None && !sc_.power.enabled;
    if (judgesByNeed_)
        lanes_->keepActivated();
    if (roomChecks_)
        pool_.logGains();
    memo_.assign((static_cast<std::size_t>(loc_.totalGpus()) + 1) * 3, 0);
    openOutage_.assign(idx(cluster_->serverCount()), -1);
    if (sc_.failures.serverMtbf_h > 0) {
        failures_.emplace(sc_.seed, cluster_->serverCount(), sc_.failures.serverMtbf_h);
        repair_s_ = std::max<std::int64_t>(0, std::llround(sc_.failures.repair_h * 3600.0));
        // Bounded by the input's size (docs/simulation.md "Failures").
        failureBudget_ = std::max<std::int64_t>(10'000, 100 * (static_cast<std::int64_t>(jobs.size()) + cluster_->serverCount()));
    }

    result_.jobs.resize(jobs.size());
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        auto& res = result_.jobs[j];
        res.job = static_cast<std::int32_t>(j);
        res.simulated = jobs[j].simulated();
        res.status = JobStatus::Unfinished;
    }
    // What each job asks besides whole GPUs, and its CPU and memory: only a run in resource
    // mode has any (a GPU-only run's are all the defaults: SimResult::resourcesOf()).
    if (resourceMode()) {
        result_.resources.resize(jobs.size());
        for (std::size_t j = 0; j < jobs.size(); ++j) {
            auto& res = result_.resources[j];
            const auto req = model_.request(static_cast<std::int32_t>(j));
            res.cpuCores = static_cast<double>(req.cpu) / 1000.0;
            res.memGb = static_cast<double>(req.mem) / 1024.0;
            res.gpuMilli = req.milli;
        }
    }
}

bool SimEngine::canEverStart(std::int32_t j) const
{
    const auto& J = job(j);
    std::int32_t smallest = J.gpus;
    if (sc_.gang.policy == GangPolicy::Elastic && J.gpus > 1)
        smallest = elasticMinimumSize(sc_.gang.minFraction, J.gpus);
    if (resourceMode() ? !canEverStartWithResources(j, smallest) : smallest > loc_.totalGpus())
        return false;
    const auto req = model_.request(j);
    const auto milli = req.share() ? std::int64_t{req.milli} : std::int64_t{1000} * smallest;
    if (quota_.mode() == QuotaMode::Strict && milli > quota_.quota(J.tenant))
        return false;
    return true;
}

std::optional<std::int64_t> SimEngine::nextInstant()
{
    std::optional<std::int64_t> t;
    const auto consider = [&](std::int64_t v) {
        if (!t || v < *t)
            t = v;
    };
    while (!events_.empty()) { // drop stale end events so they never make an instant
        const auto& e = events_.top();
        const auto row = static_cast<std::int32_t>(e.row());
        if (e.kind() == kEnd || e.kind() == kOom || e.kind() == kDemote) {
            if (stageOf(row) != Stage::Running || rt(row).serial != e.serial) {
                events_.pop();
                continue;
            }
        }
        if (e.kind() == kPromote) {
            if (stageOf(row) != Stage::Waiting || rt(row).queueSerial != e.serial || rt(row).wait.lane < 0) {
                events_.pop();
                continue;
            }
        }
        consider(e.t);
        break;
    }
    if (submitCursor_ < rankedJobs_)
        consider(job(jobAtRank(submitCursor_)).submit_s);
    for (auto& s : timers_) {
        while (s.cursor < rankedJobs_ && stageOf(jobAtRank(s.cursor)) == Stage::Done)
            ++s.cursor;
        if (s.cursor < rankedJobs_)
            consider(job(jobAtRank(s.cursor)).submit_s + s.offset);
    }
    return t;
}

SimResult SimEngine::run()
{
    result_.scenario = sc_;
    result_.cluster = cluster_;
    result_.trace = trace_;
    if (rankedJobs_ == 0) {
        result_.summary = computeSummary(result_);
        return std::move(result_);
    }
    const auto t0 = job(jobAtRank(0)).submit_s;
    const auto lastSubmit = job(jobAtRank(rankedJobs_ - 1)).submit_s;
    result_.firstSubmit_s = t0;
    series_.init(t0, sc_.seriesStep_s, cluster_->gpuCount(), trace_->tenants.size());
    integratedTo_ = t0;
    initPower(t0);
    if (failures_)
        for (std::int32_t s = 0; s < cluster_->serverCount(); ++s)
            if (cluster_->servers()[idx(s)].gpus > 0)
                events_.push({t0 + failures_->nextTimeToFailure(s), SimEvent::makeOrder(kServer, static_cast<std::uint64_t>(s)), kFail});

    ProgressTicker ticker(options_.progress, 256);
    std::int64_t lastT = t0;
    while (const auto t = nextInstant()) {
        const bool submissionsLeft = submitCursor_ < rankedJobs_;
        if (jobsInSystem_ == 0 && !submissionsLeft)
            break;
        if (runningJobs_ == 0 && !submissionsLeft && pool_.allUp() && !needPass_) {
            bool timersLeft = false;
            for (const auto& s : timers_)
                timersLeft = timersLeft || s.cursor < rankedJobs_;
            if (!timersLeft)
                break; // only failure "weather" is left: waiting jobs can never start
        }
        // Failures, OOM kills and preemptions could go on for ever (two jobs that keep preempting
        // each other before their restart overhead is paid make no progress).
        if ((failures_ || autoscaling() || queue_->preemptive()) && *t > lastSubmit + sc_.failures.horizon_s)
            break;
        if (*t > kMaxClockSeconds)
            break; // past it a time could overflow (docs/simulation.md "Jobs that cannot finish")
        if (series_.nextSample() < *t) // a sample is due (levels() costs more than the check)
            series_.sampleBefore(*t, levels());
        integrateTo(*t);
        processInstant(*t);
        lastT = *t;
        ticker.tick(static_cast<double>(submitCursor_) / static_cast<double>(rankedJobs_));
    }
    finish(lastT);
    ticker.finish();
    return std::move(result_);
}

void SimEngine::processInstant(std::int64_t t)
{
    if (!events_.empty() && events_.top().t == t)
        events_.advanceTo(t); // only to an event's time: the queue then sorts around its earliest
    while (!events_.empty() && events_.top().t == t) {
        const auto e = events_.top();
        events_.pop();
        handleEvent(e, t);
    }
    while (submitCursor_ < rankedJobs_ && job(jobAtRank(submitCursor_)).submit_s == t) {
        submit(jobAtRank(submitCursor_), t);
        ++submitCursor_;
        ++result_.events;
    }
    for (auto& s : timers_)
        while (s.cursor < rankedJobs_ && job(jobAtRank(s.cursor)).submit_s + s.offset == t) {
            fireTimer(jobAtRank(s.cursor), t, s.elastic);
            ++s.cursor;
        }
    if (needPass_) {
        needPass_ = false;
        schedulingPass(t);
        if (sc_.power.enabled)
            powerPass(t);
    }
    if (dirty_) {
        dirty_ = false;
        judgeLanes(t);
    }
    if (sc_.power.enabled)
        updatePower(t);
}

void SimEngine::handleEvent(const SimEvent& e, std::int64_t t)
{
    if (e.kind() == kEnd || e.kind() == kOom) {
        const auto j = static_cast<std::int32_t>(e.row());
        if (stageOf(j) != Stage::Running || rt(j).serial != e.serial)
            return; // a run that was interrupted
        ++result_.events;
        if (e.kind() == kEnd)
            runEnded(j, t);
        else
            oomKill(j, t);
        return;
    }
    if (e.kind() == kTick) {
        ++result_.events;
        autoscaleTick(t);
        return;
    }
    if (e.kind() == kPower) {
        ++result_.events;
        powerEvent(static_cast<std::int32_t>(e.row()), e.serial, t);
        return;
    }
    if (e.kind() == kDemote || e.kind() == kPromote) {
        const auto j = static_cast<std::int32_t>(e.row());
        if (e.kind() == kDemote ? (stageOf(j) != Stage::Running || rt(j).serial != e.serial)
                                : (stageOf(j) != Stage::Waiting || rt(j).queueSerial != e.serial || rt(j).wait.lane < 0))
            return;
        ++result_.events;
        if (e.kind() == kDemote)
            demotionDue(j, t);
        else
            promote(j, t);
        return;
    }
    ++result_.events;
    const auto server = static_cast<std::int32_t>(e.row());
    if (e.serial == kFail)
        serverFails(server, t);
    else
        serverRepaired(server, t);
}

void SimEngine::admit(std::int32_t j)
{
    if (freeSlots_.empty()) {
        slotOf_[idx(j)] = static_cast<std::int32_t>(slots_.size());
        slots_.emplace_back();
        return;
    }
    slotOf_[idx(j)] = freeSlots_.back();
    freeSlots_.pop_back();
    rt(j) = JobRt{};
}

void SimEngine::retire(std::int32_t j)
{
    auto& r = rt(j);
    if (r.runState >= 0) { // its row goes back: the defaults again (assigned empty, the lists keep their storage)
        runStates_[idx(r.runState)] = kNoRunState;
        freeRunStates_.push_back(r.runState);
        r.runState = -1;
    }
    freeSlots_.push_back(slotOf_[idx(j)]);
    slotOf_[idx(j)] = -1;
}

const SimEngine::RunState SimEngine::kNoRunState{};

SimEngine::RunState& SimEngine::runStateFor(JobRt& r)
{
    if (r.runState < 0) {
        if (freeRunStates_.empty()) {
            r.runState = static_cast<std::int32_t>(runStates_.size());
            runStates_.emplace_back();
        } else {
            r.runState = freeRunStates_.back();
            freeRunStates_.pop_back();
        }
    }
    return runStates_[idx(r.runState)];
}

void SimEngine::submit(std::int32_t j, std::int64_t t)
{
    if (!canEverStart(j)) {
        setStage(j, Stage::Done); // Unfinished, never queued
        result_.neverStartable.push_back(j);
        return;
    }
    admit(j);
    auto& r = rt(j);
    r.trialPending = sc_.failures.trialRun_s > 0 && job(j).gpus > 1;
    ++jobsInSystem_;
    enqueue(j, t);
}

void SimEngine::fireTimer(std::int32_t j, std::int64_t t, bool elastic)
{
    ++result_.events;
    if (stageOf(j) != Stage::Waiting || rt(j).wait.lane < 0)
        return;
    if (elastic || !fifoOrder_)
        relane(j, t); // greedy: to the lane of elastic starts (non-fifo: of its locality stage); backfill none: stays in its VC's lane
    if (lanes_->isHead(rt(j).wait, rt(j).key)) {
        // Its locality loosened or its smallest start shrank: try it again, and re-judge its
        // lane (an elastic head's start size changes its cause).
        lanes_->lane(rt(j).wait.lane).retry();
        needPass_ = dirty_ = true;
    }
}

void SimEngine::serverFails(std::int32_t server, std::int64_t t)
{
    if (power_[idx(server)] != PowerState::On) { // off or booting: nothing to fail; draw the next one
        events_.push({t + failures_->nextTimeToFailure(server), SimEvent::makeOrder(kServer, static_cast<std::uint64_t>(server)), kFail});
        return;
    }
    --poweredServers_; // a failed server draws no power until it is repaired
    poweredGpus_ -= cluster_->servers()[idx(server)].gpus;
    const auto& info = cluster_->servers()[idx(server)];
    std::vector<std::int32_t> holders;
    if (resourceMode()) {
        holders = jobsOnServer(server);
    } else {
        for (std::int32_t g = info.firstGpu; g < info.firstGpu + info.gpus; ++g)
            if (pool_.holder(g) >= 0)
                holders.push_back(pool_.holder(g));
        std::sort(holders.begin(), holders.end());
        holders.erase(std::unique(holders.begin(), holders.end()), holders.end());
    }
    for (const auto j : holders) {
        if (stageOf(j) == Stage::Running)
            interrupt(j, t, false, true);
        else
            releaseHeldOn(j, server, t);
    }
    pool_.setDown(server);
    if (res_)
        res_->touch(server);
    openOutage_[idx(server)] = static_cast<std::int64_t>(result_.outages.size());
    result_.outages.push_back({server, t, t});
    if (++result_.summary.serverFailures > failureBudget_)
        throw InputError("scenario", 0, "failures.server_mtbf_h",
                         "servers fail faster than a run can follow (more than " + std::to_string(failureBudget_)
                             + " failures, 100 per job and server): raise failures.server_mtbf_h or lower failures.horizon_s");
    events_.push({t + repair_s_, SimEvent::makeOrder(kServer, static_cast<std::uint64_t>(server)), kRepair});
    ++releaseEpoch_;
    needPass_ = dirty_ = true;
}

void SimEngine::serverRepaired(std::int32_t server, std::int64_t t)
{
    ++poweredServers_;
    poweredGpus_ += cluster_->servers()[idx(server)].gpus;
    pool_.setUp(server);
    if (res_)
        res_->touch(server);
    auto& open = openOutage_[idx(server)];
    if (open >= 0)
        result_.outages[static_cast<std::size_t>(open)].to_s = t;
    open = -1;
    events_.push({t + failures_->nextTimeToFailure(server), SimEvent::makeOrder(kServer, static_cast<std::uint64_t>(server)), kFail});
    ++releaseEpoch_;
    needPass_ = dirty_ = true;
}

void SimEngine::judgeLanes(std::int64_t t)
{
    const auto freeGpus = pool_.totalFree();
    ++totalsEpoch_;
    if (judgesByNeed_) {
        // Whole GPUs, no quota, no node power: a lane waits for capacity when it needs more GPUs
        // than are free, else for fragmentation, so only a lane new since the last judgement or
        // one whose need the free count crossed can change its cause.
        const auto judgeOne = [&](std::int32_t laneId) {
            if (lanes_->lane(laneId).activeSlot >= 0)
                lanes_->judge(laneId, t, laneNeed(laneId, t) > freeGpus ? DelayCause::Capacity : DelayCause::Fragmentation);
        };
        for (const auto laneId : lanes_->takeActivated())
            judgeOne(laneId);
        lanes_->forEachActiveByNeed(std::min(freeGpus, judgedFree_) + 1, std::max(freeGpus, judgedFree_), true, judgeOne);
        judgedFree_ = freeGpus;
        return;
    }
    const auto powerWaits = [&](std::int32_t laneId) { return idx(laneId) < powerWait_.size() && powerWait_[idx(laneId)]; };
    for (const auto laneId : lanes_->active()) {
        const auto need = laneNeed(laneId, t);
        const auto vc = lanes_->lane(laneId).vc;
        if (!resourceMode()) {
            lanes_->judge(laneId, t,
                          quota_.wouldExceed(vc, std::int64_t{1000} * need) ? DelayCause::Fairshare
                          : powerWaits(laneId)                                ? DelayCause::Power
                          : need > freeGpus                                   ? DelayCause::Capacity
                                                                              : DelayCause::Fragmentation);
            continue;
        }
        const auto head = lanes_->headJob(laneId);
        const auto milli = model_.requestRef(head).share() ? std::int64_t{model_.requestRef(head).milli} : std::int64_t{1000} * need;
        if (quota_.wouldExceed(vc, milli)) {
            lanes_->judge(laneId, t, DelayCause::Fairshare);
        } else if (powerWaits(laneId)) {
            lanes_->judge(laneId, t, DelayCause::Power);
        } else if (const auto shortOf = shortInTotal(head, need)) {
            lanes_->judge(laneId, t, DelayCause::Capacity, *shortOf);
        } else {
            lanes_->judge(laneId, t, DelayCause::Fragmentation, fragmentedResource(head, need, t));
        }
    }
}

SeriesRecorder::Levels SimEngine::levels() const
{
    SeriesRecorder::Levels l;
    l.freeServers = pool_.fullyFreeServers();
    l.poweredServers = poweredServers_;
    l.powerKw = power_.empty() ? 0.0 : powerNow() / 1000.0;
    if (res_) {
        l.cpuReservedMilli = res_->cpuReserved();
        l.memReservedMib = res_->memReserved();
        const auto free = res_->freeGpuMilli();
        l.shareFragmentation = free > 0 ? static_cast<double>(res_->freeSharedGpuMilli()) / static_cast<double>(free) : 0.0;
        // Used: what the autoscaled jobs use (their interval's mean); others use what they reserve.
        const auto& c = series_.counters();
        l.cpuUsedCores = static_cast<double>(l.cpuReservedMilli - c.scaledCpuReserved) / 1000.0 + c.scaledCpuUsed;
        l.memUsedMib = static_cast<double>(l.memReservedMib - c.scaledMemReserved) + c.scaledMemUsed;
    }
    return l;
}

void SimEngine::integrateTo(std::int64_t t)
{
    if (t > integratedTo_ && !power_.empty()) {
        const auto dt = static_cast<double>(t - integratedTo_);
        energyJ_ += powerNow() * dt;
        poweredServerS_ += static_cast<double>(poweredServers_) * dt;
    }
    if (res_ && t > integratedTo_) {
        const auto l = levels();
        const auto dt = static_cast<double>(t - integratedTo_);
        cpuReservedSeconds_ += static_cast<double>(l.cpuReservedMilli) / 1000.0 * dt;
        memReservedSeconds_ += static_cast<double>(l.memReservedMib) / 1024.0 * dt;
        shareFragmentationSeconds_ += l.shareFragmentation * dt;
    }
    integratedTo_ = std::max(integratedTo_, t);
}

void SimEngine::finish(std::int64_t endT)
{
    series_.sampleThrough(endT, levels());
    integrateTo(endT);
    for (std::size_t rank = 0; rank < rankedJobs_; ++rank) {
        const auto j = jobAtRank(rank);
        auto& res = result_.jobs[idx(j)];
        if (stageOf(j) == Stage::Waiting) {
            if (runStateOf(j).held > 0)
                releaseAllHeld(j, endT);
            if (rt(j).wait.lane >= 0)
                dequeue(j, endT);
            res.status = JobStatus::Unfinished;
            res.start_s.reset();
            res.end_s.reset();
        } else if (stageOf(j) == Stage::Running) {
            closeRun(j, endT, false);
            res.status = JobStatus::Unfinished;
            res.end_s.reset();
        } else if (res.end_s) { // ended: the trace's status (a failed trial's too: it ends only when the job failed)
            res.status = job(j).status;
        }
    }
    for (std::size_t s = 0; s < openOutage_.size(); ++s)
        if (openOutage_[s] >= 0)
            result_.outages[static_cast<std::size_t>(openOutage_[s])].to_s = endT;
    for (std::size_t s = 0; s < openPower_.size(); ++s)
        closePowerInterval(static_cast<std::int32_t>(s), endT);
    std::erase_if(result_.powerOff, [](const PowerInterval& p) { return p.to_s <= p.from_s; });
    std::sort(result_.powerOff.begin(), result_.powerOff.end(), [](const PowerInterval& a, const PowerInterval& b) {
        return a.from_s != b.from_s ? a.from_s < b.from_s : a.server < b.server;
    });
    result_.lastEvent_s = endT;

    // Nothing waits or runs any more: what the run kept per job goes before the result takes
    // its waits (at ten million jobs the peak is here).
    slots_ = {};
    freeSlots_ = {};
    events_ = {}; // stale ones may be left, and its pool of blocks
    runStates_ = {};
    freeRunStates_ = {};
    lanes_->releaseJobState();
    lanes_->moveWaitsInto(result_);
    for (std::size_t j = 0; j < result_.jobs.size(); ++j) {
        auto& res = result_.jobs[j];
        for (std::uint32_t k = res.firstWait; k < res.firstWait + res.waitCount; ++k) {
            const auto& w = result_.waits[k];
            const auto len = w.to_s - w.from_s;
            res.queueDelay_s += len;
            switch (w.cause) {
            case DelayCause::Fairshare: res.fairshareDelay_s += len; break;
            case DelayCause::Fragmentation: res.fragmentationDelay_s += len; break;
            case DelayCause::Capacity: res.capacityDelay_s += len; break;
            case DelayCause::Power: res.powerDelay_s += len; break;
            }
        }
    }
    std::sort(result_.occupancy.begin(), result_.occupancy.end(), [](const GpuInterval& a, const GpuInterval& b) {
        return a.from_s != b.from_s ? a.from_s < b.from_s : a.gpu != b.gpu ? a.gpu < b.gpu : a.to_s < b.to_s;
    });
    result_.series = series_.take();
    const auto failures = result_.summary.serverFailures;
    const auto preemptions = result_.summary.preemptions;
    flushScaledRuns();
    result_.summary = computeSummary(result_);
    result_.summary.serverFailures = failures;
    result_.summary.preemptions = preemptions;
    auto& sum = result_.summary;

    const auto makespan = static_cast<double>(sum.makespan_s);
    if (makespan > 0) {
        if (model_.cpuBounded() && model_.totalCpu() > 0)
            sum.cpuAllocFraction = cpuReservedSeconds_ / (static_cast<double>(model_.totalCpu()) / 1000.0 * makespan);
        if (model_.memBounded() && model_.totalMem() > 0)
            sum.memAllocFraction = memReservedSeconds_ / (static_cast<double>(model_.totalMem()) / 1024.0 * makespan);
        sum.gpuShareFragmentation = shareFragmentationSeconds_ / makespan;
    }
    sum.energyKwh = energyJ_ / 3.6e6;
    sum.poweredServerH = poweredServerS_ / 3600.0;
    std::sort(result_.reservations.begin(), result_.reservations.end(),
              [](const ReservationInterval& a, const ReservationInterval& b) {
                  return a.from_s != b.from_s ? a.from_s < b.from_s : a.server != b.server ? a.server < b.server : a.job < b.job;
              });
}

} // namespace clens
