#pragma once
// Filters and sorts the job table: free text (job id, VC, user), one VC, one status, "waited
// for" a given cause, and waiting or running at the cursor time; sorting compares raw values
// (docs/gui.md "The job table"). The listed rows come from orderJobRows: at once for a table of
// up to backgroundFrom() rows, else on a worker, while the previous order stays listed; a newer
// request cancels an older one, and a stale order is never installed. ordered() says when the
// listed rows changed; busy() whether an order is still being computed. When the model's cursor
// time changes, the rows are filtered (and, sorted by that column, sorted) again.
#include "ui/models/job_row_order.hpp"

#include <QAbstractProxyModel>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace clens::ui {

class JobTableModel;

class JobFilterProxy : public QAbstractProxyModel {
    Q_OBJECT
public:
    explicit JobFilterProxy(QObject* parent = nullptr);
    ~JobFilterProxy() override;

    void setSourceModel(QAbstractItemModel* model) override;

    void setText(const QString& text);
    void setVc(std::optional<std::int32_t> vc);
    void setStatus(std::optional<JobStatus> status);
    // Keep only jobs that waited for this cause.
    void setWaitedFor(std::optional<DelayCause> cause);
    void setOnlyWaited(bool onlyWaited);
    // Keep only jobs standing so at the model's cursor time (Absent: no such filter).
    void setStandingAtCursor(JobStanding standing);
    JobStanding standingAtCursor() const { return filter_.standing; }

    // Tables of at least this many rows are ordered on a worker (default 200,000).
    void setBackgroundFrom(int rows) { backgroundFrom_ = rows; }
    int backgroundFrom() const { return backgroundFrom_; }
    bool busy() const { return busy_; }
    // The table rows listed, in the order shown (proxy row -> JobTableModel row).
    const std::vector<int>& listedRows() const { return listed_; }

    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return sortColumn_; }
    Qt::SortOrder sortOrder() const { return sortOrder_; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QModelIndex mapToSource(const QModelIndex& proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex& sourceIndex) const override;

signals:
    void ordered(); // the listed rows (or their order) changed
    void busyChanged(bool busy);

private:
    void onSourceReset();
    void onSourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles);
    void reorder();
    void install(std::vector<int> listed);
    void setListed(std::vector<int> listed); // and proxyOf_ from it
    void setBusy(bool busy);

    JobTableModel* jobs_ = nullptr;
    JobRowFilter filter_;
    int sortColumn_ = -1;
    Qt::SortOrder sortOrder_ = Qt::AscendingOrder;
    int backgroundFrom_ = 200'000;
    std::vector<int> listed_;  // proxy row -> source row
    std::vector<int> proxyOf_; // source row -> proxy row or -1
    std::uint64_t generation_ = 0;
    std::shared_ptr<std::atomic<bool>> cancel_; // of the order being computed on a worker
    bool busy_ = false;
};

} // namespace clens::ui
