#include "ui/analysis/analysis_page.hpp"

#include "ui/analysis/figure_list_delegate.hpp"
#include "ui/analysis/figure_view.hpp"
#include "ui/analysis/latest_task_runner.hpp"
#include "ui/analysis/report_writer.hpp"
#include "ui/analysis/run_description.hpp"
#include "ui/analysis/value_format.hpp"

#include <QApplication>
#include <QButtonGroup>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QSplitter>
#include <QVBoxLayout>

namespace clens::ui::analysis {

namespace {

QString kindName(FigureKind k)
{
    switch (k) {
    case FigureKind::Cdf:
        return QStringLiteral("CDF");
    case FigureKind::Bars:
        return QStringLiteral("bars");
    case FigureKind::Table:
        return QStringLiteral("table");
    case FigureKind::TimeSeries:
        return QStringLiteral("time series");
    }
    return {};
}

} // namespace

AnalysisPage::AnalysisPage(QWidget* parent)
    : QWidget(parent)
    , runner_(new LatestTaskRunner(this))
    , heading_(new QLabel(this))
    , status_(new QLabel(this))
    , traceSource_(new QRadioButton(tr("Trace — what happened"), this))
    , simSource_(new QRadioButton(tr("Simulation — what would happen"), this))
    , report_(new QPushButton(tr("Save PDF report…"), this))
    , list_(new QListWidget(this))
    , view_(new FigureView(this))
{
    QFont headingFont = heading_->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.15);
    headingFont.setBold(true);
    heading_->setFont(headingFont);
    status_->setWordWrap(true);
    traceSource_->setToolTip(tr("The figures of the trace as recorded: recorded delays and placements, when the format has them"));
    simSource_->setToolTip(tr("The figures of the current simulation of the trace under the scenario"));
    auto* group = new QButtonGroup(this);
    group->addButton(traceSource_);
    group->addButton(simSource_);
    report_->setToolTip(tr("A PDF with the inputs, the headline metrics (and deltas against the pinned baseline) and every main figure"));

    auto* top = new QHBoxLayout;
    auto* titles = new QVBoxLayout;
    titles->addWidget(heading_);
    titles->addWidget(status_);
    top->addLayout(titles, 1);
    top->addWidget(traceSource_);
    top->addWidget(simSource_);
    top->addSpacing(12);
    top->addWidget(report_);

    list_->setItemDelegate(new FigureListDelegate(list_));
    list_->setMinimumWidth(260);
    list_->setUniformItemSizes(true);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(list_);
    splitter->addWidget(view_);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({330, 1000});

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0) {
            wanted_ = list_->item(row)->data(FigureListDelegate::NameRole).toString();
            showSelected();
        }
    });
    connect(simSource_, &QRadioButton::toggled, this, [this](bool on) {
        if (on != showsSimulation() || !shown_)
            showSimulation(on);
    });
    connect(report_, &QPushButton::clicked, this, &AnalysisPage::saveReport);
    connect(view_, &FigureView::messageLinkActivated, this, [this] { showSimulation(!showsSimulation()); });
    updateHeader();
    view_->showMessage(tr("No trace loaded"), tr("Open a trace to see the figures of the Philly study for it."));
}

bool AnalysisPage::isComputing() const
{
    return runner_->busy();
}

bool AnalysisPage::showsSimulation() const
{
    return shown_ && shown_->kind == JobTableSource::Simulation;
}

QString AnalysisPage::selectedFigure() const
{
    return wanted_;
}

