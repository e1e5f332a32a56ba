// The GUI Phases page at scale, offscreen: a generated AI4DL trace of 100 containers x 400 rows
// plus one container of 20,000 rows (60,000 rows). Prints the wall time from openMetrics() to
// the score table (read + train + label + score, off the GUI thread), from a sigma edit to the
// new scores (includes the 150 ms debounce), and the GUI-thread cost of drawing the large
// container and of switching the drawn policy. Median of runs, peak RSS; never asserts.
#include "bench/bench_util.hpp"
#include "ui/phases/phase_usage_plot.hpp"
#include "ui/phases/phases_page.hpp"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalSpy>

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

// Containers switching between idle / loading / training / checkpoint levels every 20-200
// samples, sampled every 10-60 s like the AI4DL sample.
void writeTrace(const std::string& path, const std::vector<int>& rowsPerContainer, std::uint64_t seed)
{
    boost::random::mt19937_64 rng(seed);
    boost::random::normal_distribution<double> noise(0.0, 1.0);
    boost::random::uniform_int_distribution<int> gap(10, 60), phaseLength(20, 200), phasePick(0, 3);
    const double cpuMean[4] = {0.03, 0.4, 1.05, 0.55}, memMean[4] = {0.2e9, 0.9e9, 0.87e9, 0.25e9};
    std::ofstream out(path);
    out << "timestamp,service,pod.id,cpu.num.cores,cpu.usage,cpu.usage.cores,cpu.usage.pct,"
           "cpu.usage.pct.container.requested,mem.current,mem.limit,mem.usage.pct,mem.working.set\n";
    for (std::size_t c = 0; c < rowsPerContainer.size(); ++c) {
        std::int64_t t = 1565000000;
        int phase = 0, left = phaseLength(rng);
        for (int r = 0; r < rowsPerContainer[c]; ++r) {
            if (--left <= 0) {
                phase = phasePick(rng);
                left = phaseLength(rng);
            }
            const double cores = std::max(0.0, cpuMean[phase] + 0.05 * noise(rng));
            const double ws = std::max(1e6, memMean[phase] + 0.02e9 * noise(rng));
            out << t << ",svc,pod" << c << ",4," << static_cast<long long>(cores * 2e10) << ',' << cores << ','
                << cores / 4 * 100 << ',' << cores / 4 * 98 << ',' << static_cast<long long>(ws * 1.1) << ",5242880000,"
                << ws * 1.1 / 5242880000.0 * 100 << ',' << static_cast<long long>(ws) << '\n';
            t += gap(rng);
        }
    }
}

bool waitFor(QSignalSpy& spy) { return spy.wait(600000); }

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const auto dir = std::filesystem::temp_directory_path() / ("clens_bench_phases_page_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto path = (dir / "metrics.csv").string();
    std::vector<int> rows(100, 400);
    rows.push_back(20000);
    writeTrace(path, rows, 7);
    std::cout << "trace: 101 containers, 60,000 rows\n";

    ui::PhasesPage page;
    page.resize(1600, 1000);
    page.show();
    std::cout << bench::describe("openMetrics -> scores shown (read, train seed 1, label, score)",
                                 bench::timeRuns(1, [&] {
                                     QSignalSpy scored(&page, &ui::PhasesPage::scoresReady);
                                     page.openMetrics(QString::fromStdString(path));
                                     waitFor(scored);
                                 }))
              << '\n';
    std::uint64_t seed = 1;
    std::cout << bench::describe("Train -> scores shown (train, label, score; metrics kept)",
                                 bench::timeRuns(2, [&] {
                                     QSignalSpy scored(&page, &ui::PhasesPage::scoresReady);
                                     page.train(++seed);
                                     waitFor(scored);
                                 }))
              << '\n';
    double sigma = 2.0;
    std::cout << bench::describe("sigma edit -> scores shown (150 ms debounce included)",
                                 bench::timeRuns(5, [&] {
                                     QSignalSpy scored(&page, &ui::PhasesPage::scoresReady);
                                     sigma = sigma == 2.0 ? 1.5 : 2.0;
                                     page.sigmaSpin()->setValue(sigma);
                                     waitFor(scored);
                                 }))
              << '\n';
    std::cout << bench::describe("GUI thread: select + draw the 20,000-row container",
                                 bench::timeRuns(5, [&] {
                                     page.selectContainer(0);
                                     page.selectContainer(100);
                                     page.usagePlot()->replot(QCustomPlot::rpImmediateRefresh);
                                 }))
              << '\n';
    int policy = 0;
    std::cout << bench::describe("GUI thread: switch the drawn policy (20,000-row container)",
                                 bench::timeRuns(5, [&] {
                                     policy = (policy + 1) % page.policyCombo()->count();
                                     page.policyCombo()->setCurrentIndex(policy);
                                     page.usagePlot()->replot(QCustomPlot::rpImmediateRefresh);
                                 }))
              << '\n';
    std::printf("peak RSS: %.1f MiB\n", bench::peakRssMiB());
    std::filesystem::remove_all(dir);
    return 0;
}
