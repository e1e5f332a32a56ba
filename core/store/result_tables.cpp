#include "core/store/result_tables.hpp"

#include "core/sim/scenario_names.hpp"
#include "core/store/blob_codec.hpp"
#include "core/store/table_reader.hpp"
#include "core/util/number_format.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <charconv>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace clens::store {

namespace {
constexpr std::int64_t kInt32Min = std::numeric_limits<std::int32_t>::min();
constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();
constexpr std::int64_t kUint32Max = std::numeric_limits<std::uint32_t>::max();

constexpr double kNoSlowdownCap = 1e6; // the largest slowdown.max_factor scenario JSON accepts

double orZero(double v) { return std::isnan(v) ? 0.0 : v; }

// LAS thresholds as text: numbers separated by spaces, each exact (shortest round-trip form).
std::string thresholdsToText(const std::vector<double>& v)
{
    std::string out;
    for (const auto x : v)
        out += (out.empty() ? "" : " ") + formatDouble(x);
    return out;
}

std::vector<double> thresholdsFromText(TableReader& t, int col, const std::string& text)
{
    std::vector<double> out;
    std::istringstream in(text);
    std::string word;
    while (in >> word) {
        double x = 0;
        const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), x);
        if (ec != std::errc{} || end != word.data() + word.size() || !(x > 0) || (!out.empty() && x <= out.back()))
            t.fail(col, "LAS thresholds must be ascending positive numbers, not '" + text + "'");
        out.push_back(x);
    }
    return out;
}
double orOne(double v) { return std::isnan(v) ? 1.0 : v; }

std::int32_t int32(TableReader& t, int col) { return static_cast<std::int32_t>(t.integer(col, kInt32Min, kInt32Max)); }

std::int32_t clusterGpus(const SimResult& r) { return r.cluster ? r.cluster->gpuCount() : 0; }
std::int32_t clusterServers(const SimResult& r) { return r.cluster ? r.cluster->serverCount() : 0; }

// Runs fn over the rows of one result table for result idx, in position order.
template <typename Fn>
void readRows(Database& db, const std::string& file, const std::string& table, const std::string& columns,
              std::int64_t result, Fn&& fn)
{
    TableReader t(db, file, table, "SELECT idx, " + columns + " FROM " + table + " WHERE result = " + std::to_string(result) + " ORDER BY idx");
    std::int64_t expected = 0;
    while (t.next()) {
        t.expectPosition(0, expected++);
        fn(t);
    }
}

// The columns of the results table in the order writeResult binds and readResults reads them.
constexpr std::array<const char*, 82> kResultColumns{
    "idx", "name", "cluster", "has_trace", "events", "first_submit_s", "last_event_s",
    "sc_relax_to_rack_after_s", "sc_relax_to_any_after_s", "sc_rack_size", "sc_gang_policy", "sc_gang_min_fraction",
    "sc_gang_elastic_after_s", "sc_quota_mode", "sc_placement", "sc_backfill", "sc_slowdown_per_extra_server",
    "sc_slowdown_cross_rack", "sc_trial_run_s", "sc_server_mtbf_h", "sc_repair_h", "sc_checkpoint_s",
    "sc_horizon_s", "sc_autoscaler_policy", "sc_autoscaler_interval_s", "sc_autoscaler_sigma", "sc_autoscaler_headroom", "sc_seed",
    "sc_series_step_s", "sum_jobs", "sum_finished_jobs", "sum_unfinished_jobs", "sum_makespan_s",
    "sum_mean_queue_delay_s", "sum_p50_queue_delay_s", "sum_p95_queue_delay_s", "sum_mean_jct_s",
    "sum_gpu_alloc_fraction", "sum_gpu_effective_util", "sum_fairshare_delay_s", "sum_fragmentation_delay_s",
    "sum_capacity_delay_s", "sum_held_idle_gpu_seconds", "sum_preemptions", "sum_server_failures",
    "sum_mean_slowdown", "sum_distributed_jobs", "sum_allocated_gpu_seconds", "sum_effective_gpu_seconds",
    "sc_slowdown_max_factor", "sc_server_cpu_cores", "sc_server_mem_gb", "sc_job_cpu_per_gpu", "sc_job_mem_gb_per_gpu",
    "sum_cpu_alloc_fraction", "sum_mem_alloc_fraction", "sum_gpu_share_fragmentation", "sc_arrival_speedup",
    "sc_autoscaler_usage", "sc_power_enabled", "sc_power_idle_off_after_s", "sc_power_spare_servers", "sc_power_boot_s",
    "sc_power_server_idle_w", "sc_power_gpu_idle_w", "sc_power_gpu_busy_w", "sc_power_off_w",
    "sum_cpu_reserved_core_h", "sum_cpu_used_core_h", "sum_mem_reserved_gb_h", "sum_mem_used_gb_h", "sum_cpu_under_pct",
    "sum_mem_under_pct", "sum_oom_kills", "sum_throttled_s", "sum_energy_kwh", "sum_powered_server_h", "sum_power_delay_s",
    "sc_queue_policy", "sc_queue_las_thresholds_gpu_s", "sc_queue_starvation_factor", "sc_queue_preempt_overhead_s"};

