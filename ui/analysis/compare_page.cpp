#include "ui/analysis/compare_page.hpp"

#include "ui/analysis/figure_csv_export.hpp"
#include "ui/analysis/figure_table_model.hpp"
#include "ui/analysis/figure_view.hpp"
#include "ui/analysis/latest_task_runner.hpp"
#include "ui/analysis/metric_delta_model.hpp"
#include "ui/analysis/run_description.hpp"
#include "ui/analysis/value_format.hpp"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace clens::ui::analysis {

namespace {

const char* kEmptyText =
    "<h2>Nothing to compare yet</h2>"
    "<p>This page compares a pinned <b>baseline</b> with the <b>current</b> simulation result.</p>"
    "<ol><li>Run a simulation of the loaded trace.</li>"
    "<li>Click <b>Pin as baseline</b> in the Results panel of the Cluster page, or choose "
    "<b>Simulation → Pin Result as Baseline</b> (Ctrl+B) here.</li>"
    "<li>Change a scenario knob: the new result is compared with the baseline here.</li></ol>";

QLabel* sectionTitle(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    QFont f = label->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.1);
    label->setFont(f);
    return label;
}

void nameTopJobColumns(FigureView* view)
{
    auto* m = view->model();
    m->setHeaderOverride("job_id", QObject::tr("Job"));
    m->setHeaderOverride("jct_a_s", QObject::tr("JCT baseline"));
    m->setHeaderOverride("jct_b_s", QObject::tr("JCT current"));
    m->setHeaderOverride("delta_s", QObject::tr("JCT change"));
    m->setHeaderOverride("delta_pct", QObject::tr("Change %"));
    m->setHeaderOverride("queue_delay_a_s", QObject::tr("Wait baseline"));
    m->setHeaderOverride("queue_delay_b_s", QObject::tr("Wait current"));
    view->setTableTitleVisible(false);
}

// "← sooner in current | later in current →" on either side of the zero line.
void sideLabels(QCustomPlot& plot, const Figure& f)
{
    if (f.name != "jct_change_cdf")
        return;
    const auto range = plot.xAxis->range();
    if (!(range.lower < 0 && range.upper > 0))
        return;
    const auto add = [&](const QString& text, Qt::Alignment align) {
        auto* t = new QCPItemText(&plot);
        t->position->setCoords(0, 1.0);
        t->setPositionAlignment(align | Qt::AlignTop);
        t->setText(text);
        t->setColor(QColor(0x5a, 0x60, 0x69));
        t->setPadding(QMargins(6, 0, 6, 0));
    };
    add(QObject::tr("← sooner in current"), Qt::AlignRight);
    add(QObject::tr("later in current →"), Qt::AlignLeft);
}

} // namespace

