// Simulation throughput: a 120k-job philly-like trace on the Philly-sized cluster (552 servers) in
// <= 1 s on one core, the same with CPU/memory on every job and 30% GPU shares within 2x of it,
// 1M jobs on 10k servers in <= 20 s, events/s, peak memory, and the latency of "cluster state at
// t" (<= 5 ms), also at a size given as arguments 5 and 6 (jobs, servers). Also compares the
// event heaps.
//
// usage: bench_simulate [runs=5] [bigRuns=3] [skipBig=0] [only=TEXT: just the runs whose label has TEXT]
//                       [jobs servers: stateAt on a philly-like trace of that size, load 0.95, and nothing after]
#include "bench/bench_util.hpp"
#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/phase_model_json.hpp"
#include "core/sim/scenario_names.hpp"
#include "core/sim/cluster_state.hpp"
#include "core/sim/event_queue.hpp"
#include "core/sim/radix_event_queue.hpp"
#include "core/sim/scenario_json.hpp"
#include "core/sim/simulated_phases.hpp"
#include "core/sim/simulator.hpp"
#include "core/io/trace_format.hpp"
#include "core/synth/philly_like_generator.hpp"

#include <boost/random/mersenne_twister.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

using namespace clens;

namespace {

struct Workload {
    std::shared_ptr<const Topology> cluster;
    std::shared_ptr<const Trace> trace;
};

Workload phillyLike(std::int64_t jobs, std::int32_t servers, double load)
{
    synth::GenerateOptions o;
    o.jobs = jobs;
    o.servers = servers;
    o.load = load;
    synth::PhillyLikeGenerator g(o);
    auto trace = std::make_shared<const Trace>(synth::generatePhillyLikeTrace(g));
    return {std::make_shared<const Topology>(g.cluster()), trace};
}

// The same jobs and servers with every resource in play (docs/resources.md): each server has 6
// cores and 48 GB per GPU; each job asks 2, 4 or 6 cores and 16, 32 or 48 GB per GPU; 30% of all
// jobs (1-GPU ones) ask a share of 250, 500 or 750 thousandths of a GPU.
Workload withResources(const Workload& w)
{
    auto specs = w.cluster->specs();
    for (auto& s : specs) {
        s.cpuCores = 6.0 * s.gpus;
        s.memGb = 48.0 * s.gpus;
    }
    auto trace = std::make_shared<Trace>(*w.trace);
    boost::random::mt19937_64 rng(42);
    const auto singles = std::count_if(trace->jobs.begin(), trace->jobs.end(), [](const Job& j) { return j.gpus == 1; });
    const double shareOfSingles = 0.3 * static_cast<double>(trace->jobs.size()) / static_cast<double>(singles);
    for (auto& j : trace->jobs) {
        const auto g = std::max(1, j.gpus);
        j.cpuCores = 2.0 * static_cast<double>(1 + rng() % 3) * g;
        j.memGb = 16.0 * static_cast<double>(1 + rng() % 3) * g;
        if (j.gpus == 1 && static_cast<double>(rng() % 1000) < 1000.0 * shareOfSingles)
            j.gpuMilli = static_cast<std::int32_t>(250 * (1 + rng() % 3));
    }
    return {std::make_shared<const Topology>(Topology::build(std::move(specs), w.cluster->rackSize())), trace};
}

std::string g_only; // bench filter (4th argument)

void simulateBench(const std::string& label, const Workload& w, int runs, bool occupancy, const Scenario& scenario = {},
                   std::shared_ptr<const DemandProfile> demand = nullptr)
{
    if (!g_only.empty() && label.find(g_only) == std::string::npos)
        return;
    SimOptions options;
    options.recordOccupancy = occupancy;
    options.demand = std::move(demand);
    SimSummary summary;
    std::int64_t events = 0;
    const auto times = bench::timeRuns(runs, [&] {
        const auto r = simulate(w.cluster, w.trace, scenario, options);
        summary = r.summary;
        events = r.events;
    });
    const double t = bench::median(times);
    std::printf("%s\n", bench::describe(label, times).c_str());
    std::printf("  %lld events, %.2f M events/s, %.0f jobs/s; mean queue delay %.0f s (frag %.3g s, cap %.3g s), "
                "alloc %.3f, peak RSS %.0f MiB\n",
                static_cast<long long>(events), static_cast<double>(events) / t / 1e6,
                static_cast<double>(summary.jobs) / t, summary.meanQueueDelay_s, summary.fragmentationDelay_s,
                summary.capacityDelay_s, summary.gpuAllocFraction, bench::peakRssMiB());
}

void stateAtBench(const Workload& w)
{
    auto result = std::make_shared<const SimResult>(simulate(w.cluster, w.trace, Scenario{}));
    std::vector<double> build = bench::timeRuns(1, [&] { StateTimeline tl(result); });
    const StateTimeline tl(result);
    boost::random::mt19937_64 rng(7);
    ClusterState s;
    const auto span = static_cast<std::uint64_t>(tl.end_s() - tl.begin_s() + 1);
    std::vector<double> each;
    for (int i = 0; i < 2000; ++i) {
        const auto t = tl.begin_s() + static_cast<std::int64_t>(rng() % span);
        const auto one = bench::timeRuns(1, [&] { tl.stateAt(t, s); });
        each.push_back(one.front() * 1e3);
    }
    std::sort(each.begin(), each.end());
    std::printf("StateTimeline: %zu occupancy intervals, build %.3f s; stateAt over 2000 random instants: median %.3f ms, "
                "p99 %.3f ms, max %.3f ms\n",
                result->occupancy.size(), build.front(), bench::median(each), each[each.size() * 99 / 100], each.back());
}

// The AI4DL sample containers' demand with the reference phase model (learnt on them), or with
// the model the GUI trains on them (seed 1, 5 phases: the Phases page's defaults).
std::shared_ptr<const DemandProfile> ai4dlDemand(bool trainedAsTheGuiDoes)
{
    const auto metrics = readAi4dlMetrics(std::string(CLENS_SAMPLE_DIR) + "/ai4dl/sample-dlaas.csv");
    const auto model = trainedAsTheGuiDoes
        ? trainPhaseModel(metrics, PhaseTrainOptions{})
        : loadPhaseModel(std::string(CLENS_TEST_DATA_DIR) + "/ai4dl/ai4dl_pretrained_params.json");
    return std::make_shared<const DemandProfile>(buildDemandProfile(metrics, &model));
}

std::shared_ptr<const DemandProfile> referenceDemand() { return ai4dlDemand(false); }

// What the GUI does after moving an autoscaler knob on the Philly sample with the preset
// "Autoscaler: phase walk, phase.rule, node power": simulate with occupancy, then build the
// scrubbing index (StateTimeline) and the Phases page's index of the simulated jobs' phases.
// Each piece's median (issue 11: "re-simulates within a second"; bench_gui_update autoscaler
// times the whole round trip in the window), with the reference model and with the model the
// GUI trains when the preset opens the AI4DL sample.
void autoscaledGuiRunBench(int runs)
{
    const std::string dir = CLENS_SAMPLE_DIR "/philly/";
    auto trace = std::make_shared<const Trace>(loadTrace(dir + "philly_jobs_pollux.csv"));
    auto cluster = std::make_shared<const Topology>(loadClusterForTrace(dir + "cluster_machine_list", *trace));
    const auto scenario = loadScenarioFile(std::string(CLENS_PRESET_DIR) + "/autoscaler-phases.json");
    for (const bool trained : {false, true}) {
        SimOptions options;
        options.demand = ai4dlDemand(trained);
        std::shared_ptr<const SimResult> result;
        const auto sim = bench::timeRuns(runs, [&] { result = std::make_shared<const SimResult>(simulate(cluster, trace, scenario, options)); });
        SimOptions bare = options; // what recording the occupancy and the levels costs
        bare.recordOccupancy = false;
        const auto simBare = bench::timeRuns(runs, [&] { (void)simulate(cluster, trace, scenario, bare); });
        const auto timeline = bench::timeRuns(runs, [&] { StateTimeline tl(result); });
        const auto phases = bench::timeRuns(runs, [&] { SimulatedPhaseIndex index(*result); });
        std::printf("autoscaled GUI run, Philly sample (%zu jobs), preset autoscaler-phases.json, %s: %zu scaled "
                    "intervals, %lld OOM kills; simulate with occupancy %.3f s (without %.3f s), StateTimeline %.3f s, SimulatedPhaseIndex %.3f s "
                    "(medians of %d); peak RSS %.0f MiB\n",
                    trace->jobs.size(), trained ? "model trained as the GUI does (seed 1, 5 phases)" : "reference model",
                    result->scaledLevels.size(), static_cast<long long>(result->summary.oomKills), bench::median(sim), bench::median(simBare),
                    bench::median(timeline), bench::median(phases), runs, bench::peakRssMiB());
    }
}

// A steady state of `pending` events (running jobs' ends), each pop pushing one later event, its
// delay log-uniform from 1 s to 11.6 days (job lengths are heavy-tailed). The delays are drawn
// before the clock starts, so the figure is the queue's alone.
template <class Queue>
double heapBench(std::int64_t ops, std::uint32_t pending)
{
    boost::random::mt19937_64 rng(3);
    std::vector<std::int64_t> delays(std::size_t{1} << 16);
    for (auto& d : delays)
        d = static_cast<std::int64_t>(std::exp(static_cast<double>(rng() % 1'000'000) * 1e-6 * std::log(1e6)));
    std::size_t next = 0;
    const auto delay = [&] { return delays[next++ % delays.size()]; };
    Queue q;
    for (std::uint32_t i = 0; i < pending; ++i)
        q.push({delay(), SimEvent::makeOrder(0, i), 0});
    std::int64_t sink = 0;
    const auto times = bench::timeRuns(5, [&] {
        for (std::int64_t k = 0; k < ops; ++k) {
            if constexpr (requires { q.advanceTo(0); })
                q.advanceTo(q.top().t);
            const auto e = q.top();
            q.pop();
            sink += e.t;
            q.push({e.t + delay(), e.order, e.serial + 1});
        }
    });
    if (sink == 42)
        std::printf(" ");
    return bench::median(times) / static_cast<double>(ops) * 1e9;
}

} // namespace

