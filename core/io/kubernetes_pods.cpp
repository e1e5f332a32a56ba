#include "core/io/kubernetes_pods.hpp"

#include "core/util/counted_text.hpp"

#include "core/io/empty_request.hpp"
#include "core/io/kubernetes_json.hpp"
#include "core/io/kubernetes_nodes.hpp"
#include "core/util/input_error.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace clens {

namespace json = boost::json;

namespace {

struct Requests {
    double gpus = 0, cpu = 0, memBytes = 0;
    bool anyCpu = false, anyMem = false;
};

// One container's requests; an extended resource (GPU) given only as a limit is requested at
// that limit, as Kubernetes defaults requests to limits.
Requests containerRequests(const json::object& c, const std::string& file, const std::string& at)
{
    Requests r;
    const auto* res = k8s::object(c, "resources", file, at);
    if (!res)
        return r;
    const auto* req = k8s::object(*res, "requests", file, at + ".resources");
    const auto* lim = k8s::object(*res, "limits", file, at + ".resources");
    const auto get = [&](std::string_view key) -> std::optional<double> {
        if (req)
            if (auto v = k8s::quantity(*req, key, file, at + ".resources.requests"))
                return v;
        if (lim)
            return k8s::quantity(*lim, key, file, at + ".resources.limits");
        return std::nullopt;
    };
    if (const auto g = get(kKubernetesGpuResource)) {
        if (*g != std::floor(*g))
            k8s::fail(file, at + ".resources." + kKubernetesGpuResource, "expected a whole number of GPUs");
        r.gpus = *g;
    }
    if (const auto cpu = get("cpu")) {
        r.cpu = *cpu;
        r.anyCpu = true;
    }
    if (const auto mem = get("memory")) {
        r.memBytes = *mem;
        r.anyMem = true;
    }
    return r;
}

// The pod's effective request: max(sum over containers, max over init containers).
Requests podRequests(const json::object& spec, const std::string& file, const std::string& at)
{
    Requests sum, init;
    if (const auto* cs = k8s::array(spec, "containers", file, at))
        for (std::size_t i = 0; i < cs->size(); ++i) {
            const auto cat = at + ".containers[" + std::to_string(i) + "]";
            const auto* c = (*cs)[i].if_object();
            if (!c)
                k8s::fail(file, cat, "expected a container object");
            const auto r = containerRequests(*c, file, cat);
            sum.gpus += r.gpus, sum.cpu += r.cpu, sum.memBytes += r.memBytes;
            sum.anyCpu |= r.anyCpu, sum.anyMem |= r.anyMem;
        }
    if (const auto* cs = k8s::array(spec, "initContainers", file, at))
        for (std::size_t i = 0; i < cs->size(); ++i) {
            const auto cat = at + ".initContainers[" + std::to_string(i) + "]";
            const auto* c = (*cs)[i].if_object();
            if (!c)
                k8s::fail(file, cat, "expected a container object");
            const auto r = containerRequests(*c, file, cat);
            init.gpus = std::max(init.gpus, r.gpus), init.cpu = std::max(init.cpu, r.cpu);
            init.memBytes = std::max(init.memBytes, r.memBytes);
            init.anyCpu |= r.anyCpu, init.anyMem |= r.anyMem;
        }
    return {std::max(sum.gpus, init.gpus), std::max(sum.cpu, init.cpu), std::max(sum.memBytes, init.memBytes),
            sum.anyCpu || init.anyCpu, sum.anyMem || init.anyMem};
}

struct Counts {
    std::int64_t pending = 0, running = 0, oomKilled = 0, evicted = 0, unknownPhase = 0, noStart = 0, noGpu = 0,
                 modelRestricted = 0, noEnd = 0;
};

// Container terminations: the latest finishedAt, and whether any was OOMKilled.
struct Termination {
    std::optional<std::int64_t> end, firstStart;
    bool oomKilled = false;
};

Termination terminations(const json::object& status, const std::string& file, const std::string& at)
{
    Termination t;
    for (const auto* key : {"initContainerStatuses", "containerStatuses"}) {
        const auto* list = k8s::array(status, key, file, at);
        if (!list)
            continue;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const auto cat = at + "." + key + "[" + std::to_string(i) + "]";
            const auto* cs = (*list)[i].if_object();
            if (!cs)
                k8s::fail(file, cat, "expected a container status object");
            const auto* state = k8s::object(*cs, "state", file, cat);
            if (!state)
                continue;
            if (const auto* run = k8s::object(*state, "running", file, cat + ".state"))
                if (const auto s = k8s::time(*run, "startedAt", file, cat + ".state.running"))
                    t.firstStart = t.firstStart ? std::min(*t.firstStart, *s) : *s;
            if (const auto* term = k8s::object(*state, "terminated", file, cat + ".state")) {
                const auto tat = cat + ".state.terminated";
                if (const auto s = k8s::time(*term, "startedAt", file, tat))
                    t.firstStart = t.firstStart ? std::min(*t.firstStart, *s) : *s;
                if (const auto e = k8s::time(*term, "finishedAt", file, tat))
                    t.end = t.end ? std::max(*t.end, *e) : *e;
                if (const auto reason = k8s::string(*term, "reason", file, tat); reason && *reason == "OOMKilled")
                    t.oomKilled = true;
            }
        }
    }
    return t;
}

