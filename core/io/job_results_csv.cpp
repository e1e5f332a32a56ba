#include "core/io/job_results_csv.hpp"

#include "core/util/text_sink.hpp"

#include <cmath>
#include <sstream>
#include <string>

namespace clens {

namespace {

void writeHeader(std::ostream& out)
{
    out << "job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,fairshare_delay_s,fragmentation_delay_s,"
           "capacity_delay_s,servers,racks,level,attempts,status,gpu_seconds,user,duration_s,allocated_gpus,slowdown,"
           "effective_util,held_idle_gpu_seconds,cpu_cores,mem_gb,gpu_milli,power_delay_s,throttled_s,oom_kills,"
           "cpu_reserved_core_s,cpu_used_core_s,mem_reserved_gb_s,mem_used_gb_s,preemptions,queue_key\n";
}

// A number column: its delimiter, then the number.
template <class T>
void writeField(TextSink& out, T v)
{
    out.put(',');
    out.number(v);
}

// A job's resource columns, in two parts: the format puts the power delay between them.
void writeResourcesBeforePower(TextSink& out, const JobResources& res)
{
    writeField(out, res.cpuCores);
    writeField(out, res.memGb);
    writeField(out, res.gpuMilli);
}

void writeResourcesAfterPower(TextSink& out, const JobResources& res)
{
    writeField(out, res.throttled_s);
    writeField(out, res.oomKills);
    writeField(out, res.cpuReservedCoreS);
    writeField(out, res.cpuUsedCoreS);
    writeField(out, res.memReservedGbS);
    writeField(out, res.memUsedGbS);
}

// Those parts' text for a GPU-only run's jobs (every job's are JobResources{}): ten million rows
// append two strings instead of formatting nine numbers each.
struct DefaultResourceText {
    std::string beforePower = textOf(writeResourcesBeforePower), afterPower = textOf(writeResourcesAfterPower);

    static std::string textOf(void (*write)(TextSink&, const JobResources&))
    {
        std::ostringstream text;
        {
            TextSink sink(text);
            write(sink, JobResources{});
        }
        return text.str();
    }
};

void writeRow(TextSink& out, const SimResult& result, const JobResult& r, const DefaultResourceText& defaults)
{
    const auto& trace = *result.trace;
    const auto& j = trace.jobs[static_cast<std::size_t>(r.job)];
    const bool placed = r.attempts > 0;
    const auto field = [&](auto v) { writeField(out, v); };
    out.csvField(j.id);
    out.put(',');
    out.csvField(trace.tenants[static_cast<std::size_t>(j.tenant)].name);
    field(j.gpus);
    field(j.submit_s);
    out.put(',');
    if (r.start_s)
        out.number(*r.start_s);
    out.put(',');
    if (r.end_s)
        out.number(*r.end_s);
    field(r.queueDelay_s);
    field(r.fairshareDelay_s);
    field(r.fragmentationDelay_s);
    field(r.capacityDelay_s);
    out.put(',');
    if (placed) {
        out.number(r.servers);
        field(r.racks);
        out.put(',');
        out.append(toString(r.level));
    } else {
        out.append(",,");
    }
    field(r.attempts);
    out.put(',');
    out.append(toString(r.status));
    field(r.gpuSeconds);
    out.put(',');
    out.csvField(trace.users.empty() ? std::string_view() : std::string_view(trace.users[static_cast<std::size_t>(j.user)]));
    field(j.duration_s);
    out.put(',');
    if (placed) {
        out.number(r.allocatedGpus);
        field(r.slowdown);
        field(r.effectiveUtil);
    } else {
        out.append(",,");
    }
    field(r.heldIdleGpuSeconds);
    if (result.resources.empty()) {
        out.append(defaults.beforePower);
        field(r.powerDelay_s);
        out.append(defaults.afterPower);
    } else {
        const auto& res = result.resources[static_cast<std::size_t>(r.job)];
        writeResourcesBeforePower(out, res);
        field(r.powerDelay_s);
        writeResourcesAfterPower(out, res);
    }
    field(r.preemptions);
    out.put(',');
    if (!std::isnan(r.queueKey))
        out.number(r.queueKey);
    out.put('\n');
}

} // namespace

void writeJobResultsCsv(std::ostream& out, const SimResult& result)
{
    writeHeader(out);
    TextSink sink(out);
    const DefaultResourceText defaults;
    for (const auto& r : result.jobs)
        if (r.simulated)
            writeRow(sink, result, r, defaults);
}

void writeJobResultsCsv(std::ostream& out, const SimResult& result, const std::vector<std::int32_t>& jobs, const ProgressFn& progress)
{
    writeHeader(out);
    TextSink sink(out);
    const DefaultResourceText defaults;
    ProgressTicker ticker(progress);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const auto job = jobs[i];
        if (job >= 0 && static_cast<std::size_t>(job) < result.jobs.size() && result.jobs[static_cast<std::size_t>(job)].simulated)
            writeRow(sink, result, result.jobs[static_cast<std::size_t>(job)], defaults);
        ticker.tick(static_cast<double>(i + 1) / static_cast<double>(jobs.size()));
    }
    sink.flush();
    ticker.finish();
}

} // namespace clens
