#pragma once
// The autoscaling score table: one row per policy (kScalingPolicies order), the selected policy
// in bold on a tinted background, oracles in italics. DisplayRole is formatted text; UserRole
// is the raw number (or the policy name in column 0) for sorting and tests.
#include "core/phases/autoscaler.hpp"

#include <QAbstractTableModel>

#include <memory>

namespace clens::ui {

struct PhasesScores;

class PolicyScoreModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Policy,
        CpuAllocCoreH,
        CpuUsedCoreH,
        CpuUnderPct,
        CpuSavingsPct,
        MemAllocGbH,
        MemUsedGbH,
        MemUnderPct,
        MemSavingsPct,
        ColumnCount
    };

    explicit PolicyScoreModel(QObject* parent = nullptr);

    void setScores(std::shared_ptr<const PhasesScores> scores);
    void setSelectedPolicy(ScalingPolicy policy);
    ScalingPolicy selectedPolicy() const { return selected_; }
    static ScalingPolicy policyAt(int row);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const PhasesScores> scores_;
    ScalingPolicy selected_ = ScalingPolicy::PhaseRule;
};

} // namespace clens::ui
