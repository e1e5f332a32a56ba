#pragma once
// Builds the common per-job view (job_table.hpp) from each kind of input.
#include "core/analysis/job_table.hpp"
#include "core/io/job_results_csv_reader.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/sim_result.hpp"

#include <cstdint>

namespace clens {

// What really happened: delays are the recorded ones (first start - submit) when the trace
// records starts (Philly job log, Alibaba pods, Helios); otherwise there are no delay figures.
// Run time = the trace's service time; GPU time = GPUs x service time. With a cluster, the
// cluster series is recomputed from the recorded attempts (fully-free servers need placements).
JobTable jobTableFromTrace(const Trace& trace, const Topology* cluster, std::int64_t seriesStep_s = 300);

// What the simulation says would happen (jobs the simulator did not replay are left out).
JobTable jobTableFromSimResult(const SimResult& result);

// A simulator jobs.csv read back. Without the simulator's own time series, the cluster series
// is recomputed from start/end (restarts and held-idle GPUs are not visible in the file).
JobTable jobTableFromJobResults(const JobResultsFile& file, const Topology* cluster, std::int64_t seriesStep_s = 300);

// The simulator's own series (from a SimResult or `simulate --series-out` read back) replaces
// a recomputed one.
void useSimulatorSeries(JobTable& table, const TimeSeries& series, const std::string& origin);

// Says in the utilization figures that the trace behind a simulation had no measured
// utilization (the simulator then assumes 100% before slowdown).
void noteTraceUtilization(JobTable& table, const Trace& trace);

// Throws InputError when a result is not about this trace: a job id the trace lacks, or a job
// whose GPUs or submit time differ.
void checkResultMatchesTrace(const JobResultsFile& file, const Trace& trace);

} // namespace clens
