#pragma once
// The Sweep page's table: one row per run of the grid — its number, the values of the varied
// knobs, every headline metric (the results table's metrics, in its units), and its status
// (waiting, running, its error). Runs on the Pareto front of the chart are bold.
#include "ui/models/summary_compare_model.hpp"
#include "ui/run/sweep_result.hpp"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace clens::ui {

class SweepTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using Row = SummaryCompareModel::Row;
    static constexpr int SortRole = Qt::UserRole + 1; // the raw number (NaN when none)
    static constexpr int RunRole = Qt::UserRole + 2;  // the run's index in the grid

    explicit SweepTableModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const SweepResult> result);
    // New runs came back in the same sweep: refresh without resetting (views keep their sort).
    void refresh(std::shared_ptr<const SweepResult> result);
    const SweepResult* result() const { return result_.get(); }
    void setFront(const std::vector<std::size_t>& runs);

    int keyColumns() const;
    // The column of a metric, and the metric of a column (-1 / RowCount when it is none).
    int columnOf(Row metric) const;
    Row metricAt(int column) const;
    int statusColumn() const;
    // A run's value of a metric (nullopt: not back, failed, or the metric does not apply).
    std::optional<double> value(std::size_t run, Row metric) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const SweepResult> result_;
    std::vector<char> front_;
};

} // namespace clens::ui
