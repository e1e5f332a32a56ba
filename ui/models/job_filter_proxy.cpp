#include "ui/models/job_filter_proxy.hpp"

#include "ui/models/job_table_model.hpp"

namespace clens::ui {

JobFilterProxy::JobFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(JobTableModel::SortRole);
}

void JobFilterProxy::setSourceModel(QAbstractItemModel* model)
{
    jobs_ = qobject_cast<JobTableModel*>(model);
    QSortFilterProxyModel::setSourceModel(model);
}

void JobFilterProxy::setText(const QString& text)
{
    if (text == text_)
        return;
    text_ = text;
    invalidateFilter();
}

void JobFilterProxy::setVc(std::optional<std::int32_t> vc)
{
    if (vc == vc_)
        return;
    vc_ = vc;
    invalidateFilter();
}

void JobFilterProxy::setStatus(std::optional<JobStatus> status)
{
    if (status == status_)
        return;
    status_ = status;
    invalidateFilter();
}

void JobFilterProxy::setWaitedFor(std::optional<DelayCause> cause)
{
    if (cause == cause_)
        return;
    cause_ = cause;
    invalidateFilter();
}

void JobFilterProxy::setOnlyWaited(bool onlyWaited)
{
    if (onlyWaited == onlyWaited_)
        return;
    onlyWaited_ = onlyWaited;
    invalidateFilter();
}

void JobFilterProxy::setStandingAtCursor(JobStanding standing)
{
    if (standing == standing_)
        return;
    standing_ = standing;
    invalidateFilter();
}

bool JobFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (!jobs_ || sourceParent.isValid())
        return true;
    const JobResult* r = jobs_->resultAt(sourceRow);
    const Job* job = jobs_->jobOf(sourceRow);
    if (!r || !job)
        return false;
    if (vc_ && job->tenant != *vc_)
        return false;
    if (status_ && r->status != *status_)
        return false;
    if (onlyWaited_ && r->queueDelay_s <= 0)
        return false;
    if (cause_) {
        const auto delay = *cause_ == DelayCause::Fairshare       ? r->fairshareDelay_s
                           : *cause_ == DelayCause::Fragmentation ? r->fragmentationDelay_s
                           : *cause_ == DelayCause::Power         ? r->powerDelay_s
                                                                  : r->capacityDelay_s;
        if (delay <= 0)
            return false;
    }
    if (standing_ != JobStanding::Absent && jobs_->momentAt(sourceRow).standing != standing_)
        return false;
    if (!text_.isEmpty() && !jobs_->searchText(sourceRow).contains(text_, Qt::CaseInsensitive))
        return false;
    return true;
}

bool JobFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    if (!jobs_)
        return QSortFilterProxyModel::lessThan(left, right);
    return jobs_->lessThan(left.column(), left.row(), right.row());
}

} // namespace clens::ui
