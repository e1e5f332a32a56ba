#pragma once
// Processed Philly job table `philly-csv` (docs/formats.md "Processed Philly table (`philly-csv`)";
// data/philly/philly_jobs_pollux.csv):
// `timestamp,duration,num_gpus,gpu_time,cluster` = submit time (US-Pacific wall clock ->
// Unix UTC), run time in seconds (rounded to whole seconds), GPUs, GPU-seconds (not used: it
// is duration x num_gpus), VC. Job id = 1-based data row number. The format has no user and
// no final status: every job is Pass and has the empty user. 0-GPU rows are kept, not
// simulated.
#include "core/io/import_options.hpp"
#include "core/model/trace.hpp"

#include <string>

namespace clens {

Trace readPhillyCsv(const std::string& path, const ImportOptions& options = {});

} // namespace clens
