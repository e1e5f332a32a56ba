#include "ui/views/timeline_extra_rows.hpp"

#include "core/analysis/cluster_capacity.hpp"
#include "ui/views/few_ticks_ticker.hpp"

#include <QLocale>

#include <qcustomplot.h>

#include <algorithm>
#include <optional>

namespace clens::ui {
namespace {

template <typename T>
QVector<double> toVector(const std::vector<T>& v)
{
    QVector<double> out(static_cast<qsizetype>(v.size()));
    std::transform(v.begin(), v.end(), out.begin(), [](T x) { return static_cast<double>(x); });
    return out;
}

bool autoscaled(const SimResult& r)
{
    return r.scenario.autoscaler.usage != UsageModel::None && !r.series.cpuUsed.empty();
}

bool powered(const SimResult& r)
{
    return r.scenario.power.enabled && !r.series.poweredServers.empty();
}

std::optional<double> capacityOf(const SimResult& r, ExtraRow row)
{
    if (!r.cluster)
        return std::nullopt;
    const auto caps = serverCapacities(*r.cluster, r.scenario.resources.serverDefaults);
    return totalCapacity(row == ExtraRow::Memory ? caps.memGb : caps.cpuCores);
}

constexpr double kCapacityOnScale = 4; // the capacity line is drawn up to this many times the lines' peak

double peakOf(const QVector<double>& v)
{
    return v.isEmpty() ? 0.0 : *std::max_element(v.begin(), v.end());
}

} // namespace

QCPGraph* addStepLine(QCustomPlot& plot, QCPAxis* x, QCPAxis* y, QCPLegend& legend, const QString& name, const QPen& pen,
                      const QVector<double>& keys, const QVector<double>& values)
{
    auto* g = plot.addGraph(x, y);
    g->setName(name);
    g->setLineStyle(QCPGraph::lsStepLeft);
    g->setPen(pen);
    g->setData(keys, values, true);
    g->addToLegend(&legend);
    return g;
}

std::vector<ExtraRow> extraRowsOf(const SimResult& result)
{
    std::vector<ExtraRow> rows;
    if (autoscaled(result)) {
        rows.push_back(ExtraRow::Cpu);
        rows.push_back(ExtraRow::Memory);
    }
    if (powered(result))
        rows.push_back(ExtraRow::Power);
    return rows;
}

QString extraRowTitle(ExtraRow row)
{
    switch (row) {
    case ExtraRow::Cpu: return QCoreApplication::translate("TimelineView", "CPU cores");
    case ExtraRow::Memory: return QCoreApplication::translate("TimelineView", "Mem GB");
    case ExtraRow::Power: return QCoreApplication::translate("TimelineView", "Power");
    }
    return {};
}

void plotExtraRow(QCustomPlot& plot, QCPAxisRect& rect, QCPLegend& legend, ExtraRow row, const SimResult& cur,
                  const SimResult* base)
{
    QCPAxis* x = rect.axis(QCPAxis::atBottom);
    QCPAxis* y = rect.axis(QCPAxis::atLeft);
    const TimeSeries& s = cur.series;
    const QVector<double> keys = toVector(s.t_s);
    const QPen baselinePen(QColor(0x20, 0x24, 0x2a), 1, Qt::DashLine);
    const auto tr = [](const char* text) { return QCoreApplication::translate("TimelineView", text); };
    double peak = 0;
    if (row == ExtraRow::Cpu || row == ExtraRow::Memory) {
        const bool memory = row == ExtraRow::Memory;
        const QVector<double> reserved = toVector(memory ? s.memReserved : s.cpuReserved);
        const QVector<double> used = toVector(memory ? s.memUsed : s.cpuUsed);
        auto* r = addStepLine(plot, x, y, legend, tr("reserved"), QPen(QColor(0x6f, 0xa3, 0xe0), 1), keys, reserved);
        r->setBrush(QColor(0x9c, 0xc3, 0xef, 70));
        addStepLine(plot, x, y, legend, tr("used"), QPen(QColor(0x1f, 0x4e, 0x9a), 1), keys, used);
        peak = std::max(peakOf(reserved), peakOf(used));
        if (base && autoscaled(*base)) {
            const QVector<double> b = toVector(memory ? base->series.memReserved : base->series.cpuReserved);
            addStepLine(plot, x, y, legend, tr("baseline reserved"), baselinePen, toVector(base->series.t_s), b);
            peak = std::max(peak, peakOf(b));
        }
        // The cluster's capacity as a dotted line, unless the lines would be squashed under it
        // (reserved below a quarter of it, as on servers far larger than their jobs' demand): then
        // the axis fits the lines, and the readout names the capacity.
        const auto capacity = capacityOf(cur, row);
        if (capacity && *capacity <= kCapacityOnScale * peak) {
            auto* cap = new QCPItemStraightLine(&plot);
            cap->setClipAxisRect(&rect);
            cap->point1->setAxes(x, y);
            cap->point2->setAxes(x, y);
            cap->point1->setCoords(keys.front(), *capacity);
            cap->point2->setCoords(keys.back(), *capacity);
            cap->setPen(QPen(QColor(0x90, 0x98, 0xa4), 1, Qt::DotLine));
            peak = std::max(peak, *capacity);
        }
        y->setRange(0, std::max(1.0, peak * 1.08));
        return;
    }
    // Power: servers on (booting included) on the left, kW drawn on the right.
    const QVector<double> on = toVector(s.poweredServers);
    auto* g = addStepLine(plot, x, y, legend, tr("servers on"), QPen(QColor(0x59, 0x61, 0x6c), 1), keys, on);
    g->setBrush(QColor(0x59, 0x61, 0x6c, 30));
    peak = cur.cluster ? cur.cluster->serverCount() : peakOf(on);
    if (base && powered(*base))
        addStepLine(plot, x, y, legend, tr("baseline servers on"), baselinePen, toVector(base->series.t_s),
                toVector(base->series.poweredServers));
    y->setRange(0, std::max(1.0, peak * 1.08));
    QCPAxis* kw = rect.axis(QCPAxis::atRight);
    kw->setVisible(true);
    kw->setTickLabels(true);
    kw->setLabel(tr("kW"));
    kw->setTicker(QSharedPointer<FewTicksTicker>::create(false));
    const QVector<double> power = toVector(s.powerKw);
    addStepLine(plot, x, kw, legend, tr("power (kW, right)"), QPen(QColor(0x2a, 0x9d, 0x8f), 1), keys, power);
    kw->setRange(0, std::max(0.1, peakOf(power) * 1.1));
}

QString extraRowReadout(ExtraRow row, const SimResult& r, std::size_t i)
{
    const QLocale locale;
    const auto at = [i](const auto& v) { return i < v.size() ? static_cast<double>(v[i]) : 0.0; };
    const auto tr = [](const char* text) { return QCoreApplication::translate("TimelineView", text); };
    const TimeSeries& s = r.series;
    switch (row) {
    case ExtraRow::Cpu:
    case ExtraRow::Memory: {
        const bool memory = row == ExtraRow::Memory;
        const int decimals = memory ? 0 : 1;
        const QString reserved = locale.toString(at(memory ? s.memReserved : s.cpuReserved), 'f', decimals);
        const QString used = locale.toString(at(memory ? s.memUsed : s.cpuUsed), 'f', decimals);
        if (const auto capacity = capacityOf(r, row))
            return (memory ? tr("%1 of %2 GB reserved · %3 used") : tr("%1 of %2 cores reserved · %3 used"))
                .arg(reserved, locale.toString(*capacity, 'f', 0), used);
        return (memory ? tr("%1 GB reserved · %2 used") : tr("%1 cores reserved · %2 used")).arg(reserved, used);
    }
    case ExtraRow::Power:
        return tr("%1 of %2 servers on · %3 kW")
            .arg(locale.toString(static_cast<qint64>(at(s.poweredServers))),
                 locale.toString(r.cluster ? r.cluster->serverCount() : 0), locale.toString(at(s.powerKw), 'f', 1));
    }
    return {};
}

} // namespace clens::ui
