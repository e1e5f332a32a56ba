#include "ui/analysis/report_writer.hpp"

#include "ui/analysis/chart_palette.hpp"
#include "ui/analysis/figure_plotter.hpp"
#include "ui/analysis/figure_table_model.hpp"
#include "ui/analysis/run_description.hpp"
#include "ui/analysis/value_format.hpp"

#include <QAbstractTextDocumentLayout>
#include <QDateTime>
#include <QFileInfo>
#include <QPageLayout>
#include <QPdfWriter>
#include <QTextDocument>
#include <qcustomplot.h>

#include <cmath>

namespace clens::ui::analysis {

namespace {

QString esc(const QString& s) { return s.toHtmlEscaped(); }
QString esc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

const char* kStyle = "<style>"
                     "body { color: #202428; }"
                     "h1 { font-size: 26pt; margin-bottom: 4px; }"
                     "h2 { font-size: 15pt; margin-top: 14px; margin-bottom: 6px; }"
                     ".sub { color: #5a6069; font-size: 12pt; }"
                     ".note { color: #5a6069; font-size: 8.5pt; }"
                     "table { border-collapse: collapse; }"
                     "th { background: #eef0f3; text-align: left; padding: 3px 8px; font-size: 8.5pt; }"
                     "td { padding: 2px 8px; font-size: 8.5pt; border-bottom: 1px solid #e3e6ea; }"
                     "td.num { text-align: right; }"
                     ".better { color: #1b7f3b; } .worse { color: #c0392b; }"
                     "</style>";

// A figure's table as HTML, formatted like the on-screen tables.
QString figureTableHtml(const Figure& f, int maxRows = 5000) // every row a report's tables have in practice
{
    FigureTableModel model;
    model.setFigure(std::make_shared<const Figure>(f));
    QString html = QStringLiteral("<table width=\"100%\"><tr>");
    for (int c = 0; c < model.columnCount(); ++c)
        html += QStringLiteral("<th>%1</th>").arg(esc(model.headerData(c, Qt::Horizontal).toString()));
    html += QStringLiteral("</tr>");
    const int rows = std::min(model.rowCount(), maxRows);
    for (int r = 0; r < rows; ++r) {
        html += QStringLiteral("<tr>");
        for (int c = 0; c < model.columnCount(); ++c) {
            const auto index = model.index(r, c);
            const bool number = model.data(index, Qt::TextAlignmentRole).isValid();
            html += QStringLiteral("<td%1>%2</td>").arg(number ? QStringLiteral(" class=\"num\"") : QString(),
                                                       esc(model.data(index).toString()));
        }
        html += QStringLiteral("</tr>");
    }
    html += QStringLiteral("</table>");
    if (model.rowCount() > rows)
        html += QStringLiteral("<p class=\"note\">First %1 of %2 rows; the full table is in the figure's CSV export.</p>")
                    .arg(rows)
                    .arg(model.rowCount());
    return html;
}

QString notesHtml(const QStringList& notes)
{
    if (notes.isEmpty())
        return {};
    QString html = QStringLiteral("<ul class=\"note\" style=\"margin-left:-18px\">");
    for (const auto& n : notes)
        html += QStringLiteral("<li>%1</li>").arg(esc(n));
    return html + QStringLiteral("</ul>");
}

QStringList figureNotes(const Figure& f)
{
    QStringList out;
    for (const auto& n : f.notes)
        out << QString::fromStdString(n);
    return out;
}

// Paints pages on a PDF: text as HTML documents (paged when long), charts with QCustomPlot.
// A dry run paints nothing and only counts the pages (for the table of contents).
class Pages {
public:
    Pages(QPdfWriter& writer, QString footer, bool dry = false)
        : writer_(writer)
        , footer_(std::move(footer))
        , dry_(dry)
    {
        if (!dry_) {
            painter_.begin(&writer_);
            painter_.setMode(QCPPainter::pmVectorized);
            painter_.setMode(QCPPainter::pmNoCaching);
        }
        area_ = areaOf(writer_);
    }
    ~Pages()
    {
        if (!dry_)
            painter_.end();
    }
    bool ok() { return dry_ || painter_.isActive(); }
    int count() const { return count_; }

