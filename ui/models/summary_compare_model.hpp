#pragma once
// Headline metrics of the current result next to a pinned baseline, with the change and
// whether it is better (green) or worse (red).
#include "ui/run/sim_snapshot.hpp"

#include <QAbstractTableModel>

#include <optional>

namespace clens::ui {

class SummaryCompareModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Metric, Current, Baseline, Change, ColumnCount };
    enum Row {
        MeanDelay, FragmentationDelay, FairshareDelay, CapacityDelay, PowerWait, P50Delay, P95Delay, MeanJct,
        AllocFraction, EffectiveUtil, CpuAlloc, MemAlloc, ShareFragmentation, HeldIdle, Makespan, Finished, Unfinished,
        Preemptions, ServerFailures,
        // The autoscaler in the cluster (docs/autoscaling.md): the CLI's summary keys.
        CpuReservedH, CpuUsedH, CpuUnder, MemReservedH, MemUsedH, MemUnder, OomKills, Throttled,
        // Node power.
        Energy, PoweredServerH, PowerDelay,
        RowCount
    };
    enum Role { ValueRole = Qt::UserRole + 1 }; // raw number of Current/Baseline/Change

    explicit SummaryCompareModel(QObject* parent = nullptr);

    void setCurrent(SnapshotPtr snapshot);
    void setBaseline(SnapshotPtr snapshot);
    bool hasBaseline() const { return baseline_ != nullptr; }

    // Raw value of a metric for a snapshot (seconds, fractions or counts); nullopt when the
    // result cannot say (CPU or memory allocation with a server of unknown capacity, the
    // autoscaler's rows without the autoscaler, the power rows without node power).
    static std::optional<double> value(const SimSnapshot* s, Row row);
    // The same for a summary of a run of this scenario (a sweep's runs keep no more).
    static std::optional<double> value(const SimSummary& m, const Scenario& scenario, Row row);
    // The metric's name as the results table shows it (sub-rows indented) and what it measures.
    static QString name(Row row);
    // The name on its own, a sub-row's with its parent's: "Mean wait · fragmentation".
    static QString fullName(Row row);
    static QString explanation(Row row);
    static QString format(Row row, double value);
    // The delay cause with the most time per job (FragmentationDelay on a tie or with no result:
    // the study's headline cause).
    static Row largestCause(const SimSnapshot* s);
    static bool lowerIsBetter(Row row);
    // A change that is neither better nor worse (what jobs use is their demand, not a goal).
    static bool neutral(Row row);
    static bool isAutoscalerRow(Row row);
    static bool isPowerRow(Row row);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    SnapshotPtr current_, baseline_;
};

} // namespace clens::ui
