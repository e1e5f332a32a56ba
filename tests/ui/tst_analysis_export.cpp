// Exports: a chart to PNG / PDF / SVG, a figure to CSV (the CLI's bytes), and the PDF report
// (file exists, is a PDF, has the title page, metrics and one page per main figure).
#include "core/analysis/figure_export.hpp"
#include "tests/common/test_support.hpp"
#include "tests/ui/analysis_inputs.hpp"
#include "ui/analysis/analysis_figures.hpp"
#include "ui/analysis/figure_csv_export.hpp"
#include "ui/analysis/figure_view.hpp"
#include "ui/analysis/report_writer.hpp"
#include "ui/views/chart_export.hpp"
#include "ui/views/chart_export_dialog.hpp"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QComboBox>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <sstream>

using namespace clens;
using namespace clens::test;

namespace {

// The figures of the demo run that never relaxes to `any`.
std::shared_ptr<const ui::analysis::SourceFigures> neverFigures()
{
    static const auto figures = std::make_shared<const ui::analysis::SourceFigures>(
        *ui::analysis::computeSourceFigures(ui::analysis::simulationJobTable(*demoRuns().never), {}, {}));
    return figures;
}

// Page objects of a PDF ("/Type /Page", not "/Type /Pages").
int pdfPages(const QByteArray& pdf)
{
    int pages = 0;
    for (qsizetype at = pdf.indexOf("/Type /Page"); at >= 0; at = pdf.indexOf("/Type /Page", at + 1))
        pages += pdf.mid(at + 11, 1) != "s" ? 1 : 0;
    return pages;
}

// The number of distinct colours in an image (a blank or failed render has one or two).
int colours(const QImage& image)
{
    QSet<QRgb> seen;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            seen.insert(image.pixel(x, y));
    return static_cast<int>(seen.size());
}

} // namespace

class TestAnalysisExport : public QObject {
    Q_OBJECT
private slots:
    void chartExports_data();
    void chartExports();
    void tableFigureHasNoChartToExport();
    void chartExportIsFramedForAReport();
    void csvExportIsTheCliCsv();
    void reportWithBaseline();
    void reportOfTheTraceAlone();
    void reportToAnUnwritablePathFails();
    void svgCurvesStayInTheirAxisRect();
    void exportDialogRemembersEachChartsSize();
};

void TestAnalysisExport::chartExports_data()
{
    QTest::addColumn<QString>("figure");
    QTest::addColumn<QString>("suffix");
    for (const char* f : {"queue_delay_cdf_by_size", "delay_causes", "cluster_series"})
        for (const char* s : {"png", "svg", "pdf"})
            QTest::newRow(qPrintable(QStringLiteral("%1.%2").arg(QLatin1String(f), QLatin1String(s)))) << f << s;
}

void TestAnalysisExport::chartExports()
{
    QFETCH(QString, figure);
    QFETCH(QString, suffix);
    ui::analysis::FigureView view;
    view.resize(900, 600);
    view.setFigure(neverFigures()->find(figure.toStdString())->figure);
    QVERIFY(view.plot() != nullptr);
    QTemporaryDir dir;
    const QString path = dir.filePath(figure + QLatin1Char('.') + suffix);
    QCOMPARE(view.exportChart(path), QString());
    const auto bytes = readAll(path);
    if (suffix == QLatin1String("png")) {
        QImage image;
        QVERIFY(image.loadFromData(bytes, "PNG"));
        QCOMPARE(image.size(), QSize(2400, 1500)); // 1200 x 750 at twice the resolution
        QVERIFY(colours(image) > 8);
    } else if (suffix == QLatin1String("svg")) {
        QSvgRenderer svg(bytes);
        QVERIFY(svg.isValid());
        QCOMPARE(svg.viewBox(), QRect(0, 0, 1200, 750));
        QVERIFY(bytes.contains("<path") || bytes.contains("<polyline"));
        QImage image(600, 375, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        svg.render(&painter);
        painter.end();
        QVERIFY(colours(image) > 8);
    } else {
        QVERIFY(bytes.startsWith("%PDF"));
        QCOMPARE(pdfPages(bytes), 1);
    }
}

void TestAnalysisExport::tableFigureHasNoChartToExport()
{
    ui::analysis::FigureView view;
    view.setFigure(neverFigures()->find("summary")->figure);
    QVERIFY(view.plot() == nullptr);
    QTemporaryDir dir;
    QVERIFY(!view.exportChart(dir.filePath(QStringLiteral("x.png"))).isEmpty());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));
    QVERIFY(!ui::exportPlot(*std::make_unique<QCustomPlot>(), dir.filePath(QStringLiteral("x.gif"))).isEmpty());
}

