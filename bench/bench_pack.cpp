// Packing experiment speed (docs/packing.md): one openb experiment per placement policy — the
// 8,152 default pods on the 1,213 GPU nodes (6,212 GPUs), inflate 1.3, seed 42 — on one core:
// median wall time of several runs (loading excluded) and the peak RSS after each policy's runs.
// The FGD artifact takes 20 min 29 s and 3.8 GB for one FGD experiment on this machine.
// Usage: bench_pack [runs] (default 5). Prints figures; never asserts.
#include "bench/bench_util.hpp"
#include "core/io/alibaba_nodes.hpp"
#include "core/io/alibaba_pods.hpp"
#include "core/pack/packing_arrivals.hpp"
#include "core/pack/packing_experiment.hpp"
#include "core/sim/scenario_names.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace clens;

int main(int argc, char** argv)
{
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
    const std::string dir = CLENS_SAMPLE_DIR "/alibaba-openb/";
    const auto cluster = readAlibabaNodes(dir + "openb_node_list_gpu_node.csv");
    const auto pods = packingTrace(readAlibabaPods(dir + "openb_pod_list_default.csv"));
    std::printf("openb: %zu pods, %d servers, %d GPUs; inflate 1.3, seed 42, %d runs each\n", pods.jobs.size(), cluster.serverCount(),
                cluster.gpuCount(), runs);
    const auto run = [&](PlacementPolicy policy, NodeOrder order) {
        PackOptions options;
        options.placement = policy;
        options.nodeOrder = order;
        PackResult last;
        const auto seconds = bench::timeRuns(runs, [&] { last = runPacking(cluster, pods, options); });
        const auto& end = last.steps.back();
        const auto name = std::string(toString(policy)) + (order == NodeOrder::Shuffled ? ", shuffled nodes" : "");
        std::printf("%s  (%zu arrivals, %.2f%% allocated at the end)  peak %.0f MiB\n", bench::describe(name, seconds).c_str(),
                    last.steps.size(), 100.0 * static_cast<double>(end.allocatedMilli) / static_cast<double>(last.capacityMilli),
                    bench::peakRssMiB());
    };
    for (const auto policy : {PlacementPolicy::BestFit, PlacementPolicy::FirstFit, PlacementPolicy::Spread, PlacementPolicy::Fgd,
                              PlacementPolicy::FgdFirst})
        run(policy, NodeOrder::File);
    run(PlacementPolicy::FgdFirst, NodeOrder::Shuffled); // the FGD artifact's procedure (docs/packing.md)
    return 0;
}