    static QRectF areaOf(const QPdfWriter& writer) { return QRectF(0, 0, writer.width(), writer.height() - kFooter); }
    // How many pages html() would take.
    static int pagesOf(QPdfWriter& writer, const QString& body)
    {
        QTextDocument doc;
        doc.documentLayout()->setPaintDevice(&writer);
        doc.setHtml(QString::fromLatin1(kStyle) + body);
        doc.setPageSize(areaOf(writer).size());
        return std::max(1, doc.pageCount());
    }

    void newPage()
    {
        if (dry_) {
            ++count_;
            return;
        }
        if (count_ > 0)
            writer_.newPage();
        ++count_;
        painter_.save();
        QFont f = painter_.font();
        f.setPointSizeF(8);
        painter_.setFont(f);
        painter_.setPen(chart_palette::noteText());
        painter_.drawText(QRectF(0, area_.bottom() + 4, area_.width(), kFooter - 4), Qt::AlignRight | Qt::AlignVCenter,
                          QStringLiteral("%1 · page %2").arg(footer_).arg(count_));
        painter_.restore();
    }

    // HTML starting on a new page, continued on further pages as needed.
    void html(const QString& body)
    {
        QTextDocument doc;
        doc.documentLayout()->setPaintDevice(&writer_);
        doc.setHtml(QString::fromLatin1(kStyle) + body);
        doc.setPageSize(area_.size());
        const int pages = std::max(1, doc.pageCount());
        if (dry_) {
            count_ += pages;
            return;
        }
        for (int p = 0; p < pages; ++p) {
            newPage();
            painter_.save();
            painter_.translate(0, -p * area_.height());
            doc.drawContents(&painter_, QRectF(0, p * area_.height(), area_.width(), area_.height()));
            painter_.restore();
        }
    }

