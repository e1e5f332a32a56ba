#pragma once
// Filters and sorts the job table: free text (job id, VC, user), one VC, one status, and
// "waited for" a given cause. Sorting compares raw values through JobTableModel::lessThan.
#include "core/model/job.hpp"
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
};

} // namespace clens::ui
