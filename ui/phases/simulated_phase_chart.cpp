#include "ui/phases/simulated_phase_chart.hpp"

#include "ui/phases/phase_palette.hpp"

#include <QMouseEvent>

#include <algorithm>
#include <cmath>

namespace clens::ui {

namespace {
constexpr double kSecondsPerHour = 3600.0;
}

SimulatedPhaseChart::SimulatedPhaseChart(QWidget* parent)
    : QCustomPlot(parent)
    , cursor_(new QCPItemStraightLine(this))
{
    setObjectName(QStringLiteral("simulatedPhaseChart"));
    setMinimumHeight(150);
    xAxis->setLabel(tr("hours since the first submission"));
    yAxis->setLabel(tr("jobs by phase"));
    cursor_->setPen(QPen(QColor(200, 30, 30), 1.5));
    setToolTip(tr("Click or drag to move the cluster's time"));
    setCursor(Qt::PointingHandCursor);
}

void SimulatedPhaseChart::setSeries(const SimulatedPhaseSeries& series, std::int64_t origin)
{
    clearGraphs();
    origin_ = origin;
    hasSeries_ = !series.t.empty();
    end_ = hasSeries_ ? series.t.back() : origin;
    QVector<double> x;
    for (const auto t : series.t)
        x << static_cast<double>(t - origin) / kSecondsPerHour;
    QVector<double> stacked(x.size(), 0.0);
    const int k = static_cast<int>(series.running.size());
    QCPGraph* below = nullptr;
    for (int p = 0; p < k; ++p) {
        const auto& running = series.running[static_cast<std::size_t>(p)];
        for (qsizetype i = 0; i < stacked.size(); ++i)
            stacked[i] += running[static_cast<std::size_t>(i)];
        auto* g = addGraph();
        g->setName(phaseName(p));
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setData(x, stacked, true);
        const QColor colour = phaseColor(p, k);
        g->setPen(QPen(colour.darker(130)));
        g->setBrush(colour);
        if (below) // the band between the phases below and this one
            g->setChannelFillGraph(below);
        below = g;
    }
    const double top = stacked.isEmpty() ? 1.0 : std::max(1.0, *std::max_element(stacked.cbegin(), stacked.cend()));
    if (!x.isEmpty())
        xAxis->setRange(x.front(), std::max(x.back(), x.front() + 1.0 / kSecondsPerHour));
    yAxis->setRange(0, top * 1.05);
    setTime(time_);
}

void SimulatedPhaseChart::setTime(std::int64_t t)
{
    time_ = t;
    const double x = static_cast<double>(t - origin_) / kSecondsPerHour;
    cursor_->point1->setCoords(x, 0);
    cursor_->point2->setCoords(x, 1);
    replot(QCustomPlot::rpQueuedReplot);
}

std::int64_t SimulatedPhaseChart::timeAt(double x) const
{
    const double hours = xAxis->pixelToCoord(x);
    const auto t = origin_ + static_cast<std::int64_t>(std::llround(hours * kSecondsPerHour));
    return std::clamp(t, origin_, std::max(origin_, end_));
}

void SimulatedPhaseChart::mousePressEvent(QMouseEvent* event)
{
    QCustomPlot::mousePressEvent(event);
    if (event->button() == Qt::LeftButton && hasSeries_)
        emit seekRequested(timeAt(event->position().x()));
}

void SimulatedPhaseChart::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    if ((event->buttons() & Qt::LeftButton) && hasSeries_)
        emit seekRequested(timeAt(event->position().x()));
}

double SimulatedPhaseChart::stackedTotal(int sample) const
{
    if (graphCount() == 0)
        return 0;
    const auto data = graph(graphCount() - 1)->data();
    return sample >= 0 && sample < data->size() ? data->at(sample)->value : 0.0;
}

} // namespace clens::ui
