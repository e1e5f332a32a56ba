#pragma once
// The common per-job view every figure is computed from. It can be built from an imported
// trace (what really happened, when the trace records start times), from a SimResult in
// memory, or from a simulator's jobs.csv read back (see job_table_builders.hpp). Whatever a
// source does not know stays empty, and the figures that need it say they are unavailable.
#include "core/sim/sim_result.hpp"

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clens {

enum class JobTableSource : std::uint8_t { Trace, Simulation };

inline constexpr const char* kSimulatedUtilNote =
    "simulated utilization = the job's measured utilization in the trace (100% when it has none) divided by its "
    "placement's slowdown.";

struct JobRecord {
    std::int32_t vc = 0; // index into JobTable::vcs
    std::int32_t gpus = 0; // GPUs requested (size bucket)
    std::int64_t submit_s = 0;
    JobStatus status = JobStatus::Pass;
    std::optional<std::int64_t> start_s; // first placement
    std::optional<std::int64_t> end_s;
    // All time spent waiting; for a trace, recorded first start - submit.
    std::optional<std::int64_t> queueDelay_s;
    // By cause (simulation only); they sum to queueDelay_s, power counting as 0 when unknown.
    std::optional<std::int64_t> fairshareDelay_s;
    std::optional<std::int64_t> fragmentationDelay_s;
    std::optional<std::int64_t> capacityDelay_s;
    std::optional<std::int64_t> powerDelay_s; // waiting for servers to boot (node power)
    // Time the job ran (held its GPUs): a trace's service time, a simulation's JCT - waiting.
    std::optional<std::int64_t> runTime_s;
    std::optional<std::int32_t> servers; // of the (last) placement
    std::optional<std::int32_t> racks;
    std::optional<LocalityLevel> level;
    double gpuSeconds = 0; // GPU time the job consumed (see JobTable::gpuTimeNote)
    double util = std::nan(""); // mean utilization of its GPUs in [0,1]; NaN = unknown

    // Completion time: end - submit.
    std::optional<std::int64_t> jct_s() const
    {
        if (!end_s)
            return std::nullopt;
        return *end_s - submit_s;
    }
};

// Cluster-wide state sampled every step_s; NaN = unknown at that sample.
struct ClusterSeries {
    std::int64_t step_s = 300;
    std::vector<std::int64_t> t_s;
    std::vector<double> allocatedGpus;
    std::vector<double> effectiveUtil; // mean over all GPUs of the cluster, [0,1]
    std::vector<double> queuedJobs;
    std::vector<double> freeServers; // servers with every GPU free
    // Known only from a simulation (NaN otherwise): CPU cores and memory (GB) reserved, and
    // free GPU capacity on GPUs that hold shares ÷ all free GPU capacity.
    std::vector<double> cpuReserved;
    std::vector<double> memReserved;
    std::vector<double> shareFragmentation;
    // Known only from a simulation with the autoscaler / node power (docs/autoscaling.md): CPU
    // cores and memory (GB) the running jobs use, servers powered on, power drawn (kW).
    std::vector<double> cpuUsed;
    std::vector<double> memUsed;
    std::vector<double> poweredServers;
    std::vector<double> powerKw;
    std::string origin; // how it was obtained (for a figure note)
};

struct JobTable {
    JobTableSource source = JobTableSource::Trace;
    std::string label; // file or run name
    std::vector<std::string> vcs;
    std::vector<std::string> ids; // parallel to jobs
    std::vector<JobRecord> jobs;  // input row order
    // What the source knows (any job carries it).
    bool hasDelays = false;
    bool hasDelayCauses = false;
    bool hasPlacement = false; // servers used
    bool hasUtil = false;
    bool hasLevels = false;
    std::string gpuTimeNote; // how gpuSeconds was obtained
    std::string utilNote;    // what the utilization means (simulations model it)
    std::optional<std::int32_t> clusterGpus;
    std::optional<std::int32_t> clusterServers;
    // The cluster's CPU cores and memory (GB) when every server's is known (cluster_capacity.hpp).
    std::optional<double> clusterCpuCores;
    std::optional<double> clusterMemGb;
    std::optional<ClusterSeries> series;
    // Totals of a simulation that ran the autoscaler / node power (docs/autoscaling.md "Outputs").
    struct AutoscaleTotals {
        double cpuReservedCoreH = 0, cpuUsedCoreH = 0, memReservedGbH = 0, memUsedGbH = 0;
        double cpuUnderPct = 0, memUnderPct = 0, oomKills = 0, throttled_s = 0;
    };
    struct PowerTotals {
        double energyKwh = 0, poweredServerH = 0, powerDelay_s = 0;
    };
    std::optional<AutoscaleTotals> autoscale;
    std::optional<PowerTotals> power;
    std::vector<std::string> notes; // remarks on the source every figure inherits

    void refreshFlags(); // recomputes the has* flags from the jobs
};

} // namespace clens
