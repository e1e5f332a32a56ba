#pragma once
// Per-VC GPU quotas of the scenario (quota.vc), editable: one row per VC of the trace, plus
// any quota naming a VC the trace does not have (shown in red: the simulation rejects it).
// An empty quota means unlimited.
#include "core/model/trace.hpp"

#include <QAbstractTableModel>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clens::ui {

class VcQuotaModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Vc, Jobs, GpuHours, Quota, ColumnCount };
    explicit VcQuotaModel(QObject* parent = nullptr);

    void setTrace(std::shared_ptr<const Trace> trace);
    void setQuotas(const std::map<std::string, std::int64_t>& quotas);
    const std::map<std::string, std::int64_t>& quotas() const { return quotas_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void quotasEdited();

private:
    struct RowInfo {
        std::string name;
        std::int64_t jobs = 0;
        double gpuHours = 0;
        bool inTrace = true;
    };
    void rebuild();

    std::shared_ptr<const Trace> trace_;
    std::map<std::string, std::int64_t> quotas_;
    std::vector<RowInfo> rows_;
};

} // namespace clens::ui
