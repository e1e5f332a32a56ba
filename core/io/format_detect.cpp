#include "core/io/format_detect.hpp"

#include "core/util/csv_reader.hpp"
#include "core/util/input_error.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace clens {

namespace {

constexpr std::size_t kSniffBytes = 1 << 16;

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::vector<std::string> headerNames(std::string_view line)
{
    std::vector<std::string> names;
    std::size_t start = 0;
    for (;;) {
        const auto comma = line.find(',', start);
        auto name = trim(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (name.size() >= 2 && name.front() == '"' && name.back() == '"')
            name = trim(name.substr(1, name.size() - 2));
        names.emplace_back(name);
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    return names;
}

bool isNumberToken(std::string_view t)
{
    if (t.empty())
        return false;
    if (t.front() == '-' || t.front() == '+')
        t.remove_prefix(1);
    return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return (c >= '0' && c <= '9') || c == '.'; });
}

bool isSwfDataLine(std::string_view line)
{
    std::istringstream in{std::string(line)};
    std::string token;
    int n = 0;
    while (in >> token) {
        if (!isNumberToken(token))
            return false;
        ++n;
    }
    return n >= 18;
}

DetectedFile traceFile(TraceFormat f, std::string description)
{
    DetectedFile d;
    d.kind = FileKind::Trace;
    d.trace = f;
    d.description = std::move(description);
    return d;
}

DetectedFile clusterFile(ClusterFormat f, std::string description)
{
    DetectedFile d;
    d.kind = FileKind::Cluster;
    d.cluster = f;
    d.description = std::move(description);
    return d;
}

// Slurm: sacct --parsable2 header ('|'-separated, JobID or JobIDRaw), scontrol --oneliner
// node records (NodeName=...), topology.conf (SwitchName=..., an auxiliary file).
std::optional<DetectedFile> slurmKind(std::string_view line)
{
    if (line.substr(0, 9) == "NodeName=")
        return clusterFile(ClusterFormat::SlurmNodes, "Slurm node list (scontrol show node --oneliner)");
    if (line.find('|') != std::string_view::npos) {
        std::vector<std::string_view> names;
        std::size_t start = 0;
        for (auto bar = line.find('|'); ; bar = line.find('|', start)) {
            names.push_back(trim(line.substr(start, bar == std::string_view::npos ? bar : bar - start)));
            if (bar == std::string_view::npos)
                break;
            start = bar + 1;
        }
        const auto has = [&](std::string_view n) { return std::find(names.begin(), names.end(), n) != names.end(); };
        if (has("JobID") || has("JobIDRaw"))
            return traceFile(TraceFormat::Slurm, "Slurm accounting (sacct --parsable2)");
    }
    if (line.substr(0, 11) == "SwitchName=") {
        DetectedFile d;
        d.kind = FileKind::SlurmTopology;
        d.description = "Slurm topology.conf (give it with the node list: --topology)";
        return d;
    }
    return std::nullopt;
}

// The first item kind in a JSON head: `"kind": "Pod"` or `"kind": "Node"` (kubectl prints each
// item's kind before its metadata).
std::optional<DetectedFile> kubernetesKind(std::string_view json)
{
    for (auto at = json.find("\"kind\""); at != std::string_view::npos; at = json.find("\"kind\"", at + 6)) {
        auto rest = json.substr(at + 6);
        std::size_t i = 0;
        while (i < rest.size() && (isBlank(rest[i]) || rest[i] == ':'))
            ++i;
        rest.remove_prefix(i);
        if (rest.substr(0, 5) == "\"Pod\"")
            return traceFile(TraceFormat::KubernetesPods, "Kubernetes pod list (kubectl get pods -o json)");
        if (rest.substr(0, 6) == "\"Node\"")
            return clusterFile(ClusterFormat::KubernetesNodes, "Kubernetes node list (kubectl get nodes -o json)");
    }
    return std::nullopt;
}

// sacct --json: a "jobs" key whose first job has a "job_id" (the Philly log is an array).
bool isSacctJson(std::string_view json)
{
    const auto jobs = json.find("\"jobs\"");
    return jobs != std::string_view::npos && json.find("\"job_id\"", jobs) != std::string_view::npos;
}

} // namespace

