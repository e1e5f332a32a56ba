#pragma once
// Standard Workload Format (Parallel Workloads Archive, Feitelson et al.): one job a line, 18
// whitespace-separated numbers, -1 = unknown, header comments start with ';'. Mapping:
// - job id = field 1 (job number); submit_s = field 2 (seconds, kept relative);
//   recorded start = submit + field 3 (wait time) when known; service = field 4 (run time;
//   unknown -> 0 s, noted); recorded end = start + run time.
// - GPUs: a processor counts as a GPU (options.processorsPerGpu processors make one GPU, GPUs
//   rounded up): field 5 (allocated processors) when >= 1, else field 8 (requested). A job
//   with neither is kept, not simulated (SkipReason::ZeroGpus).
// - memory: field 10 (requested memory, KB per processor) x those processors, KB read as KiB
//   (GB = KB / 1024^2); -1 or no processor count = unknown. Field 7 (used memory) is not a
//   request and CPU cores are not set: the processors already stand for GPUs.
// - VC = "queue N" from field 15 (queue number); when the queue is unknown, "group N" from
//   field 13 (group id); else "default". User = "user N" from field 12 (empty when unknown).
// - status (field 11): 1 -> Pass, 0 -> Failed, 5 (cancelled) -> Killed, -1 (unknown) -> Pass
//   (noted). 2, 3, 4 mark the partial executions of a checkpointed/swapped job that follow
//   its summary line (same job number): they are skipped (noted), the summary line is the job.
// - header comments: UnixStartTime and TimeZoneString are reported as notes.
#include "core/io/import_options.hpp"
#include "core/model/trace.hpp"

#include <string>

namespace clens {

Trace readSwf(const std::string& path, const ImportOptions& options = {});

} // namespace clens
