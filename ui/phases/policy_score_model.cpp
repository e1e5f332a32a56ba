#include "ui/phases/policy_score_model.hpp"

#include "ui/phases/phases_analysis.hpp"

#include <QColor>
#include <QFont>

namespace clens::ui {

PolicyScoreModel::PolicyScoreModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PolicyScoreModel::setScores(std::shared_ptr<const PhasesScores> scores)
{
    const bool hadRows = rowCount() > 0;
    const bool hasRows = scores != nullptr;
    if (hadRows != hasRows) {
        beginResetModel();
        scores_ = std::move(scores);
        endResetModel();
        return;
    }
    scores_ = std::move(scores);
    if (hasRows)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void PolicyScoreModel::setSelectedPolicy(ScalingPolicy policy)
{
    if (policy == selected_)
        return;
    selected_ = policy;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1),
                         {Qt::FontRole, Qt::BackgroundRole, Qt::DisplayRole});
}

ScalingPolicy PolicyScoreModel::policyAt(int row) { return kScalingPolicies.at(static_cast<std::size_t>(row)); }

int PolicyScoreModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !scores_ ? 0 : static_cast<int>(scores_->result.scores.size());
}

int PolicyScoreModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PolicyScoreModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !scores_)
        return {};
    const auto& s = scores_->result.scores.at(static_cast<std::size_t>(index.row()));
    const bool selected = s.policy == selected_;
    const auto number = [&]() -> double {
        switch (index.column()) {
        case CpuAllocCoreH: return s.cpuAllocCoreH;
        case CpuUsedCoreH: return s.cpuUsedCoreH;
        case CpuUnderPct: return s.cpuUnderPct;
        case CpuSavingsPct: return s.cpuSavingsPct;
        case MemAllocGbH: return s.memAllocGbH;
        case MemUsedGbH: return s.memUsedGbH;
        case MemUnderPct: return s.memUnderPct;
        case MemSavingsPct: return s.memSavingsPct;
        default: return 0.0;
        }
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Policy:
            return QString::fromUtf8(scalingPolicyName(s.policy).data()) + (isOracle(s.policy) ? tr(" (oracle)") : QString());
        case CpuAllocCoreH:
        case CpuUsedCoreH:
        case MemAllocGbH:
        case MemUsedGbH:
            return QString::number(number(), 'f', 3);
        case CpuSavingsPct:
        case MemSavingsPct:
            return s.policy == ScalingPolicy::PrevStepMax ? tr("baseline") : QString::number(number(), 'f', 1) + tr(" %");
        default:
            return QString::number(number(), 'f', 1) + tr(" %");
        }
    case Qt::UserRole:
        if (index.column() == Policy)
            return QString::fromUtf8(scalingPolicyName(s.policy).data());
        return number();
    case Qt::TextAlignmentRole:
        return index.column() == Policy ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole: {
        QFont f;
        f.setBold(selected);
        f.setItalic(isOracle(s.policy));
        return f;
    }
    case Qt::BackgroundRole:
        return selected ? QVariant(QColor(0xFF, 0xF1, 0xC4)) : QVariant();
    case Qt::ForegroundRole:
        if (isOracle(s.policy))
            return QColor(0x70, 0x70, 0x70);
        if ((index.column() == CpuSavingsPct || index.column() == MemSavingsPct) && s.policy != ScalingPolicy::PrevStepMax)
            return number() >= 0 ? QColor(0x1B, 0x7A, 0x3D) : QColor(0xB0, 0x30, 0x30);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == Policy && isOracle(s.policy))
            return tr("An oracle sees the interval it allocates for: a lower bound, not a real policy.");
        if (index.column() == Policy && selected)
            return tr("The policy drawn on the chart (autoscaler.policy).");
        return {};
    default:
        return {};
    }
}

QVariant PolicyScoreModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Policy: return tr("Policy");
        case CpuAllocCoreH: return tr("CPU alloc\ncore-h");
        case CpuUsedCoreH: return tr("CPU used\ncore-h");
        case CpuUnderPct: return tr("CPU under-\nprovisioned");
        case CpuSavingsPct: return tr("CPU saving\nvs prev.step.max");
        case MemAllocGbH: return tr("Mem alloc\nGB-h");
        case MemUsedGbH: return tr("Mem used\nGB-h");
        case MemUnderPct: return tr("Mem under-\nprovisioned");
        case MemSavingsPct: return tr("Mem saving\nvs prev.step.max");
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case CpuAllocCoreH: return tr("Σ allocated cores × step duration, in core-hours");
        case CpuUsedCoreH: return tr("Σ cpu.usage.cores × step duration, in core-hours");
        case CpuUnderPct:
        case MemUnderPct: return tr("Share of steps whose usage exceeded the allocation");
        case CpuSavingsPct:
        case MemSavingsPct:
            return tr("(allocated by prev.step.max − allocated by this policy) / allocated by prev.step.max");
        case MemAllocGbH: return tr("Σ allocated GB × step duration (GB = 10⁹ bytes)");
        case MemUsedGbH: return tr("Σ memory used (working set by default) × step duration");
        default: return {};
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace clens::ui
