#include "ui/phases/interval_rects.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace clens::ui {

IntervalRects::IntervalRects(QCPAxis* keyAxis, QCPAxis* valueAxis, bool fullHeight)
    : QCPAbstractPlottable(keyAxis, valueAxis)
    , fullHeight_(fullHeight)
{
    setSelectable(QCP::stNone);
    setPen(Qt::NoPen);
    setAntialiasedFill(false);
}

void IntervalRects::setPalette(std::vector<QColor> colours) { palette_ = std::move(colours); }

void IntervalRects::setRects(std::vector<Rect> rects) { rects_ = std::move(rects); }

QColor IntervalRects::colourOf(int index) const
{
    return index >= 0 && static_cast<std::size_t>(index) < palette_.size() ? palette_[static_cast<std::size_t>(index)]
                                                                           : mBrush.color();
}

double IntervalRects::selectTest(const QPointF&, bool, QVariant*) const { return -1; }

QCPRange IntervalRects::getKeyRange(bool& foundRange, QCP::SignDomain) const
{
    foundRange = !rects_.empty();
    return foundRange ? QCPRange(rects_.front().x0, rects_.back().x1) : QCPRange();
}

QCPRange IntervalRects::getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const
{
    foundRange = !fullHeight_ && !rects_.empty();
    if (!foundRange)
        return {};
    QCPRange range(rects_.front().y0, rects_.front().y1);
    for (const auto& r : rects_) {
        range.expand(r.y0);
        range.expand(r.y1);
    }
    return range;
}

void IntervalRects::draw(QCPPainter* painter)
{
    QCPAxis* keyAxis = mKeyAxis.data();
    QCPAxis* valueAxis = mValueAxis.data();
    if (!keyAxis || !valueAxis || rects_.empty())
        return;
    applyFillAntialiasingHint(painter);
    painter->setPen(Qt::NoPen);
    const QRect area = keyAxis->axisRect()->rect();
    const QCPRange view = keyAxis->range();
    auto it = std::lower_bound(rects_.begin(), rects_.end(), view.lower, [](const Rect& r, double x) { return r.x1 < x; });

    // The pixel column that pools sub-pixel rectangles: covered width per colour, vertical union.
    double column = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> weight(std::max<std::size_t>(palette_.size(), 1), 0.0);
    double top = 0, bottom = 0;
    const auto flushColumn = [&] {
        if (std::isnan(column))
            return;
        const auto best = std::max_element(weight.begin(), weight.end()) - weight.begin();
        painter->fillRect(QRectF(QPointF(column, top), QPointF(column + 1, bottom)), colourOf(static_cast<int>(best)));
        std::fill(weight.begin(), weight.end(), 0.0);
        column = std::numeric_limits<double>::quiet_NaN();
    };
    for (; it != rects_.end() && it->x0 <= view.upper; ++it) {
        double l = keyAxis->coordToPixel(it->x0), r = keyAxis->coordToPixel(it->x1);
        if (l > r)
            std::swap(l, r);
        double t = area.top(), b = area.bottom() + 1;
        if (!fullHeight_) {
            t = valueAxis->coordToPixel(it->y1);
            b = valueAxis->coordToPixel(it->y0);
            if (t > b)
                std::swap(t, b);
        }
        if (r - l >= 1.0) {
            flushColumn();
            painter->fillRect(QRectF(QPointF(l, t), QPointF(r, b)), colourOf(it->colour));
            continue;
        }
        const double c = std::floor(l);
        if (c != column) {
            flushColumn();
            column = c;
            top = t;
            bottom = b;
        }
        top = std::min(top, t);
        bottom = std::max(bottom, b);
        const auto colour = static_cast<std::size_t>(std::max(it->colour, 0));
        if (colour < weight.size())
            weight[colour] += r - l;
    }
    flushColumn();
}

void IntervalRects::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const
{
    painter->setPen(QPen(mBrush.color().darker(130), 0.5));
    painter->setBrush(mBrush);
    painter->drawRect(rect.adjusted(0, 1, 0, -1));
}

} // namespace clens::ui
