#pragma once
// What a simulation run produces (docs/simulation.md "Outputs", docs/resources.md). Immutable once
// built; the UI shares it as std::shared_ptr<const SimResult>. Fields may be added; existing ones
// keep their meaning.
#include "core/model/job.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/scenario.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace clens {

enum class LocalityLevel : std::uint8_t { Server, Rack, Any };
enum class DelayCause : std::uint8_t { Fairshare, Fragmentation, Capacity, Power };
// What a waiting job waits for (docs/resources.md "Delay causes"): fair share is always GPUs;
// capacity is the first resource short in total (GPUs or GPU shares, then CPU, then memory);
// fragmentation the first whose placement fails when only it and those before it count.
enum class WaitResource : std::uint8_t { Gpus, Cpu, Memory };

std::string_view toString(LocalityLevel l);
std::string_view toString(DelayCause c);
std::string_view toString(WaitResource r);

// One stretch of waiting charged to one cause.
struct WaitInterval {
    std::int64_t from_s = 0;
    std::int64_t to_s = 0;
    DelayCause cause = DelayCause::Capacity;
    WaitResource resource = WaitResource::Gpus;
};

struct JobResult {
    std::int32_t job = -1; // index into Trace::jobs
    bool simulated = false; // false: counted only (see Job::skip)
    JobStatus status = JobStatus::Unfinished;
    LocalityLevel level = LocalityLevel::Server; // of the last placement
    OptionalSeconds start_s; // first placement
    OptionalSeconds end_s;
    std::int64_t queueDelay_s = 0; // all time spent waiting, re-queues included
    std::int64_t fairshareDelay_s = 0;
    std::int64_t fragmentationDelay_s = 0;
    std::int64_t capacityDelay_s = 0;
    std::int64_t powerDelay_s = 0; // waiting for servers to boot (docs/autoscaling.md "Node power")
    std::int32_t allocatedGpus = 0; // GPUs of the last placement
    std::int32_t servers = 0;       // of the last placement
    std::int32_t racks = 0;         // of the last placement
    std::int32_t attempts = 0; // placements, trials and restarts included
    std::int32_t preemptions = 0; // runs cut by a preemption (quota or queue policy)
    std::uint32_t firstWait = 0; // range into SimResult::waits
    std::uint32_t waitCount = 0;
    // The queue policy's key it last waited under (docs/queue-policies.md "The queue key"), as it
    // left the queue (started, or the simulation ended); NaN: never queued (not simulated, or it can never start), or not recorded.
    double queueKey = std::numeric_limits<double>::quiet_NaN();
    std::int64_t gpuSeconds = 0; // every GPU-second held
    std::int64_t heldIdleGpuSeconds = 0; // of which hoarded idle (gang none)
    double effectiveGpuSeconds = 0;      // GPU-seconds weighted by effective utilization
    double slowdown = 1.0;       // run-time factor of the last placement
    double effectiveUtil = 0;    // GPU utilization of the last placement in [0,1]
    // Its CPU, memory and GPU share, and the autoscaler's columns: SimResult::resourcesOf().
};

// What a job asked besides whole GPUs, defaults applied (docs/resources.md), and what it reserved
// and used of CPU and memory (the autoscaler in the cluster, docs/autoscaling.md: without it used
// = reserved). Kept beside the jobs' results only by a run in resource mode: a GPU-only run's are
// all these defaults, and ten million jobs need not carry them.
struct JobResources {
    double cpuCores = 0; // 0 = none
    double memGb = 0;
    std::int32_t gpuMilli = 1000; // share of one GPU (1-GPU jobs), 1000 = whole GPUs
    std::int32_t oomKills = 0;
    double throttled_s = 0;             // wall time lost to CPU demand above the reservation
    std::int32_t scaledIntervals = 0;   // autoscaler intervals it ran (parts included)
    std::int32_t cpuUnderIntervals = 0; // of which CPU demand exceeded the reservation
    std::int32_t memUnderIntervals = 0; // of which memory did (an OOM kill)
    double cpuReservedCoreS = 0, cpuUsedCoreS = 0;
    double memReservedGbS = 0, memUsedGbS = 0;
    bool operator==(const JobResources&) const = default;
};

