#include "ui/analysis/figure_view.hpp"

#include "ui/analysis/figure_csv_export.hpp"
#include "ui/analysis/chart_palette.hpp"
#include "ui/analysis/chart_readout.hpp"
#include "ui/analysis/figure_plotter.hpp"
#include "ui/analysis/figure_table_model.hpp"
#include "ui/analysis/value_format.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace clens::ui::analysis {

FigureView::FigureView(QWidget* parent)
    : QWidget(parent)
    , logX_(new QCheckBox(tr("Log time axis"), this))
    , statisticLabel_(new QLabel(tr("Show:"), this))
    , statistic_(new QComboBox(this))
    , data_(new QPushButton(tr("Data"), this))
    , exportChart_(new QPushButton(tr("Export chart…"), this))
    , exportCsv_(new QPushButton(tr("Export CSV…"), this))
    , title_(new QLabel(this))
    , stack_(new QStackedWidget(this))
    , plotPage_(new QWidget(this))
    , plotLayout_(new QVBoxLayout(plotPage_))
    , table_(new QTableView(this))
    , model_(new FigureTableModel(this))
    , proxy_(new QSortFilterProxyModel(this))
    , message_(new QLabel(this))
    , notes_(new QLabel(this))
{
    logX_->setToolTip(tr("Durations span seconds to weeks: a log axis shows both ends"));
    data_->setCheckable(true);
    data_->setToolTip(tr("Show the numbers behind the chart"));
    exportChart_->setToolTip(tr("Save the chart as PNG, PDF or SVG"));
    exportCsv_->setToolTip(tr("Save the figure's table as CSV (exact values)"));
    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->addWidget(logX_);
    controls->addWidget(statisticLabel_);
    controls->addWidget(statistic_);
    controls->addStretch(1);
    controls->addWidget(data_);
    controls->addWidget(exportChart_);
    controls->addWidget(exportCsv_);

    QFont titleFont = title_->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    title_->setFont(titleFont);
    title_->setWordWrap(true);

    plotLayout_->setContentsMargins(0, 0, 0, 0);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(FigureTableModel::RawValueRole);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder);
    table_->setAlternatingRowColors(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->setVisible(false);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    message_->setAlignment(Qt::AlignCenter);
    message_->setWordWrap(true);
    message_->setTextFormat(Qt::RichText);
    message_->setMargin(24);
    stack_->addWidget(plotPage_);
    stack_->addWidget(table_);
    stack_->addWidget(message_);

    notes_->setWordWrap(true);
    notes_->setTextFormat(Qt::RichText);
    notes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette notesPalette = notes_->palette();
    notesPalette.setColor(QPalette::WindowText, chart_palette::noteText());
    notes_->setPalette(notesPalette);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(title_);
    layout->addWidget(stack_, 1);
    layout->addWidget(notes_);

    connect(logX_, &QCheckBox::toggled, this, &FigureView::setLogX);
    connect(statistic_, &QComboBox::currentIndexChanged, this, [this] { replot(); });
    connect(data_, &QPushButton::toggled, this, &FigureView::setShowData);
    connect(message_, &QLabel::linkActivated, this, &FigureView::messageLinkActivated);
    connect(exportChart_, &QPushButton::clicked, this, &FigureView::chooseChartFile);
    connect(exportCsv_, &QPushButton::clicked, this, &FigureView::chooseCsvFile);
    connect(table_, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const auto source = proxy_->mapToSource(index);
        if (source.isValid())
            emit rowActivated(source.row());
    });
    showMessage({}, {});
}

void FigureView::setFigure(std::shared_ptr<const Figure> figure, TimeBase timeBase)
{
    const bool sameFigure = figure_ && figure && figure_->name == figure->name;
    figure_ = std::move(figure);
    timeBase_ = timeBase;
    model_->setFigure(figure_);
    table_->resizeColumnsToContents();
    const auto caps = figure_ ? plotCapabilities(*figure_) : PlotCapabilities{};
    {
        const QSignalBlocker block(statistic_);
        const QString previous = statistic_->currentData().toString();
        statistic_->clear();
        for (const auto& [id, label] : caps.statistics)
            statistic_->addItem(label, QString::fromStdString(id));
        const int keep = statistic_->findData(previous);
        statistic_->setCurrentIndex(keep >= 0 ? keep : 0);
    }
    if (!sameFigure) {
        const QSignalBlocker block(logX_);
        logX_->setChecked(caps.logXByDefault);
    }
    replot();
}

void FigureView::showMessage(const QString& title, const QString& message)
{
    figure_.reset();
    model_->setFigure(nullptr);
    delete plot_;
    plot_ = nullptr;
    title_->setText(title);
    title_->setVisible(!title.isEmpty());
    message_->setText(message);
    stack_->setCurrentWidget(message_);
    notes_->clear();
    notes_->setVisible(false);
    footnotes_.clear();
    updateControls();
}

void FigureView::setDecorator(Decorator decorator)
{
    decorator_ = std::move(decorator);
    replot();
}