void TestAnalysisExport::chartExportIsFramedForAReport()
{
    // A figure's chart exported for a report carries the title asked for, the page's
    // description of the run and, always, the notes shown under the chart on screen (a caveat
    // such as "the fraction axis starts at 0.90" is part of the chart).
    ui::analysis::FigureView view;
    view.resize(900, 600);
    const ui::analysis::SourceFigures::Entry* chosen = nullptr;
    for (const auto& e : neverFigures()->entries) {
        if (!e.figure)
            continue;
        view.setFigure(e.figure);
        if (view.plot() && !view.footnotes().isEmpty()) {
            chosen = &e;
            break;
        }
    }
    QVERIFY2(chosen, "no demo figure has a chart with notes under it");
    QCOMPARE(view.exportDefaults().title, QString::fromStdString(chosen->figure->title));
    view.setDescription({QStringLiteral("Trace: the demo"), QStringLiteral("Scenario: never relax")});
    ui::ChartExportOptions o = view.exportDefaults();
    o.title = QStringLiteral("Figure 3. Waits on the demo");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("framed.svg"));
    const auto text = [&] {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    };
    QCOMPARE(view.exportChart(path, o), QString());
    QString svg = text();
    // The chart's own title line says it, once; the document is titled by it too.
    QVERIFY(svg.contains(QStringLiteral("<title>Figure 3. Waits on the demo</title>")));
    QCOMPARE(svg.count(QStringLiteral("Figure 3. Waits on the demo")), 2);
    QVERIFY(!svg.contains(QString::fromStdString(chosen->figure->title).toHtmlEscaped()));
    QVERIFY(svg.contains(QStringLiteral("Trace: the demo")));
    QVERIFY(svg.contains(QStringLiteral("Scenario: never relax")));
    for (const QString& note : view.footnotes()) // notes wrap: look for their first words
        QVERIFY2(svg.contains(note.section(QLatin1Char(' '), 0, 2).toHtmlEscaped()), qPrintable(note));
    // Without the description, the notes still go with the chart.
    o.describe = false;
    QCOMPARE(view.exportChart(path, o), QString());
    svg = text();
    QVERIFY(!svg.contains(QStringLiteral("Trace: the demo")));
    QVERIFY(svg.contains(view.footnotes().front().section(QLatin1Char(' '), 0, 2).toHtmlEscaped()));
    // The PNG is the size asked for at the resolution asked for.
    o.size = QSize(800, 500);
    o.pngScale = 3;
    const QString png = dir.filePath(QStringLiteral("framed.png"));
    QCOMPARE(view.exportChart(png, o), QString());
    QCOMPARE(QImage(png).size(), QSize(2400, 1500));
    if (qEnvironmentVariableIsSet("CLENS_SCREENSHOT_DIR")) { // for a person to look at
        o.describe = true;
        o.pngScale = 1;
        QCOMPARE(view.exportChart(QDir(qEnvironmentVariable("CLENS_SCREENSHOT_DIR")).filePath(QStringLiteral("figure-export.png")), o), QString());
    }
}

void TestAnalysisExport::csvExportIsTheCliCsv()
{
    const auto& f = neverFigures()->find("vc_table")->figure;
    ui::analysis::FigureView view;
    view.setFigure(f);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("vc_table.csv"));
    QCOMPARE(view.exportCsv(path), QString());
    std::ostringstream expected;
    writeFigureCsv(expected, *f);
    QCOMPARE(readAll(path), QByteArray::fromStdString(expected.str()));
    QVERIFY(!view.exportCsv(dir.filePath(QStringLiteral("missing/dir/x.csv"))).isEmpty());
}

void TestAnalysisExport::reportWithBaseline()
{
    ui::analysis::ReportInput in;
    in.trace = demoRuns().in.trace;
    in.cluster = demoRuns().in.cluster;
    in.result = demoRuns().never;
    in.baseline = demoRuns().relaxed;
    in.figures = neverFigures();
    ui::analysis::ReportWriter writer(in);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QCOMPARE(writer.write(path), QString());
    const auto pdf = readAll(path);
    QVERIFY(pdf.startsWith("%PDF"));
    // Title, metrics, every report figure the demo simulation has (9 charts and 2 tables),
    // then the comparison: JCT change, delay CDFs, and the changed jobs.
    int figures = 0;
    for (const auto& name : ui::analysis::ReportWriter::reportFigures())
        figures += neverFigures()->figure(name) ? 1 : 0;
    QCOMPARE(figures, 11);
    QVERIFY(writer.pageCount() >= 2 + figures + 3);
    QCOMPARE(pdfPages(pdf), writer.pageCount());
    // The title page's contents: headline metrics, each figure, the three comparison sections,
    // each at the page it was then written on, in order, after the title page.
    const auto& contents = writer.contents();
    QCOMPARE(static_cast<int>(contents.size()), 1 + figures + 3);
    QCOMPARE(contents.front().first, QStringLiteral("Headline metrics"));
    QVERIFY(contents.front().second >= 2);
    QVERIFY(contents == writer.sectionsWritten());
    for (std::size_t i = 1; i < contents.size(); ++i)
        QVERIFY(contents[i].second > contents[i - 1].second);
    QVERIFY(contents.back().second <= writer.pageCount());
}

