#include "ui/analysis/figure_table_model.hpp"

#include "ui/analysis/value_format.hpp"

#include <cmath>

namespace clens::ui::analysis {

FigureTableModel::FigureTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void FigureTableModel::setFigure(std::shared_ptr<const Figure> figure)
{
    beginResetModel();
    figure_ = std::move(figure);
    shown_.clear();
    if (figure_) {
        bool unitFolded = false;
        for (const auto& c : figure_->columns)
            unitFolded = unitFolded || (!c.isText && c.unit.empty());
        for (std::size_t i = 0; i < figure_->columns.size(); ++i) {
            const auto& c = figure_->columns[i];
            if (!(unitFolded && c.isText && c.name == "unit"))
                shown_.push_back(i);
        }
    }
    endResetModel();
}

void FigureTableModel::setHeaderOverride(const std::string& column, const QString& header)
{
    headers_[column] = header;
    if (columnCount() > 0)
        emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
}

int FigureTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !figure_ ? 0 : static_cast<int>(figure_->rowCount());
}

int FigureTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(shown_.size());
}

const FigureColumn& FigureTableModel::columnAt(int section) const
{
    return figure_->columns[shown_[static_cast<std::size_t>(section)]];
}

// A number column without a unit takes the row's "unit" text when the table has one (summary).
std::string FigureTableModel::unitAt(std::size_t row, const FigureColumn& c) const
{
    if (!c.unit.empty())
        return c.unit;
    if (const auto* u = figure_->column("unit"); u && u->isText && row < u->texts.size())
        return u->texts[row];
    return {};
}

QVariant FigureTableModel::data(const QModelIndex& index, int role) const
{
    if (!figure_ || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& c = columnAt(index.column());
    const auto row = static_cast<std::size_t>(index.row());
    if (c.isText) {
        const auto& text = c.texts[row];
        switch (role) {
        case Qt::DisplayRole:
            return c.name == "metric" ? metricDisplayName(text) : QString::fromStdString(text);
        case Qt::ToolTipRole:
        case RawValueRole:
            return QString::fromStdString(text);
        default:
            return {};
        }
    }
    const double v = c.numbers[row];
    switch (role) {
    case Qt::DisplayRole:
        return formatValue(v, unitAt(row, c));
    case Qt::ToolTipRole: {
        if (std::isnan(v))
            return QStringLiteral("missing");
        const auto unit = unitAt(row, c);
        return QString::number(v, 'g', 12) + (unit.empty() ? QString() : QLatin1Char(' ') + QString::fromStdString(unit));
    }
    case RawValueRole:
        return v;
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant FigureTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!figure_ || orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const auto& c = columnAt(section);
    if (role == Qt::DisplayRole) {
        if (const auto it = headers_.find(c.name); it != headers_.end())
            return it->second;
        return columnDisplayName(c.name);
    }
    if (role == Qt::ToolTipRole)
        return QString::fromStdString(c.name) + (c.unit.empty() ? QString() : QStringLiteral(" (%1)").arg(QString::fromStdString(c.unit)));
    return {};
}

} // namespace clens::ui::analysis
