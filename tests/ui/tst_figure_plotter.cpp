// plotFigure draws any figure from its kind: hand-made figures check what a reader relies on —
// step CDFs on a log time axis (0 s at 1 s, said in a note), the fraction axis zoomed when
// every series starts high, delay causes stacked in the cause colours (shares or hours), bars
// by series showing the chosen statistic, one time-series panel per column with fractions in %,
// and the resource figures of a hand-computed simulation (resource_fixture.hpp).
#include "core/analysis/figures.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "tests/common/resource_fixture.hpp"
#include "ui/analysis/chart_palette.hpp"
#include "ui/analysis/chart_readout.hpp"
#include "ui/analysis/figure_plotter.hpp"

#include <QDir>
#include <QTest>

#include <cmath>
#include <qcustomplot.h>

using namespace clens;
namespace an = clens::ui::analysis;

namespace {

Figure delayCdf(double firstFraction)
{
    Figure f;
    f.name = "queue_delay_cdf_by_size";
    f.title = "Queueing delay by job size";
    f.kind = FigureKind::Cdf;
    f.x = {"Queueing delay", "s", {"queue_delay_s"}};
    f.y = {"Fraction of jobs", "", {"fraction"}};
    f.seriesColumn = "series";
    f.addTextColumn("series");
    f.addNumberColumn("queue_delay_s", "s");
    f.addNumberColumn("fraction");
    // Two series from 0 s to a day: their first point holds firstFraction of the jobs.
    for (const char* s : {"1", "all"}) {
        f.appendRow({std::string(s), 0.0, firstFraction});
        f.appendRow({std::string(s), 600.0, (1 + firstFraction) / 2});
        f.appendRow({std::string(s), 86400.0, 1.0});
    }
    return f;
}

// Two samples an hour apart of two panels: allocated GPUs (4, 8) and utilization (0.25, 0.5).
Figure clusterSeries()
{
    Figure f;
    f.name = "cluster_series";
    f.title = "Cluster over time";
    f.kind = FigureKind::TimeSeries;
    f.x = {"Time", "s", {"t_s"}};
    f.y = {"Value", "", {"allocated_gpus", "effective_util"}};
    f.addNumberColumn("t_s", "s");
    f.addNumberColumn("allocated_gpus", "GPUs");
    f.addNumberColumn("effective_util", "fraction");
    f.appendRow({0.0, 4.0, 0.25});
    f.appendRow({3600.0, 8.0, 0.5});
    return f;
}

Figure causes()
{
    Figure f;
    f.name = "delay_causes";
    f.title = "Queueing delay by cause and job size";
    f.kind = FigureKind::Bars;
    f.x = {"Job size (GPUs)", "", {"size_bucket"}};
    f.y = {"Share of waiting time", "%", {"fairshare_pct", "fragmentation_pct", "capacity_pct"}};
    f.addTextColumn("size_bucket");
    for (const char* c : {"queue_delay_h", "fairshare_h", "fragmentation_h", "capacity_h"})
        f.addNumberColumn(c, "h");
    for (const char* c : {"fairshare_pct", "fragmentation_pct", "capacity_pct"})
        f.addNumberColumn(c, "%");
    // 1-GPU jobs waited 4 h: 1 h fair share (25%), 3 h capacity (75%).
    f.appendRow({std::string("1"), 4.0, 1.0, 0.0, 3.0, 25.0, 0.0, 75.0});
    return f;
}

std::vector<QCPBars*> bars(QCustomPlot& plot)
{
    std::vector<QCPBars*> out;
    for (int i = 0; i < plot.plottableCount(); ++i)
        if (auto* b = qobject_cast<QCPBars*>(plot.plottable(i)))
            out.push_back(b);
    return out;
}

} // namespace

class TestFigurePlotter : public QObject {
    Q_OBJECT
private slots:
    void delayCdfOnLogTimeAxis();
    void fractionAxisZoomsWhenEverySeriesStartsHigh();
    void causesStackInCauseColours();
    void barsBySeriesShowTheChosenStatistic();
    void timeSeriesHasOnePanelPerColumn();
    void tablesHaveNoChart();
    void resourceFiguresPlotEachResource_data();
    void resourceFiguresPlotEachResource();
    void readoutSaysWhatTheMousePointsAt();
};

