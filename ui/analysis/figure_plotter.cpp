#include "ui/analysis/figure_plotter.hpp"

#include "ui/analysis/chart_palette.hpp"
#include "ui/analysis/value_format.hpp"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace clens::ui::analysis {

namespace {

constexpr double kLogFloor_s = 1.0; // durations below this sit on the left edge of a log axis
constexpr const char* kStackShares = "shares";
constexpr const char* kStackHours = "hours";

QString qs(const std::string& s) { return QString::fromStdString(s); }

bool isDurationUnit(const std::string& unit) { return unit == "s"; }

// Distinct values of a text column in order of first appearance.
std::vector<std::string> distinctTexts(const FigureColumn& c)
{
    std::vector<std::string> out;
    for (const auto& t : c.texts)
        if (std::find(out.begin(), out.end(), t) == out.end())
            out.push_back(t);
    return out;
}

void styleAxis(QCPAxis* axis)
{
    axis->setBasePen(QPen(QColor(0x80, 0x86, 0x8e)));
    axis->setTickPen(QPen(QColor(0x80, 0x86, 0x8e)));
    axis->setSubTickPen(QPen(QColor(0xa0, 0xa6, 0xae)));
    axis->grid()->setPen(QPen(chart_palette::gridLine(), 1));
    axis->grid()->setSubGridVisible(false);
    axis->setTickLabelColor(QColor(0x30, 0x34, 0x3a));
    axis->setLabelColor(QColor(0x30, 0x34, 0x3a));
    QFont f = axis->labelFont();
    f.setPointSizeF(f.pointSizeF() * 1.05);
    axis->setLabelFont(f);
}

void styleRect(QCPAxisRect* rect)
{
    for (auto* axis : rect->axes())
        styleAxis(axis);
    rect->axis(QCPAxis::atTop)->setVisible(false);
    rect->axis(QCPAxis::atRight)->setVisible(false);
}

void addTitle(QCustomPlot& plot, const Figure& f)
{
    plot.plotLayout()->insertRow(0);
    auto* title = new QCPTextElement(&plot, qs(f.title));
    QFont font = title->font();
    font.setPointSizeF(font.pointSizeF() * 1.3);
    font.setBold(true);
    title->setFont(font);
    title->setTextColor(QColor(0x20, 0x24, 0x2a));
    plot.plotLayout()->addElement(0, 0, title);
}

// Legend in a corner of the plot, or beside it (top-aligned) when it would hide data.
void placeLegend(QCustomPlot& plot, int entries, bool beside, Qt::Alignment corner = Qt::AlignTop | Qt::AlignRight)
{
    plot.legend->setVisible(entries > 1);
    plot.legend->setBorderPen(QPen(QColor(0xd0, 0xd4, 0xda)));
    plot.legend->setBrush(QColor(255, 255, 255, 230));
    if (!beside) {
        plot.axisRect()->insetLayout()->setInsetAlignment(0, corner);
        return;
    }
    plot.axisRect()->insetLayout()->take(plot.legend);
    // A column of its own: the legend on top, an empty element taking the remaining height.
    auto* side = new QCPLayoutGrid;
    plot.plotLayout()->addElement(plot.plotLayout()->rowCount() - 1, 1, side);
    side->addElement(0, 0, plot.legend);
    side->addElement(1, 0, new QCPLayoutElement(&plot));
    side->setRowStretchFactor(0, 0.001);
    side->setRowStretchFactor(1, 1);
    side->setMargins(QMargins(0, 8, 8, 8));
    plot.plotLayout()->setColumnStretchFactor(1, 0.001);
}

QSharedPointer<QCPAxisTickerText> durationLogTicker()
{
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const std::vector<std::pair<double, const char*>> ticks{
        {1, "1 s"},        {10, "10 s"},         {60, "1 min"},       {600, "10 min"},
        {3600, "1 h"},     {86400, "1 day"},     {604800, "1 week"}, // no "10 h": 0.38 decades from "1 day"
        {2592000, "30 days"}, {31536000, "1 year"},
    };
    for (const auto& [v, label] : ticks)
        ticker->addTick(v, QString::fromLatin1(label));
    return ticker;
}

struct Extent {
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();
    void add(double v)
    {
        if (std::isnan(v))
            return;
        min = std::min(min, v);
        max = std::max(max, v);
    }
    bool empty() const { return min > max; }
    double maxAbs() const { return empty() ? 0 : std::max(std::fabs(min), std::fabs(max)); }
};

Extent extentOf(const FigureColumn* c)
{
    Extent e;
    if (c && !c->isText)
        for (double v : c->numbers)
            e.add(v);
    return e;
}

// ---- CDF -----------------------------------------------------------------------------------

QStringList plotCdf(QCustomPlot& plot, const Figure& f, const PlotOptions& o)
{
    QStringList remarks;
    const auto* xc = f.column(f.x.columns.front());
    const auto* yc = f.column(f.y.columns.front());
    const auto* sc = f.seriesColumn.empty() ? nullptr : f.column(f.seriesColumn);
    const auto ex = extentOf(xc);
    const bool duration = isDurationUnit(f.x.unit);
    const bool logX = o.logX && duration && ex.min >= 0;
    DurationScale scale{1, qs(f.x.unit)};
    if (duration && !logX)
        scale = durationScaleFor(ex.maxAbs());

    std::vector<std::string> series = sc ? distinctTexts(*sc) : std::vector<std::string>{""};
    bool clamped = false;
    double lowestStart = 1; // smallest fraction at a series' first value
    bool allStartAtZero = true;
    const double xEnd = logX ? std::max(ex.max, kLogFloor_s) : ex.max / scale.divisor;
    for (std::size_t s = 0; s < series.size(); ++s) {
        QVector<double> xs, ys;
        for (std::size_t r = 0; r < f.rowCount(); ++r) {
            if (sc && sc->texts[r] != series[s])
                continue;
            double x = xc->numbers[r];
            if (xs.isEmpty())
                allStartAtZero = allStartAtZero && x == 0;
            if (logX && x < kLogFloor_s) {
                clamped = true;
                x = kLogFloor_s;
            }
            xs.push_back(duration && !logX ? x / scale.divisor : x);
            ys.push_back(yc->numbers[r]);
        }
        if (xs.isEmpty())
            continue;
        if (xs.size() > 1) // a single value is a vertical step: nothing to zoom into
            lowestStart = std::min(lowestStart, ys.front());
        // The CDF rises from 0 at its first value and stays at its last fraction to the right.
        xs.prepend(xs.front());
        ys.prepend(0);
        if (xs.back() < xEnd) {
            xs.push_back(xEnd);
            ys.push_back(ys.back());
        }
        auto* g = plot.addGraph();
        g->setName(seriesDisplayName(series[s]));
        g->setPen(chart_palette::seriesPen(series[s], static_cast<int>(s)));
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setData(xs, ys, true);
    }
    auto* x = plot.xAxis;
    auto* y = plot.yAxis;
    if (logX) {
        x->setScaleType(QCPAxis::stLogarithmic);
        x->setTicker(durationLogTicker());
        x->setLabel(qs(f.x.label));
        x->setRange(kLogFloor_s * 0.8, std::max(ex.max, 10.0) * 1.5);
        if (clamped)
            remarks << QStringLiteral("0 s values are drawn at 1 s on the log axis");
    } else {
        x->setLabel(axisTitle(qs(f.x.label), duration ? scale.unit : qs(f.x.unit)));
        plot.rescaleAxes();
        const double lo = ex.empty() ? 0 : ex.min / scale.divisor, hi = ex.empty() ? 1 : ex.max / scale.divisor;
        const double from = std::min(0.0, lo);
        const double pad = hi > from ? (hi - from) * 0.03 : 1;
        x->setRange(lo < 0 ? lo - pad : from, hi + pad);
        if (lo < 0 && hi > 0) {
            auto* zero = new QCPItemStraightLine(&plot);
            zero->point1->setCoords(0, 0);
            zero->point2->setCoords(0, 1);
            zero->setPen(QPen(QColor(0x50, 0x50, 0x50), 1, Qt::DotLine));
        }
    }
    y->setLabel(qs(f.y.label));
    // When every series starts high (most jobs waited 0 s), the interesting part is the top.
    double yLow = 0;
    if (lowestStart >= 0.5 && lowestStart < 0.995) {
        yLow = std::floor((lowestStart - 0.02) * 20) / 20;
        const QString start = allStartAtZero ? QStringLiteral("%1 0 %2").arg(qs(f.x.label).toLower(), qs(f.x.unit))
                                             : QStringLiteral("the series' smallest value");
        remarks << QStringLiteral("The fraction axis starts at %1: at least %2% of the jobs of every series have %3")
                       .arg(QString::number(yLow, 'f', 2), QString::number(std::floor(lowestStart * 100), 'f', 0), start.trimmed());
    }
    y->setRange(yLow, 1 + (1 - yLow) * 0.03);
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1 - yLow <= 0.25 ? 0.05 : 1 - yLow <= 0.5 ? 0.1 : 0.2);
    y->setTicker(ticker);
    placeLegend(plot, plot.graphCount(), plot.graphCount() > 6, Qt::AlignBottom | Qt::AlignRight);
    // For the mouse readout (chart_readout.hpp): keys back to seconds.
    plot.setProperty("clensXLabel", qs(f.x.label));
    plot.setProperty("clensXSeconds", duration ? (logX ? 1.0 : scale.divisor) : 0.0);
    plot.setProperty("clensXUnitSuffix", f.x.unit.empty() ? QString() : f.x.unit == "%" ? QStringLiteral("%") : QLatin1Char(' ') + qs(f.x.unit));
    return remarks;
}

