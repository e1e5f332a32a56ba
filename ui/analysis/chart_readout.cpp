#include "ui/analysis/chart_readout.hpp"

#include "core/analysis/figure.hpp"
#include "ui/analysis/value_format.hpp"

#include <QDateTime>
#include <QStringList>
#include <qcustomplot.h>

#include <cmath>

namespace clens::ui::analysis {

namespace {

// A key of the x axis as a person reads it.
QString keyText(const QCustomPlot& plot, double key)
{
    if (plot.property("clensDates").toBool())
        return QDateTime::fromSecsSinceEpoch(static_cast<qint64>(key), Qt::UTC).toString(QStringLiteral("yyyy-MM-dd hh:mm")) +
               QStringLiteral(" UTC");
    const double seconds = plot.property("clensXSeconds").toDouble();
    if (seconds > 0)
        return formatDuration(key * seconds);
    return formatPlainNumber(key) + plot.property("clensXUnitSuffix").toString();
}

// The value of a step line (a CDF) at key: the last point at or before it.
std::optional<double> stepValue(const QCPGraph& g, double key)
{
    const auto data = g.data();
    auto it = data->findEnd(key, false);
    if (it == data->constBegin())
        return std::nullopt;
    --it;
    return it->value;
}

// The sample nearest to key.
std::optional<double> nearestValue(const QCPGraph& g, double key)
{
    const auto data = g.data();
    if (data->isEmpty())
        return std::nullopt;
    auto it = data->findBegin(key, false);
    if (it == data->constEnd())
        --it;
    if (it != data->constBegin()) {
        auto before = it - 1;
        if (std::fabs(before->key - key) < std::fabs(it->key - key))
            it = before;
    }
    return std::isnan(it->value) ? std::nullopt : std::optional<double>(it->value);
}

QString cdfReadout(QCustomPlot& plot, const QPointF& pos)
{
    const double key = plot.xAxis->pixelToCoord(pos.x());
    if (!plot.xAxis->range().contains(key))
        return {};
    QStringList lines{QStringLiteral("%1 ≤ %2").arg(plot.property("clensXLabel").toString(), keyText(plot, key))};
    for (int i = 0; i < plot.graphCount(); ++i) {
        const auto* g = plot.graph(i);
        const auto f = stepValue(*g, key);
        lines << QStringLiteral("%1: %2 of jobs").arg(g->name(), f ? QString::number(100 * *f, 'f', 1) + QLatin1Char('%') : QStringLiteral("0%"));
    }
    return lines.join(QLatin1Char('\n'));
}

QString barsReadout(QCustomPlot& plot, const QPointF& pos)
{
    const double ySeconds = plot.property("clensYSeconds").toDouble();
    const auto yUnit = plot.property("clensYUnit").toString().toStdString();
    const auto ticker = plot.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    for (int i = 0; i < plot.plottableCount(); ++i) {
        auto* bars = qobject_cast<QCPBars*>(plot.plottable(i));
        if (!bars)
            continue;
        QVariant details;
        // A hit inside a bar is reported just under the selection tolerance, a miss as -1.
        const double distance = bars->selectTest(pos, false, &details);
        if (distance < 0 || distance >= plot.selectionTolerance())
            continue;
        const auto selection = details.value<QCPDataSelection>();
        if (selection.isEmpty())
            continue;
        const auto point = bars->data()->at(selection.dataRange().begin());
        const QString category = ticker ? ticker->ticks().value(point->key) : formatPlainNumber(point->key);
        const QString value = ySeconds > 0 ? formatDuration(point->value * ySeconds) : formatValue(point->value, yUnit);
        return QStringLiteral("%1 — %2: %3").arg(bars->name(), category, value);
    }
    return {};
}

QString timeSeriesReadout(QCustomPlot& plot, const QPointF& pos)
{
    auto* rect = plot.axisRectAt(pos);
    if (!rect)
        return {};
    const double key = rect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x());
    if (!rect->axis(QCPAxis::atBottom)->range().contains(key))
        return {};
    QStringList lines{keyText(plot, key)};
    for (int i = 0; i < plot.graphCount(); ++i) {
        const auto* g = plot.graph(i);
        const auto v = nearestValue(*g, key);
        lines << QStringLiteral("%1: %2").arg(g->name(), v ? formatPlainNumber(*v) + g->property("clensUnitSuffix").toString()
                                                            : QStringLiteral("–"));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QString chartReadout(QCustomPlot& plot, const QPointF& pos)
{
    if (!plot.property("clensKind").isValid())
        return {};
    if (const auto* rect = plot.axisRectAt(pos); !rect || !rect->rect().contains(pos.toPoint()))
        return {};
    switch (static_cast<FigureKind>(plot.property("clensKind").toInt())) {
    case FigureKind::Cdf:
        return cdfReadout(plot, pos);
    case FigureKind::Bars:
        return barsReadout(plot, pos);
    case FigureKind::TimeSeries:
        return timeSeriesReadout(plot, pos);
    case FigureKind::Table:
        break;
    }
    return {};
}

} // namespace clens::ui::analysis
