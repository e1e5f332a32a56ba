#pragma once
// Timing and memory helpers shared by the benchmarks.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace clens::bench {

// Runs fn `runs` times and returns each wall time in seconds.
std::vector<double> timeRuns(int runs, const std::function<void()>& fn);
double median(std::vector<double> v);
// Peak resident set size of this process so far, in MiB (VmHWM).
double peakRssMiB();
// "label: median X s (min A, max B, n runs)".
std::string describe(const std::string& label, const std::vector<double>& seconds);

// A file written (truncated, binary) through a 1 MiB buffer: the generators write millions of
// small pieces.
struct BufferedFile {
    std::vector<char> buffer = std::vector<char>(1 << 20);
    std::ofstream out;
    explicit BufferedFile(const std::filesystem::path& path)
    {
        out.rdbuf()->pubsetbuf(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        out.open(path, std::ios::binary | std::ios::trunc);
    }
};

// A philly-like workload of `jobs` jobs (the generator's default cluster, this seed) streamed to
// a native jobs CSV as `generate` writes it.
void writeGeneratedJobs(const std::filesystem::path& path, std::int64_t jobs, std::uint64_t seed);

} // namespace clens::bench