// ---- bars ----------------------------------------------------------------------------------

struct Categories {
    std::vector<std::string> labels;
    std::vector<int> ofRow; // category index of each row
};

Categories categoriesOf(const Figure& f)
{
    Categories c;
    const auto* xc = f.column(f.x.columns.front());
    if (xc->isText) {
        c.labels = distinctTexts(*xc);
        for (const auto& t : xc->texts)
            c.ofRow.push_back(static_cast<int>(std::find(c.labels.begin(), c.labels.end(), t) - c.labels.begin()));
        return c;
    }
    std::vector<double> values;
    for (double v : xc->numbers)
        if (!std::isnan(v) && std::find(values.begin(), values.end(), v) == values.end())
            values.push_back(v);
    std::sort(values.begin(), values.end());
    for (double v : values)
        c.labels.push_back(formatPlainNumber(v).toStdString());
    for (double v : xc->numbers)
        c.ofRow.push_back(static_cast<int>(std::find(values.begin(), values.end(), v) - values.begin()));
    return c;
}

QString categoryLabel(const std::string& label)
{
    return label == "all" ? QStringLiteral("all sizes") : qs(label);
}

QCPItemText* labelAbove(QCustomPlot& plot, QCPAxis* x, QCPAxis* y, double key, double value, const QString& text)
{
    auto* t = new QCPItemText(&plot);
    t->position->setAxes(x, y);
    t->position->setCoords(key, value);
    t->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    t->setText(text);
    t->setColor(QColor(0x30, 0x34, 0x3a));
    t->setPadding(QMargins(0, 0, 0, 2));
    QFont font = t->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    t->setFont(font);
    return t;
}

