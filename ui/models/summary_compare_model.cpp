#include "ui/models/summary_compare_model.hpp"

#include "ui/time/time_format.hpp"

#include <QBrush>
#include <QFont>
#include <QLocale>

#include <cmath>

namespace clens::ui {

SummaryCompareModel::SummaryCompareModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void SummaryCompareModel::setCurrent(SnapshotPtr snapshot)
{
    current_ = std::move(snapshot);
    emit dataChanged(index(0, Current), index(RowCount - 1, Change));
}

void SummaryCompareModel::setBaseline(SnapshotPtr snapshot)
{
    baseline_ = std::move(snapshot);
    emit dataChanged(index(0, Current), index(RowCount - 1, Change));
}

std::optional<double> SummaryCompareModel::value(const SimSnapshot* s, Row row)
{
    if (!s || !s->result)
        return std::nullopt;
    return value(s->result->summary, s->result->scenario, row);
}

std::optional<double> SummaryCompareModel::value(const SimSummary& m, const Scenario& scenario, Row row)
{
    if (isAutoscalerRow(row) && scenario.autoscaler.usage == UsageModel::None)
        return std::nullopt;
    if (isPowerRow(row) && !scenario.power.enabled)
        return std::nullopt;
    const double jobs = m.jobs > 0 ? static_cast<double>(m.jobs) : 1.0;
    switch (row) {
    case MeanDelay: return m.meanQueueDelay_s;
    case P50Delay: return m.p50QueueDelay_s;
    case P95Delay: return m.p95QueueDelay_s;
    case FragmentationDelay: return m.fragmentationDelay_s / jobs;
    case FairshareDelay: return m.fairshareDelay_s / jobs;
    case CapacityDelay: return m.capacityDelay_s / jobs;
    case PowerWait: return m.powerDelay_s / jobs;
    case MeanJct: return m.meanJct_s;
    case AllocFraction: return m.gpuAllocFraction;
    case EffectiveUtil: return m.gpuEffectiveUtil;
    case CpuAlloc: return std::isnan(m.cpuAllocFraction) ? std::nullopt : std::optional<double>(m.cpuAllocFraction);
    case MemAlloc: return std::isnan(m.memAllocFraction) ? std::nullopt : std::optional<double>(m.memAllocFraction);
    case ShareFragmentation: return m.gpuShareFragmentation;
    case HeldIdle: return m.heldIdleGpuSeconds / 3600.0;
    case Makespan: return static_cast<double>(m.makespan_s);
    case Finished: return static_cast<double>(m.finishedJobs);
    case Unfinished: return static_cast<double>(m.unfinishedJobs);
    case Preemptions: return static_cast<double>(m.preemptions);
    case ServerFailures: return static_cast<double>(m.serverFailures);
    case CpuReservedH: return m.cpuReservedCoreH;
    case CpuUsedH: return m.cpuUsedCoreH;
    case CpuUnder: return m.cpuUnderPct;
    case MemReservedH: return m.memReservedGbH;
    case MemUsedH: return m.memUsedGbH;
    case MemUnder: return m.memUnderPct;
    case OomKills: return static_cast<double>(m.oomKills);
    case Throttled: return m.throttled_s;
    case Energy: return m.energyKwh;
    case PoweredServerH: return m.poweredServerH;
    case PowerDelay: return m.powerDelay_s;
    default: return std::nullopt;
    }
}

SummaryCompareModel::Row SummaryCompareModel::largestCause(const SimSnapshot* s)
{
    Row largest = FragmentationDelay;
    double most = value(s, FragmentationDelay).value_or(0.0);
    for (const Row cause : {FairshareDelay, CapacityDelay, PowerWait})
        if (const double v = value(s, cause).value_or(0.0); v > most) {
            most = v;
            largest = cause;
        }
    return largest;
}

QString SummaryCompareModel::format(Row row, double v)
{
    const QLocale locale;
    switch (row) {
    case MeanDelay: case P50Delay: case P95Delay: case FragmentationDelay: case FairshareDelay: case CapacityDelay:
    case PowerWait: case MeanJct: case Makespan: case Throttled: case PowerDelay:
        return TimeFormat::duration(static_cast<std::int64_t>(std::llround(v)));
    case AllocFraction: case EffectiveUtil: case CpuAlloc: case MemAlloc: case ShareFragmentation:
        return QStringLiteral("%1%").arg(v * 100, 0, 'f', 1);
    case HeldIdle: return tr("%1 GPU-h").arg(locale.toString(v, 'f', 1));
    case CpuReservedH: case CpuUsedH: return tr("%1 core-h").arg(locale.toString(v, 'f', 1));
    case MemReservedH: case MemUsedH: return tr("%1 GB-h").arg(locale.toString(v, 'f', 1));
    case CpuUnder: case MemUnder: return QStringLiteral("%1%").arg(v, 0, 'f', 1);
    case Energy: return tr("%1 kWh").arg(locale.toString(v, 'f', 1));
    case PoweredServerH: return tr("%1 server-h").arg(locale.toString(v, 'f', 1));
    default: return locale.toString(static_cast<qint64>(std::llround(v)));
    }
}

bool SummaryCompareModel::lowerIsBetter(Row row)
{
    switch (row) {
    case AllocFraction: case EffectiveUtil: case CpuAlloc: case MemAlloc: case Finished: return false;
    default: return true;
    }
}

bool SummaryCompareModel::neutral(Row row)
{
    return row == CpuUsedH || row == MemUsedH;
}

bool SummaryCompareModel::isAutoscalerRow(Row row)
{
    return row >= CpuReservedH && row <= Throttled;
}

bool SummaryCompareModel::isPowerRow(Row row)
{
    return row == PowerWait || (row >= Energy && row <= PowerDelay);
}

int SummaryCompareModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : RowCount;
}

int SummaryCompareModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString SummaryCompareModel::name(Row row)
{
    using M = SummaryCompareModel;
    switch (row) {
    case M::MeanDelay: return M::tr("Mean wait");
    case M::FragmentationDelay: return M::tr("  fragmentation");
    case M::FairshareDelay: return M::tr("  fair share");
    case M::CapacityDelay: return M::tr("  capacity");
    case M::PowerWait: return M::tr("  power");
    case M::P50Delay: return M::tr("Median wait");
    case M::P95Delay: return M::tr("95th pct wait");
    case M::MeanJct: return M::tr("Mean JCT");
    case M::AllocFraction: return M::tr("GPUs allocated");
    case M::EffectiveUtil: return M::tr("Util. of allocated");
    case M::CpuAlloc: return M::tr("CPU allocated");
    case M::MemAlloc: return M::tr("Memory allocated");
    case M::ShareFragmentation: return M::tr("GPU-share fragmentation");
    case M::HeldIdle: return M::tr("Held idle");
    case M::Makespan: return M::tr("Makespan");
    case M::Finished: return M::tr("Jobs finished");
    case M::Unfinished: return M::tr("Jobs unfinished");
    case M::Preemptions: return M::tr("Preemptions");
    case M::ServerFailures: return M::tr("Server failures");
    case M::CpuReservedH: return M::tr("CPU reserved");
    case M::CpuUsedH: return M::tr("  used");
    case M::CpuUnder: return M::tr("  under-reserved");
    case M::MemReservedH: return M::tr("Memory reserved");
    case M::MemUsedH: return M::tr("  used");
    case M::MemUnder: return M::tr("  under-reserved");
    case M::OomKills: return M::tr("OOM kills");
    case M::Throttled: return M::tr("Throttled");
    case M::Energy: return M::tr("Energy");
    case M::PoweredServerH: return M::tr("Servers powered");
    case M::PowerDelay: return M::tr("Waiting for power");
    default: return {};
    }
}

QString SummaryCompareModel::fullName(Row row)
{
    const QString own = name(row);
    if (!own.startsWith(QLatin1Char(' ')))
        return own;
    for (int parent = static_cast<int>(row) - 1; parent >= 0; --parent)
        if (const QString p = name(static_cast<Row>(parent)); !p.startsWith(QLatin1Char(' ')))
            return QStringLiteral("%1 · %2").arg(p, own.trimmed());
    return own.trimmed();
}

