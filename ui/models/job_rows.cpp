#include "ui/models/job_rows.hpp"

#include "ui/models/job_table_model.hpp"

#include <algorithm>

namespace clens::ui {
namespace {

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

JobRows::JobRows(SnapshotPtr snapshot)
    : snapshot_(std::move(snapshot))
{
    if (!snapshot_ || !snapshot_->result || !snapshot_->result->trace)
        return;
    const SimResult& r = *snapshot_->result;
    rowOf_.assign(r.jobs.size(), -1);
    rows_.reserve(r.jobs.size());
    for (std::size_t j = 0; j < r.jobs.size() && j < r.trace->jobs.size(); ++j)
        if (r.jobs[j].simulated) {
            rowOf_[j] = static_cast<std::int32_t>(rows_.size());
            rows_.push_back(static_cast<std::int32_t>(j));
        }
    vcRank_ = alphabeticalRanks(r.trace->tenants.size(), [&](std::size_t i) { return r.trace->tenants[i].name; });
    userRank_ = alphabeticalRanks(r.trace->users.size(), [&](std::size_t i) { return r.trace->users[i]; });
}

std::int32_t JobRows::jobAt(int row) const
{
    return row >= 0 && static_cast<std::size_t>(row) < rows_.size() ? rows_[static_cast<std::size_t>(row)] : -1;
}

int JobRows::rowOfJob(std::int32_t job) const
{
    return job >= 0 && static_cast<std::size_t>(job) < rowOf_.size() ? rowOf_[static_cast<std::size_t>(job)] : -1;
}

const JobResult* JobRows::result(int row) const
{
    const auto j = jobAt(row);
    return j < 0 ? nullptr : &snapshot_->result->jobs[static_cast<std::size_t>(j)];
}

const JobResources& JobRows::resources(int row) const
{
    return snapshot_->result->resourcesOf(static_cast<std::size_t>(jobAt(row)));
}

const Job* JobRows::job(int row) const
{
    const auto j = jobAt(row);
    return j < 0 ? nullptr : &snapshot_->result->trace->jobs[static_cast<std::size_t>(j)];
}

JobMoment JobRows::momentAt(int row, std::int64_t t) const
{
    const auto j = jobAt(row);
    return j < 0 ? JobMoment{} : jobMomentAt(*snapshot_->result, j, t);
}

QString JobRows::searchText(int row) const
{
    const Job* job = this->job(row);
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

double JobRows::sortKey(int row, int column, std::int64_t t) const
{
    const Job& job = *this->job(row);
    const JobResult& r = *result(row);
    const JobResources& u = resources(row);
    switch (column) {
    case JobTableModel::Id: return row; // input order
    case JobTableModel::Vc: return static_cast<std::size_t>(job.tenant) < vcRank_.size() ? vcRank_[static_cast<std::size_t>(job.tenant)] : -1;
    case JobTableModel::User:
        return static_cast<std::size_t>(job.user) < userRank_.size() ? userRank_[static_cast<std::size_t>(job.user)] : -1;
    case JobTableModel::Gpus: return job.gpus;
    case JobTableModel::AtCursor: { // the waiting first, by cause, then the running
        const auto m = momentAt(row, t);
        return m.standing == JobStanding::Waiting ? static_cast<double>(m.wait->cause) / 16.0
               : m.standing == JobStanding::Running ? 1.0
                                                    : kMissing;
    }
    case JobTableModel::Cpu: return u.cpuCores > 0 ? u.cpuCores : kMissing;
    case JobTableModel::Memory: return u.memGb > 0 ? u.memGb : kMissing;
    case JobTableModel::GpuShare: return isGpuShare(u) ? static_cast<double>(u.gpuMilli) / 1000.0 : kMissing;
    case JobTableModel::Submit: return static_cast<double>(job.submit_s);
    case JobTableModel::Start: return r.start_s ? static_cast<double>(*r.start_s) : kMissing;
    case JobTableModel::End: return r.end_s ? static_cast<double>(*r.end_s) : kMissing;
    case JobTableModel::QueueDelay: return static_cast<double>(r.queueDelay_s);
    case JobTableModel::Fragmentation: return static_cast<double>(r.fragmentationDelay_s);
    case JobTableModel::Fairshare: return static_cast<double>(r.fairshareDelay_s);
    case JobTableModel::Capacity: return static_cast<double>(r.capacityDelay_s);
    case JobTableModel::PowerWait: return static_cast<double>(r.powerDelay_s);
    case JobTableModel::OomKills: return u.oomKills;
    case JobTableModel::Throttled: return u.throttled_s;
    case JobTableModel::Servers: return r.start_s ? r.servers : kMissing;
    case JobTableModel::Racks: return r.start_s ? r.racks : kMissing;
    case JobTableModel::Level: return r.start_s ? static_cast<double>(r.level) : kMissing;
    case JobTableModel::Attempts: return r.attempts;
    case JobTableModel::Status: return static_cast<double>(r.status);
    default: return 0;
    }
}

} // namespace clens::ui
