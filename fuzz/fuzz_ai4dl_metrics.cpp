// Fuzz harness: AI4DL container metrics CSV (readAi4dlMetrics), then resampled to a 60 s step as
// `phases --resample-s 60` does (docs/fuzzing.md "Harnesses").
#include "core/io/ai4dl_metrics.hpp"
#include "fuzz/expect_input_error.hpp"
#include "fuzz/fuzz_input_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string& path = clens::fuzz::writeInputFile(data, size);
    clens::fuzz::expectOnlyInputError([&] {
        const auto raw = clens::readAi4dlMetrics(path);
        clens::resampleMetrics(raw, 60);
    });
    return 0;
}
