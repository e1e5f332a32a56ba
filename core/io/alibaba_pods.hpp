#pragma once
// Alibaba GPU cluster trace v2023 ("openb") pod list as a job trace
// (docs/formats.md "Alibaba GPU trace v2023 (openb)", data/alibaba-openb/README.md):
// `name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,
// pod_phase,creation_time,deletion_time,scheduled_time`, times in integer seconds from an
// anonymised origin (kept relative).
// - job id = name; submit = creation_time; recorded start = scheduled_time; recorded end =
//   deletion_time; service = deletion_time - scheduled_time.
// - pod_phase Succeeded/Running -> Pass, Failed -> Failed; Pending pods (no scheduled_time)
//   are kept but not simulated (SkipReason::Pending, status Pass). A non-Pending pod without a
//   scheduled_time is treated the same way (noted).
// - Requests: cpu_milli / 1000 -> Job::cpuCores, memory_mib / 1024 -> Job::memGb (empty =
//   unknown), gpu_spec -> Job::gpuModels ('|'-separated allowed models; empty or "nan" = any).
// - gpu_milli (1..1000) < 1000 on a 1-GPU pod is a share of that GPU (Job::gpuMilli,
//   TraceMeta::fractionalGpuJobs). On a multi-GPU pod the publisher does not define a share:
//   such a pod takes whole GPUs (noted; the bundled file has none).
// - num_gpu 0: a CPU pod, simulated for its CPU and memory; one asking for no CPU or memory
//   either is not simulated (SkipReason::ZeroGpus). Pending takes precedence.
// - No tenant column: the VC is the pod's qos class (LS, BE, Burstable, Guaranteed); a note
//   in TraceMeta::tenantNote says so.
// - Running pods whose deletion_time is the trace's last timestamp were cut off (noted).
#include "core/io/import_options.hpp"
#include "core/model/trace.hpp"

#include <string>

namespace clens {

Trace readAlibabaPods(const std::string& path, const ImportOptions& options = {});

} // namespace clens
