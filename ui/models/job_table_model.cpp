#include "ui/models/job_table_model.hpp"

#include "ui/models/resource_text.hpp"
#include "ui/models/wait_interval_model.hpp"
#include "ui/style/heatmap_palette.hpp"

#include <QBrush>

#include <algorithm>
#include <cmath>

namespace clens::ui {
namespace {

QString statusName(JobStatus s)
{
    return QString::fromUtf8(toString(s).data(), static_cast<qsizetype>(toString(s).size()));
}

} // namespace

JobTableModel::JobTableModel(QObject* parent)
    : QAbstractTableModel(parent)
    , rows_(std::make_shared<const JobRows>())
{
}

void JobTableModel::setSnapshot(SnapshotPtr snapshot)
{
    beginResetModel();
    rows_ = std::make_shared<const JobRows>(std::move(snapshot));
    if (const auto& sn = rows_->snapshot(); sn && sn->result && sn->result->trace)
        time_ = TimeFormat(sn->result->trace->meta.timeBase, sn->result->firstSubmit_s);
    endResetModel();
}

void JobTableModel::setTime(std::int64_t t)
{
    if (t == time_s_)
        return;
    time_s_ = t;
    if (rows_->size() > 0)
        emit dataChanged(index(0, AtCursor), index(rowCount() - 1, AtCursor));
}

JobMoment JobTableModel::momentAt(int row) const
{
    return rows_->momentAt(row, time_s_);
}

std::int32_t JobTableModel::jobAt(int row) const
{
    return rows_->jobAt(row);
}

int JobTableModel::rowOfJob(std::int32_t job) const
{
    return rows_->rowOfJob(job);
}

const JobResult* JobTableModel::resultAt(int row) const
{
    return rows_->result(row);
}

const Job* JobTableModel::jobOf(int row) const
{
    return rows_->job(row);
}

bool JobTableModel::anyAsks(Column column) const
{
    for (int row = 0; row < rows_->size(); ++row) {
        const JobResult& r = *rows_->result(row);
        const JobResources& u = rows_->resources(row);
        if ((column == Cpu && u.cpuCores > 0) || (column == Memory && u.memGb > 0) || (column == GpuShare && isGpuShare(u)) ||
            (column == PowerWait && r.powerDelay_s > 0) || (column == OomKills && u.oomKills > 0) ||
            (column == Throttled && u.throttled_s > 0))
            return true;
    }
    return false;
}

int JobTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : rows_->size();
}

int JobTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString JobTableModel::searchText(int row) const
{
    return rows_->searchText(row);
}

double JobTableModel::sortKey(int row, int column) const
{
    return rows_->sortKey(row, column, time_s_);
}

QVariant JobTableModel::display(int row, int column) const
{
    const Job& job = *jobOf(row);
    const JobResult& r = *resultAt(row);
    const JobResources& u = rows_->resources(row);
    const Trace& t = *rows_->snapshot()->result->trace;
    switch (column) {
    case Id: return QString::fromStdString(job.id);
    case Vc:
        return static_cast<std::size_t>(job.tenant) < t.tenants.size()
                   ? QString::fromStdString(t.tenants[static_cast<std::size_t>(job.tenant)].name)
                   : QString();
    case User:
        return static_cast<std::size_t>(job.user) < t.users.size() ? QString::fromStdString(t.users[static_cast<std::size_t>(job.user)])
                                                                   : QString();
    case Gpus: return job.gpus;
    case AtCursor: {
        const auto m = momentAt(row);
        if (m.standing == JobStanding::Waiting)
            return tr("waiting: %1").arg(WaitIntervalModel::causeLabel(m.wait->cause, m.wait->resource));
        return m.standing == JobStanding::Running ? tr("running") : QString();
    }
    case Cpu: return u.cpuCores > 0 ? resource_text::amount(u.cpuCores) : QString();
    case Memory: return u.memGb > 0 ? resource_text::amount(u.memGb) : QString();
    case GpuShare: return isGpuShare(u) ? QString::number(static_cast<double>(u.gpuMilli) / 1000.0, 'f', 2) : QString();
    case Submit: return time_.instant(job.submit_s);
    case Start: return r.start_s ? time_.instant(*r.start_s) : QString();
    case End: return r.end_s ? time_.instant(*r.end_s) : QString();
    case QueueDelay: return TimeFormat::duration(r.queueDelay_s);
    case Fragmentation: return r.fragmentationDelay_s ? TimeFormat::duration(r.fragmentationDelay_s) : QString();
    case Fairshare: return r.fairshareDelay_s ? TimeFormat::duration(r.fairshareDelay_s) : QString();
    case Capacity: return r.capacityDelay_s ? TimeFormat::duration(r.capacityDelay_s) : QString();
    case PowerWait: return r.powerDelay_s ? TimeFormat::duration(r.powerDelay_s) : QString();
    case OomKills: return u.oomKills ? QVariant(u.oomKills) : QVariant(QString());
    case Throttled:
        return u.throttled_s > 0 ? TimeFormat::duration(std::max<std::int64_t>(1, std::llround(u.throttled_s))) : QString();
    case Servers: return r.start_s ? QVariant(r.servers) : QVariant(QString());
    case Racks: return r.start_s ? QVariant(r.racks) : QVariant(QString());
    case Level: return r.start_s ? QString::fromUtf8(toString(r.level).data()) : QString();
    case Attempts: return r.attempts;
    case Status: return statusName(r.status);
    default: return {};
    }
}

