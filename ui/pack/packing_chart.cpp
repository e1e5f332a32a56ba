#include "ui/pack/packing_chart.hpp"

#include <algorithm>

namespace clens::ui {

namespace {
const QString kAllocated = QStringLiteral(" — allocated");
const QString kFragmented = QStringLiteral(" — fragmented");
} // namespace

PackingChart::PackingChart(QWidget* parent)
    : QCustomPlot(parent)
    , cursor_(new QCPItemStraightLine(this))
{
    setObjectName(QStringLiteral("packingChart"));
    setMinimumSize(480, 240);
    xAxis->setLabel(tr("GPU capacity arrived (% of the cluster)"));
    yAxis->setLabel(tr("% of the cluster's GPU capacity"));
    legend->setVisible(true);
    legend->setFont(QFont(font().family(), std::max(7, font().pointSize() - 1)));
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignVCenter); // where the curves are not
    cursor_->setPen(QPen(QColor(200, 30, 30), 1.5));
    setSeries({});
}

void PackingChart::setSeries(const std::vector<Series>& series)
{
    clearGraphs();
    int maxPct = 100;
    for (const auto& s : series)
        if (!s.curve.empty())
            maxPct = std::max(maxPct, s.curve.back().arrivedPct);
    auto* all = addGraph(); // where every pod fits: allocated = arrived
    all->setName(tr("every pod placed"));
    all->setPen(QPen(QColor(150, 150, 150), 1, Qt::DotLine));
    all->setData(QVector<double>{0, 100, static_cast<double>(maxPct)}, QVector<double>{0, 100, 100}, true);
    for (const auto& s : series) {
        QVector<double> x, allocated, fragmented;
        for (const auto& p : s.curve) {
            x << p.arrivedPct;
            allocated << p.allocatedGpuPct;
            fragmented << p.fragmentedGpuPct;
        }
        auto* a = addGraph();
        a->setName(s.name + kAllocated);
        a->setPen(QPen(s.colour, 2));
        a->setData(x, allocated, true);
        auto* f = addGraph();
        f->setName(s.name + kFragmented);
        f->setPen(QPen(s.colour, 1.5, Qt::DashLine));
        f->setData(x, fragmented, true);
    }
    xAxis->setRange(0, maxPct);
    yAxis->setRange(0, 105);
    setCursor(static_cast<int>(cursorPct_));
}

void PackingChart::setCursor(int arrivedPct)
{
    cursorPct_ = arrivedPct;
    cursor_->point1->setCoords(arrivedPct, 0);
    cursor_->point2->setCoords(arrivedPct, 1);
    replot(QCustomPlot::rpQueuedReplot);
}

QCPGraph* PackingChart::allocatedGraph(const QString& name) const
{
    for (int i = 0; i < graphCount(); ++i)
        if (graph(i)->name() == name + kAllocated)
            return graph(i);
    return nullptr;
}

QCPGraph* PackingChart::fragmentedGraph(const QString& name) const
{
    for (int i = 0; i < graphCount(); ++i)
        if (graph(i)->name() == name + kFragmented)
            return graph(i);
    return nullptr;
}

} // namespace clens::ui
