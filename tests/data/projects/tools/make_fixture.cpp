// Writes tests/data/projects/vN.clens with the core library of schema version N (1..4), before
// clusterlens-cli had `project create`. Mirrors what project create does at the first commit that has it.
// usage: make_fixture OUT.clens CLUSTER JOBS [SCENARIO.json|-] [METRICS.csv MODEL.json]
#include "core/io/trace_format.hpp"
#include "core/sim/scenario_json.hpp"
#include "core/sim/simulator.hpp"
#include "core/store/project_file.hpp"
#include "core/store/schema.hpp"
#if FIXTURE_SCHEMA >= 2
#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/phase_model_json.hpp"
#endif
#include <cstdio>
#include <memory>
#include <string>

using namespace clens;

int main(int argc, char** argv)
{
    static_assert(store::kSchemaVersion == FIXTURE_SCHEMA);
    if (argc < 4)
        return 2;
    const std::string out = argv[1], clusterPath = argv[2], jobsPath = argv[3];
    const std::string config = argc > 4 ? argv[4] : "-";
    Scenario scenario = config == "-" ? Scenario{} : loadScenarioFile(config);
    auto trace = std::make_shared<const Trace>(loadTrace(jobsPath));
    auto cluster = loadClusterForTrace(clusterPath, *trace);
    if (cluster.racksInferred() && cluster.rackSize() != scenario.locality.rackSize)
        cluster = cluster.regrouped(scenario.locality.rackSize);
    auto topo = std::make_shared<const Topology>(std::move(cluster));
    validateScenarioForTrace(scenario, *trace, "scenario");
    Project p;
    p.cluster = topo;
    p.trace = trace;
    p.scenarios.push_back({"current", scenarioToJson(scenario)});
    SimOptions options; // occupancy recorded, as the GUI saves
#if FIXTURE_SCHEMA >= 2
    if (argc > 6) {
        auto metrics = std::make_shared<const ContainerMetrics>(readAi4dlMetrics(argv[5]));
        const PhaseModel model = loadPhaseModel(argv[6]);
        p.phases = ProjectPhases{metrics, phaseModelToJson(model)};
#if FIXTURE_SCHEMA >= 3
        options.demand = std::make_shared<const DemandProfile>(buildDemandProfile(*metrics, &model));
        validateDemandForScenario(scenario, options.demand.get(), "scenario");
#endif
    }
#endif
    p.results.push_back({"current", std::make_shared<const SimResult>(simulate(topo, trace, scenario, options))});
    saveProject(out, p);
    std::printf("wrote %s: %zu jobs, %d servers, schema %lld\n", out.c_str(), trace->jobs.size(), topo->serverCount(),
                static_cast<long long>(store::kSchemaVersion));
    return 0;
}
