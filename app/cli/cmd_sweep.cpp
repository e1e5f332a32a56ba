#include "app/cli/cli_options.hpp"
#include "app/cli/import_flags.hpp"
#include "core/io/tenant_quota_scenario.hpp"
#include "app/cli/sim_inputs.hpp"
#include "core/analysis/inert_grid_keys.hpp"
#include "core/io/sweep_csv.hpp"
#include "app/cli/sweep_mpi.hpp"
#include "core/sim/scenario_grid.hpp"
#include "core/sim/sim_summary.hpp"
#include "core/sim/sweep.hpp"

#include <boost/json.hpp>

#include <chrono>
#include <exception>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>

namespace clens::cli {

namespace {

struct SweepInputs {
    ScenarioGrid grid;
    SimInputs in;
    std::shared_ptr<const DemandProfile> demand;
};

} // namespace

int runSweep(const Args& args)
{
    std::string clusterPath, tracePath, formatName = "auto", machines, gridPath, outPath, metricsPath, modelPath, quotasPath;
    int threads = 0;
    bool quiet = false, mpi = false;
    po::options_description desc("sweep options");
    addSimInputFlags(desc, clusterPath, tracePath, formatName, machines);
    desc.add_options()
        ("grid", po::value(&gridPath)->required(), R"(grid JSON: {"base": {scenario}, "vary": {"key.path": [values...]}})")
        ("out", po::value(&outPath)->required(), "results CSV: one row per scenario (varied values, then the summary, then error)")
        ("threads", po::value(&threads), "parallel runs (default: all cores)")
        ("mpi", po::bool_switch(&mpi), "run under mpirun/srun: rank 0 hands scenarios out to the other ranks and writes the CSV")
        ("metrics", po::value(&metricsPath), "container metrics (AI4DL CSV): the autoscaler's demand")
        ("phase-model", po::value(&modelPath), "phase model JSON: demand phases and the phase.rule policy")
        ("quotas", po::value(&quotasPath), "the cluster's GPU quotas as quota.vc of every run (see simulate --help)")
        ("quiet,q", po::bool_switch(&quiet), "print nothing on success");
    ImportOptions importOptions;
    addImportFlags(desc, importOptions);
    po::variables_map vm;
    if (!parseOptions(args, desc, vm, "sweep --cluster C --trace J --grid grid.json --out results.csv [--threads N | --mpi]"))
        return 0;
    if (vm.count("threads") && threads < 1)
        throw UsageError("--threads must be at least 1");
    if (mpi && vm.count("threads"))
        throw UsageError("--threads and --mpi exclude each other: under MPI each rank runs one scenario at a time");
    checkImportFlags(importOptions);
    std::unique_ptr<MpiSweep> ranks;
    if (mpi)
        ranks = std::make_unique<MpiSweep>();
    const bool writer = !ranks || ranks->rank() == 0;

    const auto prepare = [&] {
        SweepInputs s{loadScenarioGrid(gridPath), {}, {}};
        const std::int32_t rackSize = s.grid.runs.front().locality.rackSize;
        s.in = loadSimInputs(clusterPath, tracePath, formatName, machines, rackSize, importOptions);
        if (!quotasPath.empty())
            for (std::size_t i = 0; i < s.grid.runs.size(); ++i) {
                const auto notes = applyTenantQuotaFile(quotasPath, importOptions, *s.in.trace, s.grid.runs[i], s.grid.keys);
                if (i == 0 && !quiet && writer)
                    for (const auto& note : notes)
                        std::cerr << "clusterlens-cli: note: " << note << '\n';
            }
        s.demand = loadDemand(metricsPath, modelPath);
        for (std::size_t i = 0; i < s.grid.runs.size(); ++i) {
            validateScenarioForTrace(s.grid.runs[i], *s.in.trace, gridPath + " (run " + std::to_string(i + 1) + ")");
            validateDemandForScenario(s.grid.runs[i], s.demand.get(), gridPath + " (run " + std::to_string(i + 1) + ")");
        }
        return s;
    };
    SweepInputs s;
    if (!ranks) {
        s = prepare();
    } else { // every rank loads the inputs once; any rank failing stops them all
        std::string error;
        std::exception_ptr thrown;
        try {
            s = prepare();
        } catch (const std::exception& e) {
            error = e.what();
            thrown = std::current_exception();
        }
        if (const auto first = ranks->firstError(error); !first.empty()) {
            if (!writer)
                return 1; // rank 0 says why
            if (thrown)
                std::rethrow_exception(thrown); // rank 0's own error, typed as it was thrown
            throw std::runtime_error(first);
        }
    }

    const auto t0 = std::chrono::steady_clock::now();
    std::vector<SweepCsvRow> rows;
    if (ranks) {
        rows = ranks->distribute(s.grid.runs.size(), [&](std::size_t i) {
            return csvRowOf(runSweepScenario(s.in.cluster, s.in.trace, s.grid.runs[i], s.demand));
        });
        if (!writer)
            return 0;
    } else {
        for (const auto& run : clens::runSweep(s.in.cluster, s.in.trace, s.grid.runs, threads, {}, s.demand))
            rows.push_back(csvRowOf(run));
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    writeOutputFile(outPath, [&](std::ostream& out) { writeSweepCsv(out, s.grid, rows); });
    std::size_t failed = 0;
    for (const auto& row : rows)
        failed += row.ok ? 0 : 1;
    if (failed > 0) {
        std::cerr << "clusterlens-cli: error: " << failed << " of " << rows.size() << " scenarios failed (their rows carry the error)\n";
        return 1;
    }
    if (!quiet) {
        std::printf("%zu scenarios on %zu jobs in %.2f s%s -> %s\n", rows.size(), s.in.trace->jobs.size(), seconds,
                    ranks ? (" on " + std::to_string(ranks->size()) + " MPI ranks").c_str() : "", outPath.c_str());
        std::vector<const SweepCsvRow*> byRun;
        for (const auto& row : rows)
            byRun.push_back(&row);
        for (const auto k : inertGridKeys(s.grid, byRun))
            std::cerr << "clusterlens-cli: note: " << s.grid.keys[k] << " changes no metric of any scenario\n";
    }
    return 0;
}

} // namespace clens::cli
