#pragma once
// Philly raw job log `cluster_job_log` (docs/formats.md "Philly raw job log (`cluster_job_log`)",
// data/philly/README.md): a JSON array, one object per job with status, vc, jobid, user,
// submitted_time and attempts (start_time, end_time, detail = [{ip, gpus: ["gpu0", ...]}]). The
// file can be hundreds of MB, so it is parsed incrementally with Boost.JSON's SAX parser: memory
// holds the jobs, never the document.
//
// Mapping (quirks of the real log included):
// - GPUs = GPUs of the first attempt (sum of len(gpus) over its detail).
// - service time = sum of attempt durations; an attempt missing its start or end (key absent,
//   null, "" or "None") adds 0 s; a last attempt with a start but no end was still running
//   and ends at the log's last timestamp (the latest time anywhere in the file).
// - jobs with no attempt are kept (SkipReason::NoAttempts), with 0 GPUs.
// - times are US-Pacific wall-clock -> Unix UTC (ambiguous 2017-11-05 01:xx read as PDT).
// - recordedStart_s = first attempt start found, recordedEnd_s = last attempt end (or the log
//   end for a still-running job); Job::attempts keeps every attempt and its placement.
// - with ImportOptions::gpuUtilPath, Job::gpuUtil is set from cluster_gpu_util.
// Errors name the physical line, the job record number (1-based element index) and the
// field, e.g. `attempts[2].end_time`.
#include "core/io/import_options.hpp"
#include "core/model/trace.hpp"

#include <string>

namespace clens {

Trace readPhillyJobLog(const std::string& path, const ImportOptions& options = {});

} // namespace clens
