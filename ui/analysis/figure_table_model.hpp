#pragma once
// A figure's tidy table as an item model: one row per figure row, one column per figure column.
// Display values are for reading (durations in their best unit, metric names spelled out);
// RawValueRole gives the exact number or text (sorting, tests, copying). A text column "unit"
// that gives the unit of a unit-less number column (the summary) is folded into the values.
#include "core/analysis/figure.hpp"

#include <QAbstractTableModel>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clens::ui::analysis {

class FigureTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int RawValueRole = Qt::UserRole + 1;

    explicit FigureTableModel(QObject* parent = nullptr);

    void setFigure(std::shared_ptr<const Figure> figure);
    const Figure* figure() const { return figure_.get(); }
    // A header to show instead of the column's display name (e.g. "JCT baseline" for jct_a_s).
    void setHeaderOverride(const std::string& column, const QString& header);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::string unitAt(std::size_t row, const FigureColumn& c) const;
    const FigureColumn& columnAt(int section) const;

    std::shared_ptr<const Figure> figure_;
    std::map<std::string, QString> headers_;
    std::vector<std::size_t> shown_; // figure column of each model column
};

} // namespace clens::ui::analysis
