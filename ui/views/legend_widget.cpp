#include "ui/views/legend_widget.hpp"

#include <QPainter>

namespace clens::ui {
namespace {
constexpr int kSwatch = 12, kGap = 6, kSpacing = 16, kRowGap = 4;
}

LegendWidget::LegendWidget(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    setObjectName(QStringLiteral("legend"));
}

void LegendWidget::setEntries(std::vector<LegendEntry> entries)
{
    entries_ = std::move(entries);
    updateGeometry();
    update();
}

int LegendWidget::place(int width, std::vector<QPoint>* positions) const
{
    const QFontMetrics fm(font());
    const int rowH = std::max(kSwatch, fm.height());
    int x = 0, y = 0;
    for (const auto& e : entries_) {
        const int w = kSwatch + kGap + fm.horizontalAdvance(e.label);
        if (x > 0 && x + w > width) {
            x = 0;
            y += rowH + kRowGap;
        }
        if (positions)
            positions->emplace_back(x, y);
        x += w + kSpacing;
    }
    return entries_.empty() ? 0 : y + rowH;
}

int LegendWidget::heightForWidth(int width) const
{
    return place(width, nullptr) + 4;
}

QSize LegendWidget::sizeHint() const
{
    return {400, heightForWidth(width() > 0 ? width() : 400)};
}

void LegendWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    std::vector<QPoint> pos;
    place(width(), &pos);
    const QFontMetrics fm(font());
    const int rowH = std::max(kSwatch, fm.height());
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        const QPoint at = pos[i] + QPoint(0, 2);
        p.setPen(QPen(entries_[i].colour.darker(130), 1));
        p.setBrush(entries_[i].colour);
        p.drawRoundedRect(QRectF(at.x() + 0.5, at.y() + (rowH - kSwatch) / 2.0 + 0.5, kSwatch - 1, kSwatch - 1), 2, 2);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(at.x() + kSwatch + kGap, at.y(), width(), rowH), Qt::AlignLeft | Qt::AlignVCenter, entries_[i].label);
    }
}

} // namespace clens::ui
