// Fuzz harness: Slurm sacct --json (readSlurmSacctJson) (docs/fuzzing.md "Harnesses").
#include "core/io/slurm_sacct_json.hpp"
#include "fuzz/expect_input_error.hpp"
#include "fuzz/fuzz_input_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string& path = clens::fuzz::writeInputFile(data, size);
    clens::fuzz::expectOnlyInputError([&] { clens::readSlurmSacctJson(path); });
    return 0;
}
