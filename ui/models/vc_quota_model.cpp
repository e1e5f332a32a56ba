#include "ui/models/vc_quota_model.hpp"

#include <QBrush>
#include <QLocale>

namespace clens::ui {

VcQuotaModel::VcQuotaModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void VcQuotaModel::setTrace(std::shared_ptr<const Trace> trace)
{
    trace_ = std::move(trace);
    rebuild();
}

void VcQuotaModel::setQuotas(const std::map<std::string, std::int64_t>& quotas)
{
    if (quotas == quotas_)
        return;
    quotas_ = quotas;
    rebuild();
}

void VcQuotaModel::rebuild()
{
    beginResetModel();
    rows_.clear();
    if (trace_) {
        rows_.resize(trace_->tenants.size());
        for (std::size_t i = 0; i < trace_->tenants.size(); ++i)
            rows_[i].name = trace_->tenants[i].name;
        for (const Job& j : trace_->jobs)
            if (j.simulated() && static_cast<std::size_t>(j.tenant) < rows_.size()) {
                auto& r = rows_[static_cast<std::size_t>(j.tenant)];
                ++r.jobs;
                r.gpuHours += static_cast<double>(j.gpus) * static_cast<double>(j.duration_s) / 3600.0;
            }
    }
    for (const auto& [name, quota] : quotas_) {
        (void)quota;
        if (!trace_ || !trace_->findTenant(name))
            rows_.push_back(RowInfo{name, 0, 0, false});
    }
    endResetModel();
}

int VcQuotaModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int VcQuotaModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant VcQuotaModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const RowInfo& r = rows_[static_cast<std::size_t>(index.row())];
    const auto quota = quotas_.find(r.name);
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        const QLocale locale;
        switch (index.column()) {
        case Vc: return QString::fromStdString(r.name);
        case Jobs: return role == Qt::EditRole ? QVariant(static_cast<qint64>(r.jobs)) : QVariant(locale.toString(static_cast<qint64>(r.jobs)));
        case GpuHours: return locale.toString(r.gpuHours, 'f', 0);
        case Quota:
            if (quota == quotas_.end())
                return role == Qt::EditRole ? QString() : tr("unlimited");
            return QString::number(quota->second);
        default: return {};
        }
    }
    if (role == Qt::ForegroundRole) {
        if (!r.inTrace)
            return QBrush(QColor(0xc0, 0x2a, 0x2a));
        if (index.column() == Quota && quota == quotas_.end())
            return QBrush(QColor(0x90, 0x98, 0xa4));
    }
    if (role == Qt::ToolTipRole) {
        if (!r.inTrace)
            return tr("The trace has no VC named '%1': the simulation will reject this quota").arg(QString::fromStdString(r.name));
        if (index.column() == Quota)
            return tr("GPU quota of the VC; leave empty for no limit");
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == Vc ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

bool VcQuotaModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.column() != Quota || index.row() >= rowCount())
        return false;
    const std::string name = rows_[static_cast<std::size_t>(index.row())].name;
    const QString text = value.toString().trimmed();
    if (text.isEmpty() || text.compare(tr("unlimited"), Qt::CaseInsensitive) == 0) {
        if (quotas_.erase(name) == 0)
            return true;
    } else {
        bool ok = false;
        const qlonglong q = text.toLongLong(&ok);
        if (!ok || q < 0)
            return false;
        auto it = quotas_.find(name);
        if (it != quotas_.end() && it->second == q)
            return true;
        quotas_[name] = q;
    }
    emit dataChanged(index, index);
    emit quotasEdited();
    return true;
}

Qt::ItemFlags VcQuotaModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    auto f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == Quota)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant VcQuotaModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Vc: return tr("VC");
    case Jobs: return tr("Jobs");
    case GpuHours: return tr("GPU-h");
    case Quota: return tr("Quota (GPUs)");
    default: return {};
    }
}

} // namespace clens::ui