QString barValueText(double v, const std::string& unit)
{
    return formatValue(v, unit);
}

// Bars of delay causes stack; they can show shares (the figure's y columns, "%") or the hours
// behind them (the same causes with "_h"). Returns the hour columns, empty when not a stack.
std::vector<std::string> causeHourColumns(const Figure& f)
{
    std::vector<std::string> hours;
    if (!f.seriesColumn.empty())
        return {};
    for (const auto& c : f.y.columns) {
        if (!chart_palette::causeColour(c).isValid() || !c.ends_with("_pct"))
            return {};
        const auto h = c.substr(0, c.size() - 4) + "_h";
        if (!f.column(h))
            return {};
        hours.push_back(h);
    }
    return hours;
}

void setupCategoryAxis(QCPAxis* x, const Figure& f, const Categories& cats)
{
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t i = 0; i < cats.labels.size(); ++i)
        ticker->addTick(static_cast<double>(i + 1), categoryLabel(cats.labels[i]));
    x->setTicker(ticker);
    x->setSubTicks(false);
    x->setTickLength(0, 4);
    x->grid()->setVisible(false);
    x->setLabel(qs(f.x.label));
    x->setRange(0.4, static_cast<double>(cats.labels.size()) + 0.6);
}

// One set of bars: the rows of a series (value = the chosen statistic) or a y column.
struct BarSet {
    QString name;
    QColor colour;
    std::string column;
    std::string series; // "" = every row
};

