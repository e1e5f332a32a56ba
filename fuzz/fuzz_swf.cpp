// Fuzz harness: Standard Workload Format (readSwf) (docs/fuzzing.md "Harnesses").
#include "core/io/swf.hpp"
#include "fuzz/expect_input_error.hpp"
#include "fuzz/fuzz_input_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string& path = clens::fuzz::writeInputFile(data, size);
    clens::fuzz::expectOnlyInputError([&] { clens::readSwf(path); });
    return 0;
}
