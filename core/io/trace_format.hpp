#pragma once
// Job-trace and cluster formats, detection, and one entry point to load either.
#include "core/io/import_options.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clens {

enum class TraceFormat : std::uint8_t { Auto, Csv, Philly, PhillyCsv, Alibaba, Helios, Swf, Slurm, SlurmJson, KubernetesPods };

std::string_view toString(TraceFormat f);
std::optional<TraceFormat> traceFormatFromString(std::string_view s);

// Cluster files: native cluster.csv, Philly machine list (original or revised layout),
// Alibaba openb node list, Slurm `scontrol show node --oneliner`, `kubectl get nodes -o json`.
enum class ClusterFormat : std::uint8_t { Auto, Csv, PhillyMachines, AlibabaNodes, SlurmNodes, KubernetesNodes };

std::string_view toString(ClusterFormat f);

// Looks at the first bytes/header of a job file (rules in format_detect.hpp). Throws
// InputError when nothing matches, or when the file is a cluster file.
TraceFormat detectTraceFormat(const std::string& path);
// The same for cluster files.
ClusterFormat detectClusterFormat(const std::string& path);

// Loads a job trace in the given (or detected) format.
Trace loadTrace(const std::string& path, TraceFormat format = TraceFormat::Auto, const ImportOptions& options = {});

// Loads a cluster in any cluster format, detected from the header. Import remarks (e.g. nodes
// without GPUs left out) are appended to notes when given.
Topology loadCluster(const std::string& path, const ImportOptions& options = {});
Topology loadCluster(const std::string& path, const ImportOptions& options, std::vector<std::string>* notes);

// Loads a cluster to replay trace on: when the trace records placements (Philly job log),
// server GPU counts are raised to fit them (applyPlacementGpuCounts) and a note says so.
Topology loadClusterForTrace(const std::string& path, const Trace& trace, const ImportOptions& options = {},
                             std::vector<std::string>* notes = nullptr);

} // namespace clens
