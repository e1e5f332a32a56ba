// Fuzz harness: Alibaba openb node list (readAlibabaNodes, with its notes) (docs/fuzzing.md "Harnesses").
#include "core/io/alibaba_nodes.hpp"
#include "fuzz/expect_input_error.hpp"
#include "fuzz/fuzz_input_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string& path = clens::fuzz::writeInputFile(data, size);
    std::vector<std::string> notes;
    clens::fuzz::expectOnlyInputError([&] { clens::readAlibabaNodes(path, {}, &notes); });
    return 0;
}
