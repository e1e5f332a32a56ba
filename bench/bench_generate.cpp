// generate --preset philly-like: jobs per second and MB/s when streaming a 1M-job native CSV.
#include "bench/bench_util.hpp"
#include "core/synth/philly_like_generator.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

using namespace clens;

int main(int argc, char** argv)
{
    const std::int64_t jobs = argc > 1 ? std::atoll(argv[1]) : 1'000'000;
    const auto path = std::filesystem::temp_directory_path() / "clens_bench_generate_jobs.csv";
    std::uintmax_t bytes = 0;
    const auto runs = bench::timeRuns(3, [&] {
        bench::writeGeneratedJobs(path, jobs, synth::GenerateOptions{}.seed);
        bytes = std::filesystem::file_size(path);
    });
    std::filesystem::remove(path);
    const double t = bench::median(runs);
    std::printf("%s\n", bench::describe("generate " + std::to_string(jobs) + " philly-like jobs to CSV", runs).c_str());
    std::printf("  %.0f jobs/s, %.1f MB/s written (%.1f MB), peak RSS %.1f MiB\n", static_cast<double>(jobs) / t,
                static_cast<double>(bytes) / 1e6 / t, static_cast<double>(bytes) / 1e6, bench::peakRssMiB());
    return 0;
}
