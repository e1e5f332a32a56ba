#pragma once
// The waiting intervals of one job, each charged to one cause (fairshare, fragmentation,
// capacity) and the resource it waited for (GPUs, CPU, memory): the inspector's answer to "why
// did it wait?".
#include "ui/run/sim_snapshot.hpp"
#include "ui/time/time_format.hpp"

#include <QAbstractTableModel>

namespace clens::ui {

class WaitIntervalModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { From, To, Duration, Cause, ColumnCount };
    explicit WaitIntervalModel(QObject* parent = nullptr);

    // job = index into the trace; -1 clears.
    void setJob(SnapshotPtr snapshot, std::int32_t job);
    const WaitInterval* intervalAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString causeName(DelayCause cause);
    // "capacity — CPU", "fragmentation — GPUs".
    static QString causeLabel(DelayCause cause, WaitResource resource);
    static QString causeExplanation(DelayCause cause, WaitResource resource = WaitResource::Gpus);

private:
    SnapshotPtr snapshot_;
    std::uint32_t first_ = 0, count_ = 0;
    TimeFormat time_;
};

} // namespace clens::ui
