#include "ui/views/chart_export_dialog.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QSpinBox>
#include <QToolButton>

namespace clens::ui {

namespace {
const QString kKey = QStringLiteral("chartExport/");
} // namespace

ChartExportDialog::ChartExportDialog(const ChartExportOptions& defaults, const QString& chart, QWidget* parent)
    : QDialog(parent)
    , title_(new QLineEdit(defaults.title, this))
    , width_(new QSpinBox(this))
    , height_(new QSpinBox(this))
    , scale_(new QComboBox(this))
    , describe_(new QCheckBox(tr("Write the trace, the scenario and the time range under the chart"), this))
    , sizeKey_(kKey + (chart.isEmpty() ? QStringLiteral("chart") : chart) + QLatin1Char('/'))
{
    setWindowTitle(tr("Export chart"));
    const QSettings settings;
    for (auto* box : {width_, height_}) {
        box->setRange(300, 8000);
        box->setSuffix(tr(" px"));
        box->setSingleStep(100);
    }
    width_->setValue(settings.value(sizeKey_ + QStringLiteral("width"), defaults.size.width()).toInt());
    height_->setValue(settings.value(sizeKey_ + QStringLiteral("height"), defaults.size.height()).toInt());
    scale_->addItem(tr("1× (96 dpi)"), 1.0);
    scale_->addItem(tr("2× (192 dpi)"), 2.0);
    scale_->addItem(tr("3× (288 dpi, print)"), 3.0);
    scale_->setCurrentIndex(std::max(0, scale_->findData(settings.value(kKey + QStringLiteral("scale"), defaults.pngScale).toDouble())));
    describe_->setChecked(settings.value(kKey + QStringLiteral("describe"), defaults.describe).toBool());
    auto* size = new QHBoxLayout;
    size->addWidget(width_);
    size->addWidget(new QLabel(QStringLiteral("×"), this));
    size->addWidget(height_);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Title:"), title_);
    form->addRow(tr("Size:"), size);
    form->addRow(tr("PNG resolution:"), scale_);
    form->addRow(describe_);
    auto* note = new QLabel(tr("PDF and SVG are vector drawings: the size sets their proportions (in points for PDF)."), this);
    note->setWordWrap(true);
    note->setStyleSheet(QStringLiteral("color: #6a7380;"));
    form->addRow(note);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

ChartExportOptions ChartExportDialog::options() const
{
    ChartExportOptions o;
    o.size = QSize(width_->value(), height_->value());
    o.title = title_->text();
    o.pngScale = scale_->currentData().toDouble();
    o.describe = describe_->isChecked();
    return o;
}

void ChartExportDialog::remember() const
{
    const auto o = options();
    QSettings settings;
    settings.setValue(sizeKey_ + QStringLiteral("width"), o.size.width());
    settings.setValue(sizeKey_ + QStringLiteral("height"), o.size.height());
    settings.setValue(kKey + QStringLiteral("scale"), o.pngScale);
    settings.setValue(kKey + QStringLiteral("describe"), o.describe);
}

std::optional<ChartExportOptions> ChartExportDialog::ask(const ChartExportOptions& defaults, const QString& chart, QWidget* parent)
{
    ChartExportDialog dialog(defaults, chart, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    dialog.remember();
    return dialog.options();
}

std::optional<ChartExportRequest> askChartExport(QWidget* parent, const QString& caption, const QString& suggestedPath,
                                                 const ChartExportOptions& defaults)
{
    QString filter;
    const QString path = withChartSuffix(QFileDialog::getSaveFileName(parent, caption, suggestedPath, chartExportFilter(), &filter), filter);
    if (path.isEmpty())
        return std::nullopt;
    const auto options = ChartExportDialog::ask(defaults, QFileInfo(suggestedPath).completeBaseName(), parent);
    if (!options)
        return std::nullopt;
    return ChartExportRequest{path, *options};
}

QString runPageExport(QWidget* parent, bool csv, const PageExport& what, QLabel* status)
{
    if (csv) {
        const QString path = QFileDialog::getSaveFileName(parent, what.csvCaption, {}, QObject::tr("CSV (*.csv)"));
        if (path.isEmpty())
            return {};
        const QString error = what.writeCsv(path);
        if (error.isEmpty())
            status->setText(QObject::tr("Exported to %1").arg(path));
        return error;
    }
    const auto request = askChartExport(parent, QObject::tr("Export the chart"), what.chartFile, what.chartDefaults);
    return request ? what.writeChart(request->path, request->options) : QString();
}

QToolButton* makePageExportButton(const QString& dataLabel, QObject* context, const std::function<void(bool csv)>& choose)
{
    auto* button = new QToolButton;
    button->setText(QObject::tr("Export"));
    button->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(button);
    menu->addAction(QObject::tr("Chart…"), context, [choose] { choose(false); });
    menu->addAction(dataLabel, context, [choose] { choose(true); });
    button->setMenu(menu);
    return button;
}

ChartFrame chartFrame(const ChartExportOptions& options, const QStringList& description, const QStringList& footnotes)
{
    ChartFrame frame;
    frame.title = options.title;
    frame.pngScale = options.pngScale;
    if (options.describe)
        frame.notes = description;
    frame.notes += footnotes;
    return frame;
}

} // namespace clens::ui