enum class GpuUse : std::uint8_t { Running, Trial, HeldIdle };

// A GPU held by a job over [from_s, to_s).
struct GpuInterval {
    std::int32_t gpu = 0;
    std::int32_t job = 0; // index into Trace::jobs
    std::int64_t from_s = 0;
    std::int64_t to_s = 0;
    GpuUse use = GpuUse::Running;
    std::uint16_t milli = 1000; // the job's part of the GPU: < 1000 for a share (others may share it)
    float util = 0; // effective utilization while held (0 for held-idle)
};

// CPU and memory a job reserved on a server over [from_s, to_s) (resource mode only).
struct ReservationInterval {
    std::int32_t server = 0;
    std::int32_t job = 0;
    std::int64_t from_s = 0;
    std::int64_t to_s = 0;
    std::int64_t cpuMilli = 0; // millicores
    std::int64_t memMib = 0;
};

// What the autoscaler reserved for a job on one server, and what it used there, interval by
// interval: the run [from_s, to_s) is cut at the autoscaler's clock (every interval_s from the
// first submission); levels [first, first + count) of SimResult::scaledLevels are its parts in
// time order. Used is the job's whole use times its share of GPUs on the server, the interval's
// mean.
struct ScaledRun {
    std::int32_t job = 0;
    std::int32_t server = 0;
    std::int64_t from_s = 0;
    std::int64_t to_s = 0;
    std::uint32_t first = 0;
    std::uint32_t count = 0;
};
struct ScaledLevels {
    float cpuReserved = 0, memReserved = 0; // cores, GB
    float cpuUsed = 0, memUsed = 0;
    std::int16_t phase = -1; // the phase at the interval's end (the one phase.rule reads); -1 unknown
};

// A server powered off (or booting) over [from_s, to_s) (docs/autoscaling.md "Node power").
struct PowerInterval {
    std::int32_t server = 0;
    std::int64_t from_s = 0;
    std::int64_t to_s = 0;
    bool booting = false;
};

// A server down over [from_s, to_s).
struct ServerOutage {
    std::int32_t server = 0;
    std::int64_t from_s = 0;
    std::int64_t to_s = 0;
};

// Sampled every step_s from the first submission (docs/simulation.md "Outputs").
struct TimeSeries {
    std::int64_t step_s = 300;
    std::vector<std::int64_t> t_s;
    std::vector<double> allocatedGpus; // shares count as their part of a GPU
    std::vector<double> effectiveUtil; // mean over all GPUs of the cluster
    std::vector<std::int32_t> queuedJobs;
    std::vector<std::int32_t> freeServers; // up and with every GPU free
    std::vector<std::int32_t> heldIdleGpus;
    std::vector<std::vector<std::int32_t>> queuedByVc; // [vc][sample]
    std::vector<double> cpuReserved;    // cores
    std::vector<double> memReserved;    // GB
    // Free GPU capacity on GPUs that hold shares ÷ all free GPU capacity (0 when none is free).
    std::vector<double> shareFragmentation;
    std::vector<double> cpuUsed; // cores: running jobs' mean use over their current interval
    std::vector<double> memUsed; // GB
    std::vector<std::int32_t> poweredServers; // node power (docs/autoscaling.md)
    std::vector<double> powerKw;
};

