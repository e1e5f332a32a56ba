// Fuzz harness: the project loader (loadProject) on a .clens file, then what opening it does next:
// its scenarios and phase model are parsed, and a tiny project is re-simulated under the default
// scenario (docs/fuzzing.md "Harnesses").
#include "core/phases/phase_model_json.hpp"
#include "core/sim/scenario_json.hpp"
#include "core/sim/simulator.hpp"
#include "core/store/project_file.hpp"
#include "fuzz/expect_input_error.hpp"
#include "fuzz/fuzz_input_file.hpp"

#include <cstdio>

namespace {

// Small enough that a simulation takes milliseconds whatever the jobs are.
constexpr std::size_t kMaxSimulatedJobs = 64;
constexpr std::int32_t kMaxSimulatedGpus = 256;

void useProject(const clens::Project& p)
{
    using clens::fuzz::expectOnlyInputError;
    for (const auto& s : p.scenarios)
        expectOnlyInputError([&] { clens::parseScenarioJson(s.json, "scenario " + s.name); });
    if (p.phases && !p.phases->modelJson.empty())
        expectOnlyInputError([&] { clens::parsePhaseModelJson(p.phases->modelJson, "phase model"); });
    if (p.cluster && p.trace && p.trace->jobs.size() <= kMaxSimulatedJobs && p.cluster->gpuCount() <= kMaxSimulatedGpus)
        expectOnlyInputError([&] { clens::simulate(p.cluster, p.trace, clens::Scenario{}); });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string& path = clens::fuzz::writeInputFile(data, size);
    // A header asking for WAL makes SQLite keep side files; the next input must not see them.
    for (const char* suffix : {"-wal", "-shm", "-journal"})
        std::remove((path + suffix).c_str());
    clens::fuzz::expectOnlyInputError([&] { useProject(clens::loadProject(path)); });
    return 0;
}
