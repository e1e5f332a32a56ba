// clusterlens-cli autoscale: score every autoscaling policy on container traces
// (docs/phases.md "Autoscaling (`autoscaler.hpp`)").
#include "app/cli/cli_options.hpp"
#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/autoscaler_json.hpp"
#include "core/phases/phase_model.hpp"
#include "core/phases/phase_model_json.hpp"
#include "core/phases/phase_outputs.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/input_error.hpp"

#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>

namespace clens::cli {

namespace {

const char* kUsage =
    "autoscale --metrics F --model M.json [--config scenario.json] --out table.csv\n"
    "                       [--interval-s 300] [--sigma 2] [--headroom 0] [--min-cpu-cores X] [--max-cpu-cores X]\n"
    "                       [--min-mem-gb X] [--max-mem-gb X] [--cap-at-request] [--first-interval request|skip]\n"
    "                       [--mem-column mem.working.set] [--phase-stats model|data]\n"
    "                       [--allocations-out alloc.csv] [--resample-s 0]";

void writeFileWith(const std::string& path, const std::function<void(std::ostream&)>& write)
{
    // Atomic; a failure is exit 1 (docs/cli.md "Output files").
    store::writeFileAtomically(path, write);
}

void printTable(const AutoscaleResult& r, ScalingPolicy configured)
{
    std::printf("%-28s %6s %6s | %9s %9s %7s %8s | %9s %9s %7s %8s\n", "policy", "steps", "hours", "core-h",
                "used", "under%", "saving%", "GB-h", "used", "under%", "saving%");
    for (const auto& s : r.scores)
        std::printf("%-28s %6zu %6.3f | %9.4f %9.4f %7.1f %8.1f | %9.4f %9.4f %7.1f %8.1f\n",
                    (std::string(scalingPolicyName(s.policy)) + (isOracle(s.policy) ? " (oracle)" : "") +
                     (s.policy == configured ? " *" : ""))
                        .c_str(),
                    s.steps, s.hours, s.cpuAllocCoreH, s.cpuUsedCoreH, s.cpuUnderPct, s.cpuSavingsPct, s.memAllocGbH,
                    s.memUsedGbH, s.memUnderPct, s.memSavingsPct);
}

} // namespace

int runAutoscale(const Args& args)
{
    std::string metricsPath, modelPath, configPath, outPath, allocOut, firstInterval = "request", phaseStatsFrom = "model";
    std::int64_t resample = 0;
    bool capAtRequest = false;
    AutoscaleConfig defaults;
    std::string memColumn = defaults.memColumn;
    po::options_description desc("autoscale options");
    desc.add_options()
        ("metrics", po::value(&metricsPath)->required(), "AI4DL container metrics CSV")
        ("model", po::value(&modelPath)->required(), "phase model JSON (phases train)")
        ("config", po::value(&configPath), "scenario JSON; its \"autoscaler\" section sets interval_s, sigma, headroom")
        ("out", po::value(&outPath)->required(), "score table CSV, one row per policy")
        ("interval-s", po::value<std::int64_t>(), "autoscaling interval in seconds (overrides --config; default 300)")
        ("sigma", po::value<double>(), "sigma multiplier of the rules policies (overrides --config; default 2)")
        ("headroom", po::value<double>(), "extra allocation as a fraction, 0.1 = 10% (overrides --config; default 0)")
        ("min-cpu-cores", po::value<double>(), "lower bound of a CPU allocation")
        ("max-cpu-cores", po::value<double>(), "upper bound of a CPU allocation")
        ("min-mem-gb", po::value<double>(), "lower bound of a memory allocation (GB = 1e9 bytes)")
        ("max-mem-gb", po::value<double>(), "upper bound of a memory allocation")
        ("cap-at-request", po::bool_switch(&capAtRequest), "never allocate more than cpu.num.cores / mem.limit")
        ("first-interval", po::value(&firstInterval), "request: a container's first interval gets its request; "
                                                       "skip: leave it out of every score")
        ("mem-column", po::value(&memColumn), "memory-used column: mem.working.set (default) or mem.current")
        ("phase-stats", po::value(&phaseStatsFrom), "phase.rule statistics from the model's training rows (model) "
                                                     "or from these metrics (data)")
        ("allocations-out", po::value(&allocOut), "per-interval allocations of every policy (CSV)")
        ("resample-s", po::value(&resample)->default_value(0), "resample to this fixed step (0 = raw rows)");
    po::variables_map vm;
    if (!parseOptions(args, desc, vm, kUsage))
        return 0;

    AutoscalerSection section;
    if (!configPath.empty())
        section = loadAutoscalerSection(configPath);
    auto& c = section.config;
    if (vm.count("interval-s"))
        c.interval_s = vm["interval-s"].as<std::int64_t>();
    if (vm.count("sigma"))
        c.sigma = vm["sigma"].as<double>();
    if (vm.count("headroom"))
        c.headroom = vm["headroom"].as<double>();
    if (vm.count("min-cpu-cores"))
        c.cpuCores.min = vm["min-cpu-cores"].as<double>();
    if (vm.count("max-cpu-cores"))
        c.cpuCores.max = vm["max-cpu-cores"].as<double>();
    if (vm.count("min-mem-gb"))
        c.memGb.min = vm["min-mem-gb"].as<double>();
    if (vm.count("max-mem-gb"))
        c.memGb.max = vm["max-mem-gb"].as<double>();
    c.capAtRequest = capAtRequest;
    c.memColumn = memColumn;
    if (firstInterval == "request")
        c.firstInterval = FirstInterval::Request;
    else if (firstInterval == "skip")
        c.firstInterval = FirstInterval::Skip;
    else
        throw UsageError("--first-interval must be request or skip");
    if (phaseStatsFrom != "model" && phaseStatsFrom != "data")
        throw UsageError("--phase-stats must be model or data");
    if (resample < 0)
        throw UsageError("--resample-s must be >= 0");
    try {
        validateAutoscaleConfig(c);
    } catch (const ValueError& e) {
        throw UsageError(e.what());
    }

    const auto model = loadPhaseModel(modelPath);
    MetricsReadOptions ro;
    ro.resampleStep_s = resample;
    const auto metrics = readAi4dlMetrics(metricsPath, ro);
    for (const auto& note : metrics.notes)
        std::cerr << "clusterlens-cli: note: " << note << '\n';
    const auto phases = assignPhases(model, metrics);
    std::vector<PhaseStats> stats = model.phaseStats;
    if (phaseStatsFrom == "data" || stats.empty()) {
        if (phaseStatsFrom == "model")
            std::cerr << "clusterlens-cli: note: the model has no phase statistics; phase.rule uses statistics of "
                         "these metrics (as with --phase-stats data)\n";
        stats = computePhaseStats(metrics, phases);
    }
    const auto result = scoreAutoscaling(metrics, phases, stats, c);
    for (const auto& note : result.notes)
        std::cerr << "clusterlens-cli: note: " << note << '\n';

    writeFileWith(outPath, [&](std::ostream& o) { writeAutoscaleTableCsv(o, result); });
    if (!allocOut.empty())
        writeFileWith(allocOut, [&](std::ostream& o) { writeAllocationsCsv(o, metrics, result); });
    std::printf("%zu containers, %zu rows; interval %lld s, sigma %g, headroom %g, memory = %s, first interval: %s\n",
                metrics.containers.size(), metrics.totalRows(), static_cast<long long>(c.interval_s), c.sigma,
                c.headroom, c.memColumn.c_str(), firstInterval.c_str());
    printTable(result, section.policy);
    return 0;
}

} // namespace clens::cli
