#pragma once
// The work behind the Phases page, as plain functions the controller runs off the GUI thread:
// read the metrics, train or load a phase model, label every step (analysePhases); then score
// the autoscaling policies for given knobs (scorePhases). Both throw (InputError, Cancelled,
// std::exception); the controller catches at the thread boundary. Results are immutable and
// shared, so views on the GUI thread read them while a newer job runs.
#include "core/model/container_metrics.hpp"
#include "core/phases/autoscaler.hpp"
#include "core/phases/phase_graph.hpp"
#include "core/phases/phase_model.hpp"
#include "core/phases/phase_sequence.hpp"
#include "core/sim/demand_model.hpp"
#include "core/util/progress.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace clens::ui {

struct ModelChoice {
    enum class Kind { Train, File, Given };
    Kind kind = Kind::Train;
    std::uint64_t seed = 1; // Train
    int k = 5;              // Train: number of phases
    std::string path;       // File
    std::shared_ptr<const PhaseModel> given; // Given (e.g. the model saved in a project)
    bool operator==(const ModelChoice&) const = default;
};

struct AnalysisRequest {
    std::string metricsPath;
    // Metrics already read from metricsPath (reused instead of reading the file again).
    std::shared_ptr<const ContainerMetrics> cachedMetrics;
    ModelChoice model;
};

struct PhasesData {
    std::string metricsPath;
    ModelChoice modelChoice;
    std::shared_ptr<const ContainerMetrics> metrics;
    std::shared_ptr<const PhaseModel> model;
    PhaseAssignment phases;
    PhaseGraph graph;                           // with statistics of these metrics
    std::vector<PhaseStats> policyStats;        // what phase.rule uses: the model's statistics...
    bool policyStatsFromData = false;           // ...or these metrics' when the model has none
    std::vector<std::vector<PhaseRun>> runs;    // per container
    std::vector<std::vector<double>> durations; // per container, per row: step length in s
    std::vector<std::string> notes;
    // What the cluster simulation's autoscaler replays or walks (docs/autoscaling.md "Demand"):
    // these metrics and this model. Null, with the reason, when the metrics lack a column it needs.
    std::shared_ptr<const DemandProfile> demand;
    std::string demandError;

    int phaseCount() const { return phases.k; }
};

// progress: fraction in [0,1]; returning false cancels (throws Cancelled).
std::shared_ptr<const PhasesData> analysePhases(const AnalysisRequest& request, const ProgressFn& progress = {});

// Per container: steps scored and how many of them were under-provisioned.
struct ContainerProvision {
    std::size_t scoredSteps = 0, cpuUnder = 0, memUnder = 0;
};

struct PhasesScores {
    std::shared_ptr<const PhasesData> data;
    AutoscaleConfig config;
    AutoscaleResult result;
    std::vector<std::vector<ContainerProvision>> perContainer; // [policy index][container]
};

// Throws Cancelled when progress (asked once per container) returns false.
std::shared_ptr<const PhasesScores> scorePhases(std::shared_ptr<const PhasesData> data, const AutoscaleConfig& config,
                                                const ProgressFn& progress = {});

// One row of a container under one policy, for drawing: the allocation its step is scored
// against and whether usage exceeded it.
struct StepProvision {
    double cpuAlloc = 0, memAllocGb = 0;
    double cpuUsed = 0, memUsedGb = 0;
    bool scored = false, cpuUnder = false, memUnder = false;
    bool request = false; // the allocation is the container's request (its first interval)
};
std::vector<StepProvision> stepProvision(const PhasesScores& scores, std::size_t policyIndex, std::size_t container);

std::size_t policyIndex(ScalingPolicy policy);

} // namespace clens::ui
