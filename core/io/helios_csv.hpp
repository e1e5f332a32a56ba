#pragma once
// Helios `cluster_log.csv` (SenseTime, SC'21; github.com/S-Lab-System-Group/HeliosData):
// `job_id,user,vc,gpu_num,cpu_num,node_num,state,submit_time,start_time,end_time,duration,queue`.
// - job id = job_id (Slurm id, submission order), VC = vc, user = user, GPUs = gpu_num,
//   CPU cores = cpu_num (the job's CPUs; empty or absent = unknown). A 0-GPU CPU job is
//   simulated for its CPUs; one with no CPU either is kept, not simulated (SkipReason::ZeroGpus).
//   Helios has no memory column.
// - state: COMPLETED -> Pass; CANCELLED -> Killed; FAILED, TIMEOUT, NODE_FAIL -> Failed (the
//   Helios authors count TIMEOUT and NODE_FAIL as failed); SUSPENDED (once in Uranus) ->
//   Killed. Anything else is an error.
// - Times are wall-clock date-times without a zone. HeliosData does not state one; the
//   clusters are SenseTime's in China, so they are read as China Standard Time (UTC+8, no
//   daylight saving) and become Unix UTC. Recorded start/end = start_time/end_time (empty =
//   unknown). Service = duration (seconds; Helios computes it as end - start); when the
//   column is absent or empty, end - start, else 0.
#include "core/io/import_options.hpp"
#include "core/model/trace.hpp"

#include <string>

namespace clens {

// Offset of Helios wall-clock times from UTC (China Standard Time).
constexpr std::int64_t kHeliosUtcOffset_s = 8 * 3600;

Trace readHeliosLog(const std::string& path, const ImportOptions& options = {});

} // namespace clens
