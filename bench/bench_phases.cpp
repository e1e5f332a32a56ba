// Phase pipeline and autoscaler on a generated 10,000-row container trace: read, train (CRBM +
// k-means), apply, score every policy. Prints median wall times and peak memory; never asserts.
#include "bench/bench_util.hpp"
#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/autoscaler.hpp"
#include "core/phases/phase_model.hpp"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <unistd.h>

using namespace clens;

namespace {

// Containers cycling through idle / data loading / training / checkpoint phases, sampled every
// 10-60 s like the AI4DL sample.
void writeTrace(const std::string& path, int containers, int rowsEach, std::uint64_t seed)
{
    boost::random::mt19937_64 rng(seed);
    boost::random::normal_distribution<double> noise(0.0, 1.0);
    boost::random::uniform_int_distribution<int> gap(10, 60), phaseLength(20, 200), phasePick(0, 3);
    const double cpuMean[4] = {0.03, 0.4, 1.05, 0.55}, memMean[4] = {0.2e9, 0.9e9, 0.87e9, 0.25e9};
    std::ofstream out(path);
    out << "\"\",\"timestamp\",\"service\",\"pod.id\",\"cpu.num.cores\",\"cpu.usage\",\"cpu.usage.cores\",\"cpu.usage.pct\","
           "\"cpu.usage.pct.container.requested\",\"mem.current\",\"mem.limit\",\"mem.usage.pct\",\"mem.working.set\"\n";
    long index = 0;
    for (int c = 0; c < containers; ++c) {
        std::int64_t t = 1565000000 + c * 100000;
        int phase = 0, left = phaseLength(rng);
        for (int r = 0; r < rowsEach; ++r, ++index) {
            if (--left <= 0) {
                phase = phasePick(rng);
                left = phaseLength(rng);
            }
            const double cores = std::max(0.0, cpuMean[phase] + 0.05 * noise(rng));
            const double ws = std::max(1e6, memMean[phase] + 0.02e9 * noise(rng));
            const double cur = ws * 1.1;
            out << index << ',' << t << ",svc,exec" << c << ",4," << static_cast<long long>(cores * 2e10) << ',' << cores
                << ',' << cores / 4 * 100 << ',' << cores / 4 * 100 * 0.98 << ',' << static_cast<long long>(cur)
                << ",5242880000," << cur / 5242880000.0 * 100 << ',' << static_cast<long long>(ws) << '\n';
            t += gap(rng);
        }
    }
}

} // namespace

int main()
{
    const auto dir = std::filesystem::temp_directory_path() / ("clens_bench_phases_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto path = (dir / "metrics.csv").string();
    writeTrace(path, 4, 2500, 1);
    std::printf("trace: 4 containers x 2,500 rows = 10,000 rows (%.2f MB)\n",
                static_cast<double>(std::filesystem::file_size(path)) / 1e6);

    ContainerMetrics metrics;
    std::cout << bench::describe("read metrics CSV", bench::timeRuns(5, [&] { metrics = readAi4dlMetrics(path); }))
              << '\n';

    PhaseModel model;
    PhaseTrainOptions defaults; // patience 3: stops when the error stalls
    std::cout << bench::describe("train, defaults (early stopping)",
                                 bench::timeRuns(3, [&] { model = trainPhaseModel(metrics, defaults); }))
              << "  [" << model.training.epochsTrained << " epochs]\n";
    PhaseTrainOptions full;
    full.crbm.patience = 1000; // all 100 epochs: the worst case
    std::cout << bench::describe("train, all 100 epochs", bench::timeRuns(3, [&] { model = trainPhaseModel(metrics, full); }))
              << "  [" << model.training.epochsTrained << " epochs]\n";

    PhaseAssignment phases;
    std::cout << bench::describe("apply (encode + label)", bench::timeRuns(5, [&] { phases = assignPhases(model, metrics); }))
              << '\n';
    AutoscaleResult result;
    std::cout << bench::describe("score all 5 policies (300 s)",
                                 bench::timeRuns(5, [&] { result = scoreAutoscaling(metrics, phases, model.phaseStats, {}); }))
              << '\n';
    AutoscaleConfig fine;
    fine.interval_s = 60;
    std::cout << bench::describe("score all 5 policies (60 s)",
                                 bench::timeRuns(5, [&] { result = scoreAutoscaling(metrics, phases, model.phaseStats, fine); }))
              << '\n';
    for (const auto& s : result.scores)
        std::printf("  %-20s cpu under %5.1f%%  savings %6.1f%% | mem under %5.1f%%  savings %6.1f%%\n",
                    std::string(scalingPolicyName(s.policy)).c_str(), s.cpuUnderPct, s.cpuSavingsPct, s.memUnderPct,
                    s.memSavingsPct);
    std::printf("peak RSS: %.1f MiB\n", bench::peakRssMiB());
    std::filesystem::remove_all(dir);
    return 0;
}