QString SummaryCompareModel::explanation(Row row)
{
    using M = SummaryCompareModel;
    switch (row) {
    case M::MeanDelay: return M::tr("Mean queueing delay per job (re-queues included)");
    case M::FragmentationDelay: return M::tr("Mean per job of the wait while enough GPUs were free, but not in a placement the locality rule allowed");
    case M::FairshareDelay: return M::tr("Mean per job of the wait because its VC had used its quota");
    case M::CapacityDelay: return M::tr("Mean per job of the wait because fewer GPUs were free than it needed");
    case M::PowerWait: return M::tr("Mean per job of the wait for switched-off servers to boot (node power)");
    case M::P50Delay: return M::tr("Median queueing delay");
    case M::P95Delay: return M::tr("95th percentile of the queueing delay");
    case M::MeanJct: return M::tr("Mean job completion time: end − submit, over finished jobs");
    case M::AllocFraction: return M::tr("Allocated GPU-seconds ÷ (cluster GPUs × makespan)");
    case M::EffectiveUtil: return M::tr("Useful work on the allocated GPUs (spread jobs run at lower utilization)");
    case M::CpuAlloc:
        return M::tr("Reserved core-seconds ÷ (cluster cores × makespan); – when some server's CPU is unknown "
                     "(set Resources → server CPU cores)");
    case M::MemAlloc:
        return M::tr("Reserved GB-seconds ÷ (cluster memory × makespan); – when some server's memory is unknown "
                     "(set Resources → server memory)");
    case M::ShareFragmentation:
        return M::tr("GPU-share fragmentation: time average of the free GPU capacity on shared GPUs ÷ all free GPU "
                     "capacity (room only jobs asking part of a GPU can use)");
    case M::HeldIdle: return M::tr("GPU-hours held idle by gangs waiting for the rest of their GPUs");
    case M::Makespan: return M::tr("Last end − first submission");
    case M::CpuReservedH: return M::tr("Core-hours the autoscaler reserved for running jobs (cpu_reserved_core_h)");
    case M::CpuUsedH: return M::tr("Core-hours the jobs used inside their reservations (cpu_used_core_h)");
    case M::CpuUnder:
        return M::tr("Share of the jobs' autoscaler intervals whose CPU demand exceeded the reservation: the job was "
                     "throttled (cpu_under_pct)");
    case M::MemReservedH: return M::tr("GB-hours the autoscaler reserved for running jobs (mem_reserved_gb_h)");
    case M::MemUsedH: return M::tr("GB-hours the jobs used (mem_used_gb_h)");
    case M::MemUnder:
        return M::tr("Share of the jobs' autoscaler intervals whose memory demand exceeded the reservation: an OOM kill "
                     "(mem_under_pct)");
    case M::OomKills: return M::tr("Jobs killed for using more memory than reserved, then re-queued (oom_kills)");
    case M::Throttled: return M::tr("Wall time the jobs lost to CPU demand above their reservation, summed (throttled_s)");
    case M::Energy: return M::tr("Energy drawn by the servers over the makespan (energy_kwh)");
    case M::PoweredServerH: return M::tr("Server-hours powered on, booting included (powered_server_h)");
    case M::PowerDelay: return M::tr("Time jobs waited for servers to boot, summed over jobs (power_delay_s)");
    default: return {};
    }
}

QVariant SummaryCompareModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= RowCount || index.column() >= ColumnCount)
        return {};
    const auto row = static_cast<Row>(index.row());
    const auto cur = value(current_.get(), row);
    const auto base = value(baseline_.get(), row);
    std::optional<double> v;
    if (index.column() == Current)
        v = cur;
    else if (index.column() == Baseline)
        v = base;
    else if (index.column() == Change && cur && base)
        v = *cur - *base;

    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == Metric)
            return name(row);
        if (!v)
            return index.column() == Change && !baseline_ ? QString() : QStringLiteral("–");
        if (index.column() == Change) {
            if (std::abs(*v) < 1e-9)
                return QStringLiteral("=");
            // Compact: percentage points for fractions, percent for the rest (absolute in the tooltip).
            const QString sign = *v > 0 ? QStringLiteral("+") : QStringLiteral("−");
            if (row == AllocFraction || row == EffectiveUtil || row == CpuAlloc || row == MemAlloc || row == ShareFragmentation)
                return sign + QStringLiteral("%1 pt").arg(std::abs(*v) * 100, 0, 'f', 1);
            if (row == CpuUnder || row == MemUnder) // already percent
                return sign + QStringLiteral("%1 pt").arg(std::abs(*v), 0, 'f', 1);
            if (std::abs(*base) > 1e-9)
                return sign + QStringLiteral("%1%").arg(std::abs(*v / *base) * 100, 0, 'f', 0);
            return sign + format(row, std::abs(*v));
        }
        return format(row, *v);
    case ValueRole: return v ? QVariant(*v) : QVariant();
    case Qt::ToolTipRole:
        if (index.column() == Metric)
            return explanation(row);
        if (index.column() == Change && v)
            return (*v > 0 ? QStringLiteral("+") : QStringLiteral("−")) + format(row, std::abs(*v));
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == Metric ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (index.column() == Change && v && std::abs(*v) > 1e-9 && !neutral(row)) {
            const bool better = (*v < 0) == lowerIsBetter(row);
            return QBrush(better ? QColor(0x1a, 0x80, 0x3a) : QColor(0xc0, 0x2a, 0x2a));
        }
        if (index.column() == Metric && (row == FragmentationDelay || row == FairshareDelay || row == CapacityDelay || row == PowerWait ||
                                         row == CpuUsedH || row == CpuUnder || row == MemUsedH || row == MemUnder))
            return QBrush(QColor(0x60, 0x68, 0x74));
        return {};
    case Qt::FontRole:
        if (index.column() == Current && (row == MeanDelay || row == largestCause(current_.get()))) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    default: return {};
    }
}

QVariant SummaryCompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Metric: return tr("Metric");
    case Current: return tr("Current");
    case Baseline: return tr("Baseline");
    case Change: return tr("Δ");
    default: return {};
    }
}

} // namespace clens::ui
