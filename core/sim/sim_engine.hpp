#pragma once
// The discrete-event engine behind simulate() (docs/simulation.md "Semantics as implemented"). One
// instance runs one scenario once.
//
// Kernel: a heap of timed events (attempt ends, server failures and repairs) merged with streams
// already sorted by time (submissions and the per-job timers, each a fixed offset from submit).
// At one instant: ends, failures/repairs, submissions, timers, then one scheduling pass.
// The components each live in their own file: locality (locality.hpp), free GPUs (gpu_pool.hpp),
// placement (placement.hpp), quotas (quota_book.hpp), slowdown (slowdown.hpp), failures and
// checkpoints (failure_model.hpp), the waiting queue and delay attribution (wait_lanes.hpp),
// the time series (series_recorder.hpp). This class wires them: the event loop
// (sim_engine.cpp), the scheduling pass with gang, quota, backfill and preemption rules
// (sim_pass.cpp), and job lifecycle — start, end, interruption, hoarding (sim_jobs.cpp).
//
// Resources beyond GPUs (docs/resources.md): when a job asks for CPU, memory, a GPU share or a
// GPU model, or none asks a GPU, or placement is fgd, the run is in resource mode: CPU, memory
// and shares live in ResourcePool beside GpuPool, placement sees per server the GPUs a job's
// resources allow, lanes and the placement memo are per request class, and delay causes look at
// every resource (sim_resources.cpp). Otherwise the GPU-only path runs exactly as it always has.
#include "core/phases/scaling_policy.hpp"
#include "core/sim/autoscale_interval.hpp"
#include "core/sim/failure_model.hpp"
#include "core/sim/fragmentation.hpp"
#include "core/sim/gpu_pool.hpp"
#include "core/sim/locality.hpp"
#include "core/sim/pass_queue.hpp"
#include "core/sim/placement.hpp"
#include "core/sim/queue/queue_policy.hpp"
#include "core/sim/quota_book.hpp"
#include "core/sim/radix_event_queue.hpp"
#include "core/sim/resource_model.hpp"
#include "core/sim/resource_placement.hpp"
#include "core/sim/resource_pool.hpp"
#include "core/sim/series_recorder.hpp"
#include "core/sim/simulator.hpp"
#include "core/sim/wait_lanes.hpp"
#include "core/util/block_rows.hpp"
#include "core/util/chunked_log.hpp"

#include <boost/container/small_vector.hpp>

#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>
#include <span>
#include <vector>

namespace clens {

class SimEngine {
public:
    SimEngine(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace, const Scenario& scenario,
              const SimOptions& options);
    SimResult run();

private:
    enum class Stage : std::uint8_t { Pending, Waiting, Running, Done }; // where a job is in its life
    enum EventKind : std::uint32_t { kEnd = 0, kServer = 1, kOom = 2, kTick = 3, kPower = 4, kDemote = 5, kPromote = 6 };
    enum class PowerState : std::uint8_t { On, Off, Booting };
    static constexpr std::uint32_t kFail = 0, kRepair = 1; // SimEvent::serial of server events

    // What a running or hoarding job reserves on one server (resource mode).
    struct Reserved {
        std::int32_t server = 0;
        std::int32_t gpus = 0; // its GPUs there (a share job: 1; a 0-GPU job: 0)
        std::int64_t cpu = 0, mem = 0;
        std::int64_t since = 0;
    };

