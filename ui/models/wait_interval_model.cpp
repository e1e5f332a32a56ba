#include "ui/models/wait_interval_model.hpp"

#include "ui/models/resource_text.hpp"
#include "ui/style/heatmap_palette.hpp"

namespace clens::ui {

WaitIntervalModel::WaitIntervalModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void WaitIntervalModel::setJob(SnapshotPtr snapshot, std::int32_t job)
{
    beginResetModel();
    snapshot_ = std::move(snapshot);
    first_ = count_ = 0;
    if (snapshot_ && snapshot_->result && job >= 0 && static_cast<std::size_t>(job) < snapshot_->result->jobs.size()) {
        const SimResult& r = *snapshot_->result;
        const JobResult& jr = r.jobs[static_cast<std::size_t>(job)];
        if (static_cast<std::size_t>(jr.firstWait) + jr.waitCount <= r.waits.size()) {
            first_ = jr.firstWait;
            count_ = jr.waitCount;
        }
        time_ = timeFormatOf(r);
    }
    endResetModel();
}

const WaitInterval* WaitIntervalModel::intervalAt(int row) const
{
    if (row < 0 || static_cast<std::uint32_t>(row) >= count_)
        return nullptr;
    return &snapshot_->result->waits[first_ + static_cast<std::uint32_t>(row)];
}

int WaitIntervalModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(count_);
}

int WaitIntervalModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString WaitIntervalModel::causeName(DelayCause cause)
{
    switch (cause) {
    case DelayCause::Fairshare: return tr("fair share");
    case DelayCause::Fragmentation: return tr("fragmentation");
    case DelayCause::Capacity: return tr("capacity");
    case DelayCause::Power: return tr("power");
    }
    return {};
}

QString WaitIntervalModel::causeLabel(DelayCause cause, WaitResource resource)
{
    if (cause == DelayCause::Power) // booting servers: no resource was short
        return causeName(cause);
    return tr("%1 — %2").arg(causeName(cause), resource_text::resourceName(resource));
}

QString WaitIntervalModel::causeExplanation(DelayCause cause, WaitResource resource)
{
    switch (cause) {
    case DelayCause::Fairshare: return tr("its VC had used its GPU quota");
    case DelayCause::Fragmentation:
        switch (resource) {
        case WaitResource::Gpus: return tr("enough GPUs were free, but not in a placement the locality rule allowed");
        case WaitResource::Cpu: return tr("enough CPU was free in the cluster, but not together on servers it could use");
        case WaitResource::Memory: return tr("enough memory was free in the cluster, but not together on servers it could use");
        }
        break;
    case DelayCause::Capacity:
        switch (resource) {
        case WaitResource::Gpus: return tr("fewer GPUs were free than it needed");
        case WaitResource::Cpu: return tr("less CPU was free in the whole cluster than it asked");
        case WaitResource::Memory: return tr("less memory was free in the whole cluster than it asked");
        }
        break;
    case DelayCause::Power: return tr("the servers it needed were booting");
    }
    return {};
}

QVariant WaitIntervalModel::data(const QModelIndex& index, int role) const
{
    const WaitInterval* w = index.isValid() ? intervalAt(index.row()) : nullptr;
    if (!w || index.column() >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case From: return time_.instant(w->from_s);
        case To: return time_.instant(w->to_s);
        case Duration: return TimeFormat::duration(w->to_s - w->from_s);
        case Cause: return causeLabel(w->cause, w->resource);
        default: return {};
        }
    }
    if (role == Qt::DecorationRole && index.column() == Cause)
        return palette::cause(w->cause);
    if (role == Qt::ToolTipRole && index.column() == Cause)
        return causeExplanation(w->cause, w->resource);
    if (role == Qt::ToolTipRole)
        return tr("%1 – %2").arg(time_.instant(w->from_s), time_.instant(w->to_s));
    return {};
}

QVariant WaitIntervalModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case From: return tr("From");
    case To: return tr("To");
    case Duration: return tr("Waited");
    case Cause: return tr("Cause");
    default: return {};
    }
}

} // namespace clens::ui