void TestFigurePlotter::delayCdfOnLogTimeAxis()
{
    const auto f = delayCdf(0.3);
    const auto caps = an::plotCapabilities(f);
    QVERIFY(caps.chart);
    QVERIFY(caps.logXPossible);
    QVERIFY(caps.logXByDefault); // 0 s .. 1 day
    QCustomPlot plot;
    an::PlotOptions o;
    o.logX = true;
    const auto remarks = an::plotFigure(plot, f, o);
    QCOMPARE(plot.graphCount(), 2);
    QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(remarks.join(' ').contains(QStringLiteral("0 s values are drawn at 1 s")));
    auto* g = plot.graph(0);
    QCOMPARE(g->lineStyle(), QCPGraph::lsStepLeft);
    // Rises from 0 at its first value (clamped to 1 s): (1, 0), (1, 0.3), (600, 0.65), (86400, 1).
    QCOMPARE(g->data()->size(), 4);
    QCOMPARE(g->data()->at(0)->key, 1.0);
    QCOMPARE(g->data()->at(0)->value, 0.0);
    QCOMPARE(g->data()->at(1)->value, 0.3);
    QCOMPARE(plot.yAxis->range().lower, 0.0);
    // Named ticks at least 0.6 decades apart, so that their labels do not run into each other
    // on a chart half a window wide (1 s .. 1 year is 7.5 decades): "10 h" beside "1 day" did.
    const auto ticks = qSharedPointerCast<QCPAxisTickerText>(plot.xAxis->ticker())->ticks().keys();
    QVERIFY(ticks.size() >= 8);
    for (int i = 1; i < ticks.size(); ++i)
        QVERIFY2(std::log10(ticks[i] / ticks[i - 1]) >= 0.6, qPrintable(QString::number(ticks[i])));
    // Linear: the axis is in the unit that reads best (a day -> hours), said in its title.
    QCustomPlot linear;
    an::plotFigure(linear, f);
    QCOMPARE(linear.xAxis->scaleType(), QCPAxis::stLinear);
    QCOMPARE(linear.xAxis->label(), QStringLiteral("Queueing delay (h)"));
    QCOMPARE(linear.graph(0)->data()->at(2)->key, 600.0 / 3600);
}

void TestFigurePlotter::fractionAxisZoomsWhenEverySeriesStartsHigh()
{
    // 93% of every series waited 0 s: the axis starts at floor((0.93 - 0.02) * 20) / 20 = 0.9.
    QCustomPlot plot;
    const auto remarks = an::plotFigure(plot, delayCdf(0.93));
    QCOMPARE(plot.yAxis->range().lower, 0.9);
    QVERIFY(remarks.join(' ').contains(QStringLiteral("starts at 0.90")));
    QVERIFY(remarks.join(' ').contains(QStringLiteral("at least 93%")));
    QCustomPlot low;
    an::plotFigure(low, delayCdf(0.4));
    QCOMPARE(low.yAxis->range().lower, 0.0);
}

void TestFigurePlotter::causesStackInCauseColours()
{
    const auto f = causes();
    const auto caps = an::plotCapabilities(f);
    QCOMPARE(caps.statistics.size(), std::size_t{2}); // shares, hours
    QCustomPlot plot;
    an::plotFigure(plot, f);
    auto b = bars(plot);
    QCOMPARE(b.size(), std::size_t{3});
    QCOMPARE(b[0]->brush().color(), an::chart_palette::fairshare());
    QCOMPARE(b[1]->brush().color(), an::chart_palette::fragmentation());
    QCOMPARE(b[2]->brush().color(), an::chart_palette::capacity());
    QCOMPARE(b[1]->barBelow(), b[0]); // stacked, fair share at the bottom
    QCOMPARE(b[2]->barBelow(), b[1]);
    QCOMPARE(b[2]->data()->at(0)->value, 75.0);
    QCOMPARE(plot.yAxis->label(), QStringLiteral("Share of waiting time (%)"));

    an::PlotOptions hours;
    hours.statistic = caps.statistics[1].first;
    QCustomPlot inHours;
    an::plotFigure(inHours, f, hours);
    b = bars(inHours);
    QCOMPARE(b[0]->data()->at(0)->value, 1.0);
    QCOMPARE(b[2]->data()->at(0)->value, 3.0);
    QCOMPARE(inHours.yAxis->label(), QStringLiteral("Waiting time (h)"));
}