    // A running job under the autoscaler (docs/autoscaling.md), in a dense table of slots (one
    // per running autoscaled job, reused): a tick visits thousands of them, so what a tick reads
    // and writes sits together in four cache lines; the rest is in ScalingCold beside it.
    struct alignas(64) Scaling {
        std::int64_t intervalStart = 0;
        double work_s = 0;        // full-speed seconds of work left at intervalStart
        double throttled_s = 0;   // lost this run up to intervalStart
        double peakMem = 0;       // MiB, this attempt
        double cpuReserved = 0, memReserved = 0; // cores, MiB over its servers since intervalStart
        // Totals (millicores, MiB) the last rescale asked for, and whether every server granted
        // its part; -1: none yet. Asked the same again and granted, a rescale changes nothing.
        std::int64_t askedCpu = -1, askedMem = -1;
        double cpuUsedRate = 0, memUsedRate = 0; // this interval's mean use (for the series)
        IntervalSums planned;     // the whole interval under the reservation it was planned with
        // Its result's autoscaler columns this run, added to the job's result when the run ends.
        double cpuReservedCoreS = 0, memReservedGbS = 0, cpuUsedCoreS = 0, memUsedGbS = 0;
        std::int32_t intervals = 0, cpuUnderIntervals = 0, memUnderIntervals = 0;
        std::int32_t job = -1;
        std::int32_t runState = -1; // its row of runStates_ (stable while it runs)
        bool granted = false;
        DemandCursor cursor;       // the demand where the planned interval's walk stopped

        // Asked these totals last time and every server granted its part: a rescale changes nothing.
        // One test, not three branches: whether a tick asks the same again varies from job to job.
        bool holds(std::int64_t cpuTotal, std::int64_t memTotal) const
        {
            return granted & (cpuTotal == askedCpu) & (memTotal == askedMem);
        }
    };
    // Read when an interval is cut early, by the prev.step policies, with occupancy.
    struct ScalingCold {
        DemandCursor intervalFrom; // the demand at intervalStart (a cut interval is walked again)
        IntervalUsage plannedUsage; // its demand's statistics (for the prev.step policies)
        std::vector<std::uint32_t> runs; // its ScaledRun per server (indices into scaledParts_)
    };

    // What a job holds and its current run: its GPUs and, in resource mode, its reservations per
    // server, and the run's figures. Apart from JobRt, in rows given to a job when it first takes
    // something (GPUs or a reservation) and kept until it leaves the system: millions may wait at
    // once having never run, and a row read before it is given holds the defaults below
    // (docs/simulation.md "Ten million jobs").
    struct alignas(64) RunState {
        // What every start and end reads, in the first cache line: at ten million jobs an end
        // finds its row long out of cache, and a job's GPUs in a list of their own cost a miss
        // more (most jobs hold at most four GPUs: they stay in the row).
        boost::container::small_vector<std::int32_t, 4> gpus; // GPUs held or running on
        std::int64_t runStart = 0;
        std::int32_t alloc = 0;        // GPUs of the current run
        float util = 0;                // effective utilization in this run
        std::int32_t scaling = -1;     // autoscaling: its slot in scalings_ while running
        std::int32_t tenant = 0;       // the job's, from its start (an end need not read the job)
        std::vector<std::int64_t> heldSince; // per hoarded GPU (gang none)
        std::vector<Reserved> reserved;      // resource mode: per server
        double wallPerUseful = 1;      // wall seconds per second of useful work in this run
        std::int32_t held = 0;         // GPUs hoarded while waiting (gang none)
        std::int32_t shareGpu = -1;    // resource mode: the GPU a share job runs on
        std::int64_t overhead_s = 0;   // this run's restart overhead after a queue preemption
        std::int64_t victimKey = 0;    // its key in victimIndex_ while running
    };
    // What the engine keeps of a job from its submission to its end, in a slot of slots_ reused
    // by later jobs: ten million jobs need only those in the system at once.
    struct JobRt {
        QueueKey key;              // its place in the queue (while waiting)
        WaitLanes::WaitState wait; // its lane, when it entered, its last charged interval
        std::int64_t saved = 0;    // useful seconds saved by checkpoints
        // Queue policies (docs/queue-policies.md).
        double attainedGpuS = 0;      // GPU-seconds run (LAS; a starvation promotion resets it)
        std::int64_t lastRun_s = 0;   // wall length of its last run
        std::uint32_t serial = 0;     // run number, to ignore stale end events
        std::uint32_t queueSerial = 0; // entries into the queue (stale promotion check)
        std::int32_t runState = -1;   // its row of runStates_; -1: it has taken nothing yet
        bool trialPending = false;    // gang start must first run a 1-GPU trial
        bool inTrial = false;         // the current run is the trial
        bool overheadDue = false;     // the next run pays preempt_overhead_s
    };
    // A lane visit in a scheduling pass: lanes in order of their heads' keys (fair share: of
    // their VC's allocated GPUs per share first).
    struct PassEntry {
        double vcOrder = 0;
        QueueKey key;
        std::int32_t lane = 0;
        auto operator<=>(const PassEntry&) const = default;
    };
    using PassHeap = PassQueue<PassEntry>;

