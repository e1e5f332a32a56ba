#pragma once
// The containers of the loaded metrics: pod id, steps, duration, and how many of its steps the
// selected policy under-provisioned (CPU / memory), so that the worst containers stand out.
// UserRole gives raw numbers (for sorting).
#include "core/phases/autoscaler.hpp"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace clens::ui {

struct PhasesData;
struct PhasesScores;

class ContainerTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Container, Steps, Duration, CpuUnder, MemUnder, ColumnCount };

    explicit ContainerTableModel(QObject* parent = nullptr);
    void setData(std::shared_ptr<const PhasesData> data);
    void setScores(std::shared_ptr<const PhasesScores> scores, ScalingPolicy policy);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const PhasesData> data_;
    std::shared_ptr<const PhasesScores> scores_;
    ScalingPolicy policy_ = ScalingPolicy::PhaseRule;
    std::vector<double> seconds_; // per container: total step time
};

// "1 h 05 min", "12 min 30 s", "45 s"
QString formatDuration(double seconds);

} // namespace clens::ui
