#include "core/io/slurm_sacct_json.hpp"

#include "core/io/json_fields.hpp"
#include "core/io/slurm_sacct_builder.hpp"
#include "core/util/input_error.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cmath>

namespace clens {

namespace json = boost::json;
namespace jf = json_fields;

namespace {

// A number sacct prints either plainly or, since data_parser v0.0.39, as
// {"set": true, "infinite": false, "number": N}; nullopt when absent, unset or infinite.
std::optional<std::int64_t> setNumber(const json::object& o, std::string_view key, const std::string& file, const std::string& path)
{
    const auto* v = o.if_contains(key);
    if (!v || v->is_null())
        return std::nullopt;
    if (v->is_object()) {
        const auto& n = v->get_object();
        const auto at = jf::join(path, key);
        const auto* set = n.if_contains("set");
        const auto* inf = n.if_contains("infinite");
        if ((set && set->is_bool() && !set->get_bool()) || (inf && inf->is_bool() && inf->get_bool()))
            return std::nullopt;
        return jf::integer(n, "number", file, at);
    }
    return jf::integer(o, key, file, path);
}

// TRES as [{"type": "gres", "name": "gpu:a100", "count": 4}, {"type": "mem", "count": 65536}, ...]
// (mem in MB); the same rules as the text form.
SlurmTres tresList(const json::object& tres, std::string_view key, const std::string& file, const std::string& path)
{
    SlurmTres t;
    const auto* list = jf::array(tres, key, file, path);
    if (!list)
        return t;
    const auto at = jf::join(path, key);
    long long typed = 0;
    bool anyTyped = false;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const auto it = at + "[" + std::to_string(i) + "]";
        const auto* e = (*list)[i].if_object();
        if (!e)
            jf::fail(file, it, "expected a TRES object");
        const auto type = jf::string(*e, "type", file, it).value_or("");
        const auto name = jf::string(*e, "name", file, it).value_or("");
        const auto count = setNumber(*e, "count", file, it);
        if (!count)
            continue;
        if (*count < 0)
            jf::fail(file, it + ".count", "negative count");
        if (type == "cpu")
            t.cpus = static_cast<double>(*count);
        else if (type == "mem")
            t.memGb = static_cast<double>(*count) / 1024.0; // MB (MiB)
        else if (type == "gres" && (name == "gpu" || name.substr(0, 4) == "gpu:")) {
            if (*count > 1'000'000)
                jf::fail(file, it + ".count", "more than 10^6 GPUs");
            if (name == "gpu")
                t.gpus = *count;
            else {
                anyTyped = true;
                typed += *count;
                t.gpuTypes.emplace_back(name.substr(4));
            }
        }
    }
    if (!t.gpus && anyTyped)
        t.gpus = typed;
    return t;
}

// "COMPLETED", or ["COMPLETED"] (data_parser v0.0.39+), under state.current (or a plain "state").
std::string stateOf(const json::object& job, const std::string& file, const std::string& at)
{
    const auto* v = job.if_contains("state");
    if (v && v->is_string())
        return std::string(v->get_string());
    const auto* s = jf::object(job, "state", file, at);
    if (!s)
        jf::fail(file, at + ".state", "missing");
    const auto* current = s->if_contains("current");
    if (current && current->is_string())
        return std::string(current->get_string());
    if (current && current->is_array() && !current->get_array().empty() && current->get_array()[0].is_string())
        return std::string(current->get_array()[0].get_string());
    jf::fail(file, at + ".state.current", "expected a state name or a list of them");
}

// 123, array task 123_4 (pending range 123_[5-9]), heterogeneous component 123+1.
std::string jobId(const json::object& job, const std::string& file, const std::string& at, bool& arrayRange)
{
    const auto id = jf::integer(job, "job_id", file, at);
    if (!id)
        jf::fail(file, at + ".job_id", "missing");
    if (const auto* het = jf::object(job, "het", file, at)) {
        const auto offset = setNumber(*het, "job_offset", file, at + ".het");
        const auto first = jf::integer(*het, "job_id", file, at + ".het");
        if (offset && first && *first > 0)
            return std::to_string(*first) + "+" + std::to_string(*offset);
    }
    if (const auto* array = jf::object(job, "array", file, at)) {
        const auto first = jf::integer(*array, "job_id", file, at + ".array");
        if (first && *first > 0) {
            if (const auto task = setNumber(*array, "task_id", file, at + ".array"))
                return std::to_string(*first) + "_" + std::to_string(*task);
            if (const auto range = jf::string(*array, "task", file, at + ".array"); range && !range->empty()) {
                arrayRange = true;
                return std::to_string(*first) + "_[" + std::string(*range) + "]";
            }
        }
    }
    return std::to_string(*id);
}

} // namespace