    // --- event loop (sim_engine.cpp)
    std::optional<std::int64_t> nextInstant();
    void processInstant(std::int64_t t);
    void handleEvent(const SimEvent& e, std::int64_t t);
    void submit(std::int32_t job, std::int64_t t);
    void fireTimer(std::int32_t job, std::int64_t t, bool elastic);
    void serverFails(std::int32_t server, std::int64_t t);
    void serverRepaired(std::int32_t server, std::int64_t t);
    void judgeLanes(std::int64_t t);
    void finish(std::int64_t endT);
    SeriesRecorder::Levels levels() const;
    // Adds the reserved CPU/memory and share fragmentation held since the last call up to t.
    void integrateTo(std::int64_t t);
    bool canEverStart(std::int32_t job) const;

    // --- scheduling pass (sim_pass.cpp)
    void schedulingPass(std::int64_t t);
    void gangPass(std::int64_t t);
    void hoardingPass(std::int64_t t);
    // Pops lanes in pass order and calls visit(entry, withinQuotaRound, deferred) for each: once,
    // or under borrow quotas in two rounds, the second for the entries the first deferred
    // (docs/simulation.md "Quota"). Stops early when whileCond() turns false.
    template <class Visit, class While>
    void visitInQuotaRounds(PassHeap& heap, Visit&& visit, While&& whileCond);
    PassEntry laneEntry(std::int32_t lane, const QueueKey& key) const;
    void pushLane(PassHeap& heap, std::int32_t lane, const QueueKey& key);
    // Pushes the lane's next job after `key`, if any.
    void pushNextInLane(PassHeap& heap, std::int32_t lane, const QueueKey& key);
    // Fair share: the VC's allocated GPUs per share of it; other policies order no VC first (0).
    double vcOrder(std::int32_t vc) const { return byShare_ ? vcShareOrder(vc) : 0.0; }
    double vcShareOrder(std::int32_t vc) const;
    bool choosePlacement(std::int32_t job, std::int64_t t, std::int64_t maxSize, bool useMemo, std::int32_t& size,
                         Placement& out);
    void markFailed(std::int32_t lane);
    // The room check of gang passes on whole GPUs without preemption (roomChecks_): a lane whose
    // head found no placement is skipped until room may have appeared for it.
    bool roomSinceFailure(WaitLanes::Lane& l, std::int32_t need);
    void rememberNoRoom(std::int32_t lane, std::int32_t job, std::int64_t t, std::int64_t maxSize);

    // --- preemption (sim_preempt.cpp): a rule picks candidates, one driver frees and places
    // Quota borrow-preempt: within-quota jobs take GPUs from over-quota VCs.
    bool tryQuotaPreempt(std::int32_t job, std::int64_t t);
    // A preemptive queue policy (srtf, las): jobs it ranks below the waiting one (ownVcOnly: of
    // its own VC, whose quota it needs).
    bool tryQueuePreempt(std::int32_t job, std::int64_t t, std::int64_t maxSize, bool ownVcOnly);
    // Frees candidates in order (next() gives them, -1 after the last) until the job has a
    // placement, keeps only the victims it needs, interrupts them and starts the job.
    // accept(victim) may veto a candidate. Its own VC's victims add their GPUs to maxSize (they
    // give them back to its quota).
    template <class Next, class Accept>
    bool preemptFor(std::int32_t job, std::int64_t t, Next&& next, std::int64_t maxSize, bool checkpointVictims, Accept&& accept);
    void spareUnneededVictims(std::vector<std::int32_t>& victims);
    // After a preemption: lanes that failed earlier in this pass get a turn after `key`.
    void reviveFailedLanes(PassHeap& heap, const QueueKey& key);

