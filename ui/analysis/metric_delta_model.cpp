#include "ui/analysis/metric_delta_model.hpp"

#include "ui/analysis/chart_palette.hpp"
#include "ui/analysis/value_format.hpp"

#include <QFont>

#include <cmath>

namespace clens::ui::analysis {

MetricDeltaModel::MetricDeltaModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void MetricDeltaModel::setFigure(std::shared_ptr<const Figure> metrics)
{
    beginResetModel();
    figure_ = std::move(metrics);
    endResetModel();
}

int MetricDeltaModel::rowOf(const QString& metric) const
{
    if (!figure_)
        return -1;
    const auto row = figure_->findRow("metric", metric.toStdString());
    return row ? static_cast<int>(*row) : -1;
}

int MetricDeltaModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !figure_ ? 0 : static_cast<int>(figure_->rowCount());
}

int MetricDeltaModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MetricDeltaModel::data(const QModelIndex& index, int role) const
{
    if (!figure_ || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto r = static_cast<std::size_t>(index.row());
    const auto& unit = figure_->text(r, "unit");
    const auto& metric = figure_->text(r, "metric");
    const auto& better = figure_->text(r, "better");
    const double a = figure_->number(r, "a"), b = figure_->number(r, "b"), d = figure_->number(r, "delta"),
                 pct = figure_->number(r, "delta_pct");
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case Metric:
            return metricDisplayName(metric);
        case Baseline:
            return formatValue(a, unit);
        case Current:
            return formatValue(b, unit);
        case Change:
            return formatDelta(d, unit);
        case ChangePct:
            return std::isnan(pct) ? QStringLiteral("–") : formatDelta(pct, "%").replace(QStringLiteral(" pp"), QStringLiteral("%"));
        default:
            return {};
        }
    case RawValueRole:
        switch (col) {
        case Metric:
            return QString::fromStdString(metric);
        case Baseline:
            return a;
        case Current:
            return b;
        case Change:
            return d;
        case ChangePct:
            return pct;
        default:
            return {};
        }
    case Qt::ForegroundRole:
        if ((col == Change || col == ChangePct) && !better.empty())
            return better == "B" ? chart_palette::better() : chart_palette::worse();
        return {};
    case Qt::FontRole:
        if ((col == Change || col == ChangePct) && !better.empty()) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        if (col == Metric)
            return QString::fromStdString(metric) + (unit.empty() ? QString() : QStringLiteral(" (%1)").arg(QString::fromStdString(unit)));
        if (col == Change || col == ChangePct)
            return better == "B"   ? tr("better in the current result")
                   : better == "A" ? tr("better in the baseline")
                                   : tr("no change, or no better direction");
        return {};
    case Qt::TextAlignmentRole:
        return col == Metric ? QVariant() : QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant MetricDeltaModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Metric:
        return tr("Metric");
    case Baseline:
        return tr("Baseline");
    case Current:
        return tr("Current");
    case Change:
        return tr("Change");
    case ChangePct:
        return tr("Change %");
    default:
        return {};
    }
}

} // namespace clens::ui::analysis
