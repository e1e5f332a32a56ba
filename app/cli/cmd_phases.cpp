// clusterlens-cli phases train|apply: the AI4DL phase model
// (docs/phases.md "Pipeline (`core/phases/`)").
#include "app/cli/cli_options.hpp"
#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/phase_graph.hpp"
#include "core/phases/phase_model.hpp"
#include "core/phases/phase_model_json.hpp"
#include "core/phases/phase_outputs.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/input_error.hpp"

#include <cstdio>
#include <numeric>
#include <fstream>
#include <iostream>

namespace clens::cli {

namespace {

const char* kTrainUsage =
    "phases train --metrics F --model-out M.json [--seed S] [--k 5] [--hidden 10] [--history 3] [--epochs 100]\n"
    "                       [--patience 3] [--learning-rate 0.001] [--restarts 10] [--resample-s 0]";
const char* kApplyUsage =
    "phases apply --metrics F --model M.json --out phases.csv [--activations-out act.csv]\n"
    "                       [--graph-out graph.json] [--dot-out graph.dot] [--mem-column mem.working.set]\n"
    "                       [--resample-s 0]";


ContainerMetrics readMetrics(const std::string& path, std::int64_t resample_s)
{
    if (resample_s < 0)
        throw UsageError("--resample-s must be >= 0");
    MetricsReadOptions o;
    o.resampleStep_s = resample_s;
    auto m = readAi4dlMetrics(path, o);
    for (const auto& note : m.notes)
        std::cerr << "clusterlens-cli: note: " << note << '\n';
    return m;
}

void printPhaseTable(const std::vector<PhaseStats>& stats, const std::string& memColumn)
{
    std::printf("phase  steps  share  time   cpu cores mean/sd/max      mem GB (%s) mean/sd/max\n", memColumn.c_str());
    for (const auto& s : stats) {
        const auto cpu = s.columns.at("cpu.usage.cores");
        const auto mem = s.columns.at(memColumn);
        std::printf("%5d  %5zu  %5.1f%% %5.1f%%  %6.3f %6.3f %6.3f     %7.3f %7.3f %7.3f\n", s.phase, s.steps,
                    100.0 * s.share, 100.0 * s.timeShare,
                    cpu.mean, cpu.std, cpu.max, mem.mean / 1e9, mem.std / 1e9, mem.max / 1e9);
    }
}

int runTrain(const Args& args)
{
    std::string metricsPath, modelOut;
    PhaseTrainOptions o;
    std::uint64_t seed = 1;
    int hidden = 10, history = 3;
    std::int64_t resample = 0;
    po::options_description desc("phases train options");
    desc.add_options()
        ("metrics", po::value(&metricsPath)->required(), "AI4DL container metrics CSV")
        ("model-out", po::value(&modelOut)->required(), "where to write the model JSON")
        ("seed", po::value(&seed)->default_value(1), "random seed (CRBM init and shuffling, k-means)")
        ("k", po::value(&o.k)->default_value(5), "number of phases (k-means clusters)")
        ("hidden", po::value(&hidden)->default_value(10), "CRBM hidden units")
        ("history", po::value(&history)->default_value(3), "CRBM history length (steps)")
        ("epochs", po::value(&o.crbm.maxEpochs)->default_value(100), "maximum CRBM epochs")
        ("patience", po::value(&o.crbm.patience)->default_value(3), "stop after this many epochs without a new best error")
        ("learning-rate", po::value(&o.crbm.learningRate)->default_value(1e-3), "CD-1 learning rate")
        ("restarts", po::value(&o.kmeansRestarts)->default_value(10), "k-means restarts (k-means++ seeding)")
        ("resample-s", po::value(&resample)->default_value(0), "resample to this fixed step (0 = raw rows)");
    po::variables_map vm;
    if (!parseOptions(args, desc, vm, kTrainUsage))
        return 0;
    if (o.k < 1 || o.k > 1000 || hidden < 1 || hidden > 10000 || history < 1 || history > 1000)
        throw UsageError("--k, --hidden and --history must be positive (k <= 1000, hidden <= 10000, history <= 1000)");
    if (o.crbm.maxEpochs < 1 || o.crbm.patience < 1 || o.kmeansRestarts < 1 || !(o.crbm.learningRate > 0))
        throw UsageError("--epochs, --patience, --restarts and --learning-rate must be positive");
    o.seed = seed;
    o.crbm.nHidden = static_cast<std::size_t>(hidden);
    o.crbm.nHistory = static_cast<std::size_t>(history);

    const auto metrics = readMetrics(metricsPath, resample);
    const auto model = trainPhaseModel(metrics, o);
    savePhaseModel(model, modelOut);

    std::printf("trained on %zu containers, %zu rows (%zu with a phase)\n", metrics.containers.size(), metrics.totalRows(),
                static_cast<std::size_t>(std::accumulate(model.kmeansTrainingLabelsCount.begin(),
                                                         model.kmeansTrainingLabelsCount.end(), std::int64_t{0})));
    std::printf("CRBM: %d epochs%s, reconstruction error %.4f -> %.4f\n", model.training.epochsTrained,
                model.training.epochsTrained < o.crbm.maxEpochs ? " (early stop)" : "",
                model.training.errorPerEpoch.front(), model.training.errorPerEpoch.back());
    std::printf("k-means: k = %d, inertia %.4f (best of %d restarts)\n", model.k(), model.kmeansInertia, o.kmeansRestarts);
    printPhaseTable(model.phaseStats, "mem.working.set");
    std::printf("model written to %s\n", modelOut.c_str());
    return 0;
}

int runApply(const Args& args)
{
    std::string metricsPath, modelPath, outPath, actOut, graphOut, dotOut, memColumn = "mem.working.set";
    std::int64_t resample = 0;
    po::options_description desc("phases apply options");
    desc.add_options()
        ("metrics", po::value(&metricsPath)->required(), "AI4DL container metrics CSV")
        ("model", po::value(&modelPath)->required(), "phase model JSON (phases train, or the AI4DL reference export)")
        ("out", po::value(&outPath)->required(), "phases CSV: pod.id,row,timestamp,phase")
        ("activations-out", po::value(&actOut), "CRBM activations CSV: pod.id,row,timestamp,h0..h{n-1}")
        ("graph-out", po::value(&graphOut), "phase graph JSON (nodes, transition edges, sequences)")
        ("dot-out", po::value(&dotOut), "phase graph as Graphviz DOT")
        ("mem-column", po::value(&memColumn), "memory column for the graph's statistics")
        ("resample-s", po::value(&resample)->default_value(0), "resample to this fixed step (0 = raw rows)");
    po::variables_map vm;
    if (!parseOptions(args, desc, vm, kApplyUsage))
        return 0;

    const auto model = loadPhaseModel(modelPath);
    const auto metrics = readMetrics(metricsPath, resample);
    metrics.requireColumn(memColumn);
    const auto phases = assignPhases(model, metrics);
    const auto stats = computePhaseStats(metrics, phases);

    // Every output is written atomically; a failure is exit 1 (docs/cli.md "Output files").
    store::writeFileAtomically(outPath, [&](std::ostream& out) { writePhasesCsv(out, metrics, phases); });
    if (!actOut.empty())
        store::writeFileAtomically(actOut, [&](std::ostream& out) { writeActivationsCsv(out, metrics, phases); });
    if (!graphOut.empty() || !dotOut.empty()) {
        PhaseGraphColumns cols;
        cols.mem = memColumn;
        const auto graph = buildPhaseGraph(metrics, phases, stats, cols);
        if (!graphOut.empty())
            store::writeFileAtomically(graphOut,
                                       [&](std::ostream& g) { g << phaseGraphToJson(graph, metrics, phases) << '\n'; });
        if (!dotOut.empty())
            store::writeFileAtomically(dotOut, [&](std::ostream& d) { writePhaseGraphDot(d, graph); });
    }
    std::printf("%zu containers, %zu rows; the first %d rows of each container have no phase\n",
                metrics.containers.size(), metrics.totalRows(), phases.history);
    printPhaseTable(stats, memColumn);
    return 0;
}

} // namespace

int runPhases(const Args& args)
{
    const std::string usage = std::string("usage: clusterlens-cli ") + kTrainUsage + "\n       clusterlens-cli " + kApplyUsage;
    if (args.empty())
        throw UsageError("'phases' needs a subcommand: train or apply\n" + usage);
    if (args[0] == "--help" || args[0] == "-h") {
        std::cout << usage << '\n';
        return 0;
    }
    const Args rest(args.begin() + 1, args.end());
    if (args[0] == "train")
        return runTrain(rest);
    if (args[0] == "apply")
        return runApply(rest);
    throw UsageError("unknown 'phases' subcommand '" + args[0] + "' (expected train or apply)\n" + usage);
}

} // namespace clens::cli