struct BarLayout {
    std::vector<BarSet> sets;
    bool stacked = false;    // delay causes
    bool stackHours = false; // ... in hours rather than shares
};

BarLayout barLayout(const Figure& f, const FigureColumn* seriesColumn, const PlotOptions& o)
{
    BarLayout l;
    if (seriesColumn) {
        std::string value = f.y.columns.front();
        if (std::find(f.y.columns.begin(), f.y.columns.end(), o.statistic) != f.y.columns.end())
            value = o.statistic;
        int i = 0;
        for (const auto& s : distinctTexts(*seriesColumn)) {
            const QColor colour = s == "all" ? QColor(0x70, 0x76, 0x7e) : chart_palette::seriesPen(s, i).color();
            l.sets.push_back({seriesDisplayName(s), colour, value, s});
            ++i;
        }
        return l;
    }
    const auto hourColumns = causeHourColumns(f);
    l.stacked = !hourColumns.empty();
    l.stackHours = l.stacked && o.statistic == kStackHours;
    int i = 0;
    for (const auto& c : l.stackHours ? hourColumns : f.y.columns) {
        const QColor cause = chart_palette::causeColour(c);
        l.sets.push_back({columnDisplayName(c), l.stacked ? cause : chart_palette::qualitative(i), c, ""});
        ++i;
    }
    return l;
}

// Above each stack of delay causes: the time waited and the jobs delayed.
void captionStacks(QCustomPlot& plot, const Figure& f, const Categories& cats, const std::vector<double>& stackTop)
{
    const auto* hours = f.column("queue_delay_h");
    const auto* delayed = f.column("delayed_jobs");
    if (!hours)
        return;
    for (std::size_t r = 0; r < f.rowCount(); ++r) {
        const auto cat = static_cast<std::size_t>(cats.ofRow[r]);
        QString text = hours->numbers[r] > 0 ? formatDuration(hours->numbers[r] * 3600) + QStringLiteral(" waited")
                                             : QStringLiteral("no waiting");
        if (delayed && delayed->numbers[r] > 0)
            text += QStringLiteral("\n%1 %2 delayed")
                        .arg(formatPlainNumber(delayed->numbers[r]),
                             delayed->numbers[r] == 1 ? QStringLiteral("job") : QStringLiteral("jobs"));
        labelAbove(plot, plot.xAxis, plot.yAxis, static_cast<double>(cat + 1), stackTop[cat], text);
    }
}

