#pragma once
// The comparison's metric table (compare_metrics) for reading: metric name spelled out,
// baseline and current values in their units, the signed change and the change in %, the
// change coloured green when the current result is better and red when it is worse (lower
// delays and JCT are better; higher allocation and utilization are better).
#include "core/analysis/figure.hpp"

#include <QAbstractTableModel>

#include <memory>

namespace clens::ui::analysis {

class MetricDeltaModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Metric, Baseline, Current, Change, ChangePct, ColumnCount };
    static constexpr int RawValueRole = Qt::UserRole + 1;

    explicit MetricDeltaModel(QObject* parent = nullptr);

    void setFigure(std::shared_ptr<const Figure> metrics);
    const Figure* figure() const { return figure_.get(); }
    // Row of a metric ("mean_queue_delay_s"), or -1.
    int rowOf(const QString& metric) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const Figure> figure_;
};

} // namespace clens::ui::analysis
