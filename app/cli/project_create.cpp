// clusterlens-cli project create: a .clens project of a cluster, a trace and a scenario, with
// the scenario's simulation result (docs/cli.md "project create").
#include "app/cli/cli_options.hpp"
#include "app/cli/import_flags.hpp"
#include "app/cli/project_commands.hpp"
#include "core/io/tenant_quota_scenario.hpp"
#include "app/cli/sim_inputs.hpp"
#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/phase_model_json.hpp"
#include "core/sim/scenario_json.hpp"
#include "core/sim/simulator.hpp"
#include "core/store/project_file.hpp"

#include <cstdio>
#include <iostream>

namespace clens::cli {

namespace {

// --metrics and --phase-model: stored as the project's phases and, when simulating, the
// autoscaler's demand (as simulate reads them).
struct ContainerInputs {
    std::optional<ProjectPhases> phases;
    std::shared_ptr<const DemandProfile> demand;
};

ContainerInputs loadContainerInputs(const std::string& metricsPath, const std::string& modelPath)
{
    ContainerInputs in;
    if (metricsPath.empty()) {
        if (!modelPath.empty())
            throw UsageError("--phase-model needs --metrics: the phase walk is learnt from the container metrics");
        return in;
    }
    auto metrics = std::make_shared<const ContainerMetrics>(readAi4dlMetrics(metricsPath));
    std::optional<PhaseModel> model;
    if (!modelPath.empty())
        model = loadPhaseModel(modelPath);
    in.demand = std::make_shared<const DemandProfile>(buildDemandProfile(*metrics, model ? &*model : nullptr));
    in.phases = ProjectPhases{metrics, model ? phaseModelToJson(*model) : std::string()};
    return in;
}

} // namespace

int runProjectCreate(const Args& args)
{
    std::string outPath, clusterPath, tracePath, formatName = "auto", machines, configPath, name = "current", metricsPath,
        modelPath, quotasPath;
    bool noSimulate = false, quiet = false;
    po::options_description desc("project create options");
    addSimInputFlags(desc, clusterPath, tracePath, formatName, machines);
    desc.add_options()
        ("out", po::value(&outPath)->required(), "the project file to write (.clens), replaced atomically")
        ("config", po::value(&configPath), "scenario JSON (docs/simulation.md); defaults when absent")
        ("name", po::value(&name), "name of the scenario and its result in the project (the GUI opens 'current')")
        ("metrics", po::value(&metricsPath), "container metrics (AI4DL CSV): the project's Phases data and the autoscaler's demand")
        ("phase-model", po::value(&modelPath), "phase model JSON (phases train), stored with the metrics")
        ("quotas", po::value(&quotasPath), "the cluster's GPU quotas as quota.vc (as simulate --quotas)")
        ("no-simulate", po::bool_switch(&noSimulate), "store the scenario without its result")
        ("quiet,q", po::bool_switch(&quiet), "print nothing on success");
    ImportOptions importOptions;
    addImportFlags(desc, importOptions);
    po::variables_map vm;
    if (!parseOptions(args, desc, vm, kProjectCreateUsage))
        return 0;
    if (name.empty())
        throw UsageError("--name must not be empty");

    checkImportFlags(importOptions);
    Scenario scenario = configPath.empty() ? Scenario{} : loadScenarioFile(configPath);
    const auto in = loadSimInputs(clusterPath, tracePath, formatName, machines, scenario.locality.rackSize, importOptions);
    if (!quotasPath.empty())
        for (const auto& note : applyTenantQuotaFile(quotasPath, importOptions, *in.trace, scenario))
            std::cerr << "clusterlens-cli: note: " << note << '\n';
    const auto scenarioName = configPath.empty() ? std::string("scenario") : configPath;
    validateScenarioForTrace(scenario, *in.trace, scenarioName);
    const auto containers = loadContainerInputs(metricsPath, modelPath);

    Project project;
    project.cluster = in.cluster;
    project.trace = in.trace;
    project.scenarios.push_back({name, scenarioToJson(scenario)});
    project.phases = containers.phases;
    if (!noSimulate) {
        validateDemandForScenario(scenario, containers.demand.get(), scenarioName);
        SimOptions options;
        options.demand = containers.demand; // occupancy recorded: the GUI draws the map from it
        project.results.push_back({name, std::make_shared<const SimResult>(simulate(in.cluster, in.trace, scenario, options))});
    }
    saveProject(outPath, project);

    if (!quiet) {
        std::printf("wrote %s: %zu jobs, %d servers / %d GPUs, scenario '%s'", outPath.c_str(), in.trace->jobs.size(),
                    in.cluster->serverCount(), in.cluster->gpuCount(), name.c_str());
        if (!project.results.empty()) {
            const auto& s = project.results.front().result->summary;
            std::printf(", result '%s' (queue delay mean %.1f s, makespan %lld s)", name.c_str(), s.meanQueueDelay_s,
                        static_cast<long long>(s.makespan_s));
        }
        if (project.phases)
            std::printf(", %zu containers", project.phases->metrics->containers.size());
        std::printf("\n");
    }
    return 0;
}

} // namespace clens::cli