    // --- queue policies (sim_queue.cpp)
    QueuedJob queuedJob(std::int32_t job, std::int64_t t) const;
    QueueKey queueKeyNow(std::int32_t job, std::int64_t t) const;
    // How many locality timers have fired for the job (a lane key part under non-fifo policies).
    std::uint64_t localityStage(std::int32_t job, std::int64_t t) const;
    void scheduleDemotion(std::int32_t job, std::int64_t t);
    // victimIndex_: srtf, the run's planned end (remaining now <= end - now, as a run is never
    // faster than full speed); las, its queue now. A candidate's key is above victimBound.
    std::int64_t victimKeyOf(std::int32_t job, std::int64_t t, std::int64_t plannedEnd) const;
    std::int64_t victimBound(const QueuedJob& waiting, std::int64_t t) const;
    void indexVictim(std::int32_t job, std::int64_t key);
    void unindexVictim(std::int32_t job);
    void demotionDue(std::int32_t job, std::int64_t t);
    void scheduleStarvationPromotion(std::int32_t job, std::int64_t t);
    void promote(std::int32_t job, std::int64_t t);
    void initVcShares();

    // --- job lifecycle (sim_jobs.cpp)
    std::int32_t minStartSize(std::int32_t job, std::int64_t t) const;
    bool elasticEligible(std::int32_t job, std::int64_t t) const;
    // The lane a waiting job belongs in now, and the start size all its jobs share (-1: per head).
    std::uint64_t laneKey(std::int32_t job, std::int64_t t, std::int32_t& fixedNeed) const;
    std::int32_t laneFor(std::int32_t job, std::int64_t t);
    // GPUs the lane's head still needs for its smallest start.
    std::int32_t laneNeed(std::int32_t lane, std::int64_t t) const;
    void enqueue(std::int32_t job, std::int64_t t);
    void dequeue(std::int32_t job, std::int64_t t);
    void relane(std::int32_t job, std::int64_t t);
    void startRun(std::int32_t job, std::int64_t t, std::int32_t size, const Placement& extra);
    void hold(std::int32_t job, std::int64_t t, const Placement& parts);
    void releaseHeldOn(std::int32_t job, std::int32_t server, std::int64_t t);
    void releaseAllHeld(std::int32_t job, std::int64_t t);
    // Ends the current run at t: records occupancy, frees GPUs (unless already freed), quota.
    void closeRun(std::int32_t job, std::int64_t t, bool gpusAlreadyFreed);
    void runEnded(std::int32_t job, std::int64_t t);
    // checkpointNow: a queue preemption, which keeps all progress made (docs/queue-policies.md).
    void interrupt(std::int32_t job, std::int64_t t, bool gpusAlreadyFreed, bool requeueNow, bool checkpointNow = false);
    // Useful seconds of work done in the current run by t.
    double usefulThisRun(std::int32_t job, std::int64_t t) const;
    // Seconds of the current run by t that are LAS service: not its restart overhead
    // (docs/queue-policies.md "Preemption"). Reads the overhead only when there can be one (an
    // end at ten million jobs misses the cache on each line of the row it reads).
    std::int64_t heldPastOverhead(const RunState& rs, std::int64_t t) const
    {
        const auto held = t - rs.runStart;
        return sc_.queue.preemptOverhead_s > 0 ? std::max<std::int64_t>(0, held - rs.overhead_s) : held;
    }
    void recordInterval(std::int32_t gpu, std::int32_t job, std::int64_t from, std::int64_t to, GpuUse use, float util,
                        std::int32_t milli = 1000);
    // Thousandths of a GPU the job holds on `alloc` GPUs (a share: its share).
    std::int64_t gpuMilliOf(std::int32_t job, std::int32_t alloc) const;
    std::int64_t needMilli(std::int32_t job, std::int64_t t) const;
    // GPUs taken on one server for a job (resource mode: with their reservation).
    void takeGpus(std::int32_t job, std::int32_t server, std::int32_t count, std::int64_t t);
    // Frees everything the job holds (GPUs, share, CPU, memory); keepRecord: a tentative release
    // (preemption), undone by retakeAll() without touching the job's records.
    void releaseAll(std::int32_t job, std::int64_t t, bool keepRecord);
    void retakeAll(std::int32_t job);
    // Touches (ResourcePool::touch) the servers of the job's GPUs it reserves nothing on.
    void touchServersOf(std::int32_t job);

