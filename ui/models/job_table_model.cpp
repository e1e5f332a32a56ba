#include "ui/models/job_table_model.hpp"

#include "ui/models/resource_text.hpp"
#include "ui/models/wait_interval_model.hpp"
#include "ui/style/heatmap_palette.hpp"

#include <QBrush>

#include <algorithm>
#include <cmath>
#include <limits>

namespace clens::ui {
namespace {

constexpr double kMissing = std::numeric_limits<double>::infinity(); // sorts after every value

bool isShare(const JobResult& r)
{
    return r.gpuMilli > 0 && r.gpuMilli < 1000;
}

QString statusName(JobStatus s)
{
    return QString::fromUtf8(toString(s).data(), static_cast<qsizetype>(toString(s).size()));
}

// Rank of each name in alphabetical order, so sorting by VC or user compares integers.
template <typename NameOf>
std::vector<std::int32_t> alphabeticalRanks(std::size_t n, NameOf nameOf)
{
    std::vector<std::int32_t> order(n), rank(n);
    for (std::size_t i = 0; i < n; ++i)
        order[i] = static_cast<std::int32_t>(i);
    std::stable_sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) {
        return nameOf(static_cast<std::size_t>(a)) < nameOf(static_cast<std::size_t>(b));
    });
    for (std::size_t k = 0; k < n; ++k)
        rank[static_cast<std::size_t>(order[k])] = static_cast<std::int32_t>(k);
    return rank;
}

} // namespace

JobTableModel::JobTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void JobTableModel::setSnapshot(SnapshotPtr snapshot)
{
    beginResetModel();
    snapshot_ = std::move(snapshot);
    rows_.clear();
    rowOf_.clear();
    if (snapshot_ && snapshot_->result && snapshot_->result->trace) {
        const SimResult& r = *snapshot_->result;
        rowOf_.assign(r.jobs.size(), -1);
        rows_.reserve(r.jobs.size());
        for (std::size_t j = 0; j < r.jobs.size() && j < r.trace->jobs.size(); ++j)
            if (r.jobs[j].simulated) {
                rowOf_[j] = static_cast<std::int32_t>(rows_.size());
                rows_.push_back(static_cast<std::int32_t>(j));
            }
        time_ = TimeFormat(r.trace->meta.timeBase, r.firstSubmit_s);
        vcRank_ = alphabeticalRanks(r.trace->tenants.size(), [&](std::size_t i) { return r.trace->tenants[i].name; });
        userRank_ = alphabeticalRanks(r.trace->users.size(), [&](std::size_t i) { return r.trace->users[i]; });
    }
    endResetModel();
}

void JobTableModel::setTime(std::int64_t t)
{
    if (t == time_s_)
        return;
    time_s_ = t;
    if (!rows_.empty())
        emit dataChanged(index(0, AtCursor), index(rowCount() - 1, AtCursor));
}

JobMoment JobTableModel::momentAt(int row) const
{
    const auto j = jobAt(row);
    return j < 0 ? JobMoment{} : jobMomentAt(*snapshot_->result, j, time_s_);
}

std::int32_t JobTableModel::jobAt(int row) const
{
    return row >= 0 && static_cast<std::size_t>(row) < rows_.size() ? rows_[static_cast<std::size_t>(row)] : -1;
}

int JobTableModel::rowOfJob(std::int32_t job) const
{
    return job >= 0 && static_cast<std::size_t>(job) < rowOf_.size() ? rowOf_[static_cast<std::size_t>(job)] : -1;
}

const JobResult* JobTableModel::resultAt(int row) const
{
    const auto j = jobAt(row);
    return j < 0 ? nullptr : &snapshot_->result->jobs[static_cast<std::size_t>(j)];
}

const Job* JobTableModel::jobOf(int row) const
{
    const auto j = jobAt(row);
    return j < 0 ? nullptr : &snapshot_->result->trace->jobs[static_cast<std::size_t>(j)];
}

bool JobTableModel::anyAsks(Column column) const
{
    if (!snapshot_ || !snapshot_->result)
        return false;
    for (const auto j : rows_) {
        const JobResult& r = snapshot_->result->jobs[static_cast<std::size_t>(j)];
        if ((column == Cpu && r.cpuCores > 0) || (column == Memory && r.memGb > 0) || (column == GpuShare && isShare(r)) ||
            (column == PowerWait && r.powerDelay_s > 0) || (column == OomKills && r.oomKills > 0) ||
            (column == Throttled && r.throttled_s > 0))
            return true;
    }
    return false;
}

int JobTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int JobTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString JobTableModel::searchText(int row) const
{
    const Job* job = jobOf(row);
    if (!job)
        return {};
    const Trace& t = *snapshot_->result->trace;
    QString s = QString::fromStdString(job->id);
    if (static_cast<std::size_t>(job->tenant) < t.tenants.size())
        s += QLatin1Char(' ') + QString::fromStdString(t.tenants[static_cast<std::size_t>(job->tenant)].name);
    if (static_cast<std::size_t>(job->user) < t.users.size())
        s += QLatin1Char(' ') + QString::fromStdString(t.users[static_cast<std::size_t>(job->user)]);
    return s;
}

double JobTableModel::sortKey(int row, int column) const
{
    const Job& job = *jobOf(row);
    const JobResult& r = *resultAt(row);
    switch (column) {
    case Id: return row; // input order
    case Vc: return static_cast<std::size_t>(job.tenant) < vcRank_.size() ? vcRank_[static_cast<std::size_t>(job.tenant)] : -1;
    case User:
        return static_cast<std::size_t>(job.user) < userRank_.size() ? userRank_[static_cast<std::size_t>(job.user)] : -1;
    case Gpus: return job.gpus;
    case AtCursor: { // the waiting first, by cause, then the running
        const auto m = momentAt(row);
        return m.standing == JobStanding::Waiting ? static_cast<double>(m.wait->cause) / 16.0
               : m.standing == JobStanding::Running ? 1.0
                                                    : kMissing;
    }
    case Cpu: return r.cpuCores > 0 ? r.cpuCores : kMissing;
    case Memory: return r.memGb > 0 ? r.memGb : kMissing;
    case GpuShare: return isShare(r) ? static_cast<double>(r.gpuMilli) / 1000.0 : kMissing;
    case Submit: return static_cast<double>(job.submit_s);
    case Start: return r.start_s ? static_cast<double>(*r.start_s) : kMissing;
    case End: return r.end_s ? static_cast<double>(*r.end_s) : kMissing;
    case QueueDelay: return static_cast<double>(r.queueDelay_s);
    case Fragmentation: return static_cast<double>(r.fragmentationDelay_s);
    case Fairshare: return static_cast<double>(r.fairshareDelay_s);
    case Capacity: return static_cast<double>(r.capacityDelay_s);
    case PowerWait: return static_cast<double>(r.powerDelay_s);
    case OomKills: return r.oomKills;
    case Throttled: return r.throttled_s;
    case Servers: return r.start_s ? r.servers : kMissing;
    case Racks: return r.start_s ? r.racks : kMissing;
    case Level: return r.start_s ? static_cast<double>(r.level) : kMissing;
    case Attempts: return r.attempts;
    case Status: return static_cast<double>(r.status);
    default: return 0;
    }
}

bool JobTableModel::lessThan(int column, int rowA, int rowB) const
{
    const double a = sortKey(rowA, column), b = sortKey(rowB, column);
    if (a != b)
        return a < b;
    return rowA < rowB;
}

QVariant JobTableModel::display(int row, int column) const
{
    const Job& job = *jobOf(row);
    const JobResult& r = *resultAt(row);
    const Trace& t = *snapshot_->result->trace;
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
    case Cpu: return r.cpuCores > 0 ? resource_text::amount(r.cpuCores) : QString();
    case Memory: return r.memGb > 0 ? resource_text::amount(r.memGb) : QString();
    case GpuShare: return isShare(r) ? QString::number(static_cast<double>(r.gpuMilli) / 1000.0, 'f', 2) : QString();
    case Submit: return time_.instant(job.submit_s);
    case Start: return r.start_s ? time_.instant(*r.start_s) : QString();
    case End: return r.end_s ? time_.instant(*r.end_s) : QString();
    case QueueDelay: return TimeFormat::duration(r.queueDelay_s);
    case Fragmentation: return r.fragmentationDelay_s ? TimeFormat::duration(r.fragmentationDelay_s) : QString();
    case Fairshare: return r.fairshareDelay_s ? TimeFormat::duration(r.fairshareDelay_s) : QString();
    case Capacity: return r.capacityDelay_s ? TimeFormat::duration(r.capacityDelay_s) : QString();
    case PowerWait: return r.powerDelay_s ? TimeFormat::duration(r.powerDelay_s) : QString();
    case OomKills: return r.oomKills ? QVariant(r.oomKills) : QVariant(QString());
    case Throttled:
        return r.throttled_s > 0 ? TimeFormat::duration(std::max<std::int64_t>(1, std::llround(r.throttled_s))) : QString();
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
        return k == kMissing ? QVariant() : QVariant(k);
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
        if (index.column() == OomKills && resultAt(row)->oomKills > 0)
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
