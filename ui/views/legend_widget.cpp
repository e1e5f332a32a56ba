#include "ui/views/legend_widget.hpp"

#include "ui/views/heatmap_layout.hpp"
#include "ui/views/power_cell.hpp"

#include <QPainter>

namespace clens::ui {
namespace {
constexpr int kSwatch = 12, kGap = 6, kSpacing = 16, kRowGap = 4;

int swatchWidth(const LegendEntry& e)
{
    return e.colour.isValid() ? kSwatch + kGap : 0;
}

// The swatch drawn as the map draws the cell: the filled part from the bottom, the rest idle,
// the several-jobs corner mark, the outline of a server without GPUs, the stranded stripes, the
// CPU and memory bars.
void paintSwatch(QPainter& p, const QRect& r, const LegendEntry& e)
{    if (e.bars) { // as under a server's name: two thin bars on their tracks
        for (int i = 0; i < 2; ++i) {
            const QRect track(r.left(), r.top() + 3 + 4 * i, r.width(), 3);
            p.fillRect(track, palette::rackFrame());
            p.fillRect(QRect(track.left(), track.top(), track.width() * (3 - i) / 4, track.height()), e.colour);
        }
        return;
    }
    if (e.power) {
        paintPowerCell(p, r, e.power, false);
        return;
    }
    p.fillRect(r, e.fill >= 1000 ? e.colour : palette::idle());
    if (e.fill < 1000 && e.fill > 0)
        p.fillRect(HeatmapLayout::filledPart(r, e.fill), e.colour);
    if (e.usedFill > 0)
        p.fillRect(HeatmapLayout::filledPart(r, e.usedFill), palette::used());
    if (e.stripes)
        p.fillRect(r, QBrush(palette::stranded(), Qt::BDiagPattern));
    if (e.mark) {
        const QPoint tr = r.topRight() + QPoint(1, 0);
        const QPoint corner[3] = {tr, tr + QPoint(-5, 0), tr + QPoint(0, 5)};
        p.setPen(Qt::NoPen);
        p.setBrush(palette::shareMark());
        p.drawPolygon(corner, 3);
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(e.outline ? e.colour : e.colour.darker(130), 1));
    p.drawRect(r.adjusted(0, 0, -1, -1));
}

} // namespace

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
        const int w = swatchWidth(e) + fm.horizontalAdvance(e.label);
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
    std::vector<QPoint> pos;
    place(width(), &pos);
    const QFontMetrics fm(font());
    const int rowH = std::max(kSwatch, fm.height());
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        const LegendEntry& e = entries_[i];
        const QPoint at = pos[i] + QPoint(0, 2);
        if (e.colour.isValid())
            paintSwatch(p, QRect(at.x(), at.y() + (rowH - kSwatch) / 2, kSwatch, kSwatch), e);
        p.setPen(palette().color(e.colour.isValid() ? QPalette::WindowText : QPalette::PlaceholderText));
        p.drawText(QRect(at.x() + swatchWidth(e), at.y(), width(), rowH), Qt::AlignLeft | Qt::AlignVCenter, e.label);
    }
}

} // namespace clens::ui
