#include "bench/bench_util.hpp"

#include "core/io/native_csv.hpp"
#include "core/synth/philly_like_generator.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace clens::bench {

std::vector<double> timeRuns(int runs, const std::function<void()>& fn)
{
    std::vector<double> out;
    for (int i = 0; i < runs; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        fn();
        out.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return out;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const auto n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double peakRssMiB()
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmHWM:", 0) == 0) {
            std::istringstream ss(line.substr(6));
            double kb = 0;
            ss >> kb;
            return kb / 1024.0;
        }
    return 0;
}

std::string describe(const std::string& label, const std::vector<double>& s)
{
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s: median %.4f s (min %.4f, max %.4f, %zu runs)", label.c_str(), median(s),
                  *std::min_element(s.begin(), s.end()), *std::max_element(s.begin(), s.end()), s.size());
    return buf;
}

void writeGeneratedJobs(const std::filesystem::path& path, std::int64_t jobs, std::uint64_t seed)
{
    synth::GenerateOptions o;
    o.jobs = jobs;
    o.seed = seed;
    synth::PhillyLikeGenerator g(o);
    BufferedFile file(path);
    writeNativeJobsHeader(file.out);
    while (!g.done()) {
        const auto j = g.next();
        writeNativeJobRow(file.out, j, g.vcNames()[static_cast<std::size_t>(j.tenant)], g.userNames()[static_cast<std::size_t>(j.user)]);
    }
}

} // namespace clens::bench
