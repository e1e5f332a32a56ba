#include "core/io/native_csv.hpp"
#include "core/io/csv_import.hpp"
#include "core/util/input_limits.hpp"

#include "core/io/repeated_ids.hpp"
#include "core/io/empty_request.hpp"
#include "core/io/name_index.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/csv_writer.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"
#include "core/util/number_format.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace clens {

namespace {
constexpr std::int64_t kMaxGpusPerServer = 4096;
constexpr double kMaxCpuCores = 1e6;
constexpr double kMaxMemGb = 1e9;

std::string field(const CsvReader& csv, std::size_t i)
{
    return i < csv.size() ? std::string(trim(csv.field(i))) : std::string();
}

// The optional resource columns of jobs.csv (absent = nullopt), and the model sets met so far.
struct ResourceColumns {
    std::optional<std::size_t> cpu, mem, milli, models;
    NameIndex modelSets; // raw gpu_models text -> Trace::gpuModelSets index
};

// A job's CPU, memory, GPU share and allowed models from its row (empty fields keep the
// defaults: unknown CPU and memory, whole GPUs, any model).
void readJobResources(const CsvReader& csv, ResourceColumns& c, Job& j, Trace& trace)
{
    const auto& path = csv.fileName();
    const auto line = csv.line();
    const auto text = [&](const std::optional<std::size_t>& col) {
        return col && *col < csv.size() ? trim(csv.field(*col)) : std::string_view();
    };
    if (const auto t = text(c.cpu); !t.empty())
        j.cpuCores = parseDouble(t, {path, line, "cpu_cores"}, 0, kMaxCpuCores);
    if (const auto t = text(c.mem); !t.empty())
        j.memGb = parseDouble(t, {path, line, "mem_gb"}, 0, kMaxMemGb);
    if (const auto t = text(c.milli); !t.empty()) {
        j.gpuMilli = static_cast<std::int32_t>(parseInt(t, {path, line, "gpu_milli"}, 1, 1000));
        if (j.gpuMilli < 1000 && j.gpus != 1)
            failField({path, line, "gpu_milli"}, "a share of a GPU (" + std::string(t)
                                                     + " < 1000) needs a job with exactly 1 GPU, this one asks for "
                                                     + std::to_string(j.gpus));
    }
    if (const auto t = text(c.models); !t.empty())
        j.gpuModels = c.modelSets.get(t, [&](const std::string& list) { return trace.internGpuModels(list); });
}
} // namespace

Topology readNativeCluster(const std::string& path, const ImportOptions& options)
{
    CsvReader csv(path);
    const CsvHeader header = readCsvHeader(csv, "server,rack,gpus");
    const auto cServer = header.require("server");
    const auto cRack = header.find("rack");
    const auto cGpus = header.require("gpus");
    const auto cModel = header.find("gpu_model");
    const auto cCpu = header.find("cpu_cores");
    const auto cMem = header.find("mem_gb");
    std::size_t needed = std::max(cServer, cGpus) + 1;
    if (cRack)
        needed = std::max(needed, *cRack + 1);

    std::vector<ServerSpec> specs;
    std::unordered_set<std::string> seen;
    ProgressTicker ticker(options.progress);
    while (csv.next()) {
        requireFieldCount(csv, needed, header);
        ServerSpec s;
        s.name = std::string(requireText(csv.field(cServer), {path, csv.line(), "server"}));
        if (!seen.insert(s.name).second)
            throw InputError(path, csv.line(), "server", "duplicate server '" + s.name + "'");
        if (cRack) {
            auto rack = field(csv, *cRack);
            if (!rack.empty())
                s.rack = std::move(rack);
        }
        s.gpus = static_cast<std::int32_t>(parseInt(csv.field(cGpus), {path, csv.line(), "gpus"}, 0, kMaxGpusPerServer));
        if (cModel)
            s.gpuModel = field(csv, *cModel);
        if (cCpu && !field(csv, *cCpu).empty())
            s.cpuCores = parseDouble(csv.field(*cCpu), {path, csv.line(), "cpu_cores"}, 0, kMaxCpuCores);
        if (cMem && !field(csv, *cMem).empty())
            s.memGb = parseDouble(csv.field(*cMem), {path, csv.line(), "mem_gb"}, 0, kMaxMemGb);
        specs.push_back(std::move(s));
        if (csv.totalBytes())
            ticker.tick(static_cast<double>(csv.bytesRead()) / static_cast<double>(csv.totalBytes()));
    }
    if (specs.empty())
        throw InputError(path, 0, "", "cluster file lists no servers");
    const bool anyRack = std::any_of(specs.begin(), specs.end(), [](const ServerSpec& s) { return s.rack.has_value(); });
    const bool allRack = std::all_of(specs.begin(), specs.end(), [](const ServerSpec& s) { return s.rack.has_value(); });
    if (anyRack && !allRack)
        throw InputError(path, 0, "rack", "some servers have a rack and some do not; give every server a rack or none");
    return Topology::build(std::move(specs), options.rackSize);
}