struct SimSummary {
    std::int64_t jobs = 0; // simulated jobs
    std::int64_t finishedJobs = 0;
    std::int64_t unfinishedJobs = 0;
    std::int64_t makespan_s = 0;
    double meanQueueDelay_s = 0;
    double p50QueueDelay_s = 0;
    double p95QueueDelay_s = 0;
    double meanJct_s = 0;
    double gpuAllocFraction = 0;
    double gpuEffectiveUtil = 0;
    double fairshareDelay_s = 0;     // totals over jobs
    double fragmentationDelay_s = 0;
    double capacityDelay_s = 0;
    double heldIdleGpuSeconds = 0;
    std::int64_t preemptions = 0;
    std::int64_t serverFailures = 0;
    double meanSlowdown = 1.0;       // over finished jobs (run-time factor of their last placement)
    std::int64_t distributedJobs = 0; // finished jobs whose last placement spans > 1 server
    double allocatedGpuSeconds = 0;  // Σ job gpu_seconds
    double effectiveGpuSeconds = 0;  // Σ GPU-seconds × effective utilization
    // Reserved core-seconds ÷ (cluster cores × makespan); NaN when some server's CPU is
    // unlimited. Likewise memory.
    double cpuAllocFraction = std::nan("");
    double memAllocFraction = std::nan("");
    // Time average of TimeSeries::shareFragmentation's quantity over the makespan.
    double gpuShareFragmentation = 0;
    // The autoscaler in the cluster and node power (docs/autoscaling.md).
    double cpuReservedCoreH = 0, cpuUsedCoreH = 0;
    double memReservedGbH = 0, memUsedGbH = 0;
    double cpuUnderPct = 0, memUnderPct = 0; // of job-intervals
    std::int64_t oomKills = 0;
    double throttled_s = 0;
    double energyKwh = 0;
    double poweredServerH = 0;
    double powerDelay_s = 0;
};

// The autoscaler's clock: a tick every interval_s from origin_s (the first submission), none
// before it. The first tick after t.
inline std::int64_t autoscalerTickAfter(std::int64_t origin_s, std::int64_t interval_s, std::int64_t t)
{
    return origin_s + (t >= origin_s ? (t - origin_s) / interval_s + 1 : 0) * interval_s;
}

struct SimResult;
// The span [from, to) of level k of a scaled run: the run cut at the autoscaler's clock (every
// scenario autoscaler.interval_s from firstSubmit_s).
std::pair<std::int64_t, std::int64_t> scaledLevelSpan(const SimResult& r, const ScaledRun& run, std::uint32_t k);

struct SimResult {
    Scenario scenario;
    std::shared_ptr<const Topology> cluster; // racks as simulated (rack_size applied)
    std::shared_ptr<const Trace> trace;
    std::vector<JobResult> jobs;         // one per trace job, same order
    // One per trace job, same order, or none: every job's is JobResources{} (resourcesOf()).
    std::vector<JobResources> resources;
    std::vector<WaitInterval> waits;     // grouped per job (JobResult::firstWait/waitCount)
    std::vector<GpuInterval> occupancy;  // sorted by from_s, then gpu
    std::vector<ServerOutage> outages;
    std::vector<PowerInterval> powerOff; // sorted by from_s, then server
    std::vector<ReservationInterval> reservations; // sorted by from_s, then server; resource mode only
    std::vector<ScaledRun> scaledRuns;             // autoscaled runs (by from_s, server, job)
    std::vector<ScaledLevels> scaledLevels;
    TimeSeries series;
    SimSummary summary;
    std::int64_t events = 0;            // events processed
    std::int64_t firstSubmit_s = 0;
    std::int64_t lastEvent_s = 0;
    // Rows of the jobs that could never start on this cluster under this scenario (Unfinished,
    // never queued), in submission order (docs/simulation.md "Jobs that cannot finish").
    std::vector<std::int32_t> neverStartable;

    const JobResources& resourcesOf(std::size_t job) const
    {
        static const JobResources none;
        return resources.empty() ? none : resources[job];
    }
    // For writing (a loader, a test): the jobs' resources, kept from now on.
    JobResources& resourcesFor(std::size_t job)
    {
        if (resources.empty())
            resources.resize(jobs.size());
        return resources[job];
    }
};

} // namespace clens