    // --- the autoscaler in the cluster (sim_autoscale.cpp)
    bool autoscaling() const { return demand_ != nullptr; }
    void initAutoscaling();
    std::int64_t nextTickAfter(std::int64_t t) const;
    void ensureTick(std::int64_t t);
    void startScaling(std::int32_t job, std::int64_t t, double work_s);
    // Demand of [t, its next tick) under its reservation now: schedules its end or OOM within.
    void planInterval(Scaling& sc, std::int64_t t, std::int64_t end);
    // Accounts the interval so far up to t (end, interrupt, OOM, tick); the next one starts at t.
    // (A reference to the interval's plan, or to cutSums_ when it was cut earlier: valid until
    // the next call or the next plan.)
    const IntervalSums& closeInterval(std::int32_t job, std::int64_t t) { return closeInterval(scalingOf(job), t); }
    const IntervalSums& closeInterval(Scaling& sc, std::int64_t t);
    const IntervalSums& closeIntervalInline(Scaling& sc, std::int64_t t); // the same, for the tick
    void autoscaleTick(std::int64_t t);
    void oomKill(std::int32_t job, std::int64_t t);
    // The run ends (or is cut): its last interval is accounted and its levels kept.
    void endScaling(std::int32_t job, std::int64_t t);
    void flushScaledRuns();
    void settleScaledParts(const Scaling& sc);
    // Sets the job's reservation to these totals (millicores, MiB), split over its servers by its
    // GPUs there; a rise is granted only as far as each server has room.
    void rescaleUnits(Scaling& sc, std::int64_t cpuMilli, std::int64_t memMib, std::int64_t t);
    void recordLevels(const Scaling& sc, const IntervalSums& o, double length_s);
    Scaling& scalingOf(std::int32_t job) { return scalings_[idx(runStateOf(rt(job)).scaling)]; }

    // --- node power and energy (sim_power.cpp)
    void initPower(std::int64_t t0);
    bool serverIdle(std::int32_t server) const;
    // Servers whose GPUs or reservations changed: idle since / busy again; power off the eligible.
    void updatePower(std::int64_t t);
    void powerEvent(std::int32_t server, std::uint32_t serial, std::int64_t t); // idle check or boot done
    void powerOffEligible(std::int64_t t, bool instantDone);
    bool held(std::int32_t server, std::int64_t t, bool instantDone) const;
    // After a pass: which waiting lanes wait for booting servers, and boots for those only off
    // servers could take.
    void powerPass(std::int64_t t);
    // Server s no longer counts as idle and powered (the caller takes it out of eligible_).
    void leaveIdle(std::int32_t s);
    void setHypotheticallyUp(std::span<const std::int32_t> servers, bool up);
    bool placementExists(std::int32_t job, std::int64_t t);
    // The powered servers of the placement placementExists found (with off and booting servers
    // hypothetically up) stay on until the last of its servers is up.
    void holdPlacedServers(std::int64_t t);
    void openPowerInterval(std::int32_t server, std::int64_t t, bool booting);
    void closePowerInterval(std::int32_t server, std::int64_t t);
    double powerNow() const; // watts

