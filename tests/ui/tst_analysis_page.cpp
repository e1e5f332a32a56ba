// The Analysis page on the demo trace and a real simulate() result: every catalog figure is
// listed (greyed with the reason when the source lacks it), the selected one is drawn, the
// trace / simulation toggle switches sources, and a newer source supersedes a stale one.
#include "core/analysis/figure_catalog.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "tests/common/test_support.hpp"
#include "tests/ui/analysis_inputs.hpp"
#include "ui/analysis/analysis_page.hpp"
#include "ui/analysis/figure_list_delegate.hpp"
#include "ui/analysis/figure_plotter.hpp"
#include "ui/analysis/figure_table_model.hpp"
#include "ui/analysis/figure_view.hpp"

#include <QListWidget>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QThreadPool>
#include <qcustomplot.h>

using namespace clens;
using namespace clens::test;

namespace {

SimInputs demo()
{
    static const auto in = loadInputs(samplePath("demo/cluster.csv"), samplePath("demo/jobs.csv"));
    return in;
}

bool waitReady(QSignalSpy& spy, int count = 1)
{
    while (spy.count() < count)
        if (!spy.wait(20000))
            return false;
    return true;
}

double summaryValue(const ui::analysis::AnalysisPage& page, const std::string& metric)
{
    const auto* f = page.shownFigures()->figure("summary");
    return f->number(*f->findRow("metric", metric), "value");
}

} // namespace

class TestAnalysisPage : public QObject {
    Q_OBJECT
private slots:
    void listsEveryFigureAndDrawsEachOne();
    void unavailableFiguresAreGreyedWithTheReason();
    void toggleSwitchesBetweenTraceAndSimulation();
    void newerSourceSupersedesStaleComputation();
    void traceFiguresAreReusedAcrossSimulations();
    void noSourceShowsEmptyState();
};

void TestAnalysisPage::listsEveryFigureAndDrawsEachOne()
{
    const auto in = demo();
    const auto result = simulateShared(in);
    ui::analysis::AnalysisPage page;
    page.resize(1200, 800);
    QSignalSpy ready(&page, &ui::analysis::AnalysisPage::figuresReady);
    page.setSource(in.trace, in.cluster, result);
    QVERIFY(page.isComputing());
    QVERIFY(waitReady(ready));
    QVERIFY(!page.isComputing());
    QVERIFY(page.showsSimulation());
    QCOMPARE(page.figureList()->count(), static_cast<int>(figureCatalog().size()));
    int charts = 0;
    for (int i = 0; i < page.figureList()->count(); ++i) {
        const auto name = page.figureList()->item(i)->data(ui::analysis::FigureListDelegate::NameRole).toString();
        QCOMPARE(name, QString::fromStdString(figureCatalog()[static_cast<std::size_t>(i)].name));
        page.figureList()->setCurrentRow(i);
        QCOMPARE(page.selectedFigure(), name);
        const auto* entry = page.shownFigures()->find(name.toStdString());
        QVERIFY(entry);
        if (!entry->figure)
            continue;
        auto* view = page.figureView();
        QCOMPARE(view->figure(), entry->figure.get());
        if (entry->figure->kind == FigureKind::Table) {
            QVERIFY2(view->plot() == nullptr, qPrintable(name));
            QCOMPARE(view->table()->model()->rowCount(), static_cast<int>(entry->figure->rowCount()));
            QVERIFY(view->table()->model()->rowCount() > 0);
        } else {
            QVERIFY2(view->plot() != nullptr, qPrintable(name));
            QVERIFY2(view->plot()->plottableCount() > 0, qPrintable(name));
            QVERIFY2(view->showsChart(), qPrintable(name));
            ++charts;
        }
    }
    // The demo simulation has every chart: size mix, 3 CDFs of delay/run time, causes, delay
    // vs servers, utilization CDF, status mix, cluster series, GPU-share fragmentation and
    // CPU/memory reserved (flat: the demo asks neither), and servers on with the power drawn
    // (every simulation models power); not CPU/memory used (no autoscaler).
    QCOMPARE(charts, 12);
}

void TestAnalysisPage::unavailableFiguresAreGreyedWithTheReason()
{
    // The native demo CSV records no start times: the trace has no delay figures.
    const auto in = demo();
    ui::analysis::AnalysisPage page;
    QSignalSpy ready(&page, &ui::analysis::AnalysisPage::figuresReady);
    page.setSource(in.trace, in.cluster, nullptr);
    QVERIFY(waitReady(ready));
    QVERIFY(!page.showsSimulation());
    const auto table = jobTableFromTrace(*in.trace, in.cluster.get());
    int unavailable = 0;
    for (int i = 0; i < page.figureList()->count(); ++i) {
        const auto* item = page.figureList()->item(i);
        const auto name = item->data(ui::analysis::FigureListDelegate::NameRole).toString().toStdString();
        const auto reason = figureUnavailable(name, table);
        QCOMPARE(item->data(ui::analysis::FigureListDelegate::AvailableRole).toBool(), !reason.has_value());
        if (reason) {
            ++unavailable;
            QVERIFY2(item->toolTip().contains(QString::fromStdString(*reason)), qPrintable(item->toolTip()));
        }
    }
    QVERIFY(unavailable >= 4);
    page.selectFigure(QStringLiteral("queue_delay_cdf_by_size"));
    QVERIFY(page.figureView()->figure() == nullptr);
    QVERIFY(page.figureView()->plot() == nullptr);
}