DetectedFile detectFile(const std::string& path)
{
    std::error_code ec;
    std::ifstream in(path, std::ios::binary);
    if (!in || std::filesystem::is_directory(path, ec))
        throw InputError(path, 0, "", "cannot open file for reading");
    std::string head(kSniffBytes, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    std::string_view text = head;
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);

    // First non-blank line and its number.
    std::int64_t lineNo = 1;
    std::size_t pos = 0;
    while (pos < text.size() && isBlank(text[pos])) {
        if (text[pos] == '\n')
            ++lineNo;
        ++pos;
    }
    if (pos == text.size())
        throw InputError(path, 0, "", "file is empty");
    if (text[pos] == '{') { // Kubernetes lists ("kind": "Pod" / "Node" items), sacct --json, else as before
        if (const auto k8s = kubernetesKind(text.substr(pos)))
            return *k8s;
        if (isSacctJson(text.substr(pos)))
            return traceFile(TraceFormat::SlurmJson, "Slurm accounting (sacct --json)");
    }
    if (text[pos] == '[' || text[pos] == '{')
        return traceFile(TraceFormat::Philly, "Philly job log (JSON)");
    if (text[pos] == ';')
        return traceFile(TraceFormat::Swf, "Standard Workload Format trace");
    auto line = text.substr(pos, text.find('\n', pos) - pos);
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    if (const auto slurm = slurmKind(line))
        return *slurm;

    const auto names = headerNames(line);
    const auto has = [&](std::string_view n) { return std::find(names.begin(), names.end(), n) != names.end(); };
    if (has("job_id") && has("submit_s"))
        return traceFile(TraceFormat::Csv, "native jobs CSV");
    if (has("job_id") && has("gpu_num") && has("submit_time"))
        return traceFile(TraceFormat::Helios, "Helios cluster_log.csv");
    if (has("timestamp") && has("duration") && has("num_gpus") && has("cluster"))
        return traceFile(TraceFormat::PhillyCsv, "processed Philly job table (philly-csv)");
    if (has("name") && has("num_gpu") && has("pod_phase"))
        return traceFile(TraceFormat::Alibaba, "Alibaba openb pod list");
    if (has("server") && has("gpus"))
        return clusterFile(ClusterFormat::Csv, "native cluster CSV");
    if (has("machineId") && has("number of GPUs"))
        return clusterFile(ClusterFormat::PhillyMachines,
                           names.front().empty() ? "Philly machine list (revised layout)" : "Philly machine list");
    if (has("sn") && has("gpu"))
        return clusterFile(ClusterFormat::AlibabaNodes, "Alibaba openb node list");
    if (has("time") && has("machineId") && has("gpu0_util")) {
        DetectedFile d;
        d.kind = FileKind::GpuUtil;
        d.description = "Philly GPU utilization file (cluster_gpu_util; give it with the job log)";
        return d;
    }
    if (has("pod.id") && has("cpu.usage")) {
        DetectedFile d;
        d.kind = FileKind::ContainerMetrics;
        d.description = "AI4DL container metrics file (use it with `phases` / `autoscale --metrics`)";
        return d;
    }
    if (isSwfDataLine(line))
        return traceFile(TraceFormat::Swf, "Standard Workload Format trace");

    const auto shown = std::string(line.substr(0, 80)) + (line.size() > 80 ? "..." : "");
    throw InputError(path, lineNo, "",
                     "unrecognised format: the first line '" + shown
                         + "' matches none of the known layouts: a JSON array (Philly job log); native jobs.csv "
                           "(job_id,vc,user,submit_s,gpus,duration_s); philly-csv (timestamp,duration,num_gpus,gpu_time,cluster); "
                           "Alibaba pods (name,...,num_gpu,gpu_milli,...,pod_phase,...); Helios cluster_log.csv "
                           "(job_id,user,vc,gpu_num,...,submit_time,...); SWF (18 numbers a line, ';' comments); "
                           "native cluster.csv (server,rack,gpus); Philly machine list (machineId, number of GPUs); "
                           "Alibaba nodes (sn,cpu_milli,memory_mib,gpu,model); Slurm sacct --parsable2 (JobID|...); "
                           "Slurm scontrol show node --oneliner (NodeName=...); kubectl get pods/nodes -o json");
}

} // namespace clens
