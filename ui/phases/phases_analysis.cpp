#include "ui/phases/phases_analysis.hpp"

#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/phase_model_json.hpp"
#include "core/phases/phase_stats.hpp"
#include "core/phases/step_durations.hpp"
#include "core/util/input_error.hpp"

#include <algorithm>

namespace clens::ui {

namespace {

constexpr double kBytesPerGb = 1e9; // as the autoscaler

// Progress of a sub-stage mapped into [from, to] of the whole job.
ProgressFn stage(const ProgressFn& progress, double from, double to)
{
    if (!progress)
        return {};
    return [progress, from, to](double f) { return progress(from + (to - from) * f); };
}

void check(const ProgressFn& progress, double f)
{
    if (progress && !progress(f))
        throw Cancelled();
}

} // namespace

std::size_t policyIndex(ScalingPolicy policy)
{
    return static_cast<std::size_t>(std::find(kScalingPolicies.begin(), kScalingPolicies.end(), policy) -
                                    kScalingPolicies.begin());
}

std::shared_ptr<const PhasesData> analysePhases(const AnalysisRequest& request, const ProgressFn& progress)
{
    auto data = std::make_shared<PhasesData>();
    data->metricsPath = request.metricsPath;
    data->modelChoice = request.model;
    data->metrics = request.cachedMetrics ? request.cachedMetrics
                                          : std::make_shared<const ContainerMetrics>(readAi4dlMetrics(request.metricsPath));
    const auto& metrics = *data->metrics;
    data->notes = metrics.notes;
    check(progress, 0.1);

    if (request.model.kind == ModelChoice::Kind::File) {
        data->model = std::make_shared<const PhaseModel>(loadPhaseModel(request.model.path));
    } else if (request.model.kind == ModelChoice::Kind::Given) {
        if (!request.model.given)
            throw std::invalid_argument("no phase model given");
        data->model = request.model.given;
    } else {
        PhaseTrainOptions options;
        options.seed = request.model.seed;
        options.k = request.model.k;
        data->model = std::make_shared<const PhaseModel>(trainPhaseModel(metrics, options, stage(progress, 0.1, 0.9)));
    }
    check(progress, 0.9);

    data->phases = assignPhases(*data->model, metrics);
    const auto dataStats = computePhaseStats(metrics, data->phases);
    data->graph = buildPhaseGraph(metrics, data->phases, dataStats);
    data->policyStats = data->model->phaseStats;
    if (data->policyStats.empty()) {
        data->policyStats = dataStats;
        data->policyStatsFromData = true;
        data->notes.push_back("the model has no phase statistics: phase.rule uses statistics of these metrics "
                              "(in-sample, so optimistic)");
    }
    for (std::size_t c = 0; c < metrics.containers.size(); ++c) {
        data->runs.push_back(phaseRuns(metrics.containers[c], data->phases.containers[c].labels));
        data->durations.push_back(stepDurations(metrics.containers[c]));
    }
    try {
        data->demand = std::make_shared<const DemandProfile>(buildDemandProfile(metrics, data->model.get()));
    } catch (const InputError& e) { // the phases still show; only the cluster's autoscaler lacks them
        data->demandError = e.what();
    }
    check(progress, 1.0);
    return data;
}

std::shared_ptr<const PhasesScores> scorePhases(std::shared_ptr<const PhasesData> data, const AutoscaleConfig& config,
                                                const ProgressFn& progress)
{
    auto scores = std::make_shared<PhasesScores>();
    scores->config = config;
    scores->result = scoreAutoscaling(*data->metrics, data->phases, data->policyStats, config, progress);
    scores->data = std::move(data);
    const auto containers = scores->data->metrics->containers.size();
    scores->perContainer.assign(kScalingPolicies.size(), std::vector<ContainerProvision>(containers));
    for (std::size_t p = 0; p < kScalingPolicies.size(); ++p)
        for (std::size_t c = 0; c < containers; ++c) {
            auto& out = scores->perContainer[p][c];
            for (const auto& step : stepProvision(*scores, p, c)) {
                out.scoredSteps += step.scored;
                out.cpuUnder += step.scored && step.cpuUnder;
                out.memUnder += step.scored && step.memUnder;
            }
        }
    return scores;
}

std::vector<StepProvision> stepProvision(const PhasesScores& scores, std::size_t policy, std::size_t container)
{
    const auto& metrics = *scores.data->metrics;
    const auto& series = metrics.containers.at(container);
    const auto cpuCol = metrics.requireColumn(scores.config.cpuColumn);
    const auto memCol = metrics.requireColumn(scores.config.memColumn);
    std::vector<StepProvision> steps(series.rows());
    for (std::size_t r = 0; r < series.rows(); ++r) {
        steps[r].cpuUsed = metrics.value(series, r, cpuCol);
        steps[r].memUsedGb = metrics.value(series, r, memCol) / kBytesPerGb;
    }
    // Allocations are stored container by container, intervals in order.
    const auto& allocs = scores.result.allocations.at(policy);
    auto it = std::lower_bound(allocs.begin(), allocs.end(), container,
                               [](const IntervalAllocation& a, std::size_t c) { return a.container < c; });
    for (; it != allocs.end() && it->container == container; ++it)
        for (std::size_t r = it->firstRow; r < it->endRow && r < steps.size(); ++r) {
            auto& s = steps[r];
            s.cpuAlloc = it->cpuCores;
            s.memAllocGb = it->memGb;
            s.scored = it->scored;
            s.request = it->source == AllocationSource::Request;
            s.cpuUnder = s.cpuUsed > it->cpuCores; // strictly more, as the scores
            s.memUnder = s.memUsedGb > it->memGb;
        }
    return steps;
}

} // namespace clens::ui
