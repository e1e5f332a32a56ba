#pragma once
// Opening data: which cluster file goes with a trace, and loading both (run off the GUI thread
// with progress and cancel; errors come back as text, never as exceptions across threads).
#include "core/io/tenant_quotas.hpp"
#include "core/io/trace_format.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/util/progress.hpp"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace clens::ui {

struct LoadRequest {
    QString tracePath;
    QString clusterPath; // empty: must be found next to the trace
    TraceFormat format = TraceFormat::Auto;
    std::int32_t rackSize = kDefaultRackSize;
    // Slurm and Kubernetes options (time zone, tenant column, topology.conf, rack label); its
    // progress, rackSize and machinesPath are set by loadData.
    ImportOptions importOptions;
    // The tenants' GPU quotas (sacctmgr GrpTRES or Kubernetes ResourceQuota), optional.
    QString quotasPath;
};

struct LoadedData {
    std::shared_ptr<const Topology> cluster;
    std::shared_ptr<const Trace> trace;
    QString error;     // empty on success
    bool cancelled = false;
    QStringList notes; // import remarks worth showing (GPU counts corrected, jobs skipped, ...)
    std::optional<TenantQuotas> quotas; // read from LoadRequest::quotasPath
};

// The format of a job file, or an error message.
struct DetectedFormat {
    std::optional<TraceFormat> format;
    QString error;
};
DetectedFormat detectFormat(const QString& tracePath);

// A cluster file next to the trace under a conventional name (cluster.csv,
// cluster_machine_list, an Alibaba node list, scontrol_nodes.txt, nodes.json), if there is one.
std::optional<QString> findClusterFileFor(const QString& tracePath, TraceFormat format);

// The topology.conf beside a Slurm node list (its leaf switches become racks), if there is one.
std::optional<QString> findTopologyFileFor(const QString& clusterPath);

// A quota file next to a Slurm or Kubernetes trace under a conventional name
// (sacctmgr_assoc.txt, sacctmgr_qos.txt, resourcequotas.json, quotas.json), if there is one.
std::optional<QString> findQuotaFileFor(const QString& tracePath, TraceFormat format);

// Loads the trace and the cluster (blocking; call from a worker).
LoadedData loadData(const LoadRequest& request, const ProgressFn& progress);

} // namespace clens::ui