int main(int argc, char** argv)
{
    const int runs = argc > 1 ? std::atoi(argv[1]) : 5;
    const int bigRuns = argc > 2 ? std::atoi(argv[2]) : 3;
    const bool skipBig = argc > 3 && std::atoi(argv[3]) != 0;
    if (argc > 4)
        g_only = argv[4];

    if (g_only.empty() || std::string("event heap").find(g_only) != std::string::npos) {
        const std::int64_t heapOps = 2'000'000;
        for (const std::uint32_t pending : {4'000u, 100'000u})
            std::printf("event queue, %lld pop+push at %u pending: std::priority_queue %.1f ns/op, boost d_ary_heap(4) %.1f ns/op, "
                        "radix heap %.1f ns/op\n",
                        static_cast<long long>(heapOps), pending, heapBench<BasicEventQueue<StdEventHeap>>(heapOps, pending),
                        heapBench<BasicEventQueue<BoostEventHeap>>(heapOps, pending), heapBench<RadixEventQueue>(heapOps, pending));
    }

    if (g_only.empty() || std::string("autoscaled GUI run").find(g_only) != std::string::npos)
        autoscaledGuiRunBench(runs);

    const auto philly = phillyLike(120'000, 552, 0.8);
    std::printf("philly-like: %zu jobs on %d servers / %d GPUs (load 0.8)\n", philly.trace->jobs.size(),
                philly.cluster->serverCount(), philly.cluster->gpuCount());
    simulateBench("simulate 120k jobs, 552 servers, with occupancy", philly, runs, true);
    simulateBench("simulate 120k jobs, 552 servers, no occupancy", philly, runs, false);
    const auto resources = withResources(philly);
    simulateBench("simulate 120k jobs, 552 servers, CPU/memory on every job, 30% GPU shares, with occupancy", resources, runs,
                  true);
    Scenario fgd;
    fgd.placement = PlacementPolicy::Fgd;
    simulateBench("simulate 120k jobs, 552 servers, CPU/memory on every job, 30% GPU shares, fgd", resources, runs, true, fgd);
    if (g_only.empty() || std::string("StateTimeline stateAt").find(g_only) != std::string::npos)
        stateAtBench(philly);

    // Loaded: offered load 1.3 and the Philly VC quotas (philly_vc_nodes.csv, nodes x 8) in
    // borrow mode: queues of thousands of jobs, every delay cause present.
    const auto loaded = phillyLike(120'000, 552, 1.3);
    Scenario quotas;
    quotas.quota.mode = QuotaMode::Borrow;
    quotas.quota.vcGpus = {{"6214e9", 512}, {"7f04ca", 256}, {"11cb48", 128}, {"b436b2", 512}, {"ee9e8c", 512}, {"e13805", 128},
                           {"6c71a0", 256}, {"2869ce", 128}, {"ed69ec", 64}, {"103959", 64}, {"0e4a51", 256}};
    simulateBench("simulate 120k jobs, 552 servers, load 1.3, VC quotas (borrow), with occupancy", loaded, runs, true, quotas);
    simulateBench("simulate 120k jobs, 552 servers, load 1.3, VC quotas (borrow), CPU/memory on every job, 30% GPU shares",
                  withResources(loaded), runs, true, quotas);
    // Queue policies (docs/queue-policies.md) on the loaded trace: queues of thousands of jobs.
    for (const auto policy : {QueuePolicyKind::Las, QueuePolicyKind::Qssf, QueuePolicyKind::Srtf, QueuePolicyKind::Sjf}) {
        Scenario q;
        q.queue.policy = policy;
        const auto name = std::string(toString(policy));
        simulateBench(("simulate 120k jobs, 552 servers, load 1.3, queue " + name + ", with occupancy").c_str(), loaded, runs, true, q);
        q.quota = quotas.quota;
        simulateBench(("simulate 120k jobs, 552 servers, load 1.3, queue " + name + ", VC quotas (borrow), with occupancy").c_str(),
                      loaded, runs, true, q);
    }
    {
        // The autoscaler in the cluster: demand walked over the reference phase model (learnt on the
        // AI4DL sample containers), phase.rule every 300 s, node power on; servers with 6 cores and
        // 48 GB per GPU, jobs asking 1 core and 4 GB per GPU.
        const auto demand = referenceDemand();
        auto sized = withResources(philly);
        auto trace = std::make_shared<Trace>(*sized.trace);
        for (auto& j : trace->jobs) {
            j.cpuCores = std::nan("");
            j.memGb = std::nan("");
            j.gpuMilli = 1000;
        }
        Scenario s;
        s.autoscaler.usage = UsageModel::Phases;
        s.autoscaler.policy = "phase.rule";
        s.autoscaler.interval_s = 300;
        s.power.enabled = true;
        s.resources.jobDefaults = {1.0, 4.0};
        simulateBench("simulate 120k jobs, 552 servers, autoscaler (demand phases, phase.rule every 300 s), power on, no occupancy",
                      {sized.cluster, trace}, runs, false, s, demand);
        simulateBench("simulate 120k jobs, 552 servers, autoscaler (demand phases, phase.rule every 300 s), power on, with occupancy",
                      {sized.cluster, trace}, runs, true, s, demand);
        // The operating point docs/autoscaling.md recommends on this demand: sigma 3 and a
        // checkpoint every 30 minutes, so an OOM kill loses little (the run above redoes much).
        s.autoscaler.sigma = 3;
        s.failures.checkpoint_s = 1800;
        simulateBench("simulate 120k jobs, 552 servers, autoscaler (demand phases, phase.rule every 300 s, sigma 3), checkpoints 30 min, power on, no occupancy",
                      {sized.cluster, trace}, runs, false, s, demand);
    }
    if (argc > 6) { // issue scale: `bench_simulate 1 1 1 "at scale" 10000000 33000` (10M jobs; 33,000 servers: 197k GPUs)
        const auto huge = phillyLike(std::atoll(argv[5]), std::atoi(argv[6]), 0.95);
        std::printf("philly-like: %zu jobs on %d servers / %d GPUs (load 0.95)\n", huge.trace->jobs.size(),
                    huge.cluster->serverCount(), huge.cluster->gpuCount());
        stateAtBench(huge);
        std::printf("peak RSS %.0f MiB\n", bench::peakRssMiB());
        return 0;
    }
    if (!skipBig) {
        const auto big = phillyLike(1'000'000, 10'000, 0.8);
        std::printf("philly-like: %zu jobs on %d servers / %d GPUs (load 0.8)\n", big.trace->jobs.size(),
                    big.cluster->serverCount(), big.cluster->gpuCount());
        simulateBench("simulate 1M jobs, 10k servers, with occupancy", big, bigRuns, true);
    }
    return 0;
}