void TestFigurePlotter::barsBySeriesShowTheChosenStatistic()
{
    Figure f;
    f.name = "queue_delay_vs_servers";
    f.title = "Queueing delay by number of servers used";
    f.kind = FigureKind::Bars;
    f.x = {"Servers used", "", {"servers"}};
    f.y = {"Queueing delay", "s", {"mean_delay_s", "p95_delay_s"}};
    f.seriesColumn = "size_bucket";
    f.addTextColumn("size_bucket");
    f.addNumberColumn("servers");
    f.addNumberColumn("mean_delay_s", "s");
    f.addNumberColumn("p95_delay_s", "s");
    f.appendRow({std::string("5-8"), 1.0, 60.0, 90.0});
    f.appendRow({std::string("5-8"), 2.0, 30.0, 45.0});
    f.appendRow({std::string(">8"), 2.0, 0.0, 0.0});
    const auto caps = an::plotCapabilities(f);
    QCOMPARE(caps.statistics.size(), std::size_t{2});
    an::PlotOptions o;
    o.statistic = "p95_delay_s";
    QCustomPlot plot;
    an::plotFigure(plot, f, o);
    const auto b = bars(plot);
    QCOMPARE(b.size(), std::size_t{2}); // one bar set per size bucket
    QCOMPARE(b[0]->name(), QStringLiteral("5-8 GPUs"));
    QCOMPARE(b[0]->data()->size(), 2);
    QCOMPARE(b[0]->data()->at(0)->value, 90.0); // p95 in s (under 2 min: seconds)
    QCOMPARE(b[0]->barsGroup(), b[1]->barsGroup());
    QVERIFY(b[0]->barsGroup() != nullptr);
    QCOMPARE(plot.yAxis->label(), QStringLiteral("Queueing delay (s)"));
}

void TestFigurePlotter::timeSeriesHasOnePanelPerColumn()
{
    const Figure f = clusterSeries();
    QCustomPlot plot;
    an::plotFigure(plot, f);
    QCOMPARE(plot.axisRectCount(), 2);
    QCOMPARE(plot.graphCount(), 2);
    QCOMPARE(plot.graph(1)->data()->at(1)->value, 50.0); // a fraction is drawn in %
    QCOMPARE(plot.axisRect(0)->axis(QCPAxis::atLeft)->label(), QStringLiteral("Allocated GPUs"));
    QCOMPARE(plot.axisRect(1)->axis(QCPAxis::atLeft)->label(), QStringLiteral("Effective utilization (%)"));
    // Relative time since the first submission, in minutes (the span is under 2 h).
    QCOMPARE(plot.graph(0)->data()->at(1)->key, 60.0);
}

void TestFigurePlotter::resourceFiguresPlotEachResource_data()
{
    QTest::addColumn<bool>("capacityKnown");
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<double>("cpuAt10"); // drawn value of the first panel at t = 10 s
    QTest::newRow("capacity known: % of 32 cores and 128 GB")
        << true << QStringList{QStringLiteral("CPU reserved (%)"), QStringLiteral("Memory reserved (%)")} << 100.0 * 17 / 32;
    QTest::newRow("capacity unknown: cores and GB")
        << false << QStringList{QStringLiteral("CPU reserved (cores)"), QStringLiteral("Memory reserved (GB)")} << 17.0;
}

