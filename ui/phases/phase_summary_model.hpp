#pragma once
// The phase legend as a table: one row per phase with its colour swatch, share of steps and of
// time, and mean ± σ of CPU cores and memory GB over the steps shown (the phase graph's nodes).
// UserRole gives raw numbers.
#include <QAbstractTableModel>

#include <memory>

namespace clens::ui {

struct PhasesData;

class PhaseSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Phase, Share, TimeShare, CpuCores, MemGb, ColumnCount };

    explicit PhaseSummaryModel(QObject* parent = nullptr);
    void setData(std::shared_ptr<const PhasesData> data);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const PhasesData> data_;
};

} // namespace clens::ui