void addNotes(Trace& trace, const Counts& n)
{
    addCountedNote(trace.meta.notes, n.pending, "pod", "pods", " Pending: kept, not simulated");
    addCountedNote(trace.meta.notes, n.running, "pod", "pods", " Running (or Unknown) at the time of the list: they end at the last time in the file");
    addCountedNote(trace.meta.notes, n.oomKilled, "pod had", "pods had", " a container OOMKilled");
    addCountedNote(trace.meta.notes, n.evicted, "pod was", "pods were", " evicted or preempted: Killed");
    addCountedNote(trace.meta.notes, n.unknownPhase, "pod is", "pods are", " in phase Unknown (node lost): read as Running");
    addCountedNote(trace.meta.notes, n.noStart, "pod", "pods", " finished without a startTime: kept, not simulated");
    addCountedNote(trace.meta.notes, n.noEnd, "finished pod has", "finished pods have", " no container finishedAt: 0 s of service");
    addCountedNote(trace.meta.notes, n.noGpu, "pod asks", "pods ask", " for no GPU: simulated for their CPU and memory when they ask for some");
    addCountedNote(trace.meta.notes, n.modelRestricted, "pod selects", "pods select", std::string(" a GPU model (nodeSelector ") + kKubernetesGpuProductLabel + ")");
}

} // namespace