void TestFigurePlotter::resourceFiguresPlotEachResource()
{
    QFETCH(bool, capacityKnown);
    QFETCH(QStringList, labels);
    QFETCH(double, cpuAt10);
    const auto table = jobTableFromSimResult(*test::resourceResult(capacityKnown ? test::withServerDefaults()
                                                                                  : test::withoutServerDefaults()));
    QCustomPlot reserved;
    reserved.resize(800, 500);
    an::plotFigure(reserved, cpuMemReservedFigure(table));
    QCOMPARE(reserved.axisRectCount(), 2);
    for (int i = 0; i < 2; ++i)
        QCOMPARE(reserved.axisRect(i)->axis(QCPAxis::atLeft)->label(), labels.at(i));
    QCOMPARE(reserved.graph(0)->data()->at(1)->value, cpuAt10); // the sample at 10 s

    QCustomPlot fragmentation;
    fragmentation.resize(800, 300);
    an::plotFigure(fragmentation, gpuShareFragmentationFigure(table));
    QCOMPARE(fragmentation.axisRectCount(), 1);
    QCOMPARE(fragmentation.axisRect(0)->axis(QCPAxis::atLeft)->label(), QStringLiteral("GPU-share fragmentation (%)"));
    QCOMPARE(fragmentation.graph(0)->data()->at(1)->value, 100.0 / 11);
    if (qEnvironmentVariableIsSet("CLENS_SCREENSHOT_DIR")) {
        const QDir dir(qEnvironmentVariable("CLENS_SCREENSHOT_DIR"));
        QVERIFY(reserved.savePng(dir.filePath(QStringLiteral("cpu_mem_reserved-%1.png").arg(capacityKnown))));
        QVERIFY(fragmentation.savePng(dir.filePath(QStringLiteral("gpu_share_fragmentation.png"))));
    }
}

void TestFigurePlotter::tablesHaveNoChart()
{
    Figure f;
    f.kind = FigureKind::Table;
    f.addTextColumn("metric");
    f.appendRow({std::string("jobs")});
    QVERIFY(!an::plotCapabilities(f).chart);
    QCustomPlot plot;
    an::plotFigure(plot, f);
    QCOMPARE(plot.plottableCount(), 0);
}

void TestFigurePlotter::readoutSaysWhatTheMousePointsAt()
{
    // CDF (linear, in hours): at 720 s every series holds (1 + 0.3) / 2 = 65% of its jobs.
    QCustomPlot cdf;
    cdf.resize(800, 500);
    an::plotFigure(cdf, delayCdf(0.3));
    cdf.replot();
    const QPointF at(cdf.xAxis->coordToPixel(720.0 / 3600), cdf.yAxis->coordToPixel(0.5));
    QCOMPARE(an::chartReadout(cdf, at), QStringLiteral("Queueing delay ≤ 12 min\n1 GPU: 65.0% of jobs\nAll jobs: 65.0% of jobs"));
    QCOMPARE(an::chartReadout(cdf, QPointF(1, 1)), QString()); // outside the axes

    // Stacked causes: inside the fair-share segment (0..25%) of the 1-GPU stack.
    QCustomPlot bars;
    bars.resize(800, 500);
    an::plotFigure(bars, causes());
    bars.replot();
    QCOMPARE(an::chartReadout(bars, QPointF(bars.xAxis->coordToPixel(1), bars.yAxis->coordToPixel(10))),
             QStringLiteral("Fair-share — 1: 25.0%"));
    QCOMPARE(an::chartReadout(bars, QPointF(bars.xAxis->coordToPixel(0.5), bars.yAxis->coordToPixel(10))), QString());

    // Time series: the values of every panel at the pointed time (60 min after the start).
    const Figure f = clusterSeries();
    QCustomPlot series;
    series.resize(800, 500);
    an::plotFigure(series, f);
    series.replot();
    auto* lower = series.axisRect(1);
    const QPointF near60(lower->axis(QCPAxis::atBottom)->coordToPixel(58), lower->axis(QCPAxis::atLeft)->coordToPixel(20));
    QCOMPARE(an::chartReadout(series, near60), QStringLiteral("58 min\nAllocated GPUs: 8 GPUs\nEffective utilization: 50%"));
}

QTEST_MAIN(TestFigurePlotter)
#include "tst_figure_plotter.moc"