QVariant JobTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const int row = index.row();
    switch (role) {
    case Qt::DisplayRole: return display(row, index.column());
    case SortRole: {
        const double k = sortKey(row, index.column());
        return k == JobRows::kMissing ? QVariant() : QVariant(k);
    }
    case JobIndexRole: return jobAt(row);
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case Id: case Vc: case User: case AtCursor: case Level: case Status: case Submit: case Start: case End:
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        default: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        }
    case Qt::ForegroundRole:
        if (index.column() == AtCursor) {
            const auto m = momentAt(row);
            if (m.standing == JobStanding::Waiting)
                return QBrush(palette::cause(m.wait->cause).darker(130));
            return m.standing == JobStanding::Running ? QBrush(palette::running().darker(130)) : QVariant();
        }
        if (index.column() == Fragmentation && resultAt(row)->fragmentationDelay_s > 0)
            return QBrush(palette::fragmentation().darker(130));
        if (index.column() == Fairshare && resultAt(row)->fairshareDelay_s > 0)
            return QBrush(palette::fairshare());
        if (index.column() == PowerWait && resultAt(row)->powerDelay_s > 0)
            return QBrush(palette::power().darker(120));
        if (index.column() == OomKills && rows_->resources(row).oomKills > 0)
            return QBrush(QColor(0xb0, 0x30, 0x30));
        if (index.column() == Status && resultAt(row)->status != JobStatus::Pass)
            return QBrush(QColor(0xb0, 0x30, 0x30));
        return {};
    default: return {};
    }
}

QVariant JobTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case QueueDelay: return tr("All time the job spent waiting (re-queues included)");
        case Fragmentation: return tr("Waiting while enough GPUs were free, but not in a placement the locality rule allowed");
        case Fairshare: return tr("Waiting because the job's VC had used its GPU quota");
        case Capacity: return tr("Waiting because fewer GPUs were free than the job needs");
        case Level: return tr("Locality level of the placement: server, rack or any");
        case AtCursor: return tr("Where the job stands at the cursor time: waiting, and for what, or running");
        case Cpu: return tr("CPU cores the job reserves (its own request, else resources.job_defaults per GPU)");
        case Memory: return tr("Memory in GB the job reserves (its own request, else resources.job_defaults per GPU)");
        case GpuShare: return tr("Part of one GPU the job asks: it shares that GPU with other such jobs");
        case Attempts: return tr("Placements: trial runs and restarts included");
        case PowerWait: return tr("Waiting for servers to boot (node power)");
        case OomKills: return tr("Times the job was killed for using more memory than the autoscaler reserved (then re-queued)");
        case Throttled: return tr("Wall time the job lost to CPU demand above its reservation");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id: return tr("Job");
    case Vc: return tr("VC");
    case User: return tr("User");
    case Gpus: return tr("GPUs");
    case AtCursor: return tr("At cursor");
    case Cpu: return tr("CPU");
    case Memory: return tr("Mem GB");
    case GpuShare: return tr("GPU share");
    case Submit: return tr("Submitted");
    case Start: return tr("Started");
    case End: return tr("Ended");
    case QueueDelay: return tr("Waited");
    case Fragmentation: return tr("Fragmentation");
    case Fairshare: return tr("Fair share");
    case Capacity: return tr("Capacity");
    case PowerWait: return tr("Power");
    case OomKills: return tr("OOM kills");
    case Throttled: return tr("Throttled");
    case Servers: return tr("Servers");
    case Racks: return tr("Racks");
    case Level: return tr("Level");
    case Attempts: return tr("Attempts");
    case Status: return tr("Status");
    default: return {};
    }
}

} // namespace clens::ui
