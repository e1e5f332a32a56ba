#pragma once
// The run's summary (summary.json, docs/simulation.md "Outputs") from its per-job results.
#include "core/sim/sim_result.hpp"

#include <boost/json/object.hpp>

#include <vector>

namespace clens {

// Over simulated jobs that finished (status other than Unfinished) unless noted: queue delay
// mean and quantiles, mean JCT, mean slowdown. Makespan = last end − first submit.
// gpu_alloc_fraction = Σ gpu_seconds ÷ (cluster GPUs × makespan); gpu_effective_util = effective
// GPU-seconds ÷ allocated GPU-seconds (the utilization of GPUs in use, as in the study).
SimSummary computeSummary(const SimResult& result);


// summary.json: every key of docs/simulation.md "Outputs", the totals of SimSummary included.
boost::json::object summaryToJson(const SimSummary& s);
// summaryToJson's inverse (a project's stored sweep): a missing key keeps its default, null is NaN.
SimSummary summaryFromJson(const boost::json::object& o);

} // namespace clens
