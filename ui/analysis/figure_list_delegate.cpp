#include "ui/analysis/figure_list_delegate.hpp"

#include <QApplication>
#include <QPainter>

namespace clens::ui::analysis {

void FigureListDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const QString title = opt.text;
    opt.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const bool available = index.data(AvailableRole).toBool();
    const bool selected = opt.state & QStyle::State_Selected;
    const QRect r = opt.rect.adjusted(8, 4, -8, -4);
    QFont titleFont = opt.font;
    titleFont.setItalic(!available);
    QFont small = opt.font;
    small.setPointSizeF(small.pointSizeF() * 0.85);
    const QColor text = selected ? opt.palette.color(QPalette::HighlightedText) : opt.palette.color(QPalette::Text);
    QColor grey = selected ? text : QColor(0x80, 0x86, 0x8e);

    painter->save();
    painter->setFont(titleFont);
    painter->setPen(available ? text : grey);
    const QFontMetrics fm(titleFont);
    painter->drawText(QRect(r.left(), r.top(), r.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                      fm.elidedText(title, Qt::ElideRight, r.width()));
    painter->setFont(small);
    painter->setPen(grey);
    const QFontMetrics sm(small);
    const QString detail = index.data(NameRole).toString() + QStringLiteral(" · ") + index.data(DetailRole).toString();
    painter->drawText(QRect(r.left(), r.top() + fm.height() + 1, r.width(), sm.height() + 3), Qt::AlignLeft | Qt::AlignTop,
                      sm.elidedText(detail, Qt::ElideRight, r.width()));
    painter->restore();
}

QSize FigureListDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    Q_UNUSED(index);
    QFont small = option.font;
    small.setPointSizeF(small.pointSizeF() * 0.85);
    return {220, QFontMetrics(option.font).height() + QFontMetrics(small).height() + 12};
}

} // namespace clens::ui::analysis
