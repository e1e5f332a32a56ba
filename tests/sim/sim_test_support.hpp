#pragma once
// Small in-memory clusters and traces for hand-computed simulation scenarios.
#include "core/io/ai4dl_metrics.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/phases/phase_model_json.hpp"
#include "core/sim/simulator.hpp"
#include "core/synth/philly_like_generator.hpp"

#include <memory>
#include <string>
#include <vector>

namespace clens::test {

// A philly-like workload from the generator: its cluster and its trace.
struct GeneratedWorkload {
    std::shared_ptr<const Topology> cluster;
    std::shared_ptr<const Trace> trace;
};

inline GeneratedWorkload generatedWorkload(std::int64_t jobs, std::int32_t servers, double load, std::uint64_t seed)
{
    synth::GenerateOptions o;
    o.jobs = jobs;
    o.servers = servers;
    o.load = load;
    o.seed = seed;
    synth::PhillyLikeGenerator g(o);
    auto trace = std::make_shared<const Trace>(synth::generatePhillyLikeTrace(g));
    return {std::make_shared<const Topology>(g.cluster()), std::move(trace)};
}

// A generated workload for the autoscaler: servers of 6 cores and 48 GB per GPU, and the demand
// of the AI4DL sample containers with the reference phase model.
struct AutoscaledWorkload {
    std::shared_ptr<const Topology> cluster;
    std::shared_ptr<const Trace> trace;
    std::shared_ptr<const DemandProfile> demand;
};

inline AutoscaledWorkload autoscaledWorkload(std::int64_t jobs, std::int32_t servers, double load, std::uint64_t seed)
{
    const auto w = generatedWorkload(jobs, servers, load, seed);
    auto specs = w.cluster->specs();
    for (auto& sp : specs) {
        sp.cpuCores = 6.0 * sp.gpus;
        sp.memGb = 48.0 * sp.gpus;
    }
    const auto metrics = readAi4dlMetrics(std::string(CLENS_SAMPLE_DIR) + "/ai4dl/sample-dlaas.csv");
    const auto model = loadPhaseModel(std::string(CLENS_TEST_DATA_DIR) + "/ai4dl/ai4dl_pretrained_params.json");
    return {std::make_shared<const Topology>(Topology::build(specs, w.cluster->rackSize())), w.trace,
            std::make_shared<const DemandProfile>(buildDemandProfile(metrics, &model))};
}

// Scenarios that each move one family of GPU knobs (locality, placement, backfill, gang), as
// rows for tests that must hold under every rule: (row name, scenario JSON).
inline const std::vector<std::pair<const char*, const char*>>& gpuKnobScenarios()
{
    static const std::vector<std::pair<const char*, const char*>> rows{
        {"defaults", "{}"},
        {"never relax", R"({"locality": {"relax_to_rack_after_s": null, "relax_to_any_after_s": null}})"},
        {"relax at once, spread", R"({"locality": {"relax_to_rack_after_s": 0, "relax_to_any_after_s": 0}, "placement": "spread"})"},
        {"first-fit, rack 4", R"({"placement": "first-fit", "locality": {"rack_size": 4}})"},
        {"backfill none", R"({"backfill": "none"})"},
        {"elastic", R"({"gang": {"policy": "elastic", "min_fraction": 0.25, "elastic_after_s": 300}})"},
        {"gang none", R"({"gang": {"policy": "none"}})"},
    };
    return rows;
}

// servers: (rack name, GPUs) in layout order; names s0, s1, ...
// Node power on with these knobs, the energy weights at their defaults (docs/autoscaling.md).
inline Scenario withNodePower(std::int64_t idleOffAfter_s, std::int32_t spareServers, std::int64_t boot_s, Scenario s = {})
{
    s.power.enabled = true;
    s.power.idleOffAfter_s = idleOffAfter_s;
    s.power.spareServers = spareServers;
    s.power.boot_s = boot_s;
    return s;
}

inline std::shared_ptr<const Topology> makeCluster(const std::vector<std::pair<std::string, int>>& servers)
{
    std::vector<ServerSpec> specs;
    for (std::size_t i = 0; i < servers.size(); ++i)
        specs.push_back(ServerSpec{"s" + std::to_string(i), servers[i].first, servers[i].second, "", 0, 0});
    return std::make_shared<const Topology>(Topology::build(std::move(specs), 8));
}

// A server with resources (docs/resources.md): CPU cores and memory 0 = unknown.
struct ServerWith {
    std::string rack;
    int gpus;
    std::string model = "";
    double cpuCores = 0;
    double memGb = 0;
};

// servers in layout order; names s0, s1, ...
inline std::shared_ptr<const Topology> makeClusterWith(const std::vector<ServerWith>& servers)
{
    std::vector<ServerSpec> specs;
    for (std::size_t i = 0; i < servers.size(); ++i) {
        const auto& w = servers[i];
        specs.push_back(ServerSpec{"s" + std::to_string(i), w.rack, w.gpus, w.model, w.cpuCores, w.memGb});
    }
    return std::make_shared<const Topology>(Topology::build(std::move(specs), 8));
}

struct JobSpec {
    std::string vc;
    std::int64_t submit;
    int gpus;
    std::int64_t duration;
    JobStatus status = JobStatus::Pass;
    float util = std::nanf("");
    std::string id = ""; // default j<row>
    std::string user = "u";
};

// What a job asks besides GPUs (NaN = unknown, milli 1000 = whole GPUs, models "" = any).
struct Asks {
    double cpuCores = std::nan("");
    double memGb = std::nan("");
    int milli = 1000;
    std::string models = "";
};

inline std::shared_ptr<const Trace> makeTrace(const std::vector<JobSpec>& jobs, const std::vector<Asks>& asks = {})
{
    auto t = std::make_shared<Trace>();
    int n = 0;
    for (const auto& s : jobs) {
        const Asks a = static_cast<std::size_t>(n) < asks.size() ? asks[static_cast<std::size_t>(n)] : Asks{};
        Job j;
        j.id = s.id.empty() ? "j" + std::to_string(n) : s.id;
        ++n;
        j.tenant = t->internTenant(s.vc);
        j.user = t->internUser(s.user);
        j.submit_s = s.submit;
        j.gpus = s.gpus;
        j.duration_s = s.duration;
        j.status = s.status;
        j.gpuUtil = s.util;
        j.cpuCores = a.cpuCores;
        j.memGb = a.memGb;
        j.gpuMilli = a.milli;
        j.gpuModels = t->internGpuModels(a.models);
        if (j.gpus == 0 && !(a.cpuCores > 0) && !(a.memGb > 0))
            j.skip = SkipReason::ZeroGpus;
        t->jobs.push_back(std::move(j));
    }
    return t;
}

inline std::int64_t startOf(const SimResult& r, int job) { return r.jobs[static_cast<std::size_t>(job)].start_s.value_or(-1); }
inline std::int64_t endOf(const SimResult& r, int job) { return r.jobs[static_cast<std::size_t>(job)].end_s.value_or(-1); }

} // namespace clens::test
