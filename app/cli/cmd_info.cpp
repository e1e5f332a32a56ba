#include "app/cli/cli_options.hpp"
#include "app/cli/import_flags.hpp"
#include "core/analysis/trace_summary.hpp"
#include "core/io/format_detect.hpp"
#include "core/io/trace_format.hpp"
#include "core/util/civil_time.hpp"
#include "core/util/json_text.hpp"

#include <boost/json.hpp>

#include <iostream>

namespace clens::cli {

namespace {

boost::json::value optionalInt(const std::optional<std::int64_t>& v)
{
    return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

boost::json::array toJson(const std::vector<std::string>& notes)
{
    boost::json::array a;
    for (const auto& n : notes)
        a.emplace_back(n);
    return a;
}

// The cluster lines shared by a trace with --cluster and a cluster file alone.
void printClusterResources(const ClusterSummary& c)
{
    auto& out = std::cout;
    out << "servers with: CPU known: " << c.serversWithCpu << "  memory known: " << c.serversWithMem
        << "  no GPU: " << c.serversWithoutGpus << '\n';
    out << "GPUs by model:";
    for (const auto& [model, n] : c.gpusByModel)
        out << "  " << model << ": " << n;
    out << '\n';
}

// The cluster keys shared by a trace with --cluster and a cluster file alone (null: no cluster).
void putClusterResources(boost::json::object& o, const std::optional<ClusterSummary>& c)
{
    o["servers_with_cpu"] = optionalInt(c ? std::optional(c->serversWithCpu) : std::nullopt);
    o["servers_with_mem"] = optionalInt(c ? std::optional(c->serversWithMem) : std::nullopt);
    o["servers_without_gpus"] = optionalInt(c ? std::optional(c->serversWithoutGpus) : std::nullopt);
    if (!c) {
        o["gpus_by_model"] = nullptr;
        return;
    }
    boost::json::object byModel;
    for (const auto& [model, n] : c->gpusByModel)
        byModel[model] = n;
    o["gpus_by_model"] = std::move(byModel);
}

void printText(const Trace& trace, const TraceSummary& s, const std::vector<std::string>& clusterNotes)
{
    auto& out = std::cout;
    out << "trace:        " << trace.meta.source << " (" << trace.meta.format << ")\n";
    out << "jobs:         " << s.jobs << " (" << s.simulatedJobs << " simulated)\n";
    for (const auto& [reason, n] : s.skipped)
        out << "  not simulated (" << reason << "): " << n << '\n';
    out << "VCs:          " << s.vcs << "\nusers:        " << s.users << '\n';
    if (s.cluster) {
        out << "cluster:      " << s.cluster->servers << " servers, " << s.cluster->gpus << " GPUs, " << s.cluster->racks
            << " racks\n";
        printClusterResources(*s.cluster);
    }
    if (s.firstSubmit_s) {
        const bool dated = trace.meta.timeBase == TimeBase::UnixUtc;
        const auto show = [&](std::int64_t t) { return dated ? formatUtc(t) + " UTC" : std::to_string(t) + " s"; };
        out << "submits:      " << show(*s.firstSubmit_s) << " .. " << show(*s.lastSubmit_s) << '\n';
    }
    out << "jobs by size:";
    for (int b = 0; b < kSizeBuckets; ++b)
        out << "  " << kSizeBucketLabels[static_cast<std::size_t>(b)] << " GPU: " << s.jobsBySize[static_cast<std::size_t>(b)];
    out << "\nstatus:      ";
    for (const auto& [name, n] : s.status)
        out << "  " << name << ": " << n;
    out << "\nGPU-hours:    " << static_cast<std::int64_t>(s.totalGpuHours + 0.5) << '\n';
    out << "jobs asking:  CPU: " << s.jobsWithCpu << "  memory: " << s.jobsWithMem << "  a GPU share: " << s.fractionalGpuJobs
        << "  GPU models: " << s.jobsWithGpuModels << "\nno-GPU jobs:  " << s.zeroGpuJobsSimulated << " simulated\n";
    if (!trace.meta.tenantNote.empty())
        out << "tenants:      " << trace.meta.tenantNote << '\n';
    for (const auto& note : trace.meta.notes)
        out << "note:         " << note << '\n';
    for (const auto& note : clusterNotes)
        out << "cluster note: " << note << '\n';
}

void printJson(const Trace& trace, const TraceSummary& s, const std::vector<std::string>& clusterNotes)
{
    boost::json::object o;
    o["trace"] = trace.meta.source;
    o["kind"] = "trace";
    o["format"] = trace.meta.format;
    o["time_base"] = trace.meta.timeBase == TimeBase::UnixUtc ? "unix-utc" : "relative";
    o["jobs"] = s.jobs;
    o["simulated_jobs"] = s.simulatedJobs;
    o["vcs"] = s.vcs;
    o["users"] = s.users;
    const auto& c = s.cluster;
    o["servers"] = optionalInt(c ? std::optional(c->servers) : std::nullopt);
    o["gpus"] = optionalInt(c ? std::optional(c->gpus) : std::nullopt);
    o["racks"] = optionalInt(c ? std::optional(c->racks) : std::nullopt);
    putClusterResources(o, c);
    o["first_submit_s"] = optionalInt(s.firstSubmit_s);
    o["last_submit_s"] = optionalInt(s.lastSubmit_s);
    boost::json::object bySize;
    for (int b = 0; b < kSizeBuckets; ++b)
        bySize[kSizeBucketLabels[static_cast<std::size_t>(b)]] = s.jobsBySize[static_cast<std::size_t>(b)];
    o["jobs_by_size"] = std::move(bySize);
    boost::json::object status;
    for (const auto& [name, n] : s.status)
        status[name] = n;
    o["status"] = std::move(status);
    boost::json::object skipped;
    for (const auto& [name, n] : s.skipped)
        skipped[name] = n;
    o["not_simulated"] = std::move(skipped);
    o["fractional_gpu_jobs"] = s.fractionalGpuJobs;
    o["jobs_with_cpu"] = s.jobsWithCpu;
    o["jobs_with_mem"] = s.jobsWithMem;
    o["jobs_with_gpu_share"] = s.fractionalGpuJobs;
    o["jobs_with_gpu_models"] = s.jobsWithGpuModels;
    o["zero_gpu_jobs_simulated"] = s.zeroGpuJobsSimulated;
    o["gpu_hours"] = s.totalGpuHours;
    if (!trace.meta.tenantNote.empty())
        o["tenant_note"] = trace.meta.tenantNote;
    o["notes"] = toJson(trace.meta.notes);
    if (!clusterNotes.empty())
        o["cluster_notes"] = toJson(clusterNotes);
    std::cout << toJsonText(o) << '\n';
}

// `info --trace` given a cluster file: the cluster's counts, and no job.
int printClusterInfo(const std::string& path, const DetectedFile& what, const ImportOptions& options, bool json)
{
    std::vector<std::string> notes;
    const auto cluster = loadCluster(path, options, &notes);
    const auto c = summarizeCluster(cluster);
    if (!json) {
        auto& out = std::cout;
        out << "cluster:      " << path << " (" << what.description << ")\n";
        out << "servers:      " << c.servers << "\nGPUs:         " << c.gpus << "\nracks:        " << c.racks
            << (cluster.racksInferred() ? " (grouped in file order)" : "") << '\n';
        printClusterResources(c);
        for (const auto& note : notes)
            out << "note:         " << note << '\n';
        return 0;
    }
    boost::json::object o;
    o["trace"] = path;
    o["kind"] = "cluster";
    o["format"] = toString(what.cluster);
    o["description"] = what.description;
    o["jobs"] = 0;
    o["simulated_jobs"] = 0;
    o["vcs"] = 0;
    o["servers"] = c.servers;
    o["gpus"] = c.gpus;
    o["racks"] = c.racks;
    o["first_submit_s"] = nullptr;
    o["last_submit_s"] = nullptr;
    boost::json::object bySize;
    for (const auto& label : kSizeBucketLabels)
        bySize[label] = 0;
    o["jobs_by_size"] = std::move(bySize);
    o["status"] = boost::json::object();
    putClusterResources(o, c);
    o["notes"] = toJson(notes);
    std::cout << toJsonText(o) << '\n';
    return 0;
}

} // namespace

int runInfo(const Args& args)
{
    std::string tracePath, formatName = "auto", machines, clusterPath, gpuUtil;
    bool json = false;
    po::options_description desc("info options");
    desc.add_options()
        ("trace", po::value(&tracePath)->required(), "job trace file (any supported format, or a cluster file)")
        ("format", po::value(&formatName), "auto|csv|philly|philly-csv|alibaba|helios|swf|slurm|slurm-json|kubernetes")
        ("machines", po::value(&machines), "cluster file; for a Philly job log its GPU counts are fixed from the log")
        ("cluster", po::value(&clusterPath), kClusterFileHelp)
        ("gpu-util", po::value(&gpuUtil), "Philly cluster_gpu_util: per-job GPU utilization for a Philly job log")
        ("json", po::bool_switch(&json), "print JSON");
    ImportOptions options;
    addImportFlags(desc, options);
    po::variables_map vm;
    if (!parseOptions(args, desc, vm, "info --trace F [--format FMT] [--machines M] [--cluster C] [--gpu-util U] [--json]"))
        return 0;
    auto format = traceFormatFromString(formatName);
    if (!format)
        throw UsageError("unknown --format '" + formatName + "'");
    if (!clusterPath.empty() && !machines.empty())
        throw UsageError("give --cluster or --machines, not both");

    checkImportFlags(options);
    options.machinesPath = machines;
    options.gpuUtilPath = gpuUtil;
    if (*format == TraceFormat::Auto) {
        const auto what = detectFile(tracePath);
        if (what.kind == FileKind::Cluster)
            return printClusterInfo(tracePath, what, options, json);
        format = detectTraceFormat(tracePath); // throws for a non-trace file
    }
    const Trace trace = loadTrace(tracePath, *format, options);
    std::optional<Topology> cluster;
    std::vector<std::string> clusterNotes;
    const auto& clusterFile = clusterPath.empty() ? machines : clusterPath;
    if (!clusterFile.empty())
        cluster = loadClusterForTrace(clusterFile, trace, options, &clusterNotes);
    const auto s = summarizeTrace(trace, cluster ? &*cluster : nullptr);
    if (json)
        printJson(trace, s, clusterNotes);
    else
        printText(trace, s, clusterNotes);
    return 0;
}

} // namespace clens::cli
