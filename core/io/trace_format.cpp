#include "core/io/trace_format.hpp"

#include "core/io/alibaba_nodes.hpp"
#include "core/io/alibaba_pods.hpp"
#include "core/io/format_detect.hpp"
#include "core/io/helios_csv.hpp"
#include "core/io/kubernetes_nodes.hpp"
#include "core/io/kubernetes_pods.hpp"
#include "core/io/native_csv.hpp"
#include "core/io/philly_csv.hpp"
#include "core/io/philly_job_log.hpp"
#include "core/io/philly_machine_list.hpp"
#include "core/io/placement_gpu_counts.hpp"
#include "core/io/slurm_nodes.hpp"
#include "core/io/slurm_sacct.hpp"
#include "core/io/slurm_sacct_json.hpp"
#include "core/io/swf.hpp"
#include "core/util/input_error.hpp"

namespace clens {

std::string_view toString(TraceFormat f)
{
    switch (f) {
    case TraceFormat::Auto: return "auto";
    case TraceFormat::Csv: return "csv";
    case TraceFormat::Philly: return "philly";
    case TraceFormat::PhillyCsv: return "philly-csv";
    case TraceFormat::Alibaba: return "alibaba";
    case TraceFormat::Helios: return "helios";
    case TraceFormat::Swf: return "swf";
    case TraceFormat::Slurm: return "slurm";
    case TraceFormat::SlurmJson: return "slurm-json";
    case TraceFormat::KubernetesPods: return "kubernetes";
    }
    return "auto";
}

std::optional<TraceFormat> traceFormatFromString(std::string_view s)
{
    for (auto f : {TraceFormat::Auto, TraceFormat::Csv, TraceFormat::Philly, TraceFormat::PhillyCsv, TraceFormat::Alibaba,
                   TraceFormat::Helios, TraceFormat::Swf, TraceFormat::Slurm, TraceFormat::SlurmJson, TraceFormat::KubernetesPods})
        if (toString(f) == s)
            return f;
    return std::nullopt;
}

std::string_view toString(ClusterFormat f)
{
    switch (f) {
    case ClusterFormat::Auto: return "auto";
    case ClusterFormat::Csv: return "csv";
    case ClusterFormat::PhillyMachines: return "philly-machines";
    case ClusterFormat::AlibabaNodes: return "alibaba-nodes";
    case ClusterFormat::SlurmNodes: return "slurm-nodes";
    case ClusterFormat::KubernetesNodes: return "kubernetes-nodes";
    }
    return "auto";
}

TraceFormat detectTraceFormat(const std::string& path)
{
    const auto d = detectFile(path);
    if (d.kind != FileKind::Trace)
        throw InputError(path, 0, "", "not a job trace (detected: " + d.description + ")"
                                          + (d.kind == FileKind::Cluster ? "; give it as the cluster (--cluster or --machines)" : ""));
    return d.trace;
}

ClusterFormat detectClusterFormat(const std::string& path)
{
    const auto d = detectFile(path);
    if (d.kind != FileKind::Cluster)
        throw InputError(path, 0, "", "not a cluster file (detected: " + d.description
                                          + "); expected native cluster.csv, a Philly machine list, an Alibaba node list, Slurm "
                                          "`scontrol show node --oneliner` or `kubectl get nodes -o json`");
    return d.cluster;
}

Trace loadTrace(const std::string& path, TraceFormat format, const ImportOptions& options)
{
    if (format == TraceFormat::Auto)
        format = detectTraceFormat(path);
    switch (format) {
    case TraceFormat::Csv: return readNativeJobs(path, options);
    case TraceFormat::Philly: return readPhillyJobLog(path, options);
    case TraceFormat::PhillyCsv: return readPhillyCsv(path, options);
    case TraceFormat::Alibaba: return readAlibabaPods(path, options);
    case TraceFormat::Helios: return readHeliosLog(path, options);
    case TraceFormat::Swf: return readSwf(path, options);
    case TraceFormat::Slurm: return readSlurmSacct(path, options);
    case TraceFormat::SlurmJson: return readSlurmSacctJson(path, options);
    case TraceFormat::KubernetesPods: return readKubernetesPods(path, options);
    case TraceFormat::Auto: break;
    }
    throw InputError(path, 0, "", "no trace format given");
}

Topology loadCluster(const std::string& path, const ImportOptions& options)
{
    return loadCluster(path, options, nullptr);
}

Topology loadCluster(const std::string& path, const ImportOptions& options, std::vector<std::string>* notes)
{
    switch (detectClusterFormat(path)) {
    case ClusterFormat::PhillyMachines: return readPhillyMachineList(path, options);
    case ClusterFormat::AlibabaNodes: return readAlibabaNodes(path, options, notes);
    case ClusterFormat::SlurmNodes: return readSlurmNodes(path, options, notes);
    case ClusterFormat::KubernetesNodes: return readKubernetesNodes(path, options, notes);
    case ClusterFormat::Csv:
    case ClusterFormat::Auto: break;
    }
    return readNativeCluster(path, options);
}

Topology loadClusterForTrace(const std::string& path, const Trace& trace, const ImportOptions& options,
                             std::vector<std::string>* notes)
{
    auto cluster = loadCluster(path, options, notes);
    const auto correction = applyPlacementGpuCounts(cluster, trace);
    if (notes && (correction.correctedServers > 0 || correction.unknownServers > 0))
        notes->push_back(describe(correction));
    return cluster;
}

} // namespace clens
