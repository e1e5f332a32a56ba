#include "ui/phases/container_table_model.hpp"

#include "ui/phases/phases_analysis.hpp"

#include <QColor>

#include <cmath>

namespace clens::ui {

QString formatDuration(double seconds)
{
    const auto s = static_cast<long long>(std::llround(seconds));
    if (s >= 3600)
        return QStringLiteral("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
    if (s >= 60)
        return QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1 s").arg(s);
}

ContainerTableModel::ContainerTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ContainerTableModel::setData(std::shared_ptr<const PhasesData> data)
{
    beginResetModel();
    data_ = std::move(data);
    scores_.reset();
    seconds_.clear();
    if (data_)
        for (const auto& durations : data_->durations) {
            double total = 0;
            for (double d : durations)
                total += d;
            seconds_.push_back(total);
        }
    endResetModel();
}

void ContainerTableModel::setScores(std::shared_ptr<const PhasesScores> scores, ScalingPolicy policy)
{
    scores_ = scores && scores->data == data_ ? std::move(scores) : nullptr;
    policy_ = policy;
    if (rowCount() > 0)
        emit dataChanged(index(0, CpuUnder), index(rowCount() - 1, MemUnder));
}

int ContainerTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !data_ ? 0 : static_cast<int>(data_->metrics->containers.size());
}

int ContainerTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ContainerTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !data_)
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const auto& series = data_->metrics->containers.at(row);
    const double duration = seconds_.at(row);
    const ContainerProvision* prov =
        scores_ ? &scores_->perContainer.at(policyIndex(policy_)).at(row) : nullptr;
    const auto under = [&](bool cpu) -> QVariant {
        if (!prov)
            return {};
        return static_cast<qulonglong>(cpu ? prov->cpuUnder : prov->memUnder);
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Container: return QString::fromStdString(series.podId);
        case Steps: return static_cast<qulonglong>(series.rows());
        case Duration: {
            const auto t = static_cast<long long>(std::llround(duration));
            return QStringLiteral("%1:%2:%3").arg(t / 3600).arg((t % 3600) / 60, 2, 10, QLatin1Char('0')).arg(t % 60, 2, 10, QLatin1Char('0'));
        }
        case CpuUnder: return under(true);
        case MemUnder: return under(false);
        default: return {};
        }
    case Qt::UserRole:
        switch (index.column()) {
        case Container: return QString::fromStdString(series.podId);
        case Steps: return static_cast<qulonglong>(series.rows());
        case Duration: return duration;
        case CpuUnder: return under(true);
        case MemUnder: return under(false);
        default: return {};
        }
    case Qt::ForegroundRole:
        if ((index.column() == CpuUnder || index.column() == MemUnder) && under(index.column() == CpuUnder).toULongLong() > 0)
            return QColor(0xB0, 0x30, 0x30);
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == Container ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (!series.service.empty())
            return tr("service %1").arg(QString::fromStdString(series.service));
        return {};
    default:
        return {};
    }
}

QVariant ContainerTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Container: return tr("Container");
        case Steps: return tr("Steps");
        case Duration: return tr("Duration");
        case CpuUnder: return tr("CPU\nunder");
        case MemUnder: return tr("Mem\nunder");
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole && (section == CpuUnder || section == MemUnder))
        return tr("Steps under-provisioned by the selected policy");
    if (role == Qt::ToolTipRole && section == Duration)
        return tr("h:mm:ss from the first sample to the end of the last step");
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace clens::ui
