#include "core/store/results_row.hpp"

#include "core/sim/scenario_names.hpp"
#include "core/store/result_rows.hpp"
#include "core/store/stored_enums.hpp"
#include "core/store/table_reader.hpp"
#include "core/util/number_format.hpp"

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <sstream>

namespace clens::store {

using namespace result_rows;

namespace {

constexpr double kNoSlowdownCap = 1e6; // the largest slowdown.max_factor scenario JSON accepts

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

// The columns of the results table in the order writeResultsRow binds and readResultsRows reads them.
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

// The row is bound and read in three runs of columns, in kResultColumns' order: the run and its
// scenario as schema 1 had them, the summary of schema 1, and the columns later versions added.
void bindRunAndScenario(Statement& s, int& c, std::int64_t idx, const std::string& name,
                        std::optional<std::int64_t> clusterId, const SimResult& r)
{
    const auto& sc = r.scenario;
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
}

void bindSummary(Statement& s, int& c, const SimSummary& sum)
{
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
}

void bindLaterColumns(Statement& s, int& c, const SimResult& r)
{
    const auto& sc = r.scenario;
    const auto& sum = r.summary;
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
}

void readRunAndScenario(TableReader& t, int& c, StoredResult& sr,
                        const std::map<std::int64_t, std::shared_ptr<const Topology>>& clusters)
{
    auto& r = *sr.result;
    auto& sc = r.scenario;
    sr.name = t.text(c++);
    sr.clusterId = t.optionalInteger(c);
    if (sr.clusterId && !clusters.count(*sr.clusterId))
        t.fail(c, "cluster " + std::to_string(*sr.clusterId) + " is not in the clusters table");
    ++c;
    sr.hasTrace = t.boolean(c++);
    r.events = count64(t, c++);
    r.firstSubmit_s = clockTime(t, c++);
    r.lastEvent_s = clockTime(t, c++);
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
}

void readSummary(TableReader& t, int& c, SimSummary& sum)
{
    sum.jobs = count64(t, c++);
    sum.finishedJobs = count64(t, c++);
    sum.unfinishedJobs = count64(t, c++);
    sum.makespan_s = clockSpan(t, c++);
    sum.meanQueueDelay_s = amount(t, c++);
    sum.p50QueueDelay_s = amount(t, c++);
    sum.p95QueueDelay_s = amount(t, c++);
    sum.meanJct_s = amount(t, c++);
    sum.gpuAllocFraction = amount(t, c++);
    sum.gpuEffectiveUtil = amount(t, c++);
    sum.fairshareDelay_s = amount(t, c++);
    sum.fragmentationDelay_s = amount(t, c++);
    sum.capacityDelay_s = amount(t, c++);
    sum.heldIdleGpuSeconds = amount(t, c++);
    sum.preemptions = count64(t, c++);
    sum.serverFailures = count64(t, c++);
    sum.meanSlowdown = amount(t, c++);
    sum.distributedJobs = count64(t, c++);
    sum.allocatedGpuSeconds = amount(t, c++);
    sum.effectiveGpuSeconds = amount(t, c++);
}

void readLaterColumns(TableReader& t, int& c, SimResult& r)
{
    auto& sc = r.scenario;
    auto& sum = r.summary;
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
    sum.cpuAllocFraction = amount(t, c++);
    sum.memAllocFraction = amount(t, c++);
    sum.gpuShareFragmentation = amount(t, c++);
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
        *v = orZero(amount(t, c++));
    sum.oomKills = t.isNull(c) ? 0 : count64(t, c);
    ++c;
    sum.throttled_s = orZero(amount(t, c++));
    sum.energyKwh = orZero(amount(t, c++));
    sum.poweredServerH = orZero(amount(t, c++));
    sum.powerDelay_s = orZero(amount(t, c++));
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
}

} // namespace

void writeResultsRow(Database& db, std::int64_t idx, const std::string& name, std::optional<std::int64_t> clusterId,
                     const SimResult& r)
{
    std::string placeholders = "?";
    for (std::size_t i = 1; i < kResultColumns.size(); ++i)
        placeholders += ", ?";
    Statement s(db, "INSERT INTO results (" + resultColumns() + ") VALUES (" + placeholders + ")");
    int c = 0;
    bindRunAndScenario(s, c, idx, name, clusterId, r);
    bindSummary(s, c, r.summary);
    bindLaterColumns(s, c, r);
    s.run();
}

std::vector<StoredResult> readResultsRows(Database& db, const std::string& file,
                                          const std::map<std::int64_t, std::shared_ptr<const Topology>>& clusters)
{
    std::vector<StoredResult> out;
    TableReader t(db, file, "results", "SELECT " + resultColumns() + " FROM results ORDER BY idx");
    while (t.next()) {
        int c = 0;
        t.expectPosition(c++, static_cast<std::int64_t>(out.size()));
        StoredResult sr;
        sr.result = std::make_shared<SimResult>();
        readRunAndScenario(t, c, sr, clusters);
        readSummary(t, c, sr.result->summary);
        readLaterColumns(t, c, *sr.result);
        out.push_back(std::move(sr));
    }
    return out;
}

void writeQuotaRows(Database& db, std::int64_t idx, const SimResult& r)
{
    Statement s(db, "INSERT INTO result_quota (result, vc, gpus) VALUES (?, ?, ?)");
    for (const auto& [vc, gpus] : r.scenario.quota.vcGpus) {
        s.bindInt(1, idx);
        s.bindText(2, vc);
        s.bindInt(3, gpus);
        s.run();
    }
}

void readQuotaRows(Database& db, const std::string& file, std::int64_t idx, SimResult& r)
{
    TableReader t(db, file, "result_quota", "SELECT vc, gpus FROM result_quota WHERE result = " + std::to_string(idx) + " ORDER BY vc");
    while (t.next()) {
        auto vc = t.text(0);
        r.scenario.quota.vcGpus[std::move(vc)] = t.integer(1, 0, 1'000'000'000); // the scenario file's range
    }
}

} // namespace clens::store
