#pragma once
// The what-if knobs (docs/simulation.md "Scenario JSON"). Defaults here are the documented defaults;
// the names the enums are written under live in scenario_names.hpp.
#include "core/model/topology.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clens {

enum class GangPolicy : std::uint8_t { Strict, Elastic, None };
enum class QuotaMode : std::uint8_t { None, Strict, Borrow, BorrowPreempt };
// FgdFirst: fgd with ties to the lowest server index (the FGD artifact's rule; docs/resources.md).
enum class PlacementPolicy : std::uint8_t { BestFit, FirstFit, Spread, Fgd, FgdFirst };
// Whether a policy scores servers by how much the cluster's fragmentation grows.
constexpr bool measuresFragmentation(PlacementPolicy p) { return p == PlacementPolicy::Fgd || p == PlacementPolicy::FgdFirst; }
enum class BackfillPolicy : std::uint8_t { None, Greedy };
// Where running jobs' CPU/memory demand comes from (docs/autoscaling.md).
enum class UsageModel : std::uint8_t { None, Metrics, Phases };
// How the waiting queue is ordered (docs/queue-policies.md).
enum class QueuePolicyKind : std::uint8_t { Fifo, Sjf, Srtf, Qssf, Las, FairShare };

struct Scenario {
    struct Locality {
        std::optional<std::int64_t> relaxToRackAfter_s = 600; // nullopt = never
        std::optional<std::int64_t> relaxToAnyAfter_s = 1800; // nullopt = never
        std::int32_t rackSize = kDefaultRackSize;
        bool operator==(const Locality&) const = default;
    } locality;
    struct Gang {
        GangPolicy policy = GangPolicy::Strict;
        double minFraction = 0.5;
        std::int64_t elasticAfter_s = 600;
        bool operator==(const Gang&) const = default;
    } gang;
    struct Quota {
        QuotaMode mode = QuotaMode::None;
        std::map<std::string, std::int64_t> vcGpus; // VC name -> GPU quota; absent = unlimited
        bool operator==(const Quota&) const = default;
    } quota;
    // docs/queue-policies.md.
    struct Queue {
        QueuePolicyKind policy = QueuePolicyKind::Fifo;
        std::vector<double> lasThresholdsGpuS{3600, 36000}; // ascending
        double starvationFactor = 0;  // las: 0 = never promote
        std::int64_t preemptOverhead_s = 0;
        bool operator==(const Queue&) const = default;
    } queue;
    PlacementPolicy placement = PlacementPolicy::BestFit;
    BackfillPolicy backfill = BackfillPolicy::Greedy;
    struct Slowdown {
        double perExtraServer = 0.1;
        double crossRack = 0.2;
        double maxFactor = 2.0; // the factor never exceeds this
        bool operator==(const Slowdown&) const = default;
    } slowdown;
    struct Failures {
        std::int64_t trialRun_s = 0;
        double serverMtbf_h = 0;
        double repair_h = 4;
        std::int64_t checkpoint_s = 0;
        // Extension "horizon_s": with server failures on, the simulation stops this long after the
        // last submission (jobs still running or waiting then end Unfinished).
        std::int64_t horizon_s = 365LL * 86400;
        bool operator==(const Failures&) const = default;
    } failures;
    struct Autoscaler {
        std::string policy = "phase.rule"; // request, or a policy of core/phases/scaling_policy.hpp
        std::int64_t interval_s = 300;
        double sigma = 2.0;
        double headroom = 0.0;
        UsageModel usage = UsageModel::None; // none: demand = reservation = request (no autoscaling)
        bool operator==(const Autoscaler&) const = default;
    } autoscaler;
    // docs/autoscaling.md "Node power".
    struct Power {
        bool enabled = false;
        std::int64_t idleOffAfter_s = 1800;
        std::int32_t spareServers = 2;
        std::int64_t boot_s = 300;
        double serverIdleW = 200;
        double gpuIdleW = 50;
        double gpuBusyW = 250;
        double offW = 10;
        bool operator==(const Power&) const = default;
    } power;
    // docs/resources.md: what servers and jobs have when the cluster or trace does not say.
    struct Resources {
        struct ServerDefaults {
            std::optional<double> cpuCores; // nullopt: unlimited
            std::optional<double> memGb;
            bool operator==(const ServerDefaults&) const = default;
        } serverDefaults;
        struct JobDefaults {
            std::optional<double> cpuPerGpu; // nullopt: the job asks none
            std::optional<double> memGbPerGpu;
            bool operator==(const JobDefaults&) const = default;
        } jobDefaults;
        bool operator==(const Resources&) const = default;
    } resources;
    // What if jobs arrived faster (or slower)? Each submit time t becomes
    // t0 + round((t - t0) / speedup), t0 the first submission; run times do not change.
    struct Arrivals {
        double speedup = 1.0;
        bool operator==(const Arrivals&) const = default;
    } arrivals;
    std::uint64_t seed = 1;
    std::int64_t seriesStep_s = 300; // extension: "series_step_s"

    bool operator==(const Scenario&) const = default;
};

} // namespace clens
