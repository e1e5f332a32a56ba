#include "app/cli/cli_options.hpp"
#include "app/cli/import_flags.hpp"
#include "core/sim/tenant_quota_scenario.hpp"
#include "app/cli/sim_inputs.hpp"
#include "core/sim/scenario_grid.hpp"
#include "core/sim/sim_summary.hpp"
#include "core/sim/sweep.hpp"
#include "core/util/csv_writer.hpp"
#include "core/util/number_format.hpp"

#include <boost/json.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <stdexcept>

namespace clens::cli {

namespace {
std::string cell(const boost::json::value& v)
{
    if (v.is_double())
        return formatDouble(v.get_double());
    if (v.is_null())
        return {}; // a value that does not apply (e.g. CPU allocation of a cluster with unlimited CPU)
    return boost::json::serialize(v);
}
} // namespace

int runSweep(const Args& args)
{
    std::string clusterPath, tracePath, formatName = "auto", machines, gridPath, outPath, metricsPath, modelPath, quotasPath;
    int threads = 0;
    bool quiet = false;
    po::options_description desc("sweep options");
    desc.add_options()
        ("cluster", po::value(&clusterPath)->required(), "cluster file (native cluster.csv, Philly machine list or Alibaba node list)")
        ("trace", po::value(&tracePath)->required(), "job trace (any supported format)")
        ("format", po::value(&formatName), "trace format: auto|csv|philly|philly-csv|alibaba|helios|swf|slurm|slurm-json|kubernetes")
        ("machines", po::value(&machines), "Philly cluster_machine_list used to fix GPU counts of a Philly job log")
        ("grid", po::value(&gridPath)->required(), R"(grid JSON: {"base": {scenario}, "vary": {"key.path": [values...]}})")
        ("out", po::value(&outPath)->required(), "results CSV: one row per scenario (varied values, then the summary)")
        ("threads", po::value(&threads), "parallel runs (default: all cores)")
        ("metrics", po::value(&metricsPath), "container metrics (AI4DL CSV): the autoscaler's demand")
        ("phase-model", po::value(&modelPath), "phase model JSON: demand phases and the phase.rule policy")
        ("quotas", po::value(&quotasPath), "the cluster's GPU quotas as quota.vc of every run (see simulate --help)")
        ("quiet,q", po::bool_switch(&quiet), "print nothing on success");
    ImportOptions importOptions;
    addImportFlags(desc, importOptions);
    po::variables_map vm;
    if (!parseOptions(args, desc, vm, "sweep --cluster C --trace J --grid grid.json --out results.csv [--threads N]"))
        return 0;
    if (vm.count("threads") && threads < 1)
        throw UsageError("--threads must be at least 1");

    checkImportFlags(importOptions);
    auto grid = loadScenarioGrid(gridPath);
    const std::int32_t rackSize = grid.runs.front().locality.rackSize;
    const auto in = loadSimInputs(clusterPath, tracePath, formatName, machines, rackSize, importOptions);
    if (!quotasPath.empty())
        for (std::size_t i = 0; i < grid.runs.size(); ++i) {
            const auto notes = applyTenantQuotaFile(quotasPath, importOptions, *in.trace, grid.runs[i], grid.keys);
            if (i == 0 && !quiet)
                for (const auto& note : notes)
                    std::cerr << "clusterlens-cli: note: " << note << '\n';
        }
    const auto demand = loadDemand(metricsPath, modelPath);
    for (std::size_t i = 0; i < grid.runs.size(); ++i) {
        validateScenarioForTrace(grid.runs[i], *in.trace, gridPath + " (run " + std::to_string(i + 1) + ")");
        validateDemandForScenario(grid.runs[i], demand.get(), gridPath + " (run " + std::to_string(i + 1) + ")");
    }

    const auto t0 = std::chrono::steady_clock::now();
    const auto runs = runSweep(in.cluster, in.trace, grid.runs, threads, {}, demand);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (std::size_t i = 0; i < runs.size(); ++i)
        if (!runs[i].ok)
            throw std::runtime_error("run " + std::to_string(i + 1) + " failed: " + runs[i].error);

    writeOutputFile(outPath, [&](std::ostream& out) {
        out << "run";
        for (const auto& k : grid.keys) {
            out << ',';
            writeCsvField(out, k);
        }
        const auto names = summaryToJson(SimSummary{});
        for (const auto& kv : names)
            out << ',' << std::string(kv.key());
        out << '\n';
        for (std::size_t i = 0; i < runs.size(); ++i) {
            out << i + 1;
            for (const auto& l : grid.labels[i]) {
                out << ',';
                writeCsvField(out, l);
            }
            for (const auto& kv : summaryToJson(runs[i].summary))
                out << ',' << cell(kv.value());
            out << '\n';
        }
    });
    if (!quiet)
        std::printf("%zu scenarios on %zu jobs in %.2f s -> %s\n", runs.size(), in.trace->jobs.size(), seconds, outPath.c_str());
    return 0;
}

} // namespace clens::cli