    // --- resources (sim_resources.cpp)
    bool resourceMode() const { return res_.has_value(); }
    const LocalityTable& locOf(std::int32_t job) const;
    bool canEverStartWithResources(std::int32_t job, std::int32_t smallest) const;
    // The first resource the job needs to start on `need` GPUs of which too little is free in
    // total (GPUs or shares, CPU, memory), if any.
    std::optional<WaitResource> shortInTotal(std::int32_t job, std::int32_t need) const;
    // Of a job waiting for fragmentation, what is fragmented (cached per judgement and class).
    WaitResource fragmentedResource(std::int32_t job, std::int32_t need, std::int64_t t);
    // Is there a placement now for this request (a relaxed copy of the job's) on `need` GPUs?
    bool fitsNow(std::int32_t job, const JobRequest& req, std::int32_t need, std::int64_t t);
    // ResourcePool::totals, computed once per model set until totalsEpoch_ moves (a judgement or
    // the start of a pass: the pools do not change in between).
    const ResourcePool::Totals& totalsNow(std::int32_t modelSet) const;
    bool choosePlacementWithResources(std::int32_t job, std::int64_t t, std::int64_t maxSize, bool useMemo,
                                      std::int32_t& size, Placement& out);
    // A placement context for the job (resource mode).
    PlacementContext contextFor(const JobRequest& req);
    // A cheap necessary condition for a placement of `need` GPUs now (a pass skips lanes failing
    // it).
    bool mightFit(std::int32_t job, std::int32_t need) const;
    // Sets the job's reservation on a server to its portion for `gpus` of its GPUs there (0 GPUs
    // for a 0-GPU job: its whole request), recording the reservation it replaces.
    void reserveOn(std::int32_t job, std::int32_t server, std::int32_t gpus, std::int64_t t);
    void unreserveAll(std::int32_t job, std::int64_t t);
    void recordReservation(std::int32_t job, const Reserved& r, std::int64_t to);
    void spareUnneededVictimsWithResources(std::int32_t job, std::vector<std::int32_t>& victims);
    // Jobs holding anything on the server (resource mode), ascending.
    std::vector<std::int32_t> jobsOnServer(std::int32_t server) const;

    static std::size_t idx(std::int32_t i) { return static_cast<std::size_t>(i); }
    const Job& job(std::int32_t j) const { return trace_->jobs[idx(j)]; }
    // The state of a job in the system (waiting or running).
    JobRt& rt(std::int32_t j) { return slots_[idx(slotOf_[idx(j)])]; }
    const JobRt& rt(std::int32_t j) const { return slots_[idx(slotOf_[idx(j)])]; }
    // A job's run state, given a row on first use (to take or reserve something, or to start).
    RunState& runStateFor(JobRt& r);
    RunState& runStateFor(std::int32_t j) { return runStateFor(rt(j)); }
    // A job's run state to read (none yet: the defaults).
    const RunState& runStateOf(const JobRt& r) const { return r.runState < 0 ? kNoRunState : runStates_[idx(r.runState)]; }
    const RunState& runStateOf(std::int32_t j) const { return runStateOf(rt(j)); }
    Stage stageOf(std::int32_t j) const { return stage_[idx(j)]; }
    void setStage(std::int32_t j, Stage s) { stage_[idx(j)] = s; }
    // A submitted job gets a slot; a job done gives it back.
    void admit(std::int32_t j);
    void retire(std::int32_t j);