// About 100 lines: a flat list of the page's figures and controls, in the order they show.
ComparePage::ComparePage(QWidget* parent)
    : QWidget(parent)
    , runner_(new LatestTaskRunner(this))
    , stack_(new QStackedWidget(this))
    , empty_(new QLabel(this))
    , content_(new QWidget(this))
    , heading_(new QLabel(content_))
    , scenarioDiff_(new QLabel(content_))
    , counts_(new QLabel(content_))
    , metricsModel_(new MetricDeltaModel(this))
    , metricsTable_(new QTableView(content_))
    , jctChoice_(new QComboBox(content_))
    , jctChange_(new FigureView(content_))
    , delays_(new FigureView(content_))
    , gainers_(new FigureView(content_))
    , losers_(new FigureView(content_))
{
    empty_->setAlignment(Qt::AlignCenter);
    empty_->setWordWrap(true);
    empty_->setTextFormat(Qt::RichText);
    empty_->setMargin(32);

    QFont headingFont = heading_->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.15);
    headingFont.setBold(true);
    heading_->setFont(headingFont);
    heading_->setText(tr("Baseline vs current result"));
    scenarioDiff_->setWordWrap(true);
    scenarioDiff_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    counts_->setWordWrap(true);

    metricsTable_->setModel(metricsModel_);
    metricsTable_->setAlternatingRowColors(true);
    metricsTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    metricsTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    metricsTable_->verticalHeader()->setVisible(false);
    metricsTable_->verticalHeader()->setDefaultSectionSize(metricsTable_->fontMetrics().height() + 8);
    connect(metricsTable_->horizontalHeader(), &QHeaderView::sectionResized, this, &ComparePage::fitMetricsTable);
    auto* exportMetrics = new QPushButton(tr("Export CSV…"), content_);
    connect(exportMetrics, &QPushButton::clicked, this, &ComparePage::exportMetrics);
    auto* metricsBox = new QWidget(content_);
    auto* metricsLayout = new QVBoxLayout(metricsBox);
    metricsLayout->setContentsMargins(0, 0, 0, 0);
    auto* metricsHead = new QHBoxLayout;
    metricsHead->addWidget(sectionTitle(tr("Headline metrics"), metricsBox), 1);
    metricsHead->addWidget(exportMetrics);
    metricsLayout->addLayout(metricsHead);
    metricsLayout->addWidget(metricsTable_, 1);
    auto* legend = new QLabel(tr("Change = current − baseline. <span style=\"color:#1b7f3b\"><b>Green</b></span>: better "
                                 "in the current result, <span style=\"color:#c0392b\"><b>red</b></span>: worse."),
                              metricsBox);
    legend->setWordWrap(true);
    metricsLayout->addWidget(legend);

    jctChange_->setDecorator(sideLabels);
    jctChoice_->addItem(tr("How much sooner or later (jobs that changed)"));
    jctChoice_->addItem(tr("Signed change by job size (all jobs)"));
    connect(jctChoice_, &QComboBox::currentIndexChanged, this, &ComparePage::showJctChange);
    auto* jctBox = new QWidget(content_);
    auto* jctLayout = new QVBoxLayout(jctBox);
    jctLayout->setContentsMargins(0, 0, 0, 0);
    auto* jctHead = new QHBoxLayout;
    jctHead->addWidget(sectionTitle(tr("Completion time (JCT) per job"), jctBox));
    jctHead->addStretch(1);
    jctHead->addWidget(jctChoice_);
    jctLayout->addLayout(jctHead);
    jctLayout->addWidget(jctChange_, 1);
    nameTopJobColumns(gainers_);
    nameTopJobColumns(losers_);
    auto* jobs = new QTabWidget(content_);
    jobs->addTab(gainers_, tr("Gained most (finished sooner)"));
    jobs->addTab(losers_, tr("Lost most (finished later)"));
    auto* jobsBox = new QWidget(content_);
    auto* jobsLayout = new QVBoxLayout(jobsBox);
    jobsLayout->setContentsMargins(0, 0, 0, 0);
    jobsLayout->addWidget(sectionTitle(tr("Jobs whose completion time changed most"), jobsBox));
    jobsLayout->addWidget(jobs, 1);
    auto* hint = new QLabel(tr("Double-click a job to select it in the cluster view."), jobsBox);
    jobsLayout->addWidget(hint);

    auto* top = new QSplitter(Qt::Horizontal, content_);
    top->addWidget(metricsBox);
    top->addWidget(jctBox);
    auto* bottom = new QSplitter(Qt::Horizontal, content_);
    bottom->addWidget(jobsBox);
    bottom->addWidget(delays_);
    auto* rows = new QSplitter(Qt::Vertical, content_);
    rows->addWidget(top);
    rows->addWidget(bottom);
    for (auto* s : {top, bottom}) {
        s->setStretchFactor(0, 1);
        s->setStretchFactor(1, 1);
        s->setSizes({700, 700});
    }

    auto* contentLayout = new QVBoxLayout(content_);
    contentLayout->addWidget(heading_);
    contentLayout->addWidget(scenarioDiff_);
    contentLayout->addWidget(counts_);
    contentLayout->addWidget(rows, 1);

    stack_->addWidget(empty_);
    stack_->addWidget(content_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(stack_);

    const auto activate = [this](const std::vector<int> CompareOutcome::*jobs) {
        return [this, jobs](int row) {
            if (!outcome_)
                return;
            const auto& list = (*outcome_).*jobs;
            if (row >= 0 && static_cast<std::size_t>(row) < list.size() && list[static_cast<std::size_t>(row)] >= 0)
                emit jobActivated(list[static_cast<std::size_t>(row)]);
        };
    };
    connect(gainers_, &FigureView::rowActivated, this, activate(&CompareOutcome::gainerJobs));
    connect(losers_, &FigureView::rowActivated, this, activate(&CompareOutcome::loserJobs));
    showEmpty(QString::fromUtf8(kEmptyText));
}

bool ComparePage::isComputing() const
{
    return runner_->busy();
}

bool ComparePage::hasComparison() const
{
    return outcome_ && outcome_->comparison && stack_->currentWidget() == content_;
}

QString ComparePage::message() const
{
    return stack_->currentWidget() == empty_ ? empty_->text() : QString();
}

void ComparePage::setResults(std::shared_ptr<const SimResult> baseline, std::shared_ptr<const SimResult> current)
{
    baseline_ = std::move(baseline);
    current_ = std::move(current);
    if (!baseline_ || !current_) {
        runner_->cancel();
        outcome_.reset();
        showEmpty(QString::fromUtf8(kEmptyText));
        emit comparisonReady();
        return;
    }
    const auto a = baseline_, b = current_;
    runner_->run<std::shared_ptr<const CompareOutcome>>(
        [a, b](const LatestTaskRunner::StaleFn& stale) { return std::make_shared<const CompareOutcome>(computeComparison(*a, *b, stale)); },
        [this](std::shared_ptr<const CompareOutcome> outcome) { onOutcome(std::move(outcome)); },
        [this](const QString& error) {
            auto failed = std::make_shared<CompareOutcome>();
            failed->error = error.toStdString();
            onOutcome(std::move(failed));
        });
    counts_->setText(tr("Comparing…"));
}