Trace readNativeJobs(const std::string& path, const ImportOptions& options)
{
    CsvReader csv(path);
    const CsvHeader header = readCsvHeader(csv, "job_id,vc,user,submit_s,gpus,duration_s");
    const auto cId = header.require("job_id");
    const auto cVc = header.require("vc");
    const auto cUser = header.require("user");
    const auto cSubmit = header.require("submit_s");
    const auto cGpus = header.require("gpus");
    const auto cDuration = header.require("duration_s");
    const auto cStatus = header.find("status");
    ResourceColumns cResources{header.find("cpu_cores"), header.find("mem_gb"), header.find("gpu_milli"),
                               header.find("gpu_models"), {}};
    const std::size_t needed = std::max({cId, cVc, cUser, cSubmit, cGpus, cDuration}) + 1;

    Trace trace;
    trace.meta.source = path;
    trace.meta.format = "csv";
    trace.meta.timeBase = TimeBase::Relative;
    RepeatedIds ids;
    NameIndex vcs, users;
    ProgressTicker ticker(options.progress);
    const auto readRows = [&] {
        while (csv.next()) {
            requireFieldCount(csv, needed, header);
            const auto line = csv.line();
            Job j;
            j.id = std::string(requireText(csv.field(cId), {path, line, "job_id"}));
            ids.add(j.id, line);
            j.tenant = vcs.get(requireText(csv.field(cVc), {path, line, "vc"}), [&](std::string n) { return trace.internTenant(n); });
            j.user = users.get(trim(csv.field(cUser)), [&](std::string n) { return trace.internUser(n); });
            j.submit_s = parseSeconds(csv.field(cSubmit), {path, line, "submit_s"}, -kMaxSeconds, kMaxSeconds);
            j.gpus = static_cast<std::int32_t>(parseInt(csv.field(cGpus), {path, line, "gpus"}, 0, kMaxGpusPerJob));
            j.duration_s = parseSeconds(csv.field(cDuration), {path, line, "duration_s"}, 0, kMaxSeconds);
            if (const auto text = cStatus && *cStatus < csv.size() ? trim(csv.field(*cStatus)) : std::string_view(); !text.empty()) {
                const auto st = jobStatusFromString(text);
                if (!st || *st == JobStatus::Unfinished)
                    throw InputError(path, line, "status", "unknown status '" + std::string(text) + "' (expected Pass, Killed or Failed)");
                j.status = *st;
            }
            readJobResources(csv, cResources, j, trace);
            if (j.gpuMilli < 1000)
                ++trace.meta.fractionalGpuJobs;
            if (asksForNothing(j))
                j.skip = SkipReason::ZeroGpus;
            trace.jobs.push_back(std::move(j));
            afterJobRow(csv, trace.jobs, ticker, &ids);
        }
    };
    ids.check(readRows, [&](std::uint32_t r) -> std::string_view { return trace.jobs[r].id; },
              [&](const RepeatedIds::Repeat& r) { throw InputError(path, r.line, "job_id", "duplicate job id '" + r.id + "'"); });
    ticker.finish();
    return trace;
}

void writeNativeCluster(std::ostream& out, const Topology& cluster)
{
    out << "server,rack,gpus,gpu_model,cpu_cores,mem_gb\n";
    for (const auto& s : cluster.servers()) {
        writeCsvField(out, s.name);
        out << ',';
        writeCsvField(out, cluster.racks()[static_cast<std::size_t>(s.rack)].name);
        out << ',' << s.gpus << ',';
        writeCsvField(out, s.gpuModel);
        out << ',';
        if (s.cpuCores > 0)
            out << formatDouble(s.cpuCores);
        out << ',';
        if (s.memGb > 0)
            out << formatDouble(s.memGb);
        out << '\n';
    }
}

void writeNativeJobsHeader(std::ostream& out)
{
    out << "job_id,vc,user,submit_s,gpus,duration_s,status,cpu_cores,mem_gb,gpu_milli,gpu_models\n";
}

void writeNativeJobRow(std::ostream& out, const Job& j, std::string_view vc, std::string_view user, std::string_view gpuModels)
{
    writeCsvField(out, j.id);
    out << ',';
    writeCsvField(out, vc);
    out << ',';
    writeCsvField(out, user);
    out << ',' << j.submit_s << ',' << j.gpus << ',' << j.duration_s << ',' << toString(j.status) << ',';
    if (!std::isnan(j.cpuCores))
        out << formatDouble(j.cpuCores);
    out << ',';
    if (!std::isnan(j.memGb))
        out << formatDouble(j.memGb);
    out << ',';
    if (j.gpuMilli < 1000)
        out << j.gpuMilli;
    out << ',';
    writeCsvField(out, gpuModels);
    out << '\n';
}

void writeNativeJobs(std::ostream& out, const Trace& trace)
{
    writeNativeJobsHeader(out);
    for (const auto& j : trace.jobs)
        writeNativeJobRow(out, j, trace.tenants[static_cast<std::size_t>(j.tenant)].name,
                          trace.users[static_cast<std::size_t>(j.user)], trace.gpuModelSets[static_cast<std::size_t>(j.gpuModels)]);
}

} // namespace clens