void AnalysisPage::setSource(std::shared_ptr<const Trace> trace, std::shared_ptr<const Topology> cluster,
                             std::shared_ptr<const SimResult> result)
{
    // The trace's own figures do not change with the scenario: keep them for the same inputs.
    std::shared_ptr<const SourceFigures> traceFigures;
    if (outcome_ && trace == trace_ && cluster == cluster_)
        traceFigures = outcome_->trace;
    trace_ = std::move(trace);
    cluster_ = std::move(cluster);
    result_ = std::move(result);
    if (!trace_ && !result_) {
        runner_->cancel();
        outcome_.reset();
        shown_.reset();
        fillList();
        updateHeader();
        view_->showMessage(tr("No trace loaded"), tr("Open a trace to see the figures of the Philly study for it."));
        emit figuresReady();
        return;
    }
    AnalysisInputs inputs{trace_, cluster_, result_, traceFigures};
    runner_->run<std::shared_ptr<const AnalysisOutcome>>(
        [inputs](const LatestTaskRunner::StaleFn& stale) {
            return std::make_shared<const AnalysisOutcome>(computeAnalysis(inputs, stale));
        },
        [this](std::shared_ptr<const AnalysisOutcome> outcome) { onOutcome(std::move(outcome)); },
        [this](const QString& error) {
            auto failed = std::make_shared<AnalysisOutcome>();
            failed->error = error.toStdString();
            onOutcome(std::move(failed));
        });
    updateHeader();
}

void AnalysisPage::setBaseline(std::shared_ptr<const SimResult> baseline)
{
    baseline_ = std::move(baseline);
}

void AnalysisPage::onOutcome(std::shared_ptr<const AnalysisOutcome> outcome)
{
    if (!outcome || !outcome->error.empty()) {
        const QString message = outcome ? QString::fromStdString(outcome->error) : tr("the analysis failed unexpectedly");
        outcome_.reset();
        shown_.reset();
        fillList();
        updateHeader();
        view_->showMessage(tr("The figures could not be computed"), message.toHtmlEscaped());
        emit computationFailed(message);
        return;
    }
    outcome_ = std::move(outcome);
    showSimulation(preferSimulation_);
    emit figuresReady();
}

void AnalysisPage::showSimulation(bool simulation)
{
    if (!outcome_)
        return;
    if (outcome_->simulation || outcome_->trace)
        preferSimulation_ = simulation;
    const bool useSim = outcome_->simulation && (simulation || !outcome_->trace);
    shown_ = useSim ? std::shared_ptr<const SourceFigures>(outcome_, &*outcome_->simulation) : outcome_->trace;
    fillList();
    updateHeader();
}

void AnalysisPage::fillList()
{
    const QSignalBlocker block(list_);
    list_->clear();
    int select = -1;
    if (shown_) {
        for (const auto& e : shown_->entries) {
            auto* item = new QListWidgetItem(QString::fromStdString(e.title), list_);
            item->setData(FigureListDelegate::NameRole, QString::fromStdString(e.name));
            item->setData(FigureListDelegate::AvailableRole, e.figure != nullptr);
            item->setData(FigureListDelegate::DetailRole,
                          e.figure ? kindName(e.figure->kind) : QStringLiteral("not available"));
            item->setToolTip(e.figure ? QString::fromStdString(e.title)
                                      : tr("Not available: %1").arg(QString::fromStdString(e.unavailable)));
            if (QString::fromStdString(e.name) == wanted_)
                select = list_->count() - 1;
        }
        if (select < 0 && list_->count() > 0)
            select = 0;
    }
    list_->setCurrentRow(select);
    if (select >= 0)
        wanted_ = list_->item(select)->data(FigureListDelegate::NameRole).toString();
    showSelected();
}

void AnalysisPage::selectFigure(const QString& name)
{
    for (int i = 0; i < list_->count(); ++i)
        if (list_->item(i)->data(FigureListDelegate::NameRole).toString() == name) {
            list_->setCurrentRow(i); // shows it through currentRowChanged
            return;
        }
    wanted_ = name; // applied when the figures arrive
}

