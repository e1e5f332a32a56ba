// The Analysis and Compare pages at Philly scale (82,247 jobs on 552 servers; baseline = the
// default scenario, current = strict VC quotas of nodes x 8 GPUs): computing every figure of
// the simulation and of the trace, the same after a knob change (the trace's figures reused),
// the comparison, drawing each chart, the page from setSource to figuresReady, and the PDF
// report. Prints figures, asserts nothing.
#include "bench/bench_util.hpp"
#include "core/io/trace_format.hpp"
#include "core/sim/simulator.hpp"
#include "core/util/csv_reader.hpp"
#include "ui/analysis/analysis_figures.hpp"
#include "ui/analysis/analysis_page.hpp"
#include "ui/analysis/compare_figures.hpp"
#include "ui/analysis/figure_plotter.hpp"
#include "ui/analysis/report_writer.hpp"

#include <QApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QTemporaryDir>
#include <qcustomplot.h>

#include <cstdio>

using namespace clens;
namespace an = clens::ui::analysis;

namespace {

Scenario quotaScenario(const std::string& vcNodes)
{
    Scenario s;
    s.quota.mode = QuotaMode::Strict;
    CsvReader csv(vcNodes);
    csv.next();
    while (csv.next())
        s.quota.vcGpus[std::string(csv.field(0))] = 8 * std::stoll(std::string(csv.field(1)));
    return s;
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const std::string dir = CLENS_SAMPLE_DIR "/philly/";
    auto trace = std::make_shared<const Trace>(loadTrace(dir + "philly_jobs_pollux.csv"));
    auto cluster = std::make_shared<const Topology>(loadClusterForTrace(dir + "cluster_machine_list", *trace));
    SimOptions noOccupancy;
    noOccupancy.recordOccupancy = false;
    auto baseline = std::make_shared<const SimResult>(simulate(cluster, trace, Scenario{}, noOccupancy));
    auto current = std::make_shared<const SimResult>(simulate(cluster, trace, quotaScenario(dir + "philly_vc_nodes.csv"), noOccupancy));
    std::printf("Philly sample: %zu jobs, %d servers, %d GPUs\n", trace->jobs.size(), cluster->serverCount(), cluster->gpuCount());

    std::shared_ptr<const an::SourceFigures> traceFigures;
    an::AnalysisOutcome outcome;
    const auto all = bench::timeRuns(3, [&] {
        outcome = an::computeAnalysis({trace, cluster, current, nullptr});
        traceFigures = outcome.trace;
    });
    std::printf("%s\n", bench::describe("every figure of the simulation and of the trace", all).c_str());
    const auto simOnly = bench::timeRuns(3, [&] { an::computeAnalysis({trace, cluster, current, traceFigures}); });
    std::printf("%s\n", bench::describe("after a knob change (the trace's figures reused)", simOnly).c_str());
    const auto cmp = bench::timeRuns(3, [&] { an::computeComparison(*baseline, *current); });
    std::printf("%s\n", bench::describe("comparison baseline vs current", cmp).c_str());

    double slowest = 0;
    std::string slowestName;
    for (const auto& e : outcome.simulation->entries) {
        if (!e.figure || !an::plotCapabilities(*e.figure).chart)
            continue;
        const auto t = bench::median(bench::timeRuns(3, [&] {
            QCustomPlot plot;
            plot.resize(1100, 700);
            an::plotFigure(plot, *e.figure);
            plot.replot(QCustomPlot::rpImmediateRefresh);
            plot.toPixmap(1100, 700);
        }));
        if (t > slowest) {
            slowest = t;
            slowestName = e.name;
        }
    }
    std::printf("slowest chart to build and draw (1100 x 700): %.3f s (%s)\n", slowest, slowestName.c_str());

    an::AnalysisPage page;
    page.resize(1500, 940);
    page.show();
    const auto pageRuns = bench::timeRuns(3, [&] {
        QEventLoop loop;
        QObject::connect(&page, &an::AnalysisPage::figuresReady, &loop, &QEventLoop::quit);
        page.setSource(trace, cluster, current);
        loop.exec();
    });
    std::printf("%s\n", bench::describe("Analysis page: setSource -> figuresReady (knob change)", pageRuns).c_str());

    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("report.pdf"));
    int pages = 0;
    const auto report = bench::timeRuns(3, [&] {
        an::ReportInput in{trace, cluster, current, baseline, page.shownFigures(), nullptr};
        an::ReportWriter writer(in);
        writer.write(path);
        pages = writer.pageCount();
    });
    std::printf("%s\n", bench::describe("PDF report with a baseline", report).c_str());
    std::printf("  %d pages, %.0f KiB\n", pages, static_cast<double>(QFileInfo(path).size()) / 1024);
    std::printf("peak RSS %.0f MiB\n", bench::peakRssMiB());
    return 0;
}
