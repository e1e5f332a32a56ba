#pragma once
// Filters and sorts the job table: free text (job id, VC, user), one VC, one status,
// "waited for" a given cause, and waiting or running at the cursor time. Sorting compares raw
// values through JobTableModel::lessThan. Dynamic: when the model's cursor column changes, the
// rows are filtered (and, sorted by that column, sorted) again.
#include "core/model/job.hpp"
#include "core/sim/job_moment.hpp"
#include "core/sim/sim_result.hpp"

#include <QSortFilterProxyModel>

#include <optional>

namespace clens::ui {

class JobTableModel;

class JobFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit JobFilterProxy(QObject* parent = nullptr);

    void setSourceModel(QAbstractItemModel* model) override;

    void setText(const QString& text);
    void setVc(std::optional<std::int32_t> vc);
    void setStatus(std::optional<JobStatus> status);
    // Keep only jobs that waited for this cause (any cause when `anyWait`).
    void setWaitedFor(std::optional<DelayCause> cause);
    void setOnlyWaited(bool onlyWaited);
    // Keep only jobs standing so at the model's cursor time (Absent: no such filter).
    void setStandingAtCursor(JobStanding standing);
    JobStanding standingAtCursor() const { return standing_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    JobTableModel* jobs_ = nullptr;
    QString text_;
    std::optional<std::int32_t> vc_;
    std::optional<JobStatus> status_;
    std::optional<DelayCause> cause_;
    bool onlyWaited_ = false;
    JobStanding standing_ = JobStanding::Absent;
};

} // namespace clens::ui
