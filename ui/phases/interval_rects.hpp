#pragma once
// A QCustomPlot plottable of axis-aligned rectangles [x0, x1) x [y0, y1], each with a colour
// from a palette: the phase bands (full height, one colour per phase) and the unmet-demand
// areas of the usage chart. Filling a step graph of n points rasterises a polygon of 2n
// vertices, which takes seconds at 20,000 steps; rectangles are filled one by one, only those
// in view. Rectangles narrower than a pixel are pooled per pixel column, which is drawn in the
// colour covering most of it (the dominant phase), spanning their vertical union.
// With no rectangles it draws nothing and serves as a legend entry (its brush).
#include <qcustomplot.h>

#include <vector>

namespace clens::ui {

class IntervalRects : public QCPAbstractPlottable {
    Q_OBJECT
public:
    struct Rect {
        double x0 = 0, x1 = 0;
        double y0 = 0, y1 = 0; // ignored when fullHeight
        int colour = 0;        // index into the palette
    };

    // fullHeight: every rectangle spans the whole axis rect vertically (bands).
    IntervalRects(QCPAxis* keyAxis, QCPAxis* valueAxis, bool fullHeight);

    void setPalette(std::vector<QColor> colours);
    void setRects(std::vector<Rect> rects); // sorted by x0, not overlapping
    const std::vector<Rect>& rects() const { return rects_; }

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    QColor colourOf(int index) const;

    std::vector<Rect> rects_;
    std::vector<QColor> palette_;
    bool fullHeight_ = false;
};

} // namespace clens::ui
