#include "core/analysis/result_metrics.hpp"

#include "core/analysis/sample_stats.hpp"
#include "core/model/job_size.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace clens {

// About 110 lines: one pass over the jobs accumulating every metric, then one row per metric in
// the order the results table shows them (split, the accumulators would travel between functions).
std::vector<Metric> resultMetrics(const JobTable& t)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> delays, jcts, runTimes;
    std::array<std::vector<double>, kSizeBuckets> bucketDelays;
    double started = 0, finished = 0, unfinished = 0, gpuSeconds = 0, failedKilled = 0, failedKilledGpuSeconds = 0;
    double utilWeighted = 0, utilWeight = 0, relaxed = 0, withLevel = 0, multiServer = 0, withServers = 0;
    std::array<double, 4> causes{}; // fairshare, fragmentation, capacity, power
    std::int64_t firstSubmit = 0, lastEnd = 0;
    bool anyEnd = false;
    for (std::size_t i = 0; i < t.jobs.size(); ++i) {
        const auto& j = t.jobs[i];
        firstSubmit = i == 0 ? j.submit_s : std::min(firstSubmit, j.submit_s);
        gpuSeconds += j.gpuSeconds;
        if (j.status == JobStatus::Failed || j.status == JobStatus::Killed) {
            failedKilled += 1;
            failedKilledGpuSeconds += j.gpuSeconds;
        }
        unfinished += j.status == JobStatus::Unfinished ? 1 : 0;
        if (j.fairshareDelay_s && j.fragmentationDelay_s && j.capacityDelay_s) {
            causes[0] += static_cast<double>(*j.fairshareDelay_s);
            causes[1] += static_cast<double>(*j.fragmentationDelay_s);
            causes[2] += static_cast<double>(*j.capacityDelay_s);
            causes[3] += static_cast<double>(j.powerDelay_s.value_or(0));
        }
        if (!std::isnan(j.util)) {
            utilWeighted += j.util * j.gpuSeconds;
            utilWeight += j.gpuSeconds;
        }
        if (j.start_s) {
            started += 1;
            if (j.queueDelay_s) {
                const auto d = static_cast<double>(*j.queueDelay_s);
                delays.push_back(d);
                if (j.gpus >= 1)
                    bucketDelays[static_cast<std::size_t>(sizeBucket(j.gpus))].push_back(d);
            }
            if (j.level) {
                withLevel += 1;
                relaxed += *j.level != LocalityLevel::Server ? 1 : 0;
            }
            if (j.servers) {
                withServers += 1;
                multiServer += *j.servers > 1 ? 1 : 0;
            }
        }
        if (const auto jct = j.jct_s()) {
            finished += 1;
            jcts.push_back(static_cast<double>(*jct));
            lastEnd = anyEnd ? std::max(lastEnd, *j.end_s) : *j.end_s;
            anyEnd = true;
        }
        if (j.runTime_s)
            runTimes.push_back(static_cast<double>(*j.runTime_s));
    }
    const double jobs = static_cast<double>(t.jobs.size());
    const auto d = statsOf(delays);
    const auto c = statsOf(jcts);
    const auto r = statsOf(runTimes);
    const double makespan = anyEnd ? static_cast<double>(lastEnd - firstSubmit) : nan;
    const auto pct = [&](double part, double whole) { return whole > 0 ? 100.0 * part / whole : nan; };
    const auto ifDelays = [&](double v) { return t.hasDelays ? v : nan; };
    const auto ifCauses = [&](double v) { return t.hasDelayCauses ? v : nan; };

    std::vector<Metric> m{
        {"jobs", "jobs", jobs, false, false},
        {"started_jobs", "jobs", started, false},
        {"finished_jobs", "jobs", finished, false},
        {"unfinished_jobs", "jobs", unfinished, true},
        {"makespan_s", "s", makespan, true},
        {"mean_queue_delay_s", "s", ifDelays(d.mean), true},
        {"p50_queue_delay_s", "s", ifDelays(d.p50), true},
        {"p95_queue_delay_s", "s", ifDelays(d.p95), true},
        {"p99_queue_delay_s", "s", ifDelays(d.p99), true},
        {"mean_jct_s", "s", c.mean, true},
        {"p50_jct_s", "s", c.p50, true},
        {"p95_jct_s", "s", c.p95, true},
        {"mean_run_time_s", "s", r.mean, true},
        {"gpu_hours", "GPU-h", gpuSeconds / 3600.0, true},
        {"gpu_alloc_fraction", "fraction",
         t.clusterGpus && *t.clusterGpus > 0 && makespan > 0 ? gpuSeconds / (*t.clusterGpus * makespan) : nan, false},
        {"gpu_util_pct", "%", utilWeight > 0 ? 100.0 * utilWeighted / utilWeight : nan, false},
        {"fairshare_delay_h", "h", ifCauses(causes[0] / 3600.0), true},
        {"fragmentation_delay_h", "h", ifCauses(causes[1] / 3600.0), true},
        {"capacity_delay_h", "h", ifCauses(causes[2] / 3600.0), true},
        {"relaxed_locality_jobs_pct", "%", pct(relaxed, withLevel), true},
        {"multi_server_jobs_pct", "%", pct(multiServer, withServers), true},
        {"failed_or_killed_jobs_pct", "%", pct(failedKilled, jobs), true},
        {"failed_or_killed_gpu_time_pct", "%", pct(failedKilledGpuSeconds, gpuSeconds), true},
    };
    if (t.hasDelayCauses && (t.power || causes[3] > 0)) { // node power was on: its wait is a cause too
        const auto capacity = std::find_if(m.begin(), m.end(), [](const Metric& x) { return x.name == "capacity_delay_h"; });
        m.insert(capacity + 1, {"power_delay_h", "h", causes[3] / 3600.0, true});
    }
    for (std::size_t b = 0; b < kSizeBuckets; ++b) {
        const auto s = statsOf(bucketDelays[b]);
        const std::string suffix = "." + std::string(kSizeBucketLabels[b]);
        m.push_back({"mean_queue_delay_s" + suffix, "s", ifDelays(s.mean), true});
        m.push_back({"p95_queue_delay_s" + suffix, "s", ifDelays(s.p95), true});
    }
    if (const auto& a = t.autoscale) {
        m.push_back({"cpu_reserved_core_h", "core-h", a->cpuReservedCoreH, true});
        m.push_back({"cpu_used_core_h", "core-h", a->cpuUsedCoreH, true, false});
        m.push_back({"mem_reserved_gb_h", "GB-h", a->memReservedGbH, true});
        m.push_back({"mem_used_gb_h", "GB-h", a->memUsedGbH, true, false});
        m.push_back({"cpu_under_pct", "%", a->cpuUnderPct, true});
        m.push_back({"mem_under_pct", "%", a->memUnderPct, true});
        m.push_back({"oom_kills", "kills", a->oomKills, true});
        m.push_back({"throttled_s", "s", a->throttled_s, true});
    }
    if (const auto& p = t.power) {
        m.push_back({"energy_kwh", "kWh", p->energyKwh, true});
        m.push_back({"powered_server_h", "server-h", p->poweredServerH, true});
        m.push_back({"power_delay_s", "s", p->powerDelay_s, true});
    }
    return m;
}

} // namespace clens