    // A chart filling the page, its notes (and an optional HTML block) underneath.
    void chart(const Figure& f, TimeBase timeBase, const QString& extraHtml = {})
    {
        newPage();
        if (dry_)
            return;
        QCustomPlot plot;
        PlotOptions o;
        const auto caps = plotCapabilities(f);
        o.logX = caps.logXByDefault;
        o.timeBase = timeBase;
        const auto notes = plotFigure(plot, f, o) + figureNotes(f);
        QTextDocument doc;
        doc.documentLayout()->setPaintDevice(&writer_);
        doc.setHtml(QString::fromLatin1(kStyle) + notesHtml(notes) + extraHtml);
        doc.setTextWidth(area_.width());
        const double textHeight = std::min(doc.size().height(), area_.height() * 0.4);
        const double chartHeight = area_.height() - textHeight - 8;
        painter_.save();
        plot.toPainter(&painter_, static_cast<int>(area_.width()), static_cast<int>(chartHeight));
        painter_.restore();
        painter_.save();
        painter_.translate(0, chartHeight + 8);
        doc.drawContents(&painter_, QRectF(0, 0, area_.width(), textHeight));
        painter_.restore();
    }

private:
    static constexpr double kFooter = 22;
    QPdfWriter& writer_;
    QCPPainter painter_;
    QString footer_;
    QRectF area_;
    int count_ = 0;
    bool dry_ = false;
};

using Contents = ReportWriter::Contents;

QString titlePageHtml(const ReportInput& in, const SourceFigures& figures, const CompareOutcome* cmp, const Contents& contents)
{
    QString html = QStringLiteral("<h1>ClusterLens report</h1>");
    const QString name = in.trace ? traceName(*in.trace) : QStringLiteral("(no trace)");
    html += QStringLiteral("<p class=\"sub\">%1 — %2</p>")
                .arg(esc(name), in.result ? QStringLiteral("what would happen: a simulation of the trace")
                                          : QStringLiteral("what happened: the trace as recorded"));
    html += QStringLiteral("<h2>Inputs</h2><table>");
    const auto row = [&](const QString& k, const QString& v) {
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(esc(k), esc(v));
    };
    if (in.trace)
        row(QStringLiteral("Trace"), describeTrace(*in.trace));
    const auto cluster = in.result && in.result->cluster ? in.result->cluster : in.cluster;
    if (cluster)
        row(QStringLiteral("Cluster"), describeCluster(*cluster));
    row(QStringLiteral("Figures from"), figures.kind == JobTableSource::Simulation
                                            ? QStringLiteral("the simulation (what would happen)")
                                            : QStringLiteral("the trace as recorded (what happened)"));
    row(QStringLiteral("Jobs analysed"), formatPlainNumber(static_cast<double>(figures.jobs)));
    html += QStringLiteral("</table>");
    if (in.result) {
        html += QStringLiteral("<h2>Scenario</h2><table>");
        for (const auto& [topic, setting] : scenarioSettings(in.result->scenario))
            row(topic, setting);
        html += QStringLiteral("</table>");
    }
    if (in.baseline && in.result) {
        html += QStringLiteral("<h2>Baseline</h2>");
        const auto diff = scenarioDifferences(in.baseline->scenario, in.result->scenario);
        if (diff.isEmpty())
            html += QStringLiteral("<p>The pinned baseline was simulated with the same scenario.</p>");
        else {
            html += QStringLiteral("<p>Deltas are against a pinned baseline whose scenario differs in:</p><ul>");
            for (const auto& d : diff)
                html += QStringLiteral("<li>%1</li>").arg(esc(d));
            html += QStringLiteral("</ul>");
        }
        if (cmp && !cmp->error.empty())
            html += QStringLiteral("<p class=\"worse\">No comparison: %1</p>").arg(esc(cmp->error));
    }
    if (!contents.empty()) {
        html += QStringLiteral("<h2>Contents</h2><table>");
        for (const auto& [title, page] : contents)
            html += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td></tr>").arg(esc(title)).arg(page);
        html += QStringLiteral("</table>");
    }
    html += QStringLiteral("<p class=\"note\"><br>Generated %1 by ClusterLens.</p>")
                .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd hh:mm")));
    return html;
}

QString summaryHtml(const SourceFigures& figures, const CompareOutcome* cmp)
{
    QString html = QStringLiteral("<h2>Headline metrics</h2>");
    if (cmp && cmp->metrics) {
        const auto& m = *cmp->metrics;
        html += QStringLiteral("<table width=\"100%\"><tr><th>Metric</th><th>Baseline</th><th>Current</th>"
                               "<th>Change</th><th>Change %</th></tr>");
        for (std::size_t r = 0; r < m.rowCount(); ++r) {
            const auto unit = m.text(r, "unit");
            const auto better = m.text(r, "better");
            const QString cls = better == "B" ? QStringLiteral(" better") : better == "A" ? QStringLiteral(" worse") : QString();
            const double pct = m.number(r, "delta_pct");
            html += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td><td class=\"num\">%3</td>"
                                   "<td class=\"num%6\">%4</td><td class=\"num%6\">%5</td></tr>")
                        .arg(esc(metricDisplayName(m.text(r, "metric"))), esc(formatValue(m.number(r, "a"), unit)),
                             esc(formatValue(m.number(r, "b"), unit)), esc(formatDelta(m.number(r, "delta"), unit)),
                             std::isnan(pct) ? QStringLiteral("–") : esc(formatDelta(pct, "%").replace(QStringLiteral(" pp"), QStringLiteral("%"))),
                             cls);
        }
        html += QStringLiteral("</table><p class=\"note\">Change = current − baseline; green = better, red = worse "
                               "(lower delays, JCT and waiting are better; higher allocation and utilization are better).</p>");
    } else if (const auto* s = figures.figure("summary")) {
        html += figureTableHtml(*s);
    }
    QString missing;
    for (const auto& e : figures.entries)
        if (!e.figure)
            missing += QStringLiteral("<li><b>%1</b>: %2</li>").arg(esc(e.title), esc(e.unavailable));
    if (!missing.isEmpty())
        html += QStringLiteral("<h2>Not available from this source</h2><ul class=\"note\">%1</ul>").arg(missing);
    return html;
}

} // namespace

const std::vector<std::string>& ReportWriter::reportFigures()
{
    static const std::vector<std::string> names{
        "size_mix",       "runtime_cdf",  "queue_delay_cdf_by_size", "queue_delay_cdf_by_vc", "delay_causes",
        "queue_delay_vs_servers", "gpu_util_cdf", "status_mix", "cluster_series", "queue_delay_stats_by_size",
        "vc_table",
    };
    return names;
}

ReportWriter::ReportWriter(ReportInput input)
    : in_(std::move(input))
{
}

