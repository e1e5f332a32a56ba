#include "core/io/job_results_csv.hpp"

#include "core/util/csv_writer.hpp"
#include "core/util/number_format.hpp"

#include <cmath>

namespace clens {

namespace {

void writeHeader(std::ostream& out)
{
    out << "job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,fairshare_delay_s,fragmentation_delay_s,"
           "capacity_delay_s,servers,racks,level,attempts,status,gpu_seconds,user,duration_s,allocated_gpus,slowdown,"
           "effective_util,held_idle_gpu_seconds,cpu_cores,mem_gb,gpu_milli,power_delay_s,throttled_s,oom_kills,"
           "cpu_reserved_core_s,cpu_used_core_s,mem_reserved_gb_s,mem_used_gb_s,preemptions,queue_key\n";
}

void writeRow(std::ostream& out, const SimResult& result, const JobResult& r)
{
    const auto& trace = *result.trace;
    const auto& j = trace.jobs[static_cast<std::size_t>(r.job)];
    const bool placed = r.attempts > 0;
    writeCsvField(out, j.id);
    out << ',';
    writeCsvField(out, trace.tenants[static_cast<std::size_t>(j.tenant)].name);
    out << ',' << j.gpus << ',' << j.submit_s << ',';
    if (r.start_s)
        out << *r.start_s;
    out << ',';
    if (r.end_s)
        out << *r.end_s;
    out << ',' << r.queueDelay_s << ',' << r.fairshareDelay_s << ',' << r.fragmentationDelay_s << ','
        << r.capacityDelay_s << ',';
    if (placed)
        out << r.servers << ',' << r.racks << ',' << toString(r.level);
    else
        out << ",,";
    out << ',' << r.attempts << ',' << toString(r.status) << ',' << r.gpuSeconds << ',';
    writeCsvField(out, trace.users.empty() ? std::string() : trace.users[static_cast<std::size_t>(j.user)]);
    out << ',' << j.duration_s << ',';
    if (placed)
        out << r.allocatedGpus << ',' << formatDouble(r.slowdown) << ',' << formatDouble(r.effectiveUtil);
    else
        out << ",,";
    out << ',' << r.heldIdleGpuSeconds << ',' << formatDouble(r.cpuCores) << ',' << formatDouble(r.memGb) << ',' << r.gpuMilli
        << ',' << r.powerDelay_s << ',' << formatDouble(r.throttled_s) << ',' << r.oomKills << ',' << formatDouble(r.cpuReservedCoreS)
        << ',' << formatDouble(r.cpuUsedCoreS) << ',' << formatDouble(r.memReservedGbS) << ',' << formatDouble(r.memUsedGbS)
        << ',' << r.preemptions << ',';
    if (!std::isnan(r.queueKey))
        out << formatDouble(r.queueKey);
    out << '\n';
}

} // namespace

void writeJobResultsCsv(std::ostream& out, const SimResult& result)
{
    writeHeader(out);
    for (const auto& r : result.jobs)
        if (r.simulated)
            writeRow(out, result, r);
}

void writeJobResultsCsv(std::ostream& out, const SimResult& result, const std::vector<std::int32_t>& jobs, const ProgressFn& progress)
{
    writeHeader(out);
    ProgressTicker ticker(progress);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const auto job = jobs[i];
        if (job >= 0 && static_cast<std::size_t>(job) < result.jobs.size() && result.jobs[static_cast<std::size_t>(job)].simulated)
            writeRow(out, result, result.jobs[static_cast<std::size_t>(job)]);
        ticker.tick(static_cast<double>(i + 1) / static_cast<double>(jobs.size()));
    }
    ticker.finish();
}

} // namespace clens