// About 105 lines: the bar chart's axes, groups, error bars and labels set on one plot in turn.
QStringList plotBars(QCustomPlot& plot, const Figure& f, const PlotOptions& o)
{
    const auto cats = categoriesOf(f);
    auto* x = plot.xAxis;
    auto* y = plot.yAxis;
    setupCategoryAxis(x, f, cats);
    const auto* sc = f.seriesColumn.empty() ? nullptr : f.column(f.seriesColumn);
    const auto layout = barLayout(f, sc, o);
    const auto& sets = layout.sets;
    const bool stacked = layout.stacked;
    const auto* unitColumn = f.column(sets.front().column);
    const std::string unit = unitColumn && !unitColumn->unit.empty() ? unitColumn->unit : f.y.unit;
    Extent ey;
    for (const auto& s : sets)
        ey.add(extentOf(f.column(s.column)).max);
    const bool duration = isDurationUnit(unit);
    const DurationScale scale = duration ? durationScaleFor(ey.maxAbs()) : DurationScale{1, qs(unit)};
    const auto rowsOf = [&](const BarSet& s) {
        std::vector<std::size_t> rows;
        for (std::size_t r = 0; r < f.rowCount(); ++r)
            if ((s.series.empty() || sc->texts[r] == s.series) && !std::isnan(f.column(s.column)->numbers[r]) &&
                static_cast<std::size_t>(cats.ofRow[r]) < cats.labels.size()) // a missing category is not drawn
                rows.push_back(r);
        return rows;
    };

    // Grouped bars sit side by side inside 80% of a category's width, 2% apart.
    const double groupWidth = 0.8, spacing = 0.02;
    const double n = static_cast<double>(sets.size());
    QCPBarsGroup* group = stacked || sets.size() < 2 ? nullptr : new QCPBarsGroup(&plot);
    if (group) {
        group->setSpacingType(QCPBarsGroup::stPlotCoords);
        group->setSpacing(spacing);
    }
    const double barWidth = group ? (groupWidth - (n - 1) * spacing) / n : 0.6;
    const auto barCentre = [&](double key, std::size_t set) {
        return group ? key - groupWidth / 2 + barWidth / 2 + static_cast<double>(set) * (barWidth + spacing) : key;
    };
    std::size_t barCount = 0;
    std::vector<double> stackTop(cats.labels.size(), 0); // stack heights (stacked bars)
    for (const auto& s : sets)
        for (const auto r : rowsOf(s)) {
            ++barCount;
            stackTop[static_cast<std::size_t>(cats.ofRow[r])] += f.column(s.column)->numbers[r] / scale.divisor;
        }
    const double stackMax = stackTop.empty() ? 0 : *std::max_element(stackTop.begin(), stackTop.end());
    std::fill(stackTop.begin(), stackTop.end(), 0);
    // Value labels fit above bars at least ~40 px wide (on a chart ~900 px wide).
    const bool labelBars = barCount <= 24 && barWidth * 900 / static_cast<double>(cats.labels.size()) >= 40;

    QCPBars* below = nullptr;
    double top = 0;
    for (std::size_t si = 0; si < sets.size(); ++si) {
        const auto& s = sets[si];
        QVector<double> keys, values;
        for (const auto r : rowsOf(s)) {
            keys.push_back(cats.ofRow[r] + 1);
            values.push_back(f.column(s.column)->numbers[r] / scale.divisor);
        }
        auto* bars = new QCPBars(x, y);
        bars->setName(s.name);
        bars->setWidth(barWidth);
        bars->setPen(Qt::NoPen);
        bars->setBrush(s.colour);
        bars->setData(keys, values);
        if (group)
            bars->setBarsGroup(group);
        if (stacked && below)
            bars->moveAbove(below);
        below = stacked ? bars : nullptr;
        for (int i = 0; i < keys.size(); ++i) {
            const auto cat = static_cast<std::size_t>(keys[i] - 1);
            if (stacked) {
                // The segment's value inside it when it is tall enough to hold the text.
                if (values[i] >= 0.08 * stackMax) {
                    auto* t = labelAbove(plot, x, y, keys[i], stackTop[cat] + values[i] / 2, barValueText(values[i], unit));
                    t->setPositionAlignment(Qt::AlignCenter);
                    t->setColor(s.colour.lightnessF() < 0.6 ? Qt::white : QColor(0x20, 0x24, 0x2a));
                }
                stackTop[cat] += values[i];
                top = std::max(top, stackTop[cat]);
            } else {
                top = std::max(top, values[i]);
                // A zero bar has no height: say 0 so it does not read as "no jobs".
                if (labelBars || values[i] == 0)
                    labelAbove(plot, x, y, barCentre(keys[i], si), values[i],
                               values[i] == 0 ? QStringLiteral("0") : barValueText(values[i] * scale.divisor, unit));
            }
        }
    }
    if (stacked) {
        captionStacks(plot, f, cats, stackTop);
        if (!layout.stackHours)
            top = std::max(top, 100.0);
        // Legend top to bottom in the order of the stack.
        std::vector<QCPAbstractPlottable*> order;
        for (int i = 0; i < plot.plottableCount(); ++i)
            order.push_back(plot.plottable(i));
        plot.legend->clearItems();
        for (auto it = order.rbegin(); it != order.rend(); ++it)
            (*it)->addToLegend();
    }
    plot.setProperty("clensYSeconds", duration ? scale.divisor : 0.0);
    plot.setProperty("clensYUnit", qs(unit));
    y->setLabel(axisTitle(layout.stackHours ? QStringLiteral("Waiting time") : qs(f.y.label), duration ? scale.unit : qs(unit)));
    y->setRange(0, top > 0 ? top * (stacked ? 1.2 : 1.12) : 1);
    placeLegend(plot, static_cast<int>(sets.size()), true);
    return {};
}