std::string resultColumns()
{
    std::string out;
    for (const char* c : kResultColumns)
        out += (out.empty() ? "" : ", ") + std::string(c);
    return out;
}

} // namespace

std::int64_t resultRows(const SimResult& r)
{
    return static_cast<std::int64_t>(r.jobs.size() + r.waits.size() + r.occupancy.size() + r.outages.size() + r.reservations.size()
                                     + r.powerOff.size() + r.scaledRuns.size());
}

void validateResult(const SimResult& r, const std::string& name, std::size_t traceJobs)
{
    const auto bad = [&](const std::string& what) { throw std::invalid_argument("result '" + name + "': " + what); };
    const auto jobs = static_cast<std::int64_t>(traceJobs);
    for (std::size_t i = 0; i < r.jobs.size(); ++i) {
        const auto& j = r.jobs[i];
        if (j.job < -1 || j.job >= jobs)
            bad("job result " + std::to_string(i) + " refers to job " + std::to_string(j.job) + " of a " + std::to_string(jobs) + "-job trace");
        if (static_cast<std::uint64_t>(j.firstWait) + j.waitCount > r.waits.size())
            bad("job result " + std::to_string(i) + " refers to waits beyond the wait list");
    }
    for (const auto& o : r.occupancy)
        if (o.job < 0 || o.job >= jobs || o.gpu < 0 || o.gpu >= clusterGpus(r))
            bad("an occupancy interval refers to job " + std::to_string(o.job) + ", GPU " + std::to_string(o.gpu) + " out of range");
    for (const auto& o : r.outages)
        if (o.server < 0 || o.server >= clusterServers(r))
            bad("an outage refers to server " + std::to_string(o.server) + " out of range");
    for (const auto& v : r.reservations)
        if (v.job < 0 || v.job >= jobs || v.server < 0 || v.server >= clusterServers(r))
            bad("a reservation refers to job " + std::to_string(v.job) + ", server " + std::to_string(v.server) + " out of range");
    for (const auto& p : r.powerOff)
        if (p.server < 0 || p.server >= clusterServers(r))
            bad("a powered-off interval refers to server " + std::to_string(p.server) + " out of range");
    for (const auto& run : r.scaledRuns)
        if (run.job < 0 || run.job >= jobs || run.server < 0 || run.server >= clusterServers(r)
            || static_cast<std::uint64_t>(run.first) + run.count > r.scaledLevels.size())
            bad("an autoscaled run refers to job " + std::to_string(run.job) + ", server " + std::to_string(run.server)
                + " or levels out of range");
}

