// Fuzz harness: Philly raw job log JSON (readPhillyJobLog) (docs/fuzzing.md "Harnesses").
#include "core/io/philly_job_log.hpp"
#include "fuzz/expect_input_error.hpp"
#include "fuzz/fuzz_input_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string& path = clens::fuzz::writeInputFile(data, size);
    clens::fuzz::expectOnlyInputError([&] { clens::readPhillyJobLog(path); });
    return 0;
}