// ---- time series ---------------------------------------------------------------------------

QStringList plotTimeSeries(QCustomPlot& plot, const Figure& f, const PlotOptions& o)
{
    const auto* tc = f.column(f.x.columns.front());
    const auto et = extentOf(tc);
    const double t0 = et.empty() ? 0 : et.min;
    const bool dates = o.timeBase == TimeBase::UnixUtc;
    const DurationScale scale = durationScaleFor(et.empty() ? 0 : et.max - et.min);
    QVector<double> keys;
    for (double t : tc->numbers)
        keys.push_back(dates ? t : (t - t0) / scale.divisor);

    auto* margins = new QCPMarginGroup(&plot);
    std::vector<QCPAxisRect*> rects;
    int i = 0;
    for (const auto& column : f.y.columns) {
        const auto* c = f.column(column);
        if (!c)
            continue;
        QCPAxisRect* rect = rects.empty() ? plot.axisRect() : new QCPAxisRect(&plot);
        if (!rects.empty())
            plot.plotLayout()->addElement(plot.plotLayout()->rowCount(), 0, rect);
        styleRect(rect);
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
        rects.push_back(rect);
        const bool fraction = c->unit == "fraction";
        QVector<double> values;
        for (double v : c->numbers)
            values.push_back(fraction ? 100 * v : v);
        auto* g = plot.addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        const QColor colour = chart_palette::qualitative(i++);
        g->setPen(QPen(colour, 1.5));
        QColor fill = colour;
        fill.setAlpha(45);
        g->setBrush(fill);
        g->setName(columnDisplayName(column));
        g->setData(keys, values, true);
        g->setProperty("clensUnitSuffix", fraction ? QStringLiteral("%") : c->unit.empty() ? QString() : QLatin1Char(' ') + qs(c->unit));
        auto* yAxis = rect->axis(QCPAxis::atLeft);
        const QString unit = fraction ? QStringLiteral("%") : qs(c->unit);
        yAxis->setLabel(axisTitle(columnDisplayName(column), unit));
        const auto ey = extentOf(c);
        const double hi = ey.empty() ? 1 : (fraction ? 100 * ey.max : ey.max);
        yAxis->setRange(0, hi > 0 ? hi * 1.08 : 1);
        yAxis->ticker()->setTickCount(4);
    }
    if (rects.empty())
        return {};
    for (auto* rect : rects) {
        auto* xAxis = rect->axis(QCPAxis::atBottom);
        xAxis->setRange(keys.isEmpty() ? 0 : keys.front(), keys.isEmpty() ? 1 : keys.back());
        if (dates) {
            auto ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
            ticker->setDateTimeSpec(Qt::UTC);
            ticker->setDateTimeFormat(et.max - et.min > 3 * 86400 ? QStringLiteral("MMM d") : QStringLiteral("MMM d\nhh:mm"));
            ticker->setTickCount(8);
            xAxis->setTicker(ticker);
        }
        if (rect != rects.back()) {
            xAxis->setTickLabels(false);
            rect->setAutoMargins(QCP::msLeft | QCP::msRight | QCP::msTop);
            rect->setMargins(QMargins(0, 0, 0, 4));
        }
        rect->setRangeDrag(Qt::Horizontal);
        rect->setRangeZoom(Qt::Horizontal);
        for (auto* other : rects)
            if (other != rect)
                QObject::connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged),
                                 other->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::setRange));
    }
    rects.back()->axis(QCPAxis::atBottom)->setLabel(dates ? QStringLiteral("Date (UTC)")
                                                          : QStringLiteral("Time since the first submission (%1)").arg(scale.unit));
    plot.setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot.legend->setVisible(false);
    plot.setProperty("clensDates", dates);
    plot.setProperty("clensXSeconds", dates ? 0.0 : scale.divisor);
    return {};
}

} // namespace

