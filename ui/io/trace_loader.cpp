#include "ui/io/trace_loader.hpp"

#include "core/util/input_error.hpp"

#include <QDir>
#include <QFileInfo>

namespace clens::ui {

DetectedFormat detectFormat(const QString& tracePath)
{
    DetectedFormat out;
    try {
        out.format = detectTraceFormat(tracePath.toStdString());
    } catch (const std::exception& e) {
        out.error = QString::fromStdString(e.what());
    }
    return out;
}

namespace {
// The first of these names that is a file beside `path` (not `path` itself), as an absolute path.
std::optional<QString> firstFileBeside(const QString& path, const QStringList& names)
{
    const QDir dir = QFileInfo(path).absoluteDir();
    for (const QString& n : names) {
        const QFileInfo f(dir.filePath(n));
        if (f.isFile() && f.absoluteFilePath() != QFileInfo(path).absoluteFilePath())
            return f.absoluteFilePath();
    }
    return std::nullopt;
}
} // namespace

std::optional<QString> findClusterFileFor(const QString& tracePath, TraceFormat format)
{
    QStringList names;
    switch (format) {
    case TraceFormat::Philly:
    case TraceFormat::PhillyCsv:
        names = {QStringLiteral("cluster_machine_list"), QStringLiteral("cluster_machine_list.csv"),
                 QStringLiteral("revised_machine_list.csv"), QStringLiteral("cluster.csv")};
        break;
    case TraceFormat::Alibaba:
        // Every node: CPU pods compete for the GPU-less ones too.
        names = {QStringLiteral("openb_node_list_all_node.csv"), QStringLiteral("openb_node_list_gpu_node.csv"),
                 QStringLiteral("cluster.csv")};
        break;
    case TraceFormat::Slurm:
    case TraceFormat::SlurmJson:
        names = {QStringLiteral("scontrol_nodes.txt"), QStringLiteral("nodes.txt"), QStringLiteral("cluster.csv")};
        break;
    case TraceFormat::KubernetesPods:
        names = {QStringLiteral("nodes.json"), QStringLiteral("cluster.csv")};
        break;
    default:
        names = {QStringLiteral("cluster.csv")};
        break;
    }
    return firstFileBeside(tracePath, names);
}

std::optional<QString> findTopologyFileFor(const QString& clusterPath)
{
    const auto topology = firstFileBeside(clusterPath, {QStringLiteral("topology.conf")});
    if (!topology || !QFileInfo(clusterPath).isFile())
        return std::nullopt;
    try {
        if (detectClusterFormat(clusterPath.toStdString()) != ClusterFormat::SlurmNodes)
            return std::nullopt;
    } catch (const std::exception&) { // not a cluster file: loading it says why
        return std::nullopt;
    }
    return topology;
}

std::optional<QString> findQuotaFileFor(const QString& tracePath, TraceFormat format)
{
    QStringList names;
    if (format == TraceFormat::Slurm || format == TraceFormat::SlurmJson)
        names = {QStringLiteral("sacctmgr_assoc.txt"), QStringLiteral("sacctmgr_qos.txt"), QStringLiteral("quotas.txt")};
    else if (format == TraceFormat::KubernetesPods)
        names = {QStringLiteral("resourcequotas.json"), QStringLiteral("quotas.json")};
    return firstFileBeside(tracePath, names);
}

LoadedData loadData(const LoadRequest& request, const ProgressFn& progress)
{
    LoadedData out;
    try {
        ImportOptions options = request.importOptions;
        options.rackSize = request.rackSize;
        options.progress = [&](double f) { return !progress || progress(0.85 * f); };
        if (request.format == TraceFormat::Philly)
            options.machinesPath = request.clusterPath.toStdString();
        auto trace = std::make_shared<Trace>(loadTrace(request.tracePath.toStdString(), request.format, options));
        if (progress && !progress(0.85))
            throw Cancelled();
        ImportOptions clusterOptions = request.importOptions;
        clusterOptions.progress = {};
        clusterOptions.machinesPath.clear();
        clusterOptions.rackSize = request.rackSize;
        // A Slurm node list takes its racks from a topology.conf beside it unless one was given
        // (docs/gui.md "Running it").
        if (clusterOptions.topologyPath.empty())
            if (const auto topology = findTopologyFileFor(request.clusterPath))
                clusterOptions.topologyPath = topology->toStdString();
        std::vector<std::string> notes;
        auto cluster = std::make_shared<Topology>(
            loadClusterForTrace(request.clusterPath.toStdString(), *trace, clusterOptions, &notes));
        if (!trace->meta.tenantNote.empty())
            out.notes << QString::fromStdString(trace->meta.tenantNote);
        for (const auto& n : trace->meta.notes)
            out.notes << QString::fromStdString(n);
        for (const auto& n : notes)
            out.notes << QString::fromStdString(n);
        if (!request.quotasPath.isEmpty())
            out.quotas = readTenantQuotas(request.quotasPath.toStdString(), request.importOptions);
        if (progress && !progress(1.0))
            throw Cancelled();
        out.trace = std::move(trace);
        out.cluster = std::move(cluster);
    } catch (const Cancelled&) {
        out.cancelled = true;
    } catch (const std::exception& e) {
        out.error = QString::fromStdString(e.what());
    } catch (...) {
        out.error = QStringLiteral("unknown error while loading");
    }
    return out;
}

} // namespace clens::ui