    std::shared_ptr<const Topology> cluster_;
    std::shared_ptr<const Trace> trace_;
    Scenario sc_;
    SimOptions options_;
    LocalityTable loc_;
    GpuPool pool_;
    ResourceModel model_;
    std::optional<ResourcePool> res_;
    std::optional<FragmentationMeter> fgd_;
    mutable std::vector<std::unique_ptr<LocalityTable>> locBySet_; // resource mode: per model set, lazily
    std::optional<JobRoom> room_;                                  // resource mode: GPUs a job may take per server
    // Resource mode: what failed to place this pass. A request is at least as hard as a failed one
    // of the same shape (kind, models, size, level) when it asks at least as much per GPU (CPU,
    // memory; for shares the share too): it fails as well (feasibility only shrinks as a request
    // grows), so it is not tried again.
    struct FailedAsk {
        std::int64_t cpu = 0, mem = 0;
        std::int32_t per = 1; // GPUs the CPU and memory are for (whole GPUs), or the share
    };
    std::unordered_map<std::uint64_t, std::vector<FailedAsk>> failedThisPass_;
    bool knownToFail(std::uint64_t shape, const JobRequest& req) const;
    void rememberFailure(std::uint64_t shape, const JobRequest& req);
    std::vector<std::vector<std::int32_t>> jobsOn_;                // resource mode: per server, jobs reserving there
    // The autoscaler (null demand_: off).
    const DemandProfile* demand_ = nullptr;
    std::optional<PhaseWalkTable> walkTable_; // demand_'s phases, packed for the walk
    std::optional<ScalingPolicy> scalePolicy_; // nullopt: `request`
    bool oraclePolicy_ = false;                // it reads the interval ahead
    bool keepsUsage_ = false;                  // it reads the last interval's usage statistics
    std::vector<std::optional<Allocation>> phaseRule_; // per phase: mean + sigma * sd (cores, MiB)
    std::vector<std::pair<std::int64_t, std::int64_t>> ruleUnits_; // per phase: the rule with headroom (millicores, MiB); -1: none
    IntervalSums cutSums_; // closeInterval's answer for an interval cut before its plan's end
    IntervalStop stopped_; // scratch: where an interval's walk stopped early
    // The running autoscaled jobs, a bit per job (a tick visits them in job order), and a bit per
    // non-zero word of those (a tick skips the empty stretches of a long trace).
    std::vector<std::uint64_t> scaledRunning_, scaledRunningWords_;
    std::int64_t scaledCount_ = 0;
    std::vector<Scaling> scalings_;          // slots (SimEngine::Scaling)
    std::vector<ScalingCold> scalingsCold_;  // beside them, slot for slot
    std::vector<std::int32_t> scalingSlotOf_; // per job: its slot while it runs autoscaled
    std::vector<std::int32_t> freeScalings_; // free slots, the last freed first
    std::vector<std::int32_t> tickSlots_; // scratch: a tick's slots, in job order
    std::vector<double> demandSamples_; // scratch: an interval's (cpu, mem) per piece
    std::optional<std::int64_t> pendingTick_;
    std::vector<double> startMem_; // per job: its first-interval memory before any OOM (MiB)
    std::vector<double> memFloor_; // per job: the memory an OOM kill taught it never to go below (MiB)
    std::vector<std::int64_t> memFloorUnits_; // the same in whole MiB, rounded as reservations are
    // Occupancy: each autoscaled part (a job's run on one server), and every interval's levels in
    // the order they close with the part they belong to; flushed into the result at the end,
    // grouped by part (one log appended to, not a vector per part: millions of intervals).
    std::vector<ScaledRun> scaledParts_;
    struct LoggedLevels {
        ScaledLevels levels;
        std::uint32_t part = 0;
    };
    ChunkedLog<LoggedLevels> scaledLog_;
    mutable std::vector<ResourcePool::Totals> totalsCache_;
    mutable std::vector<std::uint64_t> totalsStamp_;
    std::uint64_t totalsEpoch_ = 1;
    std::unordered_map<std::uint64_t, std::pair<std::uint64_t, WaitResource>> fragmentedCache_; // key -> (epoch, resource)
    QuotaBook quota_;
    RadixEventQueue events_;
    std::optional<ServerFailureModel> failures_;
    std::int64_t repair_s_ = 0;
    std::int64_t failureBudget_ = 0; // the most server failures a run may hold