void FigureView::setTableTitleVisible(bool visible)
{
    tableTitle_ = visible;
    replot();
}

bool FigureView::showsChart() const
{
    return plot_ != nullptr && stack_->currentWidget() == plotPage_;
}

bool FigureView::logX() const
{
    return logX_->isChecked();
}

void FigureView::setLogX(bool on)
{
    if (logX_->isChecked() != on) {
        logX_->setChecked(on); // re-enters through toggled
        return;
    }
    replot();
}

void FigureView::setStatistic(const QString& column)
{
    const int i = statistic_->findData(column);
    if (i >= 0)
        statistic_->setCurrentIndex(i);
}

void FigureView::setShowData(bool on)
{
    if (data_->isChecked() != on) {
        data_->setChecked(on);
        return;
    }
    replot();
}

void FigureView::replot()
{
    if (!figure_)
        return;
    delete plot_;
    plot_ = nullptr;
    const auto caps = plotCapabilities(*figure_);
    QStringList notes;
    for (const auto& n : figure_->notes)
        notes << QString::fromStdString(n);
    if (caps.chart && !data_->isChecked()) {
        plot_ = new QCustomPlot(plotPage_);
        plot_->setMinimumHeight(260);
        plot_->setMouseTracking(true);
        connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
            const QString text = chartReadout(*plot_, event->position());
            if (text.isEmpty())
                QToolTip::hideText();
            else
                QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
        });
        PlotOptions o;
        o.logX = logX_->isChecked() && caps.logXPossible;
        o.statistic = statistic_->currentData().toString().toStdString();
        o.timeBase = timeBase_;
        notes = plotFigure(*plot_, *figure_, o) + notes;
        if (decorator_)
            decorator_(*plot_, *figure_);
        plot_->replot();
        plotLayout_->addWidget(plot_);
        stack_->setCurrentWidget(plotPage_);
        title_->setVisible(false);
    } else {
        stack_->setCurrentWidget(table_);
        title_->setText(QString::fromStdString(figure_->title));
        title_->setVisible(tableTitle_);
    }
    footnotes_ = notes;
    QString html;
    for (const auto& n : notes)
        html += QStringLiteral("<li>%1</li>").arg(n.toHtmlEscaped());
    notes_->setText(html.isEmpty() ? QString() : QStringLiteral("<ul style=\"margin-left:-20px\">%1</ul>").arg(html));
    notes_->setVisible(!html.isEmpty());
    updateControls();
}

void FigureView::updateControls()
{
    const auto caps = figure_ ? plotCapabilities(*figure_) : PlotCapabilities{};
    const bool chart = caps.chart && !data_->isChecked();
    logX_->setVisible(chart && caps.logXPossible);
    statisticLabel_->setVisible(chart && !caps.statistics.empty());
    statistic_->setVisible(chart && !caps.statistics.empty());
    data_->setVisible(caps.chart);
    exportChart_->setEnabled(plot_ != nullptr);
    exportCsv_->setEnabled(figure_ != nullptr);
}

ChartExportOptions FigureView::exportDefaults() const
{
    return ChartExportOptions::titled(figure_ ? QString::fromStdString(figure_->title) : QString(), QSize(1200, 750));
}

QString FigureView::exportChart(const QString& path, const ChartExportOptions& options)
{
    if (!plot_)
        return tr("This figure has no chart to export (export its table as CSV)");
    // The chart's own title line says the export's title (one title, in the chart's style).
    ChartFrame frame = chartFrame(options, description_, footnotes_);
    auto* title = plot_->plotLayout()->hasElement(0, 0) ? qobject_cast<QCPTextElement*>(plot_->plotLayout()->element(0, 0)) : nullptr;
    const QString shown = title ? title->text() : QString();
    if (title) {
        title->setText(frame.title);
        frame.drawTitle = false;
    }
    const QString error = exportPlot(*plot_, path, options.size.isEmpty() ? QSize(1200, 750) : options.size, frame);
    if (title)
        title->setText(shown);
    return error;
}

QString FigureView::exportCsv(const QString& path) const
{
    if (!figure_)
        return tr("No figure to export");
    return exportFigureCsv(*figure_, path);
}

void FigureView::chooseChartFile()
{
    if (!figure_)
        return;
    const auto request = askChartExport(this, tr("Export chart"), QString::fromStdString(figure_->name) + QStringLiteral(".png"), exportDefaults());
    if (!request)
        return;
    if (const auto error = exportChart(request->path, request->options); !error.isEmpty())
        QMessageBox::warning(this, tr("Export chart"), error);
}

void FigureView::chooseCsvFile()
{
    if (!figure_)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export table"), QString::fromStdString(figure_->name) + QStringLiteral(".csv"),
                                                      tr("CSV file (*.csv)"));
    if (path.isEmpty())
        return;
    if (const auto error = exportCsv(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export table"), error);
}

} // namespace clens::ui::analysis
