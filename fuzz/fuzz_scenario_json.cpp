// Fuzz harness: scenario JSON file (loadScenarioFile); a scenario it accepts must survive the
// round trip its header promises, parseScenarioJson(scenarioToJson(s)) == s.
// docs/fuzzing.md "Harnesses"
#include "core/sim/scenario_json.hpp"
#include "fuzz/expect_input_error.hpp"
#include "fuzz/fuzz_input_file.hpp"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string& path = clens::fuzz::writeInputFile(data, size);
    clens::fuzz::expectOnlyInputError([&] {
        const clens::Scenario s = clens::loadScenarioFile(path);
        const std::string text = clens::scenarioToJson(s);
        if (!(clens::parseScenarioJson(text, "round trip") == s)) {
            std::fprintf(stderr, "scenario JSON round trip changed the scenario:\n%s\n", text.c_str());
            std::abort();
        }
    });
    return 0;
}
