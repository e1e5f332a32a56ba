#pragma once
// One row per simulated job of the current result: what it asked for (GPUs, CPU cores,
// memory, a share of one GPU), where it stands at the cursor (waiting and why, running), when it
// ran, how long it waited and why, where it ran. Display strings for people, raw numbers under SortRole.
#include "core/sim/job_moment.hpp"
#include "ui/models/job_rows.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/time/time_format.hpp"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace clens::ui {

class JobTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Id, Vc, User, Gpus, AtCursor, Cpu, Memory, GpuShare, Submit, Start, End, QueueDelay, Fragmentation, Fairshare, Capacity,
        PowerWait, Servers, Racks, Level, Attempts, OomKills, Throttled, Status, ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1, JobIndexRole };

    explicit JobTableModel(QObject* parent = nullptr);

    void setSnapshot(SnapshotPtr snapshot);
    SnapshotPtr snapshot() const { return rows_->snapshot(); }
    // The rows as an immutable value (what a worker orders a large table by).
    std::shared_ptr<const JobRows> rows() const { return rows_; }
    // The cursor time the AtCursor column shows.
    void setTime(std::int64_t t);
    std::int64_t time() const { return time_s_; }
    JobMoment momentAt(int row) const;

    // Trace job index of a row and back (-1 when absent).
    std::int32_t jobAt(int row) const;
    int rowOfJob(std::int32_t job) const;
    // Text the filter matches: id, VC and user.
    QString searchText(int row) const;
    const JobResult* resultAt(int row) const;
    const Job* jobOf(int row) const;
    // Whether any job asks for CPU, memory or a share of a GPU, or waited for power, was
    // OOM-killed or throttled (the columns are hidden otherwise).
    bool anyAsks(Column column) const;
    // The columns shown only when anyAsks says so.
    static constexpr Column kOptionalColumns[] = {Cpu, Memory, GpuShare, PowerWait, OomKills, Throttled};

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(int row, int column) const;
    double sortKey(int row, int column) const;

    std::shared_ptr<const JobRows> rows_;
    TimeFormat time_;
    std::int64_t time_s_ = 0;
};

} // namespace clens::ui
