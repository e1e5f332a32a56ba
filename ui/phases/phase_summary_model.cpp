#include "ui/phases/phase_summary_model.hpp"

#include "ui/phases/phase_palette.hpp"
#include "ui/phases/phases_analysis.hpp"

#include <QColor>

namespace clens::ui {

PhaseSummaryModel::PhaseSummaryModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PhaseSummaryModel::setData(std::shared_ptr<const PhasesData> data)
{
    beginResetModel();
    data_ = std::move(data);
    endResetModel();
}

int PhaseSummaryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !data_ ? 0 : static_cast<int>(boost::num_vertices(data_->graph));
}

int PhaseSummaryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PhaseSummaryModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !data_)
        return {};
    const auto& node = data_->graph[static_cast<std::size_t>(index.row())];
    const auto meanStd = [](const ColumnStats& s, int decimals) {
        return QStringLiteral("%1 ± %2").arg(s.mean, 0, 'f', decimals).arg(s.std, 0, 'f', decimals);
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Phase: return phaseName(node.phase);
        case Share: return QStringLiteral("%1 %").arg(100.0 * node.share, 0, 'f', 1);
        case TimeShare: return QStringLiteral("%1 %").arg(100.0 * node.timeShare, 0, 'f', 1);
        case CpuCores: return meanStd(node.cpuCores, 3);
        case MemGb: return meanStd(node.memGb, 3);
        default: return {};
        }
    case Qt::UserRole:
        switch (index.column()) {
        case Phase: return node.phase;
        case Share: return node.share;
        case TimeShare: return node.timeShare;
        case CpuCores: return node.cpuCores.mean;
        case MemGb: return node.memGb.mean;
        default: return {};
        }
    case Qt::DecorationRole:
        return index.column() == Phase ? QVariant(phaseColor(node.phase, data_->phaseCount())) : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == Phase ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        return tr("%1: %2 steps; CPU max %3 cores; memory max %4 GB")
            .arg(phaseName(node.phase))
            .arg(node.steps)
            .arg(node.cpuCores.max, 0, 'f', 3)
            .arg(node.memGb.max, 0, 'f', 3);
    default:
        return {};
    }
}

QVariant PhaseSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Phase: return tr("Phase");
    case Share: return tr("Steps");
    case TimeShare: return tr("Time");
    case CpuCores: return tr("CPU cores");
    case MemGb: return tr("Memory GB");
    default: return {};
    }
}

} // namespace clens::ui
