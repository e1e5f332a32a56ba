#include "app/cli/cli_options.hpp"
#include "core/analysis/trace_summary.hpp"
#include "core/io/trace_format.hpp"
#include "core/util/civil_time.hpp"

#include <boost/json.hpp>

#include <iostream>

namespace clens::cli {

namespace {

boost::json::value optionalInt(const std::optional<std::int64_t>& v)
{
    return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

void printText(const Trace& trace, const TraceSummary& s)
{
    auto& out = std::cout;
    out << "trace:        " << trace.meta.source << " (" << trace.meta.format << ")\n";
    out << "jobs:         " << s.jobs << " (" << s.simulatedJobs << " simulated)\n";
    for (const auto& [reason, n] : s.skipped)
        out << "  not simulated (" << reason << "): " << n << '\n';
    out << "VCs:          " << s.vcs << "\nusers:        " << s.users << '\n';
    if (s.servers)
        out << "cluster:      " << *s.servers << " servers, " << *s.gpus << " GPUs, " << *s.racks << " racks\n";
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
    if (s.fractionalGpuJobs)
        out << "fractional-GPU jobs (each given one whole GPU): " << s.fractionalGpuJobs << '\n';
    if (!trace.meta.tenantNote.empty())
        out << "tenants:      " << trace.meta.tenantNote << '\n';
    for (const auto& note : trace.meta.notes)
        out << "note:         " << note << '\n';
}

} // namespace

int runInfo(const Args& args)
{
    std::string tracePath, formatName = "auto", machines, clusterPath;
    bool json = false;
    po::options_description desc("info options");
    desc.add_options()
        ("trace", po::value(&tracePath)->required(), "job trace file")
        ("format", po::value(&formatName), "auto|csv|philly|philly-csv|alibaba|helios|swf")
        ("machines", po::value(&machines), "Philly cluster_machine_list (fixes GPU counts, gives servers)")
        ("cluster", po::value(&clusterPath), "cluster file (native, Philly machine list or Alibaba node list)")
        ("json", po::bool_switch(&json), "print JSON");
    po::variables_map vm;
    if (!parseOptions(args, desc, vm, "info --trace F [--format FMT] [--machines M] [--cluster C] [--json]"))
        return 0;
    const auto format = traceFormatFromString(formatName);
    if (!format)
        throw UsageError("unknown --format '" + formatName + "'");

    ImportOptions options;
    options.machinesPath = machines;
    const Trace trace = loadTrace(tracePath, *format, options);
    std::optional<Topology> cluster;
    if (!clusterPath.empty())
        cluster = loadCluster(clusterPath, options);
    else if (!machines.empty())
        cluster = loadCluster(machines, options);
    const auto s = summarizeTrace(trace, cluster ? &*cluster : nullptr);

    if (!json) {
        printText(trace, s);
        return 0;
    }
    boost::json::object o;
    o["trace"] = trace.meta.source;
    o["format"] = trace.meta.format;
    o["time_base"] = trace.meta.timeBase == TimeBase::UnixUtc ? "unix-utc" : "relative";
    o["jobs"] = s.jobs;
    o["simulated_jobs"] = s.simulatedJobs;
    o["vcs"] = s.vcs;
    o["users"] = s.users;
    o["servers"] = optionalInt(s.servers);
    o["gpus"] = optionalInt(s.gpus);
    o["racks"] = optionalInt(s.racks);
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
    o["gpu_hours"] = s.totalGpuHours;
    if (!trace.meta.tenantNote.empty())
        o["tenant_note"] = trace.meta.tenantNote;
    std::cout << boost::json::serialize(o) << '\n';
    return 0;
}

} // namespace clens::cli
