#pragma once
// Philly `cluster_gpu_util` (optional, per minute): `time,machineId,gpu0_util,...,gpu7_util`,
// e.g. `2017-10-03 00:08:00 PDT,m29,60.8,99.36,...,`. Quirks handled: every row ends with a
// trailing comma; `NA` (offline GPU) and empty values are skipped; times carry a PDT/PST
// suffix (read as UTC-7/UTC-8; without one the US-Pacific rule applies); some rows are two or
// more records glued together (> 10 fields): each record starts at a field that is a
// date-time. Values are percent; samples above 100 count as 100.
//
// A job's utilization is the mean of the samples of the GPUs its attempts held, taken while
// that attempt ran (start <= t < end; a still-running last attempt runs to the job's recorded
// end), divided by 100. Jobs with no sample keep gpuUtil = NaN.
#include "core/io/import_options.hpp"
#include "core/model/trace.hpp"

#include <string>

namespace clens {

// Sets Job::gpuUtil for the jobs of a Philly job-log trace (needs Job::attempts). Adds a note
// saying how many jobs got a value.
void applyPhillyGpuUtil(Trace& trace, const std::string& path, const ImportOptions& options = {});

} // namespace clens