void writeResult(Database& db, std::int64_t idx, const std::string& name, std::optional<std::int64_t> clusterId,
                 const SimResult& r, RowProgress& progress)
{
    const auto& sc = r.scenario;
    const auto& sum = r.summary;
    {
        std::string placeholders = "?";
        for (std::size_t i = 1; i < kResultColumns.size(); ++i)
            placeholders += ", ?";
        Statement s(db, "INSERT INTO results (" + resultColumns() + ") VALUES (" + placeholders + ")");
        int c = 0;
        s.bindInt(++c, idx);
        s.bindText(++c, name);
        s.bindOptionalInt(++c, clusterId);
        s.bindInt(++c, r.trace ? 1 : 0);
        s.bindInt(++c, r.events);
        s.bindInt(++c, r.firstSubmit_s);
        s.bindInt(++c, r.lastEvent_s);
        s.bindOptionalInt(++c, sc.locality.relaxToRackAfter_s);
        s.bindOptionalInt(++c, sc.locality.relaxToAnyAfter_s);
        s.bindInt(++c, sc.locality.rackSize);
        s.bindText(++c, storedName(sc.gang.policy));
        s.bindReal(++c, sc.gang.minFraction);
        s.bindInt(++c, sc.gang.elasticAfter_s);
        s.bindText(++c, storedName(sc.quota.mode));
        s.bindText(++c, storedName(sc.placement));
        s.bindText(++c, storedName(sc.backfill));
        s.bindReal(++c, sc.slowdown.perExtraServer);
        s.bindReal(++c, sc.slowdown.crossRack);
        s.bindInt(++c, sc.failures.trialRun_s);
        s.bindReal(++c, sc.failures.serverMtbf_h);
        s.bindReal(++c, sc.failures.repair_h);
        s.bindInt(++c, sc.failures.checkpoint_s);
        s.bindInt(++c, sc.failures.horizon_s);
        s.bindText(++c, sc.autoscaler.policy);
        s.bindInt(++c, sc.autoscaler.interval_s);
        s.bindReal(++c, sc.autoscaler.sigma);
        s.bindReal(++c, sc.autoscaler.headroom);
        s.bindInt(++c, std::bit_cast<std::int64_t>(sc.seed)); // uint64 stored bit for bit
        s.bindInt(++c, sc.seriesStep_s);
        s.bindInt(++c, sum.jobs);
        s.bindInt(++c, sum.finishedJobs);
        s.bindInt(++c, sum.unfinishedJobs);
        s.bindInt(++c, sum.makespan_s);
        s.bindReal(++c, sum.meanQueueDelay_s);
        s.bindReal(++c, sum.p50QueueDelay_s);
        s.bindReal(++c, sum.p95QueueDelay_s);
        s.bindReal(++c, sum.meanJct_s);
        s.bindReal(++c, sum.gpuAllocFraction);
        s.bindReal(++c, sum.gpuEffectiveUtil);
        s.bindReal(++c, sum.fairshareDelay_s);
        s.bindReal(++c, sum.fragmentationDelay_s);
        s.bindReal(++c, sum.capacityDelay_s);
        s.bindReal(++c, sum.heldIdleGpuSeconds);
        s.bindInt(++c, sum.preemptions);
        s.bindInt(++c, sum.serverFailures);
        s.bindReal(++c, sum.meanSlowdown);
        s.bindInt(++c, sum.distributedJobs);
        s.bindReal(++c, sum.allocatedGpuSeconds);
        s.bindReal(++c, sum.effectiveGpuSeconds);
        s.bindReal(++c, sc.slowdown.maxFactor);
        const auto& res = sc.resources;
        for (const auto* v : {&res.serverDefaults.cpuCores, &res.serverDefaults.memGb, &res.jobDefaults.cpuPerGpu,
                              &res.jobDefaults.memGbPerGpu}) {
            if (*v)
                s.bindReal(++c, **v);
            else
                s.bindNull(++c);
        }
        s.bindReal(++c, sum.cpuAllocFraction); // NaN (unknown) is stored as NULL
        s.bindReal(++c, sum.memAllocFraction);
        s.bindReal(++c, sum.gpuShareFragmentation);
        s.bindReal(++c, sc.arrivals.speedup);
        s.bindText(++c, toString(sc.autoscaler.usage));
        const auto& w = sc.power;
        s.bindInt(++c, w.enabled ? 1 : 0);
        s.bindInt(++c, w.idleOffAfter_s);
        s.bindInt(++c, w.spareServers);
        s.bindInt(++c, w.boot_s);
        s.bindReal(++c, w.serverIdleW);
        s.bindReal(++c, w.gpuIdleW);
        s.bindReal(++c, w.gpuBusyW);
        s.bindReal(++c, w.offW);
        s.bindReal(++c, sum.cpuReservedCoreH);
        s.bindReal(++c, sum.cpuUsedCoreH);
        s.bindReal(++c, sum.memReservedGbH);
        s.bindReal(++c, sum.memUsedGbH);
        s.bindReal(++c, sum.cpuUnderPct);
        s.bindReal(++c, sum.memUnderPct);
        s.bindInt(++c, sum.oomKills);
        s.bindReal(++c, sum.throttled_s);
        s.bindReal(++c, sum.energyKwh);
        s.bindReal(++c, sum.poweredServerH);
        s.bindReal(++c, sum.powerDelay_s);
        s.bindText(++c, toString(sc.queue.policy));
        s.bindText(++c, thresholdsToText(sc.queue.lasThresholdsGpuS));
        s.bindReal(++c, sc.queue.starvationFactor);
        s.bindInt(++c, sc.queue.preemptOverhead_s);
        s.run();
    }
    {
        Statement s(db, "INSERT INTO result_quota (result, vc, gpus) VALUES (?, ?, ?)");
        for (const auto& [vc, gpus] : sc.quota.vcGpus) {
            s.bindInt(1, idx);
            s.bindText(2, vc);
            s.bindInt(3, gpus);
            s.run();
        }
    }
    {
        Statement s(db, "INSERT INTO result_jobs (result, idx, job, simulated, status, start_s, end_s, queue_delay_s, "
                        "fairshare_delay_s, fragmentation_delay_s, capacity_delay_s, allocated_gpus, servers, racks, level, "
                        "attempts, gpu_seconds, held_idle_gpu_seconds, effective_gpu_seconds, slowdown, effective_util, "
                        "first_wait, wait_count, cpu_cores, mem_gb, gpu_milli, power_delay_s, throttled_s, oom_kills, "
                        "scaled_intervals, cpu_under_intervals, mem_under_intervals, cpu_reserved_core_s, cpu_used_core_s, "
                        "mem_reserved_gb_s, mem_used_gb_s, preemptions, never_start_order, queue_key) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                        "?, ?, ?, ?, ?)");
        std::vector<std::optional<std::int64_t>> neverStartOrder(r.jobs.size());
        for (std::size_t k = 0; k < r.neverStartable.size(); ++k)
            if (const auto row = static_cast<std::size_t>(r.neverStartable[k]); row < neverStartOrder.size())
                neverStartOrder[row] = static_cast<std::int64_t>(k);
        for (std::size_t i = 0; i < r.jobs.size(); ++i) {
            const auto& j = r.jobs[i];
            int c = 0;
            s.bindInt(++c, idx);
            s.bindInt(++c, static_cast<std::int64_t>(i));
            s.bindInt(++c, j.job);
            s.bindInt(++c, j.simulated ? 1 : 0);
            s.bindText(++c, storedName(j.status));
            s.bindOptionalInt(++c, j.start_s);
            s.bindOptionalInt(++c, j.end_s);
            s.bindInt(++c, j.queueDelay_s);
            s.bindInt(++c, j.fairshareDelay_s);
            s.bindInt(++c, j.fragmentationDelay_s);
            s.bindInt(++c, j.capacityDelay_s);
            s.bindInt(++c, j.allocatedGpus);
            s.bindInt(++c, j.servers);
            s.bindInt(++c, j.racks);
            s.bindText(++c, storedName(j.level));
            s.bindInt(++c, j.attempts);
            s.bindInt(++c, j.gpuSeconds);
            s.bindInt(++c, j.heldIdleGpuSeconds);
            s.bindReal(++c, j.effectiveGpuSeconds);
            s.bindReal(++c, j.slowdown);
            s.bindReal(++c, j.effectiveUtil);
            s.bindInt(++c, j.firstWait);
            s.bindInt(++c, j.waitCount);
            s.bindReal(++c, j.cpuCores);
            s.bindReal(++c, j.memGb);
            s.bindInt(++c, j.gpuMilli);
            s.bindInt(++c, j.powerDelay_s);
            s.bindReal(++c, j.throttled_s);
            s.bindInt(++c, j.oomKills);
            s.bindInt(++c, j.scaledIntervals);
            s.bindInt(++c, j.cpuUnderIntervals);
            s.bindInt(++c, j.memUnderIntervals);
            s.bindReal(++c, j.cpuReservedCoreS);
            s.bindReal(++c, j.cpuUsedCoreS);
            s.bindReal(++c, j.memReservedGbS);
            s.bindReal(++c, j.memUsedGbS);
            s.bindInt(++c, j.preemptions);
            s.bindOptionalInt(++c, neverStartOrder[i]);
            s.bindReal(++c, j.queueKey);
            s.run();
            progress.tick();
        }
    }
    {
        Statement s(db, "INSERT INTO result_waits (result, idx, from_s, to_s, cause, resource) VALUES (?, ?, ?, ?, ?, ?)");
        for (std::size_t i = 0; i < r.waits.size(); ++i) {
            const auto& w = r.waits[i];
            s.bindInt(1, idx);
            s.bindInt(2, static_cast<std::int64_t>(i));
            s.bindInt(3, w.from_s);
            s.bindInt(4, w.to_s);
            s.bindText(5, storedName(w.cause));
            s.bindText(6, storedName(w.resource));
            s.run();
            progress.tick();
        }
    }
    {
        Statement s(db, "INSERT INTO result_occupancy (result, idx, gpu, job, from_s, to_s, use, util, milli) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        for (std::size_t i = 0; i < r.occupancy.size(); ++i) {
            const auto& o = r.occupancy[i];
            s.bindInt(1, idx);
            s.bindInt(2, static_cast<std::int64_t>(i));
            s.bindInt(3, o.gpu);
            s.bindInt(4, o.job);
            s.bindInt(5, o.from_s);
            s.bindInt(6, o.to_s);
            s.bindText(7, storedName(o.use));
            s.bindReal(8, static_cast<double>(o.util));
            s.bindInt(9, o.milli);
            s.run();
            progress.tick();
        }
    }
    {
        Statement s(db, "INSERT INTO result_outages (result, idx, server, from_s, to_s) VALUES (?, ?, ?, ?, ?)");
        for (std::size_t i = 0; i < r.outages.size(); ++i) {
            const auto& o = r.outages[i];
            s.bindInt(1, idx);
            s.bindInt(2, static_cast<std::int64_t>(i));
            s.bindInt(3, o.server);
            s.bindInt(4, o.from_s);
            s.bindInt(5, o.to_s);
            s.run();
            progress.tick();
        }
    }
    {
        Statement s(db, "INSERT INTO result_reservations (result, idx, server, job, from_s, to_s, cpu_milli, mem_mib) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        for (std::size_t i = 0; i < r.reservations.size(); ++i) {
            const auto& v = r.reservations[i];
            s.bindInt(1, idx);
            s.bindInt(2, static_cast<std::int64_t>(i));
            s.bindInt(3, v.server);
            s.bindInt(4, v.job);
            s.bindInt(5, v.from_s);
            s.bindInt(6, v.to_s);
            s.bindInt(7, v.cpuMilli);
            s.bindInt(8, v.memMib);
            s.run();
            progress.tick();
        }
    }
    {
        Statement s(db, "INSERT INTO result_power_off (result, idx, server, from_s, to_s, booting) VALUES (?, ?, ?, ?, ?, ?)");
        for (std::size_t i = 0; i < r.powerOff.size(); ++i) {
            const auto& p = r.powerOff[i];
            s.bindInt(1, idx);
            s.bindInt(2, static_cast<std::int64_t>(i));
            s.bindInt(3, p.server);
            s.bindInt(4, p.from_s);
            s.bindInt(5, p.to_s);
            s.bindInt(6, p.booting ? 1 : 0);
            s.run();
            progress.tick();
        }
    }
    {
        Statement s(db, "INSERT INTO result_scaled_runs (result, idx, job, server, from_s, to_s, levels, phases) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        std::vector<float> flat;
        std::vector<std::int32_t> phases;
        for (std::size_t i = 0; i < r.scaledRuns.size(); ++i) {
            const auto& run = r.scaledRuns[i];
            flat.clear();
            phases.clear();
            for (std::uint32_t k = run.first; k < run.first + run.count; ++k) {
                const auto& l = r.scaledLevels[k];
                flat.insert(flat.end(), {l.cpuReserved, l.memReserved, l.cpuUsed, l.memUsed});
                phases.push_back(l.phase);
            }
            s.bindInt(1, idx);
            s.bindInt(2, static_cast<std::int64_t>(i));
            s.bindInt(3, run.job);
            s.bindInt(4, run.server);
            s.bindInt(5, run.from_s);
            s.bindInt(6, run.to_s);
            s.bindBlob(7, encodeArray(flat));
            s.bindBlob(8, encodeArray(phases));
            s.run();
            progress.tick();
        }
    }
    {
        const auto& ts = r.series;
        Statement s(db, "INSERT INTO result_series (result, step_s, t_s, allocated_gpus, effective_util, queued_jobs, "
                        "free_servers, held_idle_gpus, cpu_reserved, mem_reserved, share_fragmentation, cpu_used, mem_used, "
                        "powered_servers, power_kw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        s.bindInt(1, idx);
        s.bindInt(2, ts.step_s);
        s.bindBlob(3, encodeArray(ts.t_s));
        s.bindBlob(4, encodeArray(ts.allocatedGpus));
        s.bindBlob(5, encodeArray(ts.effectiveUtil));
        s.bindBlob(6, encodeArray(ts.queuedJobs));
        s.bindBlob(7, encodeArray(ts.freeServers));
        s.bindBlob(8, encodeArray(ts.heldIdleGpus));
        s.bindBlob(9, encodeArray(ts.cpuReserved));
        s.bindBlob(10, encodeArray(ts.memReserved));
        s.bindBlob(11, encodeArray(ts.shareFragmentation));
        s.bindBlob(12, encodeArray(ts.cpuUsed));
        s.bindBlob(13, encodeArray(ts.memUsed));
        s.bindBlob(14, encodeArray(ts.poweredServers));
        s.bindBlob(15, encodeArray(ts.powerKw));
        s.run();
        Statement v(db, "INSERT INTO result_series_vc (result, vc, queued_jobs) VALUES (?, ?, ?)");
        for (std::size_t i = 0; i < ts.queuedByVc.size(); ++i) {
            v.bindInt(1, idx);
            v.bindInt(2, static_cast<std::int64_t>(i));
            v.bindBlob(3, encodeArray(ts.queuedByVc[i]));
            v.run();
        }
    }
}

std::vector<StoredResult> readResults(Database& db, const std::string& file, std::size_t traceJobs,
                                      const std::map<std::int64_t, std::shared_ptr<const Topology>>& clusters,
                                      RowProgress& progress)
{
    std::vector<StoredResult> out;
    {
        TableReader t(db, file, "results", "SELECT " + resultColumns() + " FROM results ORDER BY idx");
        while (t.next()) {
            int c = 0;
            t.expectPosition(c++, static_cast<std::int64_t>(out.size()));
            StoredResult sr;
            sr.result = std::make_shared<SimResult>();
            auto& r = *sr.result;
            auto& sc = r.scenario;
            auto& sum = r.summary;
            sr.name = t.text(c++);
            sr.clusterId = t.optionalInteger(c);
            if (sr.clusterId && !clusters.count(*sr.clusterId))
                t.fail(c, "cluster " + std::to_string(*sr.clusterId) + " is not in the clusters table");
            ++c;
            sr.hasTrace = t.boolean(c++);
            r.events = t.integer(c++);
            r.firstSubmit_s = t.integer(c++);
            r.lastEvent_s = t.integer(c++);
            sc.locality.relaxToRackAfter_s = t.optionalInteger(c++);
            sc.locality.relaxToAnyAfter_s = t.optionalInteger(c++);
            sc.locality.rackSize = int32(t, c++);
            sc.gang.policy = t.enumValue<GangPolicy>(c++);
            sc.gang.minFraction = t.real(c++);
            sc.gang.elasticAfter_s = t.integer(c++);
            sc.quota.mode = t.enumValue<QuotaMode>(c++);
            sc.placement = t.enumValue<PlacementPolicy>(c++);
            sc.backfill = t.enumValue<BackfillPolicy>(c++);
            sc.slowdown.perExtraServer = t.real(c++);
            sc.slowdown.crossRack = t.real(c++);
            sc.failures.trialRun_s = t.integer(c++);
            sc.failures.serverMtbf_h = t.real(c++);
            sc.failures.repair_h = t.real(c++);
            sc.failures.checkpoint_s = t.integer(c++);
            sc.failures.horizon_s = t.integer(c++);
            sc.autoscaler.policy = t.text(c++);
            sc.autoscaler.interval_s = t.integer(c++);
            sc.autoscaler.sigma = t.real(c++);
            sc.autoscaler.headroom = t.real(c++);
            sc.seed = std::bit_cast<std::uint64_t>(t.integer(c++));
            sc.seriesStep_s = t.integer(c++);
            sum.jobs = t.integer(c++);
            sum.finishedJobs = t.integer(c++);
            sum.unfinishedJobs = t.integer(c++);
            sum.makespan_s = t.integer(c++);
            sum.meanQueueDelay_s = t.real(c++);
            sum.p50QueueDelay_s = t.real(c++);
            sum.p95QueueDelay_s = t.real(c++);
            sum.meanJct_s = t.real(c++);
            sum.gpuAllocFraction = t.real(c++);
            sum.gpuEffectiveUtil = t.real(c++);
            sum.fairshareDelay_s = t.real(c++);
            sum.fragmentationDelay_s = t.real(c++);
            sum.capacityDelay_s = t.real(c++);
            sum.heldIdleGpuSeconds = t.real(c++);
            sum.preemptions = t.integer(c++);
            sum.serverFailures = t.integer(c++);
            sum.meanSlowdown = t.real(c++);
            sum.distributedJobs = t.integer(c++);
            sum.allocatedGpuSeconds = t.real(c++);
            sum.effectiveGpuSeconds = t.real(c++);
            // NULL in a result migrated from v2, simulated before the cap existed: no cap.
            const auto maxFactor = t.real(c++);
            sc.slowdown.maxFactor = std::isnan(maxFactor) ? kNoSlowdownCap : maxFactor;
            auto& res = sc.resources;
            for (auto* v : {&res.serverDefaults.cpuCores, &res.serverDefaults.memGb, &res.jobDefaults.cpuPerGpu,
                            &res.jobDefaults.memGbPerGpu}) {
                const auto x = t.real(c++);
                if (!std::isnan(x))
                    *v = x;
            }
            sum.cpuAllocFraction = t.real(c++);
            sum.memAllocFraction = t.real(c++);
            sum.gpuShareFragmentation = t.real(c++);
            if (std::isnan(sum.gpuShareFragmentation)) // v2: no shares were simulated
                sum.gpuShareFragmentation = 0;
            sc.arrivals.speedup = orOne(t.real(c++)); // v2: as recorded
            // v2 had no autoscaler in the cluster and no node power: NULL reads as off.
            if (const auto usage = t.optionalText(c++))
                sc.autoscaler.usage = parseStored<UsageModel>(*usage).value_or(UsageModel::None);
            auto& w = sc.power;
            const Scenario::Power off;
            w.enabled = t.optionalInteger(c++).value_or(0) != 0;
            w.idleOffAfter_s = t.optionalInteger(c++).value_or(off.idleOffAfter_s);
            w.spareServers = static_cast<std::int32_t>(t.optionalInteger(c++).value_or(off.spareServers));
            w.boot_s = t.optionalInteger(c++).value_or(off.boot_s);
            for (auto* v : {&w.serverIdleW, &w.gpuIdleW, &w.gpuBusyW, &w.offW})
                if (const auto x = t.real(c++); !std::isnan(x))
                    *v = x;
            for (auto* v : {&sum.cpuReservedCoreH, &sum.cpuUsedCoreH, &sum.memReservedGbH, &sum.memUsedGbH, &sum.cpuUnderPct,
                            &sum.memUnderPct})
                *v = orZero(t.real(c++));
            sum.oomKills = t.optionalInteger(c++).value_or(0);
            sum.throttled_s = orZero(t.real(c++));
            sum.energyKwh = orZero(t.real(c++));
            sum.poweredServerH = orZero(t.real(c++));
            sum.powerDelay_s = orZero(t.real(c++));
            // v4 and older had only fifo: NULL reads as the defaults.
            if (const auto policy = t.optionalText(c++)) {
                const auto kind = scenarioEnumFromString<QueuePolicyKind>(*policy);
                if (!kind)
                    t.fail(c - 1, "unknown queue policy '" + *policy + "'");
                sc.queue.policy = *kind;
            }
            if (const auto thresholds = t.optionalText(c++))
                sc.queue.lasThresholdsGpuS = thresholdsFromText(t, c - 1, *thresholds);
            if (const auto x = t.real(c++); !std::isnan(x))
                sc.queue.starvationFactor = x;
            sc.queue.preemptOverhead_s = t.optionalInteger(c++).value_or(0);
            out.push_back(std::move(sr));
        }
    }
    const auto jobs = static_cast<std::int64_t>(traceJobs);
    for (std::size_t ri = 0; ri < out.size(); ++ri) {
        const auto idx = static_cast<std::int64_t>(ri);
        auto& r = *out[ri].result;
        const auto cluster = out[ri].clusterId ? clusters.at(*out[ri].clusterId) : nullptr;
        const std::int64_t gpus = cluster ? cluster->gpuCount() : 0;
        const std::int64_t servers = cluster ? cluster->serverCount() : 0;
        {
            TableReader t(db, file, "result_quota", "SELECT vc, gpus FROM result_quota WHERE result = " + std::to_string(idx) + " ORDER BY vc");
            while (t.next()) {
                auto vc = t.text(0);
                r.scenario.quota.vcGpus[std::move(vc)] = t.integer(1);
            }
        }
        std::vector<std::pair<std::int64_t, std::int32_t>> neverStartOrder; // (place, job result row)
        readRows(db, file, "result_jobs",
                 "job, simulated, status, start_s, end_s, queue_delay_s, fairshare_delay_s, fragmentation_delay_s, "
                 "capacity_delay_s, allocated_gpus, servers, racks, level, attempts, gpu_seconds, held_idle_gpu_seconds, "
                 "effective_gpu_seconds, slowdown, effective_util, "
                 "first_wait, wait_count, cpu_cores, mem_gb, gpu_milli, power_delay_s, throttled_s, oom_kills, "
                 "scaled_intervals, cpu_under_intervals, mem_under_intervals, cpu_reserved_core_s, cpu_used_core_s, "
                 "mem_reserved_gb_s, mem_used_gb_s, preemptions, never_start_order, queue_key",
                 idx, [&](TableReader& t) {
                     JobResult j;
                     int c = 1;
                     j.job = static_cast<std::int32_t>(t.integer(c++, -1, jobs - 1));
                     j.simulated = t.boolean(c++);
                     j.status = t.enumValue<JobStatus>(c++);
                     j.start_s = t.optionalInteger(c++);
                     j.end_s = t.optionalInteger(c++);
                     j.queueDelay_s = t.integer(c++);
                     j.fairshareDelay_s = t.integer(c++);
                     j.fragmentationDelay_s = t.integer(c++);
                     j.capacityDelay_s = t.integer(c++);
                     j.allocatedGpus = int32(t, c++);
                     j.servers = int32(t, c++);
                     j.racks = int32(t, c++);
                     j.level = t.enumValue<LocalityLevel>(c++);
                     j.attempts = int32(t, c++);
                     j.gpuSeconds = t.integer(c++);
                     j.heldIdleGpuSeconds = t.integer(c++);
                     j.effectiveGpuSeconds = t.real(c++);
                     j.slowdown = t.real(c++);
                     j.effectiveUtil = t.real(c++);
                     j.firstWait = static_cast<std::uint32_t>(t.integer(c++, 0, kUint32Max));
                     j.waitCount = static_cast<std::uint32_t>(t.integer(c++, 0, kUint32Max));
                     j.cpuCores = orZero(t.real(c++)); // NULL in a v2 result: none asked
                     j.memGb = orZero(t.real(c++));
                     j.gpuMilli = static_cast<std::int32_t>(t.integer(c++, 1, 1000));
                     j.powerDelay_s = t.integer(c++, 0);
                     j.throttled_s = orZero(t.real(c++));
                     j.oomKills = int32(t, c++);
                     j.scaledIntervals = int32(t, c++);
                     j.cpuUnderIntervals = int32(t, c++);
                     j.memUnderIntervals = int32(t, c++);
                     j.cpuReservedCoreS = orZero(t.real(c++));
                     j.cpuUsedCoreS = orZero(t.real(c++));
                     j.memReservedGbS = orZero(t.real(c++));
                     j.memUsedGbS = orZero(t.real(c++));
                     j.preemptions = int32(t, c++);
                     if (const auto order = t.optionalInteger(c)) {
                         if (*order < 0 || *order >= jobs)
                             t.fail(c, "a place among the jobs that could never start must be within the jobs");
                         neverStartOrder.emplace_back(*order, static_cast<std::int32_t>(r.jobs.size()));
                     }
                     ++c;
                     j.queueKey = t.real(c); // NULL (NaN): it never waited, or a result before version 9
                     if (std::isinf(j.queueKey))
                         t.fail(c, "a queue key must be a finite number");
                     r.jobs.push_back(j);
                     progress.tick();
                 });
        std::sort(neverStartOrder.begin(), neverStartOrder.end());
        for (std::size_t k = 0; k < neverStartOrder.size(); ++k) {
            if (neverStartOrder[k].first != static_cast<std::int64_t>(k))
                throw ProjectFileError(ProjectFileError::Kind::BadContent, file, neverStartOrder[k].second + 1,
                                       "result_jobs.never_start_order",
                                       "result " + std::to_string(idx) + ": the places among the jobs that could never start "
                                       "must be 0, 1, 2, … each once");
            r.neverStartable.push_back(neverStartOrder[k].second);
        }
        readRows(db, file, "result_waits", "from_s, to_s, cause, resource", idx, [&](TableReader& t) {
            r.waits.push_back(WaitInterval{t.integer(1), t.integer(2), t.enumValue<DelayCause>(3), t.enumValue<WaitResource>(4)});
            progress.tick();
        });
        for (std::size_t i = 0; i < r.jobs.size(); ++i)
            if (static_cast<std::uint64_t>(r.jobs[i].firstWait) + r.jobs[i].waitCount > r.waits.size())
                throw ProjectFileError(ProjectFileError::Kind::BadContent, file, static_cast<std::int64_t>(i) + 1,
                                       "result_jobs.wait_count",
                                       "result " + std::to_string(idx) + " job result " + std::to_string(i)
                                           + ": its waits run past the end of result_waits");
        readRows(db, file, "result_occupancy", "gpu, job, from_s, to_s, use, util, milli", idx, [&](TableReader& t) {
            if (gpus == 0 || jobs == 0)
                t.failRow("an occupancy interval but the result has no GPUs or no jobs");
            GpuInterval o;
            o.gpu = static_cast<std::int32_t>(t.integer(1, 0, gpus - 1));
            o.job = static_cast<std::int32_t>(t.integer(2, 0, jobs - 1));
            o.from_s = t.integer(3);
            o.to_s = t.integer(4);
            o.use = t.enumValue<GpuUse>(5);
            o.util = static_cast<float>(t.real(6));
            o.milli = static_cast<std::uint16_t>(t.integer(7, 1, 1000));
            r.occupancy.push_back(o);
            progress.tick();
        });
        readRows(db, file, "result_outages", "server, from_s, to_s", idx, [&](TableReader& t) {
            if (servers == 0)
                t.failRow("an outage but the result has no servers");
            r.outages.push_back(ServerOutage{static_cast<std::int32_t>(t.integer(1, 0, servers - 1)), t.integer(2), t.integer(3)});
            progress.tick();
        });
        readRows(db, file, "result_reservations", "server, job, from_s, to_s, cpu_milli, mem_mib", idx, [&](TableReader& t) {
            if (servers == 0 || jobs == 0)
                t.failRow("a reservation but the result has no servers or no jobs");
            ReservationInterval v;
            v.server = static_cast<std::int32_t>(t.integer(1, 0, servers - 1));
            v.job = static_cast<std::int32_t>(t.integer(2, 0, jobs - 1));
            v.from_s = t.integer(3);
            v.to_s = t.integer(4);
            v.cpuMilli = t.integer(5, 0);
            v.memMib = t.integer(6, 0);
            r.reservations.push_back(v);
            progress.tick();
        });
        readRows(db, file, "result_power_off", "server, from_s, to_s, booting", idx, [&](TableReader& t) {
            if (servers == 0)
                t.failRow("a powered-off server but the result has no servers");
            r.powerOff.push_back(PowerInterval{static_cast<std::int32_t>(t.integer(1, 0, servers - 1)), t.integer(2), t.integer(3), t.boolean(4)});
            progress.tick();
        });
        readRows(db, file, "result_scaled_runs", "job, server, from_s, to_s, levels, phases", idx, [&](TableReader& t) {
            if (servers == 0 || jobs == 0)
                t.failRow("an autoscaled run but the result has no servers or no jobs");
            ScaledRun run;
            run.job = static_cast<std::int32_t>(t.integer(1, 0, jobs - 1));
            run.server = static_cast<std::int32_t>(t.integer(2, 0, servers - 1));
            run.from_s = t.integer(3);
            run.to_s = t.integer(4);
            const auto flat = t.array<float>(5);
            if (flat.size() % 4 != 0)
                t.fail(5, "levels come in fours (CPU and memory reserved and used)");
            run.first = static_cast<std::uint32_t>(r.scaledLevels.size());
            run.count = static_cast<std::uint32_t>(flat.size() / 4);
            const auto phases = t.isNull(6) ? std::vector<std::int32_t>(run.count, -1) : t.array<std::int32_t>(6);
            if (phases.size() != run.count)
                t.fail(6, "one phase per level");
            for (const auto ph : phases)
                if (ph < -1 || ph > std::numeric_limits<std::int16_t>::max())
                    t.fail(6, "a phase is -1 (unknown) or an index of the phase model");
            for (std::size_t k = 0; k < flat.size(); k += 4)
                r.scaledLevels.push_back({flat[k], flat[k + 1], flat[k + 2], flat[k + 3], static_cast<std::int16_t>(phases[k / 4])});
            r.scaledRuns.push_back(run);
            progress.tick();
        });
        {
            TableReader t(db, file, "result_series",
                          "SELECT step_s, t_s, allocated_gpus, effective_util, queued_jobs, free_servers, held_idle_gpus, "
                          "cpu_reserved, mem_reserved, share_fragmentation, cpu_used, mem_used, powered_servers, power_kw "
                          "FROM result_series WHERE result = " + std::to_string(idx));
            if (!t.next())
                throw ProjectFileError(ProjectFileError::Kind::BadContent, file, 0, "result_series",
                                       "result " + std::to_string(idx) + " has no row in result_series");
            auto& ts = r.series;
            ts.step_s = t.integer(0);
            ts.t_s = t.array<std::int64_t>(1);
            // v3 stores allocated GPUs as doubles (shares), v2 as int32: the width tells.
            const auto samples = ts.t_s.size();
            if (samples > 0 && t.blob(2).size() == samples * 4) {
                const auto whole = t.array<std::int32_t>(2);
                ts.allocatedGpus.assign(whole.begin(), whole.end());
            } else {
                ts.allocatedGpus = t.array<double>(2);
            }
            ts.effectiveUtil = t.array<double>(3);
            ts.queuedJobs = t.array<std::int32_t>(4);
            ts.freeServers = t.array<std::int32_t>(5);
            ts.heldIdleGpus = t.array<std::int32_t>(6);
            const auto levels = [&](int col) { // NULL in a v2 result: nothing reserved, nothing shared
                return t.isNull(col) ? std::vector<double>(samples, 0.0) : t.array<double>(col);
            };
            ts.cpuReserved = levels(7);
            ts.memReserved = levels(8);
            ts.shareFragmentation = levels(9);
            ts.cpuUsed = levels(10);
            ts.memUsed = levels(11);
            ts.poweredServers = t.isNull(12) ? std::vector<std::int32_t>(samples, 0) : t.array<std::int32_t>(12);
            ts.powerKw = levels(13);
        }
        {
            TableReader t(db, file, "result_series_vc",
                          "SELECT vc, queued_jobs FROM result_series_vc WHERE result = " + std::to_string(idx) + " ORDER BY vc");
            while (t.next()) {
                t.expectPosition(0, static_cast<std::int64_t>(r.series.queuedByVc.size()));
                r.series.queuedByVc.push_back(t.array<std::int32_t>(1));
            }
        }
    }
    return out;
}

} // namespace clens::store
