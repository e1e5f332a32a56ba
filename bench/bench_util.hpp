#pragma once
// Timing and memory helpers shared by the benchmarks.
#include <algorithm>
#include <chrono>
#include <cstdint>
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

} // namespace clens::bench
