// clusterlens-cli pack: the FGD evaluation's packing experiment (docs/packing.md).
#include "app/cli/cli_options.hpp"
#include "app/cli/import_flags.hpp"
#include "app/cli/sim_inputs.hpp"
#include "core/pack/packing_arrivals.hpp"
#include "core/pack/packing_curve_csv.hpp"
#include "core/pack/packing_grid.hpp"
#include "core/pack/packing_notes.hpp"
#include "core/sim/scenario_names.hpp"
#include "core/util/counted_text.hpp"
#include "core/util/input_error.hpp"

#include <boost/algorithm/string/split.hpp>
#include <boost/algorithm/string/trim.hpp>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <stdexcept>

namespace clens::cli {

namespace {

std::vector<std::string> listOf(const std::string& text)
{
    std::vector<std::string> items;
    boost::algorithm::split(items, text, [](char c) { return c == ','; });
    for (auto& item : items)
        boost::algorithm::trim(item);
    return items;
}

std::vector<PlacementPolicy> placementsOf(const std::string& text)
{
    std::vector<PlacementPolicy> out;
    for (const auto& name : listOf(text)) {
        const auto p = scenarioEnumFromString<PlacementPolicy>(name);
        if (!p)
            throw UsageError("--placement: unknown policy '" + name + "' (one of " + scenarioEnumNames<PlacementPolicy>() + ")");
        out.push_back(*p);
    }
    return out;
}

std::vector<double> inflatesOf(const std::string& text)
{
    std::vector<double> out;
    for (const auto& item : listOf(text)) {
        double v = 0;
        const auto r = std::from_chars(item.data(), item.data() + item.size(), v);
        if (r.ec != std::errc{} || r.ptr != item.data() + item.size() || !std::isfinite(v) || v <= 0 || v > 100)
            throw UsageError("--inflate: '" + item + "' is not a number in (0, 100]");
        out.push_back(v);
    }
    return out;
}

} // namespace

int runPack(const Args& args)
{
    std::string clusterPath, tracePath, formatName = "auto", placement = "best-fit", inflate = "1.3", outPath, nodeOrder = "file";
    std::int64_t seed = 42;
    int seeds = 1, threads = 0;
    bool quiet = false;
    po::options_description desc("pack options");
    desc.add_options()
        ("cluster", po::value(&clusterPath)->required(), kClusterFileHelp)
        ("trace", po::value(&tracePath)->required(), "pods (Alibaba pod list, or any trace format with requests)")
        ("format", po::value(&formatName), "trace format: auto|csv|philly|philly-csv|alibaba|helios|swf|slurm|slurm-json|kubernetes")
        ("placement", po::value(&placement), "best-fit|first-fit|spread|fgd|fgd-first, or a comma-separated list (default best-fit)")
        ("node-order", po::value(&nodeOrder), "file|shuffled: the servers' order where a policy takes the lowest index; shuffled: a random permutation per seed, as the FGD artifact (default file)")
        ("inflate", po::value(&inflate), "pods arrive until their GPU request reaches this × the cluster's GPUs; a comma-separated list for a grid (default 1.3)")
        ("seed", po::value(&seed), "first seed of the pod order and copies (default 42)")
        ("seeds", po::value(&seeds), "average over this many seeds: seed, seed+1, … (default 1)")
        ("out", po::value(&outPath)->required(), "curve CSV: arrived_pct,allocated_gpu_pct,fragmented_gpu_pct,failed_pods")
        ("threads", po::value(&threads), "parallel experiments (default: all cores)")
        ("quiet,q", po::bool_switch(&quiet), "print nothing on success");
    ImportOptions importOptions;
    addImportFlags(desc, importOptions);
    po::variables_map vm;
    if (!parseOptions(args, desc, vm, "pack --cluster NODES --trace PODS --placement P [--inflate 1.3] [--seed S] [--seeds N] --out curve.csv"))
        return 0;
    if (seeds < 1 || seeds > 10000)
        throw UsageError("--seeds must be between 1 and 10000");
    if (seed < 0)
        throw UsageError("--seed must not be negative");
    if (vm.count("threads") && threads < 1)
        throw UsageError("--threads must be at least 1");
    checkImportFlags(importOptions);
    if (nodeOrder != "file" && nodeOrder != "shuffled")
        throw UsageError("--node-order: '" + nodeOrder + "' is neither file nor shuffled");

    PackGrid grid;
    grid.nodeOrder = nodeOrder == "shuffled" ? NodeOrder::Shuffled : NodeOrder::File;
    grid.placements = placementsOf(placement);
    grid.inflates = inflatesOf(inflate);
    grid.firstSeed = static_cast<std::uint64_t>(seed);
    grid.seeds = seeds;
    grid.keepFirstRuns = !quiet; // the notes look at one run of each cell
    const auto in = loadSimInputs(clusterPath, tracePath, formatName, "", Scenario{}.locality.rackSize, importOptions);
    if (in.cluster->gpuCount() == 0)
        throw InputError(clusterPath, 0, "", "the cluster has no GPU: nothing to pack");
    const auto pods = packingTrace(*in.trace);

    const auto t0 = std::chrono::steady_clock::now();
    const auto cells = runPackingGrid(*in.cluster, pods, grid, threads);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const auto& cell : cells)
        if (!cell.ok)
            throw std::runtime_error(std::string(toString(cell.placement)) + " at inflate " + std::to_string(cell.inflate) + ": " + cell.error);
    writeOutputFile(outPath, [&](std::ostream& out) { writePackingCurveCsv(out, cells); });
    std::vector<std::string> said; // every placement of an inflate has the same arrivals: each note once
    for (const auto& cell : cells) // what was left out or bounded is said (docs/packing.md "Arrivals")
        if (cell.firstRun)
            for (auto& note : packingNotes(pods, *cell.firstRun, cell.inflate))
                if (std::find(said.begin(), said.end(), note) == said.end()) {
                    std::cerr << "clusterlens-cli: note: " << note << '\n';
                    said.push_back(std::move(note));
                }
    if (!quiet)
        std::printf("%s of %s on %d GPUs in %.2f s -> %s\n",
                    countedText(static_cast<std::int64_t>(cells.size()), "experiment", "experiments").c_str(),
                    countedText(seeds, "seed", "seeds").c_str(), in.cluster->gpuCount(), seconds, outPath.c_str());
    return 0;
}

} // namespace clens::cli
