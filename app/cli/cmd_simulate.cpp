#include "app/cli/cli_options.hpp"
#include "app/cli/import_flags.hpp"
#include "core/sim/simulation_notes.hpp"
#include "core/io/tenant_quota_scenario.hpp"
#include "app/cli/sim_inputs.hpp"
#include "core/io/job_results_csv.hpp"
#include "core/io/series_csv.hpp"
#include "core/sim/scenario_json.hpp"
#include "core/sim/sim_summary.hpp"
#include "core/sim/simulator.hpp"
#include "core/util/json_text.hpp"

#include <boost/json.hpp>

#include <cstdio>
#include <iostream>

namespace clens::cli {

int runSimulate(const Args& args)
{
    std::string clusterPath, tracePath, formatName = "auto", configPath, machines, jobsOut, summaryOut, seriesOut, metricsPath,
        modelPath, quotasPath;
    bool quiet = false;
    po::options_description desc("simulate options");
    addSimInputFlags(desc, clusterPath, tracePath, formatName, machines);
    desc.add_options()
        ("config", po::value(&configPath), "scenario JSON (docs/simulation.md); defaults when absent")
        ("metrics", po::value(&metricsPath), "container metrics (AI4DL CSV): the autoscaler's demand (autoscaler.usage metrics or phases)")
        ("phase-model", po::value(&modelPath), "phase model JSON (phases train): demand phases and the phase.rule policy")
        ("jobs-out", po::value(&jobsOut), "write per-job results (jobs.csv)")
        ("summary-out", po::value(&summaryOut), "write the summary (summary.json)")
        ("series-out", po::value(&seriesOut), "write the time series (CSV)")
        ("quotas", po::value(&quotasPath), "the cluster's GPU quotas as quota.vc: sacctmgr show assoc|qos GrpTRES, or kubectl get resourcequota -A -o json")
        ("quiet,q", po::bool_switch(&quiet), "print nothing on success");
    ImportOptions importOptions;
    addImportFlags(desc, importOptions);
    po::variables_map vm;
    if (!parseOptions(args, desc, vm,
                      "simulate --cluster C --trace J [--format FMT] [--config scenario.json] [--metrics F] "
                      "[--phase-model M.json] [--jobs-out jobs.csv] [--summary-out summary.json] [--series-out s.csv]"))
        return 0;

    checkImportFlags(importOptions);
    Scenario scenario = configPath.empty() ? Scenario{} : loadScenarioFile(configPath);
    const auto in = loadSimInputs(clusterPath, tracePath, formatName, machines, scenario.locality.rackSize, importOptions);
    if (!quotasPath.empty())
        for (const auto& note : applyTenantQuotaFile(quotasPath, importOptions, *in.trace, scenario))
            std::cerr << "clusterlens-cli: note: " << note << '\n';
    const auto scenarioName = configPath.empty() ? std::string("scenario") : configPath;
    validateScenarioForTrace(scenario, *in.trace, scenarioName);
    SimOptions options;
    options.recordOccupancy = false; // the CLI writes no per-GPU output
    options.demand = loadDemand(metricsPath, modelPath);
    validateDemandForScenario(scenario, options.demand.get(), scenarioName);
    const SimResult result = simulate(in.cluster, in.trace, scenario, options);
    for (const auto& note : simulationNotes(result)) // what was left out or bounded is said (docs/simulation.md "Skipped jobs")
        std::cerr << "clusterlens-cli: note: " << note << '\n';

    if (!jobsOut.empty())
        writeOutputFile(jobsOut, [&](std::ostream& out) { writeJobResultsCsv(out, result); });
    if (!seriesOut.empty())
        writeOutputFile(seriesOut, [&](std::ostream& out) { writeSeriesCsv(out, result); });
    const auto summary = summaryToJson(result.summary);
    if (!summaryOut.empty())
        writeOutputFile(summaryOut, [&](std::ostream& out) { out << toJsonText(summary, 2) << '\n'; });
    if (!quiet) {
        const auto& s = result.summary;
        std::printf("simulated %lld jobs (%lld finished, %lld unfinished) on %d servers / %d GPUs\n",
                    static_cast<long long>(s.jobs), static_cast<long long>(s.finishedJobs),
                    static_cast<long long>(s.unfinishedJobs), result.cluster->serverCount(), result.cluster->gpuCount());
        std::printf("makespan %lld s, queue delay mean %.1f s (p50 %.1f, p95 %.1f), mean JCT %.1f s\n",
                    static_cast<long long>(s.makespan_s), s.meanQueueDelay_s, s.p50QueueDelay_s, s.p95QueueDelay_s, s.meanJct_s);
        // With node power on, waiting for servers to boot is a cause of its own (docs/autoscaling.md "Node power").
        std::printf("delay by cause: fairshare %.0f s, fragmentation %.0f s, capacity %.0f s%s\n", s.fairshareDelay_s,
                    s.fragmentationDelay_s, s.capacityDelay_s,
                    scenario.power.enabled ? (", power " + std::to_string(std::llround(s.powerDelay_s)) + " s").c_str() : "");
        std::printf("GPU allocation %.3f, effective utilization of allocated GPUs %.3f, mean slowdown %.4f\n",
                    s.gpuAllocFraction, s.gpuEffectiveUtil, s.meanSlowdown);
        if (scenario.autoscaler.usage != UsageModel::None)
            std::printf("autoscaler: CPU reserved %.1f core-h, used %.1f (%.1f%% of intervals under); memory reserved %.1f GB-h, "
                        "used %.1f; %lld OOM kills, %.0f s throttled\n",
                        s.cpuReservedCoreH, s.cpuUsedCoreH, s.cpuUnderPct, s.memReservedGbH, s.memUsedGbH,
                        static_cast<long long>(s.oomKills), s.throttled_s);
        std::printf("energy %.1f kWh, %.1f powered server-hours%s\n", s.energyKwh, s.poweredServerH,
                    scenario.power.enabled ? (", waiting for power " + std::to_string(std::llround(s.powerDelay_s)) + " s").c_str() : "");
    }
    return 0;
}

} // namespace clens::cli
