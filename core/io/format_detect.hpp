#pragma once
// Recognises a job-trace or cluster file from its first bytes (docs/formats.md "Detection").
// Rules, in order:
// - empty or blank file: error;
// - first non-blank character '{' and a first item kind "Pod" / "Node": kubectl get pods / nodes
//   -o json; '{' with a "jobs" key followed by a "job_id" key: sacct --json;
// - first non-blank character '[' or '{': Philly job log (JSON);
// - first non-blank line starting with ';': SWF (header comments);
// - a first line starting with NodeName=: Slurm scontrol show node --oneliner; a '|'-separated
//   header with JobID or JobIDRaw: Slurm sacct --parsable2; SwitchName=: Slurm topology.conf;
// - otherwise the first non-blank line is read as a CSV header and matched by column names:
//     job_id + submit_s                      native jobs.csv
//     job_id + gpu_num + submit_time         Helios cluster_log.csv
//     timestamp + duration + num_gpus + cluster   processed Philly CSV (philly-csv)
//     name + num_gpu + pod_phase             Alibaba openb pod list
//     server + gpus                          native cluster.csv
//     machineId + number of GPUs             Philly machine list (original or revised)
//     sn + gpu                               Alibaba openb node list
//     time + machineId + gpu0_util           Philly cluster_gpu_util (an auxiliary file)
//     pod.id + cpu.usage                     AI4DL container metrics (for `phases`, not a trace)
// - a first line of >= 18 whitespace-separated numbers: SWF without a header.
// Anything else is an InputError that lists the layouts it knows.
#include "core/io/trace_format.hpp"

#include <string>

namespace clens {

enum class FileKind : std::uint8_t { Trace, Cluster, GpuUtil, ContainerMetrics, SlurmTopology };

struct DetectedFile {
    FileKind kind = FileKind::Trace;
    TraceFormat trace = TraceFormat::Auto;     // when kind == Trace
    ClusterFormat cluster = ClusterFormat::Auto; // when kind == Cluster
    std::string description;                   // e.g. "Philly machine list (revised layout)"
};

DetectedFile detectFile(const std::string& path);

} // namespace clens
