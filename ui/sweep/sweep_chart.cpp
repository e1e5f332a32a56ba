#include "ui/sweep/sweep_chart.hpp"

#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace clens::ui {

namespace {
constexpr double kPickRadiusPx = 8;
} // namespace

SweepChart::SweepChart(QWidget* parent)
    : QCustomPlot(parent)
{
    setObjectName(QStringLiteral("sweepChart"));
    setMinimumSize(420, 260);
    setMouseTracking(true);
    legend->setVisible(true);
    legend->setFont(QFont(font().family(), std::max(7, font().pointSize() - 1)));
    // Below the chart in one row: inside, it hid the runs in its corner (a run at the best
    // trade-off is often at the top right).
    axisRect()->insetLayout()->take(legend);
    auto* below = new QCPLayoutGrid;
    plotLayout()->addElement(1, 0, below);
    below->setMargins(QMargins(5, 0, 5, 5));
    below->addElement(0, 0, legend);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    plotLayout()->setRowStretchFactor(1, 0.001);
    all_ = addGraph();
    all_->setName(tr("runs"));
    all_->setLineStyle(QCPGraph::lsNone);
    all_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QColor(70, 110, 160), QColor(70, 110, 160, 60), 7));
    frontGraph_ = addGraph();
    frontGraph_->setName(tr("Pareto front (best trade-offs)"));
    frontGraph_->setPen(QPen(QColor(230, 120, 20), 1.5));
    frontGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QColor(200, 90, 0), QColor(240, 150, 40), 9));
    referenceGraph_ = addGraph();
    referenceGraph_->setLineStyle(QCPGraph::lsNone);
    referenceGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(QColor(200, 30, 30), 2), Qt::NoBrush, 14));
    markedGraph_ = addGraph();
    markedGraph_->setName(tr("loaded in the what-if views"));
    markedGraph_->setLineStyle(QCPGraph::lsNone);
    markedGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(20, 20, 20), 2), Qt::NoBrush, 15));
    markedGraph_->removeFromLegend();
}

void SweepChart::setAxes(const QString& xLabel, const QString& yLabel)
{
    xAxis->setLabel(xLabel);
    yAxis->setLabel(yLabel);
    replot(QCustomPlot::rpQueuedReplot);
}

void SweepChart::setPoints(const std::vector<Point>& points, const std::vector<int>& front)
{
    points_ = points;
    front_ = front;
    QVector<double> x, y;
    for (const auto& p : points_) {
        x << p.x;
        y << p.y;
    }
    all_->setData(x, y);
    // Joined in order of x: a QCPCurve would keep the order, but the front is sorted already.
    QVector<double> fx, fy;
    for (const int run : front_)
        for (const auto& p : points_)
            if (p.run == run) {
                fx << p.x;
                fy << p.y;
            }
    frontGraph_->setData(fx, fy, true);
    setMarked(marked_);
    rescale();
}

void SweepChart::setReference(std::optional<QPointF> point, const QString& label)
{
    reference_ = point;
    referenceGraph_->setName(label);
    if (point)
        referenceGraph_->setData(QVector<double>{point->x()}, QVector<double>{point->y()});
    else
        referenceGraph_->data()->clear();
    rescale();
}

void SweepChart::setMarked(int run)
{
    marked_ = run;
    markedGraph_->data()->clear();
    for (const auto& p : points_)
        if (p.run == run)
            markedGraph_->setData(QVector<double>{p.x}, QVector<double>{p.y});
    replot(QCustomPlot::rpQueuedReplot);
}

void SweepChart::rescale()
{
    double x0 = HUGE_VAL, x1 = -HUGE_VAL, y0 = HUGE_VAL, y1 = -HUGE_VAL;
    const auto take = [&](double x, double y) {
        x0 = std::min(x0, x);
        x1 = std::max(x1, x);
        y0 = std::min(y0, y);
        y1 = std::max(y1, y);
    };
    for (const auto& p : points_)
        take(p.x, p.y);
    if (reference_)
        take(reference_->x(), reference_->y());
    if (x0 > x1) {
        x0 = 0;
        x1 = 1;
        y0 = 0;
        y1 = 1;
    }
    // A margin of a tenth of the span keeps the markers off the axes. When all runs agree the
    // value sits in the middle, a tenth of it either side, or ±1 around 0 (every run waited 0 s:
    // a range of 1e-10 drew ticks such as "-1·10^-10").
    const auto pad = [](double lo, double hi) {
        if (hi - lo > 0)
            return QCPRange(lo - 0.1 * (hi - lo), hi + 0.1 * (hi - lo));
        const double half = hi != 0 ? 0.1 * std::abs(hi) : 1.0;
        return QCPRange(hi - half, hi + half);
    };
    xAxis->setRange(pad(x0, x1));
    yAxis->setRange(pad(y0, y1));
    replot(QCustomPlot::rpQueuedReplot);
}

std::optional<QPointF> SweepChart::pixelOf(int run) const
{
    for (const auto& p : points_)
        if (p.run == run)
            return QPointF(xAxis->coordToPixel(p.x), yAxis->coordToPixel(p.y));
    return std::nullopt;
}

int SweepChart::runAt(const QPointF& pos) const
{
    int best = -1;
    double bestD = kPickRadiusPx * kPickRadiusPx;
    for (const auto& p : points_) {
        const double dx = xAxis->coordToPixel(p.x) - pos.x(), dy = yAxis->coordToPixel(p.y) - pos.y();
        if (const double d = dx * dx + dy * dy; d <= bestD) {
            bestD = d;
            best = p.run;
        }
    }
    return best;
}

void SweepChart::mousePressEvent(QMouseEvent* event)
{
    QCustomPlot::mousePressEvent(event);
    if (event->button() == Qt::LeftButton)
        if (const int run = runAt(event->position()); run >= 0)
            emit runClicked(run);
}

void SweepChart::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    const int run = runAt(event->position());
    if (run >= 0 && describe_)
        QToolTip::showText(event->globalPosition().toPoint(), describe_(run), this);
    else
        QToolTip::hideText();
    setCursor(run >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

} // namespace clens::ui