void ComparePage::showEmpty(const QString& html)
{
    empty_->setText(html);
    stack_->setCurrentWidget(empty_);
}

void ComparePage::onOutcome(std::shared_ptr<const CompareOutcome> outcome)
{
    outcome_ = std::move(outcome);
    if (!outcome_ || !outcome_->comparison) {
        const QString why = outcome_ ? QString::fromStdString(outcome_->error) : tr("the comparison failed unexpectedly");
        showEmpty(tr("<h2>These results cannot be compared</h2><p>%1</p><p>Pin a new baseline after loading a trace: "
                     "both results must be simulations of the same jobs.</p>")
                      .arg(why.toHtmlEscaped()));
        emit comparisonReady();
        return;
    }
    const auto& c = *outcome_->comparison;
    const auto diff = scenarioDifferences(baseline_->scenario, current_->scenario);
    scenarioDiff_->setText(diff.isEmpty() ? tr("Same scenario in both results.")
                                          : tr("Scenario changes since the baseline: %1").arg(diff.join(QStringLiteral("; "))));
    counts_->setText(tr("%1 jobs; of the %2 that finished in both: <b>%3 sooner</b>, <b>%4 later</b>, %5 unchanged.")
                         .arg(formatPlainNumber(static_cast<double>(c.jobs)), formatPlainNumber(static_cast<double>(c.finishedInBoth)),
                              formatPlainNumber(static_cast<double>(c.faster)), formatPlainNumber(static_cast<double>(c.slower)),
                              formatPlainNumber(static_cast<double>(c.unchanged))));
    metricsModel_->setFigure(outcome_->metrics);
    metricsTable_->resizeColumnsToContents();
    fitMetricsTable();
    const TimeBase timeBase = current_->trace ? current_->trace->meta.timeBase : TimeBase::Relative;
    QStringList description = describeRun(current_->trace.get(), current_->cluster.get(), current_->scenario);
    description.back() = diff.isEmpty() ? tr("Baseline and current: the same scenario")
                                        : tr("Current against the baseline: %1").arg(diff.join(QStringLiteral("; ")));
    for (auto* view : {jctChange_, delays_, gainers_, losers_})
        view->setDescription(description);
    showJctChange();
    delays_->setFigure(outcome_->delayCdfs, timeBase);
    if (outcome_->topGainers->rowCount() > 0)
        gainers_->setFigure(outcome_->topGainers, timeBase);
    else
        gainers_->showMessage({}, tr("No job finished sooner in the current result."));
    if (outcome_->topLosers->rowCount() > 0)
        losers_->setFigure(outcome_->topLosers, timeBase);
    else
        losers_->showMessage({}, tr("No job finished later in the current result."));
    stack_->setCurrentWidget(content_);
    emit comparisonReady();
}

void ComparePage::showJctChange()
{
    if (!outcome_ || !outcome_->comparison)
        return;
    const auto& c = *outcome_->comparison;
    if (jctChoice_->currentIndex() == 0 && c.faster + c.slower == 0) { // its empty table said nothing
        jctChange_->showMessage(jctChoice_->currentText(),
                                c.finishedInBoth > 0 ? tr("Every job that finished in both results finished at the same time.")
                                                     : tr("No job finished in both results."));
        return;
    }
    jctChange_->setFigure(jctChoice_->currentIndex() == 0 ? outcome_->jctChangeMagnitude : outcome_->jctChangeCdf);
}

void ComparePage::exportMetrics()
{
    if (!outcome_ || !outcome_->metrics)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export metric deltas"), QStringLiteral("compare_metrics.csv"),
                                                      tr("CSV file (*.csv)"));
    if (path.isEmpty())
        return;
    if (const auto error = exportFigureCsv(*outcome_->metrics, path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export metric deltas"), error);
}

// The metric names whole (at 1280 px they were cut to "M…" five times): the table keeps the width
// of its columns, up to 600 px, and the chart beside it gives way.
void ComparePage::fitMetricsTable()
{
    const auto* header = metricsTable_->horizontalHeader();
    int needed = 2 * metricsTable_->frameWidth() + metricsTable_->verticalScrollBar()->sizeHint().width() + 2;
    for (int c = 0; c < header->count(); ++c)
        needed += header->sectionSize(c);
    if (const int width = std::min(needed, 600); width != metricsTable_->minimumWidth())
        metricsTable_->setMinimumWidth(width);
}

} // namespace clens::ui::analysis