QString seriesDisplayName(const std::string& label)
{
    if (label == "1")
        return QStringLiteral("1 GPU");
    if (label == "2-4" || label == "5-8" || label == ">8")
        return qs(label) + QStringLiteral(" GPUs");
    if (label == "all")
        return QStringLiteral("All jobs");
    return qs(label);
}

PlotCapabilities plotCapabilities(const Figure& f)
{
    PlotCapabilities c;
    c.chart = f.kind != FigureKind::Table && f.rowCount() > 0 && !f.x.columns.empty() && !f.y.columns.empty() &&
              f.column(f.x.columns.front()) != nullptr;
    if (!c.chart)
        return c;
    if (f.kind == FigureKind::Cdf && isDurationUnit(f.x.unit)) {
        const auto e = extentOf(f.column(f.x.columns.front()));
        c.logXPossible = !e.empty() && e.min >= 0;
        c.logXByDefault = c.logXPossible && e.max > 100 * std::max(kLogFloor_s, 1.0) * 10;
    }
    if (f.kind == FigureKind::Bars && !f.seriesColumn.empty() && f.y.columns.size() > 1)
        for (const auto& col : f.y.columns)
            c.statistics.emplace_back(col, columnDisplayName(col));
    if (f.kind == FigureKind::Bars && !causeHourColumns(f).empty()) {
        c.statistics.emplace_back(kStackShares, QStringLiteral("Share of waiting time"));
        c.statistics.emplace_back(kStackHours, QStringLiteral("Hours of waiting"));
    }
    return c;
}

QStringList plotFigure(QCustomPlot& plot, const Figure& f, const PlotOptions& options)
{
    plot.setBackground(Qt::white);
    styleRect(plot.axisRect());
    if (!plotCapabilities(f).chart)
        return {};
    QStringList remarks;
    switch (f.kind) {
    case FigureKind::Cdf:
        remarks = plotCdf(plot, f, options);
        break;
    case FigureKind::Bars:
        remarks = plotBars(plot, f, options);
        break;
    case FigureKind::TimeSeries:
        remarks = plotTimeSeries(plot, f, options);
        break;
    case FigureKind::Table:
        break;
    }
    addTitle(plot, f);
    plot.setProperty("clensKind", static_cast<int>(f.kind));
    return remarks;
}

} // namespace clens::ui::analysis
