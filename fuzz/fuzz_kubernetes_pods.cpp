// Fuzz harness: kubectl get pods -o json (readKubernetesPods) (docs/fuzzing.md "Harnesses").
#include "core/io/kubernetes_pods.hpp"
#include "fuzz/expect_input_error.hpp"
#include "fuzz/fuzz_input_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string& path = clens::fuzz::writeInputFile(data, size);
    clens::fuzz::expectOnlyInputError([&] { clens::readKubernetesPods(path); });
    return 0;
}