QString ReportWriter::write(const QString& path)
{
    pages_ = 0;
    if (!in_.trace && !in_.result)
        return QStringLiteral("Nothing to report: load a trace first");
    auto figures = in_.figures;
    if (!figures) {
        AnalysisInputs ai{in_.trace, in_.cluster, in_.result};
        auto outcome = computeAnalysis(ai);
        if (!outcome.error.empty())
            return QString::fromStdString(outcome.error);
        if (in_.result && outcome.simulation)
            figures = std::make_shared<const SourceFigures>(std::move(*outcome.simulation));
        else
            figures = outcome.trace;
        if (!figures)
            return QStringLiteral("No figures to report");
    }
    auto cmp = in_.comparison;
    if (!cmp && in_.baseline && in_.result)
        cmp = std::make_shared<const CompareOutcome>(computeComparison(*in_.baseline, *in_.result));
    const TimeBase timeBase = in_.trace ? in_.trace->meta.timeBase : TimeBase::Relative;

    QPdfWriter writer(path);
    writer.setResolution(96);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape, QMarginsF(14, 12, 14, 10),
                                     QPageLayout::Millimeter));
    writer.setTitle(QStringLiteral("ClusterLens report"));
    writer.setCreator(QStringLiteral("ClusterLens"));
    const QString name = in_.trace ? traceName(*in_.trace) : QStringLiteral("simulation");
    const QString footer = QStringLiteral("ClusterLens report · %1").arg(name);
    const CompareOutcome* comparison = cmp.get();
    // Everything after the title page; each section's first page goes into `contents`.
    const auto body = [&](Pages& pages, Contents& contents) {
        const auto section = [&](const QString& title) { contents.emplace_back(title, pages.count() + 1); };
        section(QStringLiteral("Headline metrics"));
        pages.html(summaryHtml(*figures, comparison && comparison->metrics ? comparison : nullptr));
        for (const auto& fname : reportFigures()) {
            const auto* f = figures->figure(fname);
            if (!f)
                continue;
            section(QString::fromStdString(f->title));
            if (plotCapabilities(*f).chart)
                pages.chart(*f, timeBase);
            else
                pages.html(QStringLiteral("<h2>%1</h2>").arg(esc(f->title)) + figureTableHtml(*f) +
                           notesHtml(figureNotes(*f)));
        }
        if (comparison && comparison->metrics) {
            const auto& c = *comparison->comparison;
            const QString counts = QStringLiteral("<p>%1 jobs finished in both results: %2 sooner, %3 later, %4 unchanged.</p>")
                                       .arg(formatPlainNumber(static_cast<double>(c.finishedInBoth)),
                                            formatPlainNumber(static_cast<double>(c.faster)),
                                            formatPlainNumber(static_cast<double>(c.slower)),
                                            formatPlainNumber(static_cast<double>(c.unchanged)));
            section(QString::fromStdString(comparison->jctChangeCdf->title));
            pages.chart(*comparison->jctChangeCdf, timeBase, counts);
            section(QString::fromStdString(comparison->delayCdfs->title));
            pages.chart(*comparison->delayCdfs, timeBase);
            section(QString::fromStdString(comparison->jctChangeStats->title));
            pages.html(QStringLiteral("<h2>%1</h2>").arg(esc(comparison->jctChangeStats->title)) +
                       figureTableHtml(*comparison->jctChangeStats) + notesHtml(figureNotes(*comparison->jctChangeStats)) +
                       QStringLiteral("<h2>%1</h2>").arg(esc(comparison->topGainers->title)) +
                       figureTableHtml(*comparison->topGainers) +
                       QStringLiteral("<h2>%1</h2>").arg(esc(comparison->topLosers->title)) +
                       figureTableHtml(*comparison->topLosers) + notesHtml(figureNotes(*comparison->topLosers)));
        }
    };
    // A dry run finds where each section starts; the title page then lists them, its own length
    // (with the list) shifting them.
    Contents contents;
    {
        Pages dry(writer, footer, true);
        dry.html(titlePageHtml(in_, *figures, comparison, {}));
        body(dry, contents);
    }
    const int shift = Pages::pagesOf(writer, titlePageHtml(in_, *figures, comparison, contents))
                      - Pages::pagesOf(writer, titlePageHtml(in_, *figures, comparison, {}));
    for (auto& entry : contents)
        entry.second += shift;
    contents_ = contents;
    {
        Pages pages(writer, footer);
        if (!pages.ok())
            return QStringLiteral("Could not write %1").arg(path);
        pages.html(titlePageHtml(in_, *figures, comparison, contents));
        written_.clear();
        body(pages, written_);
        pages_ = pages.count();
    }
    if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0)
        return QStringLiteral("Could not write %1").arg(path);
    return {};
}

} // namespace clens::ui::analysis
