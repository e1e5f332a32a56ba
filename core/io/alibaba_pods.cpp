#include "core/io/alibaba_pods.hpp"
#include "core/io/csv_import.hpp"
#include "core/io/repeated_ids.hpp"
#include "core/util/input_limits.hpp"

#include "core/io/duplicate_ids.hpp"
#include "core/io/empty_request.hpp"
#include "core/io/name_index.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/counted_text.hpp"
#include "core/util/input_error.hpp"

#include <algorithm>

namespace clens {

namespace {
constexpr double kMaxCpuMilli = 1e9;  // 1e6 cores, as native CSV allows
constexpr double kMaxMemoryMib = 1e12; // ~1e9 GB

// The optional request columns, the model sets met so far, and what the notes count.
struct PodRequests {
    std::optional<std::size_t> cpu, mem, spec;
    NameIndex modelSets; // raw gpu_spec text -> Trace::gpuModelSets index
    std::int64_t wholeMultiGpu = 0; // multi-GPU pods with gpu_milli < 1000, given whole GPUs
};

// A pod's GPU share, CPU, memory and allowed GPU models.
void readPodRequests(const CsvReader& csv, std::size_t cMilli, PodRequests& r, Job& j, Trace& trace)
{
    const auto& path = csv.fileName();
    const auto line = csv.line();
    const auto text = [&](const std::optional<std::size_t>& c) {
        return c && *c < csv.size() ? trim(csv.field(*c)) : std::string_view();
    };
    if (j.gpus > 0) {
        const auto milli = static_cast<std::int32_t>(parseInt(csv.field(cMilli), {path, line, "gpu_milli"}, 1, 1000));
        if (milli < 1000 && j.gpus > 1)
            ++r.wholeMultiGpu; // the publisher defines the share for 1-GPU pods only
        else
            j.gpuMilli = milli;
    }
    if (const auto t = text(r.cpu); !t.empty())
        j.cpuCores = parseDouble(t, {path, line, "cpu_milli"}, 0, kMaxCpuMilli) / 1000.0;
    if (const auto t = text(r.mem); !t.empty())
        j.memGb = parseDouble(t, {path, line, "memory_mib"}, 0, kMaxMemoryMib) / 1024.0;
    if (const auto t = text(r.spec); !t.empty() && t != "nan")
        j.gpuModels = r.modelSets.get(t, [&](const std::string& list) { return trace.internGpuModels(list); });
}

// What the notes say about the pods' requests, counted over the whole trace.
void addRequestNotes(const Trace& trace, const PodRequests& r, std::vector<std::string>& notes)
{
    std::int64_t restricted = 0, noGpu = 0, noGpuSimulated = 0, nothing = 0;
    std::int32_t minShare = 1000, maxShare = 0;
    for (const auto& j : trace.jobs) {
        restricted += j.gpuModels != 0;
        if (j.gpuMilli < 1000) {
            minShare = std::min(minShare, j.gpuMilli);
            maxShare = std::max(maxShare, j.gpuMilli);
        }
        if (j.gpus == 0) {
            ++noGpu;
            noGpuSimulated += j.simulated();
            nothing += j.skip == SkipReason::ZeroGpus;
        }
    }
    if (trace.meta.fractionalGpuJobs)
        notes.push_back(countedText(trace.meta.fractionalGpuJobs, "pod asks", "pods ask") + " for a share of one GPU (gpu_milli " + std::to_string(minShare)
                        + (maxShare > minShare ? "-" + std::to_string(maxShare) : std::string()) + " of 1000)");
    if (r.wholeMultiGpu)
        notes.push_back(countedText(r.wholeMultiGpu, "multi-GPU pod has", "multi-GPU pods have")
                        + (r.wholeMultiGpu == 1 ? " gpu_milli < 1000: it takes whole GPUs" : " gpu_milli < 1000: they take whole GPUs")
                        + " (a share is for 1-GPU pods only)");
    if (restricted)
        notes.push_back(countedText(restricted, "pod restricts", "pods restrict") + " the GPU model (gpu_spec), in "
                        + std::to_string(trace.gpuModelSets.size() - 1) + " sets of allowed models");
    if (noGpu)
        notes.push_back(countedText(noGpu, "pod asks", "pods ask") + " for no GPU: " + std::to_string(noGpuSimulated)
                        + (noGpu == 1 ? " of it simulated for its CPU and memory" : " of them are simulated for their CPU and memory"));
    if (nothing)
        notes.push_back(countedText(nothing, "pod asks", "pods ask") + " for no GPU, CPU or memory: not simulated");
}
} // namespace

// Long on purpose (about 105 lines): one pass over the rows, each field checked where it is read,
// then the notes on what was left out.
Trace readAlibabaPods(const std::string& path, const ImportOptions& options)
{
    CsvReader csv(path);
    const CsvHeader header = readCsvHeader(
        csv, "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time");
    const auto cName = header.require("name");
    const auto cGpus = header.require("num_gpu");
    const auto cMilli = header.require("gpu_milli");
    const auto cQos = header.require("qos");
    const auto cPhase = header.require("pod_phase");
    const auto cCreated = header.require("creation_time");
    const auto cDeleted = header.require("deletion_time");
    const auto cScheduled = header.require("scheduled_time");
    PodRequests requests{header.find("cpu_milli"), header.find("memory_mib"), header.find("gpu_spec"), {}, 0};
    const std::size_t needed = std::max({cName, cGpus, cMilli, cQos, cPhase, cCreated, cDeleted, cScheduled}) + 1;

    Trace trace;
    trace.meta.source = path;
    trace.meta.format = "alibaba";
    trace.meta.timeBase = TimeBase::Relative;
    trace.meta.tenantNote = "the pod list has no tenant: each pod's VC is its qos class (LS, BE, Burstable, Guaranteed)";
    const auto noUser = trace.internUser("");
    NameIndex vcs;
    RepeatedIds ids;
    std::int64_t unscheduled = 0, lastEnd = 0;
    std::vector<std::size_t> running; // Running pods, to count those cut off at the trace end
    ProgressTicker ticker(options.progress);
    const auto readRows = [&] {
        while (csv.next()) {
            const auto line = csv.line();
            requireFieldCount(csv, needed, header);
            Job j;
            j.id = std::string(requireText(csv.field(cName), {path, line, "name"}));
            ids.add(j.id, line);
            j.user = noUser;
            j.tenant = vcs.get(requireText(csv.field(cQos), {path, line, "qos"}), [&](std::string n) { return trace.internTenant(n); });
            j.gpus = static_cast<std::int32_t>(parseInt(csv.field(cGpus), {path, line, "num_gpu"}, 0, kMaxGpusPerJob));
            readPodRequests(csv, cMilli, requests, j, trace);
            if (j.gpuMilli < 1000)
                ++trace.meta.fractionalGpuJobs;
            if (asksForNothing(j))
                j.skip = SkipReason::ZeroGpus;

            const auto phase = trim(csv.field(cPhase));
            bool pending = false, isRunning = false;
            if (phase == "Succeeded") {
                j.status = JobStatus::Pass;
            } else if (phase == "Running") {
                j.status = JobStatus::Pass;
                isRunning = true;
            } else if (phase == "Failed") {
                j.status = JobStatus::Failed;
            } else if (phase == "Pending") {
                pending = true;
            } else {
                throw InputError(path, line, "pod_phase",
                                 "unknown pod phase '" + std::string(phase) + "' (expected Succeeded, Running, Failed or Pending)");
            }

            j.submit_s = parseSeconds(csv.field(cCreated), {path, line, "creation_time"}, 0, kMaxSeconds);
            std::optional<std::int64_t> deleted, scheduled;
            if (!trim(csv.field(cDeleted)).empty())
                deleted = parseSeconds(csv.field(cDeleted), {path, line, "deletion_time"}, 0, kMaxSeconds);
            if (!trim(csv.field(cScheduled)).empty())
                scheduled = parseSeconds(csv.field(cScheduled), {path, line, "scheduled_time"}, 0, kMaxSeconds);
            if (scheduled && *scheduled < j.submit_s)
                failField({path, line, "scheduled_time"}, "pod is scheduled (" + std::to_string(*scheduled) + ") before it is created ("
                                                              + std::to_string(j.submit_s) + ")");
            if (deleted && *deleted < j.submit_s)
                failField({path, line, "deletion_time"},
                          "pod is deleted (" + std::to_string(*deleted) + ") before it is created (" + std::to_string(j.submit_s) + ")");
            if (deleted)
                lastEnd = std::max(lastEnd, *deleted);

            if (pending || !scheduled) {
                if (!pending)
                    ++unscheduled;
                j.skip = SkipReason::Pending;
            } else {
                if (!deleted)
                    failField({path, line, "deletion_time"}, "value is empty (a scheduled pod needs its deletion time)");
                if (*deleted < *scheduled)
                    failField({path, line, "deletion_time"}, "pod is deleted (" + std::to_string(*deleted) + ") before it is scheduled ("
                                                                 + std::to_string(*scheduled) + ")");
                j.recordedStart_s = scheduled;
                j.recordedEnd_s = deleted;
                j.duration_s = *deleted - *scheduled;
                if (isRunning)
                    running.push_back(trace.jobs.size());
            }
            trace.jobs.push_back(std::move(j));
            afterJobRow(csv, trace.jobs, ticker, &ids);
        }
    };
    ids.check(readRows, [&](std::uint32_t r) -> std::string_view { return trace.jobs[r].id; },
              [&](const RepeatedIds::Repeat& r) { throw InputError(path, r.line, "name", "duplicate pod name '" + r.id + "'"); });
    if (trace.jobs.empty())
        throw InputError(path, 0, "", "file has a header but no pod");

    auto& notes = trace.meta.notes;
    const auto cutOff = std::count_if(running.begin(), running.end(),
                                      [&](std::size_t i) { return trace.jobs[i].recordedEnd_s == lastEnd; });
    if (cutOff)
        notes.push_back(countedText(cutOff, "Running pod is", "Running pods are") + " cut off at the trace end (" + std::to_string(lastEnd)
                        + " s): their service is what the trace saw");
    if (unscheduled)
        notes.push_back(countedText(unscheduled, "pod that is not Pending has", "pods that are not Pending have") + " no scheduled_time: not simulated");
    addRequestNotes(trace, requests, notes);
    ticker.finish();
    return trace;
}

} // namespace clens