void TestAnalysisExport::reportOfTheTraceAlone()
{
    // No simulation and no precomputed figures: the writer computes the trace's own.
    ui::analysis::ReportInput in;
    in.trace = demoRuns().in.trace;
    in.cluster = demoRuns().in.cluster;
    ui::analysis::ReportWriter writer(in);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace.pdf"));
    QCOMPARE(writer.write(path), QString());
    const auto pdf = readAll(path);
    QVERIFY(pdf.startsWith("%PDF"));
    QVERIFY(pdfPages(pdf) > 1);
    QCOMPARE(pdfPages(pdf), writer.pageCount());
}

void TestAnalysisExport::reportToAnUnwritablePathFails()
{
    ui::analysis::ReportInput in;
    in.trace = demoRuns().in.trace;
    in.cluster = demoRuns().in.cluster;
    in.result = demoRuns().never;
    in.figures = neverFigures();
    ui::analysis::ReportWriter writer(in);
    QVERIFY(!writer.write(QStringLiteral("/nonexistent-dir/report.pdf")).isEmpty());
}

void TestAnalysisExport::svgCurvesStayInTheirAxisRect()
{
    // A step line over keys 0, 10, ..., 100 shown over [25, 55] (a zoomed timeline): QSvgGenerator
    // writes no clip paths, so the export cuts the data at the range; every point of the SVG's
    // polylines lies within the axis rect's x pixels, and the plot keeps its data after.
    QCustomPlot plot;
    plot.resize(600, 300);
    auto* g = plot.addGraph();
    g->setLineStyle(QCPGraph::lsStepLeft);
    for (int k = 0; k <= 100; k += 10)
        g->addData(k, k % 20 == 0 ? 1.0 : 2.0);
    plot.xAxis->setRange(25, 55);
    plot.yAxis->setRange(0, 3);
    plot.replot();
    const QRect rect = plot.axisRect()->rect();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cut.svg"));
    QCOMPARE(ui::exportPlot(plot, path, plot.size()), QString());
    QCOMPARE(g->data()->size(), 11);
    const QString svg = QString::fromUtf8(readAll(path));
    const QRegularExpression points(QStringLiteral("points=\"([^\"]*)\""));
    int checked = 0;
    for (auto m = points.globalMatch(svg); m.hasNext();) {
        for (const auto& pair : m.next().captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const double x = pair.section(QLatin1Char(','), 0, 0).toDouble();
            QVERIFY2(x >= rect.left() - 1 && x <= rect.right() + 1, qPrintable(pair));
            ++checked;
        }
    }
    QVERIFY(checked >= 4); // the cut line: at 25, the steps at 30, 40, 50, and at 55
}

// The size is the chart's own (a map and a timeline have different shapes); the resolution and
// the description are the user's, for every chart.
void TestAnalysisExport::exportDialogRemembersEachChartsSize()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().remove(QStringLiteral("chartExport"));
    const auto timelines = ui::ChartExportOptions::titled(QStringLiteral("Timelines"), QSize(1600, 900));
    const auto packing = ui::ChartExportOptions::titled(QStringLiteral("Packing"), QSize(1200, 750));
    {
        ui::ChartExportDialog dialog(timelines, QStringLiteral("timelines"));
        const auto spins = dialog.findChildren<QSpinBox*>();
        QCOMPARE(spins.size(), 2);
        spins[0]->setValue(2400);
        spins[1]->setValue(600);
        auto* scale = dialog.findChild<QComboBox*>();
        scale->setCurrentIndex(scale->findData(3.0));
        dialog.remember();
    }
    const ui::ChartExportDialog again(timelines, QStringLiteral("timelines"));
    QCOMPARE(again.options().size, QSize(2400, 600));
    QCOMPARE(again.options().pngScale, 3.0);
    const ui::ChartExportDialog other(packing, QStringLiteral("packing"));
    QCOMPARE(other.options().size, QSize(1200, 750)); // its own default, not the timelines' choice
    QCOMPARE(other.options().pngScale, 3.0);
    QCOMPARE(other.options().title, QStringLiteral("Packing"));
    QSettings().remove(QStringLiteral("chartExport"));
}

QTEST_MAIN(TestAnalysisExport)
#include "tst_analysis_export.moc"