// Long on purpose (about 115 lines): one pass over the pod items, each field checked where it is
// read (with its JSON path for the error), then the notes on what was left out.
Trace readKubernetesPods(const std::string& path, const ImportOptions& options)
{
    const auto list = k8s::readList(path);
    Trace trace;
    trace.meta.source = path;
    trace.meta.format = "kubernetes";
    trace.meta.timeBase = TimeBase::UnixUtc;
    trace.meta.tenantNote = "tenants are Kubernetes namespaces";
    const auto noUser = trace.internUser("");
    std::unordered_set<std::string> ids;
    std::vector<std::size_t> running;
    std::int64_t lastTime = 0;
    Counts n;
    ProgressTicker ticker(options.progress);
    for (std::size_t i = 0; i < list.items->size(); ++i) {
        std::string at;
        const auto* item = &k8s::item(list, i, "Pod", "a pod object", at);
        const auto [meta, name] = k8s::metadataWithName(*item, path, at);
        const auto ns = k8s::string(*meta, "namespace", path, at + ".metadata").value_or("default");
        Job j;
        j.id = std::string(ns) + "/" + std::string(name);
        if (!ids.insert(j.id).second)
            k8s::fail(path, at + ".metadata.name", "duplicate pod '" + j.id + "'");
        j.tenant = trace.internTenant(std::string(ns));
        j.user = noUser;
        const auto created = k8s::time(*meta, "creationTimestamp", path, at + ".metadata");
        if (!created)
            k8s::fail(path, at + ".metadata.creationTimestamp", "missing");
        j.submit_s = *created;

        const auto* spec = k8s::object(*item, "spec", path, at);
        if (!spec)
            k8s::fail(path, at + ".spec", "missing");
        const auto req = podRequests(*spec, path, at + ".spec");
        if (req.gpus > 1e6)
            k8s::fail(path, at + ".spec.containers", "more than 10^6 GPUs");
        j.gpus = static_cast<std::int32_t>(req.gpus);
        if (req.anyCpu)
            j.cpuCores = std::min(req.cpu, 1e6);
        if (req.anyMem)
            j.memGb = std::min(req.memBytes / (1024.0 * 1024.0 * 1024.0), 1e9);
        if (const auto* sel = k8s::object(*spec, "nodeSelector", path, at + ".spec"))
            if (const auto model = k8s::string(*sel, kKubernetesGpuProductLabel, path, at + ".spec.nodeSelector");
                model && !model->empty() && j.gpus > 0) {
                j.gpuModels = trace.internGpuModels(*model);
                ++n.modelRestricted;
            }
        n.noGpu += j.gpus == 0;
        if (asksForNothing(j))
            j.skip = SkipReason::ZeroGpus;

        const auto* status = k8s::object(*item, "status", path, at);
        const std::string statusAt = at + ".status";
        const auto phase = status ? k8s::string(*status, "phase", path, statusAt).value_or("") : std::string_view();
        const auto reason = status ? k8s::string(*status, "reason", path, statusAt).value_or("") : std::string_view();
        const auto term = status ? terminations(*status, path, statusAt) : Termination{};
        auto start = status ? k8s::time(*status, "startTime", path, statusAt) : std::nullopt;
        if (!start)
            start = term.firstStart;
        for (const auto& t : {std::optional<std::int64_t>(j.submit_s), start, term.end})
            if (t)
                lastTime = std::max(lastTime, *t);
        n.oomKilled += term.oomKilled;
        if (phase == "Pending") {
            ++n.pending;
            j.skip = SkipReason::Pending;
        } else if (phase == "Running" || phase == "Unknown") {
            n.unknownPhase += phase == "Unknown";
            if (!start) {
                ++n.pending;
                j.skip = SkipReason::Pending;
            } else {
                ++n.running;
                j.recordedStart_s = start;
                running.push_back(trace.jobs.size());
            }
        } else if (phase == "Succeeded" || phase == "Failed") {
            j.status = phase == "Succeeded" ? JobStatus::Pass : JobStatus::Failed;
            if (phase == "Failed" && (reason == "Evicted" || reason == "Preempting" || reason == "Terminated")) {
                j.status = JobStatus::Killed;
                ++n.evicted;
            }
            if (!start) {
                ++n.noStart;
                j.skip = SkipReason::NoAttempts;
            } else {
                j.recordedStart_s = start;
                j.recordedEnd_s = term.end;
                if (term.end)
                    j.duration_s = std::max<std::int64_t>(0, *term.end - *start);
                else
                    ++n.noEnd;
            }
        } else
            k8s::fail(path, statusAt + ".phase", "unknown pod phase '" + std::string(phase.substr(0, 40))
                                                     + "' (expected Pending, Running, Succeeded, Failed or Unknown)");
        if (j.recordedStart_s)
            if (const auto node = k8s::string(*spec, "nodeName", path, at + ".spec"); node && !node->empty()) {
                RecordedAttempt a;
                a.start_s = j.recordedStart_s;
                a.end_s = j.recordedEnd_s;
                a.placement.push_back({std::string(*node), {}});
                j.attempts.push_back(std::move(a));
            }
        trace.jobs.push_back(std::move(j));
        ticker.tick(static_cast<double>(i + 1) / static_cast<double>(list.items->size()));
    }
    if (trace.jobs.empty())
        throw InputError(path, 0, "items", "the list holds no pod");
    for (const auto r : running) {
        auto& j = trace.jobs[r];
        j.recordedEnd_s = std::max(lastTime, *j.recordedStart_s);
        j.duration_s = *j.recordedEnd_s - *j.recordedStart_s;
        if (!j.attempts.empty())
            j.attempts.back().end_s = j.recordedEnd_s;
    }
    addNotes(trace, n);
    ticker.finish();
    return trace;
}

} // namespace clens
