// Not a test: renders the Analysis and Compare pages on the Philly sample (default scenario as
// the baseline, strict VC quotas as the current result) and writes PNG grabs of every figure
// plus the PDF report, to look at the pages as a user would. Regenerates docs/analysis-page.png
// and docs/compare-page.png:
//   xvfb-run -s "-screen 0 1600x1000x24" build/default/tests/ui/analysis_screenshots OUT_DIR
// (or OUT_DIR demo, or OUT_DIR TRACE CLUSTER: baseline = default, current = never relax to any.)
#include "tests/common/test_support.hpp"
#include "tests/ui/analysis_inputs.hpp"
#include "ui/analysis/analysis_page.hpp"
#include "ui/analysis/compare_page.hpp"
#include "ui/analysis/figure_view.hpp"
#include "ui/analysis/report_writer.hpp"

#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QListWidget>
#include <QTabWidget>

#include <iostream>

using namespace clens;

namespace {

void waitFor(QObject* sender, const char* signal)
{
    QEventLoop loop;
    QObject::connect(sender, signal, &loop, SLOT(quit()));
    loop.exec();
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QString out = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("screens");
    // OUT_DIR [demo | TRACE CLUSTER]: the Philly sample by default.
    const QString which = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    const bool demo = which == QLatin1String("demo");
    const bool other = !which.isEmpty() && !demo && argc > 3;
    QDir().mkpath(out);
    const auto in = demo    ? test::loadInputs(test::samplePath("demo/cluster.csv"), test::samplePath("demo/jobs.csv"))
                    : other ? test::loadInputs(argv[3], argv[2])
                            : test::loadInputs(test::samplePath("philly/cluster_machine_list"),
                                               test::samplePath("philly/philly_jobs_pollux.csv"));
    Scenario whatIf;
    if (demo || other)
        whatIf.locality.relaxToAnyAfter_s = std::nullopt;
    else
        whatIf = test::phillyQuotaScenario(test::samplePath("philly/philly_vc_nodes.csv"));
    std::cerr << "simulating…\n";
    const auto baseline = test::simulateShared(in);
    const auto current = test::simulateShared(in, whatIf);
    std::cerr << "mean delay baseline " << baseline->summary.meanQueueDelay_s << " s, current "
              << current->summary.meanQueueDelay_s << " s\n";

    ui::analysis::AnalysisPage page;
    page.resize(1500, 940);
    page.show();
    page.setSource(in.trace, in.cluster, current);
    page.setBaseline(baseline);
    waitFor(&page, SIGNAL(figuresReady()));
    for (const bool sim : {true, false}) {
        page.showSimulation(sim);
        for (int i = 0; i < page.figureList()->count(); ++i) {
            page.figureList()->setCurrentRow(i);
            QApplication::processEvents();
            const auto name = page.selectedFigure();
            page.grab().save(QStringLiteral("%1/analysis-%2-%3.png").arg(out, sim ? "sim" : "trace", name));
        }
    }
    page.showSimulation(true);
    page.selectFigure(QStringLiteral("delay_causes"));
    page.figureView()->setStatistic(QStringLiteral("hours"));
    QApplication::processEvents();
    page.grab().save(out + QStringLiteral("/analysis-delay-causes-hours.png"));
    page.figureView()->setStatistic(QStringLiteral("shares"));
    page.selectFigure(QStringLiteral("queue_delay_cdf_by_vc"));
    QApplication::processEvents();
    page.grab().save(out + QStringLiteral("/analysis-page.png"));
    std::cerr << "report: " << page.writeReport(out + QStringLiteral("/report.pdf")).toStdString() << "\n";

    ui::analysis::ComparePage compare;
    compare.resize(1500, 940);
    compare.show();
    compare.setResults(baseline, current);
    waitFor(&compare, SIGNAL(comparisonReady()));
    QApplication::processEvents();
    compare.grab().save(out + QStringLiteral("/compare-page.png"));
    compare.setResults(nullptr, current);
    QApplication::processEvents();
    compare.grab().save(out + QStringLiteral("/compare-empty.png"));
    return 0;
}