Trace readSlurmSacctJson(const std::string& path, const ImportOptions& options)
{
    const auto root = jf::readObjectFile(path, "sacct --json prints an object with a \"jobs\" array");
    const auto* jobs = jf::array(root.get_object(), "jobs", path, "");
    if (!jobs)
        jf::fail(path, "jobs", "missing: expected sacct --json output");
    const auto& by = options.slurmTenant;
    if (by != "account" && !by.empty() && by != "partition" && by != "qos")
        throw InputError(path, 0, "", "tenant option '" + by + "': expected account, partition or qos");
    const std::string tenantKey = by.empty() ? "account" : by;

    SacctTraceBuilder builder(path, options, "slurm-json");
    std::string at;
    const SacctTraceBuilder::Where where{0, [&](std::string_view field) {
        if (field == "JobID")
            return at + ".job_id";
        if (field == "State")
            return at + ".state.current";
        if (field == "NodeList")
            return at + ".nodes";
        if (field == "AllocTRES")
            return at + ".tres.allocated";
        if (field == "ReqTRES")
            return at + ".tres.requested";
        return at + "." + std::string(field);
    }};
    ProgressTicker ticker(options.progress);
    for (std::size_t i = 0; i < jobs->size(); ++i) {
        at = "jobs[" + std::to_string(i) + "]";
        const auto* job = (*jobs)[i].if_object();
        if (!job)
            jf::fail(path, at, "expected a job object");
        SacctRecord r;
        bool arrayRange = false;
        r.id = jobId(*job, path, at, arrayRange);
        if (arrayRange)
            builder.countArrayRange();
        r.tenant = std::string(jf::string(*job, tenantKey, path, at).value_or(""));
        r.user = std::string(jf::string(*job, "user", path, at).value_or(""));
        r.state = stateOf(*job, path, at);
        const auto* time = jf::object(*job, "time", path, at);
        if (!time)
            jf::fail(path, at + ".time", "missing");
        const auto tat = at + ".time";
        const auto submit = setNumber(*time, "submission", path, tat);
        if (!submit || *submit <= 0)
            jf::fail(path, tat + ".submission", "missing or 0");
        r.submit_s = *submit;
        const auto positive = [](std::optional<std::int64_t> t) { return t && *t > 0 ? t : std::nullopt; };
        r.start_s = positive(setNumber(*time, "start", path, tat)); // 0 = not started
        r.end_s = positive(setNumber(*time, "end", path, tat));
        r.elapsed_s = setNumber(*time, "elapsed", path, tat);
        if (const auto* tres = jf::object(*job, "tres", path, at)) {
            r.alloc = tresList(*tres, "allocated", path, at + ".tres");
            r.req = tresList(*tres, "requested", path, at + ".tres");
        }
        r.nodes = std::string(jf::string(*job, "nodes", path, at).value_or(""));
        r.nnodes = setNumber(*job, "allocation_nodes", path, at);
        if (r.nnodes && *r.nnodes == 0)
            r.nnodes.reset();
        builder.add(std::move(r), where);
        ticker.tick(static_cast<double>(i + 1) / static_cast<double>(jobs->size()));
    }
    auto trace = builder.finish({"sacct --json times are Unix times: no time zone needed"});
    ticker.finish();
    return trace;
}

} // namespace clens
