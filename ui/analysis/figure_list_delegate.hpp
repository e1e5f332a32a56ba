#pragma once
// Paints an entry of the Analysis page's figure list on two lines: the figure's title, then
// its name and kind in small grey type (or why it is not available).
#include <QStyledItemDelegate>

namespace clens::ui::analysis {

class FigureListDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    static constexpr int NameRole = Qt::UserRole + 1;      // "queue_delay_cdf_by_size"
    static constexpr int DetailRole = Qt::UserRole + 2;    // "cdf" or the unavailability reason
    static constexpr int AvailableRole = Qt::UserRole + 3; // bool

    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace clens::ui::analysis