    // Simulated jobs in submission order (submit, row): rank -> row; empty when every job is
    // simulated and the rows are in that order already (a 10M-job trace: 40 MB less).
    std::vector<std::int32_t> jobOfRank_;
    std::size_t rankedJobs_ = 0;
    std::int32_t jobAtRank(std::size_t rank) const { return jobOfRank_.empty() ? static_cast<std::int32_t>(rank) : jobOfRank_[rank]; }
    std::unique_ptr<QueuePolicy> queue_;
    bool fifoOrder_ = true;               // queue.policy fifo: lanes need no locality stage
    // Running jobs of a preemptive policy by (victim key, start, job): a waiting job's candidates
    // all have a key above its bound (sim_queue.cpp), so a preemption attempt looks at those only.
    std::set<std::tuple<std::int64_t, std::int64_t, std::int32_t>> victimIndex_;
    std::vector<double> vcShare_;         // fair share: GPUs per VC
    std::vector<Stage> stage_;          // per job
    std::vector<std::int32_t> slotOf_;  // per job: its slot in slots_, -1 out of the system
    std::vector<JobRt> slots_;
    std::vector<std::int32_t> freeSlots_;
    // Rows of run state (a job's stays valid while another's is added), reused as jobs retire.
    BlockRows<RunState> runStates_;
    std::vector<std::int32_t> freeRunStates_;
    static const RunState kNoRunState; // what runStateOf() reads of a job that has taken nothing yet
    std::optional<WaitLanes> lanes_;
    std::size_t submitCursor_ = 0;
    struct TimerStream {
        std::int64_t offset = 0;
        bool elastic = false;
        std::size_t cursor = 0;
    };
    std::vector<TimerStream> timers_;

    // Running jobs of each VC by (start, row): borrow-preempt picks the youngest first (kept only
    // in that mode).
    std::vector<std::set<std::pair<std::int64_t, std::int32_t>>> runningByVc_;

    std::uint64_t releaseEpoch_ = 1; // bumped whenever GPUs may have become usable
    bool roomChecks_ = false;        // gang passes skip lanes with no room (SimEngine::roomSinceFailure)
    bool judgesByNeed_ = false;      // judgeLanes looks only at lanes whose cause can have changed
    std::int32_t judgedFree_ = 0;    // free GPUs at the last judgement (judgesByNeed_)
    bool needPass_ = false;
    bool dirty_ = false;
    std::int64_t jobsInSystem_ = 0; // waiting or running
    std::int64_t runningJobs_ = 0;
    std::vector<std::int32_t> pendingRequeue_; // preemption victims, queued after the pass

    // pass scratch
    bool byShare_ = false; // the queue policy orders VCs by their share (fair share)
    PassHeap passQueue_;
    std::vector<PassEntry> deferred_;
    std::vector<std::uint8_t> memo_; // [size*3 + level] failed this pass
    std::vector<std::size_t> memoTouched_;
    std::vector<std::int32_t> deadThisPass_;
    Placement scratch_;

    // Node power (sim_power.cpp); power_ and the counts are kept even when power is not managed.
    std::vector<PowerState> power_;
    std::int32_t poweredServers_ = 0, poweredGpus_ = 0, idlePowered_ = 0;
    std::vector<std::int64_t> idleSince_;   // -1: busy (or not on)
    std::vector<std::uint32_t> idleSerial_; // stale idle checks
    std::set<std::pair<std::int64_t, std::int32_t>> eligible_; // (idle since, server): may power off
    std::vector<std::int64_t> heldUntil_; // per server: a boot counts on it, so it stays on until then
    std::vector<std::int64_t> bootDone_;  // per booting server: when it is up
    std::vector<std::int32_t> changedServers_;
    std::vector<std::uint8_t> powerWait_; // per lane: waits for booting servers
    struct PowerCheck {
        std::int32_t head = -1;               // the lane's head job when its answer was found
        std::uint64_t release = 0, power = 0; // and the epochs then
    };
    std::vector<PowerCheck> powerChecked_; // per lane
    std::vector<std::pair<QueueKey, std::int32_t>> powerWaiting_; // powerPass's scratch
    std::uint64_t powerEpoch_ = 1;
    std::vector<std::int64_t> openPower_; // per server: index into result_.powerOff, -1
    double energyJ_ = 0, poweredServerS_ = 0;

    SeriesRecorder series_;
    std::int64_t integratedTo_ = 0;
    double cpuReservedSeconds_ = 0, memReservedSeconds_ = 0, shareFragmentationSeconds_ = 0;
    SimResult result_;
    std::vector<std::int64_t> openOutage_; // per server: index into result_.outages, -1
};

} // namespace clens
