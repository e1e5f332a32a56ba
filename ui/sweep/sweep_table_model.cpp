#include "ui/sweep/sweep_table_model.hpp"

#include "ui/sweep/sweep_knobs.hpp"

#include <QColor>
#include <QFont>

#include <cmath>
#include <limits>

namespace clens::ui {

SweepTableModel::SweepTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void SweepTableModel::setResult(std::shared_ptr<const SweepResult> result)
{
    beginResetModel();
    result_ = std::move(result);
    front_.clear();
    endResetModel();
}

void SweepTableModel::refresh(std::shared_ptr<const SweepResult> result)
{
    const bool sameShape = result_ && result && result_->runs.size() == result->runs.size()
                           && result_->grid->keys == result->grid->keys;
    if (!sameShape) {
        setResult(std::move(result));
        return;
    }
    result_ = std::move(result);
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void SweepTableModel::setFront(const std::vector<std::size_t>& runs)
{
    front_.assign(result_ ? result_->runs.size() : 0, 0);
    for (const auto r : runs)
        if (r < front_.size())
            front_[r] = 1;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::FontRole});
}

int SweepTableModel::keyColumns() const { return result_ ? static_cast<int>(result_->grid->keys.size()) : 0; }

int SweepTableModel::columnOf(Row metric) const { return 1 + keyColumns() + static_cast<int>(metric); }

SweepTableModel::Row SweepTableModel::metricAt(int column) const
{
    const int m = column - 1 - keyColumns();
    return m >= 0 && m < SummaryCompareModel::RowCount ? static_cast<Row>(m) : SummaryCompareModel::RowCount;
}

int SweepTableModel::statusColumn() const { return 1 + keyColumns() + SummaryCompareModel::RowCount; }

std::optional<double> SweepTableModel::value(std::size_t run, Row metric) const
{
    if (!result_ || run >= result_->runs.size() || !result_->runs[run].ok)
        return std::nullopt;
    return SummaryCompareModel::value(result_->runs[run].summary, result_->grid->runs[run], metric);
}

int SweepTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !result_ ? 0 : static_cast<int>(result_->runs.size());
}

int SweepTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() || !result_ ? 0 : statusColumn() + 1; }

QVariant SweepTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !result_ || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const auto run = static_cast<std::size_t>(index.row());
    const int column = index.column();
    const auto& r = result_->runs[run];
    const bool back = run < result_->back.size() && result_->back[run];
    if (role == RunRole)
        return static_cast<int>(run);
    if (role == Qt::FontRole && run < front_.size() && front_[run]) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (column == 0) {
        if (role == Qt::DisplayRole)
            return run < front_.size() && front_[run] ? QStringLiteral("%1 ★").arg(run + 1) : QString::number(run + 1);
        if (role == SortRole)
            return static_cast<double>(run + 1);
        if (role == Qt::ToolTipRole && run < front_.size() && front_[run])
            return tr("On the Pareto front of the chart's two metrics");
        return {};
    }
    if (column <= keyColumns()) {
        const auto& label = result_->grid->labels[run][static_cast<std::size_t>(column - 1)];
        if (role == Qt::DisplayRole || role == SortRole) {
            if (label.empty())
                return tr("never"); // null: a relax threshold that never relaxes, a quota removed
            bool number = false;
            const double v = QString::fromStdString(label).toDouble(&number);
            if (role == SortRole && number)
                return v;
            return QString::fromStdString(label);
        }
        return {};
    }
    if (column == statusColumn()) {
        const QString status = r.ok ? tr("done") : !back ? (result_->finished ? tr("cancelled") : tr("waiting"))
                                                          : QString::fromStdString(r.error.empty() ? std::string("failed") : r.error);
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole || role == SortRole)
            return status;
        if (role == Qt::ForegroundRole && back && !r.ok)
            return QColor(0x8a, 0x1f, 0x17);
        return {};
    }
    const auto metric = metricAt(column);
    const auto v = value(run, metric);
    if (role == SortRole)
        return v ? *v : std::numeric_limits<double>::quiet_NaN();
    if (role == Qt::DisplayRole)
        return v ? SummaryCompareModel::format(metric, *v) : QString();
    if (role == Qt::TextAlignmentRole)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant SweepTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || !result_)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section < 0 || section >= columnCount())
        return {};
    if (role == Qt::DisplayRole) {
        if (section == 0)
            return tr("Run");
        if (section <= keyColumns())
            return sweepKnobLabel(QString::fromStdString(result_->grid->keys[static_cast<std::size_t>(section - 1)]));
        if (section == statusColumn())
            return tr("Status");
        return SummaryCompareModel::fullName(metricAt(section));
    }
    if (role == Qt::ToolTipRole) {
        if (section > 0 && section <= keyColumns())
            return QString::fromStdString(result_->grid->keys[static_cast<std::size_t>(section - 1)]);
        if (section > keyColumns() && section < statusColumn())
            return SummaryCompareModel::explanation(metricAt(section));
    }
    return {};
}

} // namespace clens::ui
