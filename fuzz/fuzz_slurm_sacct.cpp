// Fuzz harness: Slurm sacct --parsable2 text (readSlurmSacct) (docs/fuzzing.md "Harnesses").
#include "core/io/slurm_sacct.hpp"
#include "fuzz/expect_input_error.hpp"
#include "fuzz/fuzz_input_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string& path = clens::fuzz::writeInputFile(data, size);
    clens::fuzz::expectOnlyInputError([&] { clens::readSlurmSacct(path); });
    return 0;
}
