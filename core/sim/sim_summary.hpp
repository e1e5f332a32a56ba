#pragma once
// The run's summary (DESIGN §9 summary.json) from its per-job results.
#include "core/sim/sim_result.hpp"

#include <boost/json/object.hpp>

#include <vector>

namespace clens {

// Over simulated jobs that finished (status other than Unfinished) unless noted: queue delay
// mean and quantiles, mean JCT, mean slowdown. Makespan = last end − first submit.
// gpu_alloc_fraction = Σ gpu_seconds ÷ (cluster GPUs × makespan); gpu_effective_util = effective
// GPU-seconds ÷ allocated GPU-seconds (the utilization of GPUs in use, as in the study).
SimSummary computeSummary(const SimResult& result);

// numpy's default quantile: linear interpolation between closest ranks. `sorted` ascending.
double quantileLinear(const std::vector<double>& sorted, double q);

// summary.json: the §9 keys plus the extra totals of SimSummary.
boost::json::object summaryToJson(const SimSummary& s);

} // namespace clens