void AnalysisPage::showSelected()
{
    if (!shown_)
        return;
    const auto* e = shown_->find(wanted_.toStdString());
    if (!e) {
        view_->showMessage({}, tr("Choose a figure on the left."));
        return;
    }
    if (!e->figure) {
        QString html = tr("<p><b>Not available for %1.</b></p><p>%2</p>")
                           .arg(showsSimulation() ? tr("this simulation") : tr("the trace as recorded"),
                                QString::fromStdString(e->unavailable).toHtmlEscaped());
        const SourceFigures* other = showsSimulation() ? outcome_->trace.get()
                                     : outcome_->simulation ? &*outcome_->simulation
                                                            : nullptr;
        if (other && other->figure(e->name))
            html += tr("<p><a href=\"other\">Show it for the %1</a></p>")
                        .arg(showsSimulation() ? tr("trace as recorded") : tr("simulation"));
        view_->showMessage(QString::fromStdString(e->title), html);
        return;
    }
    // Described by the inputs the figures came from: while newer ones compute, the figure shown
    // is still the older one's.
    const AnalysisInputs& in = outcome_->inputs;
    const TimeBase timeBase = in.trace ? in.trace->meta.timeBase : TimeBase::Relative;
    const auto cluster = in.result && in.result->cluster ? in.result->cluster : in.cluster;
    QStringList description;
    if (showsSimulation() && in.result)
        description = describeRun(in.trace.get(), cluster.get(), in.result->scenario);
    else if (in.trace)
        description << tr("Trace: %1, as recorded (not simulated)").arg(describeTrace(*in.trace));
    view_->setDescription(description);
    view_->setFigure(e->figure, timeBase);
}

void AnalysisPage::updateHeader()
{
    const bool both = outcome_ && outcome_->simulation && outcome_->trace;
    traceSource_->setEnabled(both);
    simSource_->setEnabled(both);
    traceSource_->setVisible(outcome_ != nullptr);
    simSource_->setVisible(outcome_ != nullptr);
    {
        const QSignalBlocker a(traceSource_), b(simSource_);
        simSource_->setChecked(showsSimulation());
        traceSource_->setChecked(shown_ && !showsSimulation());
    }
    report_->setEnabled(shown_ != nullptr);
    heading_->setText(trace_ ? traceName(*trace_) : tr("Analysis"));
    QStringList parts;
    if (trace_)
        parts << describeTrace(*trace_).section(QStringLiteral(": "), 1);
    const auto cluster = result_ && result_->cluster ? result_->cluster : cluster_;
    if (cluster)
        parts << tr("on %1").arg(describeCluster(*cluster));
    if (shown_)
        parts << tr("figures of %1 jobs from the %2").arg(formatPlainNumber(static_cast<double>(shown_->jobs)),
                                                         showsSimulation() ? tr("simulation") : tr("trace as recorded"));
    if (runner_->busy())
        parts << tr("computing…");
    else if (outcome_ && !outcome_->simulation)
        parts << tr("no simulation yet: run one to see what would happen");
    status_->setText(parts.join(QStringLiteral(" · ")));
}

QString AnalysisPage::writeReport(const QString& path) const
{
    if (!shown_)
        return tr("No figures yet");
    ReportInput in;
    in.trace = trace_;
    in.cluster = cluster_;
    in.result = showsSimulation() ? result_ : nullptr;
    in.baseline = showsSimulation() ? baseline_ : nullptr;
    in.figures = shown_;
    ReportWriter writer(in);
    return writer.write(path);
}

void AnalysisPage::saveReport()
{
    const QString suggested = (trace_ ? QFileInfo(traceName(*trace_)).completeBaseName() : QStringLiteral("clusterlens")) +
                              QStringLiteral("-report.pdf");
    const QString path = QFileDialog::getSaveFileName(this, tr("Save PDF report"), suggested, tr("PDF document (*.pdf)"));
    if (path.isEmpty())
        return;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QString error = writeReport(path);
    QApplication::restoreOverrideCursor();
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Save PDF report"), error);
}

} // namespace clens::ui::analysis