void TestAnalysisPage::toggleSwitchesBetweenTraceAndSimulation()
{
    const auto in = demo();
    ui::analysis::AnalysisPage page;
    QSignalSpy ready(&page, &ui::analysis::AnalysisPage::figuresReady);
    page.setSource(in.trace, in.cluster, simulateShared(in));
    QVERIFY(waitReady(ready));
    page.selectFigure(QStringLiteral("queue_delay_cdf_by_size"));
    QVERIFY(page.showsSimulation());
    QVERIFY(page.figureView()->plot() != nullptr);
    page.showSimulation(false);
    QVERIFY(!page.showsSimulation());
    QCOMPARE(page.selectedFigure(), QStringLiteral("queue_delay_cdf_by_size")); // the selection is kept
    QVERIFY(page.figureView()->plot() == nullptr);                              // not in the trace
    page.showSimulation(true);
    QVERIFY(page.showsSimulation());
    QVERIFY(page.figureView()->plot() != nullptr);
}

void TestAnalysisPage::newerSourceSupersedesStaleComputation()
{
    // Two results of the demo with different means (README: ~1,050 s with the default
    // relaxation, ~580 s when locality is never relaxed to any server).
    const auto in = demo();
    const auto relaxed = simulateShared(in);
    Scenario never;
    never.locality.relaxToAnyAfter_s = std::nullopt;
    const auto strict = simulateShared(in, never);
    QVERIFY(relaxed->summary.meanQueueDelay_s != strict->summary.meanQueueDelay_s);

    ui::analysis::AnalysisPage page;
    QSignalSpy ready(&page, &ui::analysis::AnalysisPage::figuresReady);
    page.setSource(in.trace, in.cluster, relaxed);
    page.setSource(in.trace, in.cluster, strict);
    QVERIFY(waitReady(ready));
    // Let the stale computation finish too: its result must be dropped.
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(ready.count(), 1);
    QCOMPARE(summaryValue(page, "mean_queue_delay_s"), strict->summary.meanQueueDelay_s);

    // The same the other way round, after a first result is shown.
    page.setSource(in.trace, in.cluster, strict);
    page.setSource(in.trace, in.cluster, relaxed);
    QVERIFY(waitReady(ready, 2));
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(ready.count(), 2);
    QCOMPARE(summaryValue(page, "mean_queue_delay_s"), relaxed->summary.meanQueueDelay_s);

    // While a newer result computes, a figure chosen meanwhile is the older result's, and its
    // export describes the older scenario (the default relaxation), not the newer one.
    const auto neverRelaxed = [](const QStringList& lines) {
        return lines.join(QLatin1Char('\n')).contains(QStringLiteral("never"), Qt::CaseInsensitive);
    };
    QVERIFY(!neverRelaxed(page.figureView()->description()));
    QString other;
    for (const auto& e : page.shownFigures()->entries)
        if (e.figure && QString::fromStdString(e.name) != page.selectedFigure() && other.isEmpty())
            other = QString::fromStdString(e.name);
    page.setSource(in.trace, in.cluster, strict);
    page.selectFigure(other);
    QCOMPARE(page.selectedFigure(), other);
    QVERIFY2(!neverRelaxed(page.figureView()->description()), qPrintable(page.figureView()->description().join(QLatin1Char('\n'))));
    QVERIFY(waitReady(ready, 3));
    QVERIFY2(neverRelaxed(page.figureView()->description()), qPrintable(page.figureView()->description().join(QLatin1Char('\n'))));
}

void TestAnalysisPage::traceFiguresAreReusedAcrossSimulations()
{
    // A knob change brings a new result for the same trace: the trace's own figures are kept,
    // a new cluster recomputes them.
    const auto in = demo();
    ui::analysis::AnalysisPage page;
    QSignalSpy ready(&page, &ui::analysis::AnalysisPage::figuresReady);
    page.setSource(in.trace, in.cluster, simulateShared(in));
    QVERIFY(waitReady(ready));
    page.showSimulation(false);
    const auto first = page.shownFigures();
    page.setSource(in.trace, in.cluster, simulateShared(in));
    QVERIFY(waitReady(ready, 2));
    QVERIFY(!page.showsSimulation()); // the user's choice of source is kept
    QVERIFY(page.shownFigures() == first);
    page.setSource(in.trace, std::make_shared<const Topology>(*in.cluster), simulateShared(in));
    QVERIFY(waitReady(ready, 3));
    QVERIFY(page.shownFigures() != first);
}

void TestAnalysisPage::noSourceShowsEmptyState()
{
    ui::analysis::AnalysisPage page;
    QSignalSpy ready(&page, &ui::analysis::AnalysisPage::figuresReady);
    page.setSource(nullptr, nullptr, nullptr);
    QCOMPARE(ready.count(), 1);
    QCOMPARE(page.figureList()->count(), 0);
    QVERIFY(page.shownFigures() == nullptr);
    QVERIFY(page.figureView()->figure() == nullptr);
    QVERIFY(!page.writeReport(QStringLiteral("/nonexistent/x.pdf")).isEmpty());
}

QTEST_MAIN(TestAnalysisPage)
#include "tst_analysis_page.moc"
