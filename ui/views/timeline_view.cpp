#include "ui/views/timeline_view.hpp"

#include "ui/time/time_format.hpp"
#include "ui/views/chart_export.hpp"
#include "ui/views/few_ticks_ticker.hpp"
#include "ui/style/heatmap_palette.hpp"
#include "ui/views/timeline_extra_rows.hpp"

#include <QApplication>
#include <QContextMenuEvent>
#include <QFontMetrics>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QRubberBand>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace clens::ui {
namespace {

// Tick labels as elapsed time from the first submission (relative traces).
class ElapsedTicker : public QCPAxisTicker {
public:
    explicit ElapsedTicker(std::int64_t origin) : origin_(origin) {}

protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        const auto elapsed = static_cast<std::int64_t>(std::llround(tick)) - origin_;
        if (elapsed > 0 && elapsed % 86400 == 0)
            return QStringLiteral("+%1d").arg(elapsed / 86400);
        return TimeFormat(TimeBase::Relative, origin_).instantShort(origin_ + elapsed);
    }
    double getTickStep(const QCPRange& range) override
    {
        static const double steps[] = {60, 300, 600, 1800, 3600, 7200, 3 * 3600, 6 * 3600, 12 * 3600, 86400, 2 * 86400,
                                       7 * 86400, 14 * 86400, 28 * 86400};
        const double want = range.size() / std::max(1, tickCount());
        for (double s : steps)
            if (s >= want)
                return s;
        return steps[std::size(steps) - 1];
    }
    // Ticks at whole steps from the origin (the base class counts them from 0, which would put
    // a day tick at "+27d 23:59" when the first submission is at second 2).
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override
    {
        QVector<double> ticks;
        const double origin = static_cast<double>(origin_);
        for (double t = origin + std::ceil((range.lower - origin) / tickStep) * tickStep; t <= range.upper; t += tickStep)
            ticks.push_back(t);
        return ticks;
    }

private:
    std::int64_t origin_;
};

QVector<double> toVector(const std::vector<std::int64_t>& v)
{
    QVector<double> out(static_cast<qsizetype>(v.size()));
    std::transform(v.begin(), v.end(), out.begin(), [](std::int64_t x) { return static_cast<double>(x); });
    return out;
}

template <typename T>
QVector<double> toVector(const std::vector<T>& v, double scale = 1.0)
{
    QVector<double> out(static_cast<qsizetype>(v.size()));
    std::transform(v.begin(), v.end(), out.begin(), [scale](T x) { return static_cast<double>(x) * scale; });
    return out;
}

// A legend in the column right of its chart, items filling columns of at most `rows`.
QString queuedText(std::int64_t n)
{
    return n == 1 ? TimelineView::tr("1 job queued") : TimelineView::tr("%1 jobs queued").arg(QLocale().toString(static_cast<qint64>(n)));
}

QString freeText(std::int64_t n)
{
    return n == 1 ? TimelineView::tr("1 server free") : TimelineView::tr("%1 servers free").arg(QLocale().toString(static_cast<qint64>(n)));
}

QCPLegend* sideLegend(QCustomPlot* plot, int row, int rows)
{
    // The legend at the top of its cell and a spacer below it: a row is as high as its chart
    // wants, not capped at its legend's height (the legend's maximum height is its own).
    auto* cell = new QCPLayoutGrid;
    plot->plotLayout()->addElement(row, 1, cell);
    auto* legend = new QCPLegend;
    cell->addElement(0, 0, legend);
    cell->addElement(1, 0, new QCPLayoutElement(plot));
    cell->setRowSpacing(0);
    cell->setRowStretchFactors({0.001, 1});
    legend->setLayer(QStringLiteral("legend"));
    QFont f = plot->font();
    f.setPointSizeF(f.pointSizeF() * 0.85);
    legend->setFont(f);
    legend->setBrush(Qt::NoBrush);
    legend->setBorderPen(Qt::NoPen);
    legend->setIconSize(14, 9);
    legend->setRowSpacing(-3);
    legend->setColumnSpacing(6);
    legend->setMargins(QMargins(2, 2, 2, 2));
    legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    legend->setWrap(rows);
    return legend;
}

// A baseline's series drawn dashed over the current one's, with its legend entry.
template <typename T>
void addBaseline(QCustomPlot& plot, QCPAxis& x, QCPAxis& y, QCPLegend& legend, const QString& name, const SimResult& base, const std::vector<T>& values)
{
    if (!base.series.t_s.empty())
        addStepLine(plot, &x, &y, legend, name, QPen(QColor(0x20, 0x24, 0x2a), 1, Qt::DashLine), toVector(base.series.t_s), toVector(values));
}

// Row 0: allocated GPUs (area), held idle, capacity; effective utilization on the right.
void plotGpuRow(QCustomPlot& plot, QCPAxisRect& rect, const SimResult& cur, const SimResult* base, double x0, double x1)
{
    const TimeSeries& s = cur.series;
    const QVector<double> keys = toVector(s.t_s);
    const double gpus = cur.cluster ? cur.cluster->gpuCount() : 0;
    QCPAxis* x = rect.axis(QCPAxis::atBottom);
    QCPAxis* y = rect.axis(QCPAxis::atLeft);
    auto* legend = sideLegend(&plot, 0, 4);
    addStepLine(plot, x, y, *legend, QObject::tr("allocated"), QPen(palette::busy(), 1), keys, toVector(s.allocatedGpus))
        ->setBrush(QColor(0x2f, 0x6f, 0xc7, 60));
    // Effective GPUs = allocated x utilization: the gap to "allocated" is held but unused.
    addStepLine(plot, x, y, *legend, QObject::tr("effective (× utilization)"), QPen(QColor(0x1a, 0x98, 0x50), 1), keys,
                 toVector(s.effectiveUtil, gpus));
    if (!s.heldIdleGpus.empty() && *std::max_element(s.heldIdleGpus.begin(), s.heldIdleGpus.end()) > 0)
        addStepLine(plot, x, y, *legend, QObject::tr("held idle"), QPen(palette::heldIdle(), 1), keys, toVector(s.heldIdleGpus));
    if (base)
        addBaseline(plot, *x, *y, *legend, QObject::tr("baseline allocated"), *base, base->series.allocatedGpus);
    auto* cap = new QCPItemStraightLine(&plot);
    cap->setClipAxisRect(&rect);
    cap->point1->setAxes(x, y);
    cap->point2->setAxes(x, y);
    cap->point1->setCoords(x0, gpus);
    cap->point2->setCoords(x1, gpus);
    cap->setPen(QPen(QColor(0x90, 0x98, 0xa4), 1, Qt::DotLine));
    y->setRange(0, std::max(1.0, gpus * 1.08));
}

// Row 1: queued jobs stacked by VC (largest queues at the bottom, small ones grouped).
void plotQueueRow(QCustomPlot& plot, QCPAxisRect& rect, const SimResult& cur, const SimResult* base)
{
    const TimeSeries& s = cur.series;
    const QVector<double> keys = toVector(s.t_s);
    QCPAxis* x = rect.axis(QCPAxis::atBottom);
    QCPAxis* y = rect.axis(QCPAxis::atLeft);
    auto* legend = sideLegend(&plot, 1, 4);
    const std::size_t n = s.t_s.size();
    std::vector<std::size_t> vcs(s.queuedByVc.size());
    std::iota(vcs.begin(), vcs.end(), 0);
    std::vector<double> totals(vcs.size(), 0.0);
    for (std::size_t v = 0; v < vcs.size(); ++v)
        for (auto q : s.queuedByVc[v])
            totals[v] += q;
    std::stable_sort(vcs.begin(), vcs.end(), [&](std::size_t a, std::size_t b) { return totals[a] > totals[b]; });
    while (!vcs.empty() && totals[vcs.back()] == 0)
        vcs.pop_back();
    constexpr std::size_t kShown = 8;
    std::vector<double> stack(n, 0.0);
    QCPGraph* below = nullptr;
    const auto addLayer = [&](const QString& name, const QColor& colour, const std::vector<double>& add) {
        for (std::size_t i = 0; i < n; ++i)
            stack[i] += add[i];
        auto* g = addStepLine(plot, x, y, *legend, name, QPen(colour.darker(115), 1), keys, QVector<double>(stack.begin(), stack.end()));
        QColor fill = colour;
        fill.setAlpha(200);
        g->setBrush(fill);
        if (below)
            g->setChannelFillGraph(below);
        below = g;
    };
    std::vector<double> other(n, 0.0);
    bool haveOther = false;
    for (std::size_t k = 0; k < vcs.size(); ++k) {
        const auto& q = s.queuedByVc[vcs[k]];
        if (k < kShown) {
            std::vector<double> add(n, 0.0);
            for (std::size_t i = 0; i < n && i < q.size(); ++i)
                add[i] = q[i];
            const QString name = cur.trace && vcs[k] < cur.trace->tenants.size()
                                     ? QString::fromStdString(cur.trace->tenants[vcs[k]].name)
                                     : QObject::tr("VC %1").arg(vcs[k]);
            addLayer(name, palette::tenant(static_cast<std::int32_t>(vcs[k])), add);
        } else {
            haveOther = true;
            for (std::size_t i = 0; i < n && i < q.size(); ++i)
                other[i] += q[i];
        }
    }
    if (haveOther)
        addLayer(QObject::tr("other VCs"), QColor(0xb0, 0xb6, 0xbe), other);
    if (vcs.empty() && !s.queuedJobs.empty()) { // no per-VC split: the total
        std::vector<double> total(s.queuedJobs.begin(), s.queuedJobs.end());
        addLayer(QObject::tr("queued"), palette::capacity(), total);
    }
    // Bottom layer drawn last: where the layers above add nothing their outlines trace the same
    // edge, and a spike narrower than a pixel (the whole trace) showed the top layer's colour
    // instead of its own VC's.
    if (!plot.layer(QStringLiteral("queueStack")))
        plot.addLayer(QStringLiteral("queueStack"), plot.layer(QStringLiteral("main")), QCustomPlot::limBelow); // the baseline and cursor over it
    for (auto* g = below; g; g = g->channelFillGraph())
        g->setLayer(QStringLiteral("queueStack"));
    if (base)
        addBaseline(plot, *x, *y, *legend, QObject::tr("baseline total"), *base, base->series.queuedJobs);
    double peak = stack.empty() ? 0 : *std::max_element(stack.begin(), stack.end());
    if (base && !base->series.queuedJobs.empty())
        peak = std::max(peak, static_cast<double>(*std::max_element(base->series.queuedJobs.begin(), base->series.queuedJobs.end())));
    y->setRange(0, std::max(1.0, peak * 1.1));
}

// Row 2: fully free servers.
void plotFreeRow(QCustomPlot& plot, QCPAxisRect& rect, const SimResult& cur, const SimResult* base)
{
    const TimeSeries& s = cur.series;
    const QVector<double> keys = toVector(s.t_s);
    const double servers = cur.cluster ? cur.cluster->serverCount() : 0;
    QCPAxis* x = rect.axis(QCPAxis::atBottom);
    QCPAxis* y = rect.axis(QCPAxis::atLeft);
    auto* legend = sideLegend(&plot, 2, 3);
    addStepLine(plot, x, y, *legend, QObject::tr("fully free"), QPen(QColor(0x59, 0x61, 0x6c), 1), keys, toVector(s.freeServers))
        ->setBrush(QColor(0x59, 0x61, 0x6c, 30));
    if (base)
        addBaseline(plot, *x, *y, *legend, QObject::tr("baseline"), *base, base->series.freeServers);
    y->setRange(0, std::max(1.0, servers * 1.08));
}

} // namespace

TimelineView::TimelineView(QWidget* parent)
    : QWidget(parent)
    , plot_(new QCustomPlot(this))
{
    setObjectName(QStringLiteral("timelines"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    plot_->setNoAntialiasingOnDrag(true);
    plot_->setAutoAddPlottableToLegend(false);
    // Not antialiased: every layerable antialiases by default (aeNone above forces nothing), and
    // the raster engine's antialiased fill of a step polygon of thousands of vertices took most
    // of a result's 160 ms here; the steps are axis-aligned, so they look the same.
    plot_->setAntialiasedElements(QCP::aeNone);
    plot_->setNotAntialiasedElements(QCP::aePlottables | QCP::aeFills);
    plot_->installEventFilter(this);
    connect(plot_, &QCustomPlot::afterLayout, this, [this] { // the margins' real heights, once laid out
        if (applyRowStretch())
            plot_->replot(QCustomPlot::rpQueuedReplot);
    });
    plot_->setMinimumHeight(180);
    plot_->setToolTip(tr("Click or drag to move the time cursor\nWheel: zoom · Shift+drag: zoom into a range\n"
                         "Ctrl+drag or middle-drag: pan · double-click: the whole trace"));
    band_ = new QRubberBand(QRubberBand::Rectangle, plot_);
    rebuild();
}

void TimelineView::setWindow(TimeWindow* window)
{
    if (window_)
        disconnect(window_, nullptr, this, nullptr);
    window_ = window;
    if (window_)
        connect(window_, &TimeWindow::changed, this, &TimelineView::applyWindow);
    applyWindow();
}

void TimelineView::applyWindow()
{
    if (rects_.empty() || !current_ || !current_->result || current_->result->series.t_s.empty())
        return;
    double from = static_cast<double>(current_->begin_s());
    double to = std::max(static_cast<double>(current_->end_s()), static_cast<double>(current_->result->series.t_s.back()));
    if (window_ && window_->width() > 0) {
        from = static_cast<double>(window_->from());
        to = static_cast<double>(window_->to());
    }
    for (auto* rect : rects_)
        rect->axis(QCPAxis::atBottom)->setRange(from, to);
    plot_->replot();
}

void TimelineView::setSnapshot(SnapshotPtr snapshot)
{
    current_ = std::move(snapshot);
    rebuild();
}

void TimelineView::setBaseline(SnapshotPtr baseline)
{
    baseline_ = std::move(baseline);
    rebuild();
}

void TimelineView::setTime(std::int64_t t)
{
    if (t == time_)
        return;
    time_ = t;
    updateCursor();
}

// About 110 lines: the panels in the order they are stacked; each panel's drawing is its own
// function, what is left is placing them on the shared time axis.
void TimelineView::rebuild()
{
    plot_->clearPlottables();
    plot_->clearItems();
    plot_->plotLayout()->clear();
    cursors_.clear();
    readouts_.clear();
    rects_.clear();
    if (!plot_->layer(QStringLiteral("cursor")))
        plot_->addLayer(QStringLiteral("cursor"), plot_->layer(QStringLiteral("legend")), QCustomPlot::limAbove);
    cursorLayer_ = plot_->layer(QStringLiteral("cursor"));
    cursorLayer_->setMode(QCPLayer::lmBuffered);

    if (!margins_)
        margins_ = new QCPMarginGroup(plot_);
    auto* margins = margins_;
    const SimResult* cur = current_ && current_->result ? current_->result.get() : nullptr;
    const SimResult* base = baseline_ && baseline_->result ? baseline_->result.get() : nullptr;
    extraRows_ = cur ? extraRowsOf(*cur) : std::vector<ExtraRow>{};
    QStringList titles{tr("GPUs"), tr("Queue"), tr("Free")};
    for (const auto extra : extraRows_)
        titles << extraRowTitle(extra);
    const int rows = static_cast<int>(titles.size());
    QFont small = plot_->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    if (timeAxis_px_ == 0) { // margins until first laid out: two lines, ticks, padding; a few pixels above and below
        timeAxis_px_ = 2 * QFontMetrics(small).height() + 12;
        rowMargins_px_ = 6;
        bottomRowMargins_px_ = 4 + timeAxis_px_;
    }
    for (int row = 0; row < rows; ++row) {
        auto* rect = new QCPAxisRect(plot_);
        plot_->plotLayout()->addElement(row, 0, rect);
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
        rect->setupFullAxesBox(false);
        // Short titles, at most two short lines: six rows share the default dock (~25 px of data
        // each), and a longer rotated title ran into the next row's. Each row's legend and
        // readout say the rest ("0 jobs queued", "551 servers free").
        rect->axis(QCPAxis::atLeft)->setLabel(QString(titles[row]).replace(QLatin1Char(' '), QLatin1Char('\n')));
        rect->axis(QCPAxis::atLeft)->setTicker(QSharedPointer<FewTicksTicker>::create(true));
        for (auto* axis : rect->axes()) {
            axis->setLabelFont(small);
            axis->setTickLabelFont(small);
            axis->setBasePen(QPen(QColor(0xb8, 0xbe, 0xc6)));
            axis->setTickPen(QPen(QColor(0xb8, 0xbe, 0xc6)));
            axis->setSubTickPen(Qt::NoPen);
            axis->grid()->setPen(QPen(QColor(0xe8, 0xeb, 0xef)));
        }
        rect->axis(QCPAxis::atTop)->setTickLabels(false);
        rect->axis(QCPAxis::atTop)->setTicks(false);
        if (row < rows - 1)
            rect->axis(QCPAxis::atBottom)->setTickLabels(false);
        rect->setMinimumMargins(QMargins(8, 4, 8, row == rows - 1 ? 4 : 2));
        // Minimums on the whole rect (applyRowStretch): one on the inner rect took the stretch
        // from the others too (with three rows the bottom one got only its minimum).
        rect->setSizeConstraintRect(QCPLayoutElement::scrOuterRect);
        rects_.push_back(rect);
    }
    plot_->plotLayout()->setRowSpacing(2);
    applyRowStretch();
    plot_->setMinimumHeight(40 * rows); // every row legible, all six in the default dock (300 px)

    if (!cur || cur->series.t_s.empty()) {
        plot_->replot();
        return;
    }
    const TimeSeries& s = cur->series;
    const QVector<double> keys = toVector(s.t_s);
    const double x0 = static_cast<double>(current_->begin_s());
    const double x1 = std::max(static_cast<double>(current_->end_s()), keys.back());
    const bool dated = cur->trace && cur->trace->meta.timeBase == TimeBase::UnixUtc;
    QSharedPointer<QCPAxisTicker> ticker;
    if (dated) {
        auto dt = QSharedPointer<QCPAxisTickerDateTime>::create();
        dt->setDateTimeFormat(QStringLiteral("MMM d\nhh:mm"));
        dt->setDateTimeSpec(Qt::UTC); // as the clock and the inspector show times
        ticker = dt;
    } else {
        ticker = QSharedPointer<ElapsedTicker>::create(cur->firstSubmit_s);
    }
    for (auto* rect : rects_) {
        rect->axis(QCPAxis::atBottom)->setTicker(ticker);
        rect->axis(QCPAxis::atBottom)->setRange(x0, x1);
        if (window_ && window_->width() > 0)
            rect->axis(QCPAxis::atBottom)->setRange(static_cast<double>(window_->from()), static_cast<double>(window_->to()));
    }
    plotGpuRow(*plot_, *rects_[0], *cur, base, x0, x1);
    plotQueueRow(*plot_, *rects_[1], *cur, base);
    plotFreeRow(*plot_, *rects_[2], *cur, base);
    // The autoscaler's and node power's rows, when the result has them.
    for (std::size_t k = 0; k < extraRows_.size(); ++k) {
        const int row = 3 + static_cast<int>(k);
        plotExtraRow(*plot_, *rects_[static_cast<std::size_t>(row)], *sideLegend(plot_, row, 3), extraRows_[k], *cur, base);
    }
    plot_->plotLayout()->setColumnStretchFactor(1, 0.01); // legends: as narrow as they can be
    for (int row = 0; row < rows; ++row) // and at the top of their cell
        if (auto* cell = qobject_cast<QCPLayoutGrid*>(plot_->plotLayout()->element(row, 1));
            auto* legend = cell ? qobject_cast<QCPLegend*>(cell->element(0, 0)) : nullptr)
            legend->setMaximumSize(QWIDGETSIZE_MAX, legend->minimumOuterSizeHint().height());
    // Cursor and readout per row.
    for (auto* rect : rects_) {
        auto* line = new QCPItemStraightLine(plot_);
        line->setLayer(cursorLayer_);
        line->setClipAxisRect(rect);
        line->point1->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        line->point2->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        line->setPen(QPen(QColor(0xd0, 0x20, 0x20), 1.5));
        cursors_.push_back(line);
        auto* text = new QCPItemText(plot_);
        text->setLayer(cursorLayer_);
        text->setClipAxisRect(rect);
        text->setClipToAxisRect(true);
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->position->setAxisRect(rect);
        text->position->setCoords(0.995, 0.04);
        text->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        text->setFont(small);
        text->setBrush(QColor(255, 255, 255, 220));
        text->setPadding(QMargins(4, 1, 4, 1));
        text->setColor(QColor(0x20, 0x24, 0x2a));
        readouts_.push_back(text);
    }
    plot_->replot();
    updateCursor();
}

void TimelineView::setCursorState(const ClusterState& state)
{
    exact_ = Readout{};
    const Topology* topo = current_ && current_->result ? current_->result->cluster.get() : nullptr;
    if (!topo || state.gpu.size() != static_cast<std::size_t>(topo->gpuCount()))
        return;
    exact_.t_s = state.t_s;
    exact_.queued = state.queuedJobs;
    for (std::size_t g = 0; g < state.gpu.size(); ++g) {
        if (state.gpu[g] == GpuState::Busy || state.gpu[g] == GpuState::HeldIdle)
            ++exact_.allocated;
        if (g < state.util.size())
            exact_.effective += state.util[g];
    }
    for (const Server& server : topo->servers()) {
        bool free = true;
        for (auto g = server.firstGpu; g < server.firstGpu + server.gpus && free; ++g)
            free = state.gpu[static_cast<std::size_t>(g)] == GpuState::Idle;
        exact_.freeServers += free ? 1 : 0;
    }
    updateCursor();
}

void TimelineView::updateCursor()
{
    if (cursors_.empty() || !current_ || !current_->result)
        return;
    const TimeSeries& s = current_->result->series;
    const double t = static_cast<double>(time_);
    for (auto* c : cursors_) {
        c->point1->setCoords(t, 0);
        c->point2->setCoords(t, 1);
    }
    // Exact values at the cursor when the state is known, else the sample at or before it.
    const QLocale locale;
    const auto gpuCount = current_->result->cluster ? current_->result->cluster->gpuCount() : 0;
    const auto it = std::upper_bound(s.t_s.begin(), s.t_s.end(), time_);
    const auto i = it != s.t_s.begin() ? static_cast<std::size_t>(it - s.t_s.begin() - 1) : 0;
    for (std::size_t k = 0; k < extraRows_.size() && 3 + k < readouts_.size(); ++k)
        readouts_[3 + k]->setText(it != s.t_s.begin() ? extraRowReadout(extraRows_[k], *current_->result, i) : QString());
    if (exact_.t_s == time_ && readouts_.size() >= 3) {
        readouts_[0]->setText(tr("%1 of %2 GPUs allocated · %3 effective")
                                  .arg(locale.toString(exact_.allocated), locale.toString(gpuCount),
                                       locale.toString(exact_.effective, 'f', 0)));
        readouts_[1]->setText(queuedText(exact_.queued));
        readouts_[2]->setText(freeText(exact_.freeServers));
    } else if (it != s.t_s.begin() && readouts_.size() >= 3) {
        const auto at = [](const auto& v, std::size_t k) { return k < v.size() ? v[k] : 0; };
        const double gpus = current_->result->cluster ? current_->result->cluster->gpuCount() : 0;
        readouts_[0]->setText(tr("%1 of %2 GPUs allocated · %3 effective")
                                  .arg(locale.toString(at(s.allocatedGpus, i)), locale.toString(static_cast<qint64>(gpus)),
                                       locale.toString(at(s.effectiveUtil, i) * gpus, 'f', 0)));
        readouts_[1]->setText(queuedText(at(s.queuedJobs, i)));
        readouts_[2]->setText(freeText(at(s.freeServers, i)));
    } else {
        for (auto* r : readouts_)
            r->setText(QString());
    }
    cursorLayer_->replot();
}

std::int64_t TimelineView::timeAtPixel(double x) const
{
    if (rects_.empty())
        return time_;
    return static_cast<std::int64_t>(std::llround(rects_.front()->axis(QCPAxis::atBottom)->pixelToCoord(x)));
}

std::int64_t TimelineView::clickTime(QPointF pos) const
{
    const auto clamp = [this](std::int64_t t) { return current_ ? std::clamp(t, current_->begin_s(), current_->end_s()) : t; };
    const std::int64_t t = clamp(timeAtPixel(pos.x()));
    if (!current_ || !current_->result || rects_.size() < 2 || !rects_[1]->rect().contains(pos.toPoint()))
        return t;
    const TimeSeries& s = current_->result->series;
    if (s.queuedJobs.size() != s.t_s.size())
        return t;
    const std::int64_t lo = timeAtPixel(pos.x() - kSnap_px), hi = timeAtPixel(pos.x() + kSnap_px);
    // The queue at t itself is the one to beat: only a strictly higher sample nearby moves the click.
    const auto at = std::upper_bound(s.t_s.begin(), s.t_s.end(), t);
    std::int64_t best = t;
    std::int32_t highest = at == s.t_s.begin() ? 0 : s.queuedJobs[static_cast<std::size_t>(at - s.t_s.begin() - 1)];
    auto it = std::lower_bound(s.t_s.begin(), s.t_s.end(), lo);
    for (; it != s.t_s.end() && *it <= hi; ++it) {
        const auto q = s.queuedJobs[static_cast<std::size_t>(it - s.t_s.begin())];
        if (q > highest) {
            highest = q;
            best = *it;
        }
    }
    return clamp(best);
}

std::unique_ptr<QMenu> TimelineView::contextMenu(std::int64_t t)
{
    if (!current_ || !current_->result)
        return nullptr;
    auto menu = std::make_unique<QMenu>(this);
    const QString when = timeFormatOf(*current_->result).instantShort(t);
    menu->addAction(tr("List the jobs waiting at %1").arg(when), this, [this, t] {
        emit seekRequested(t);
        emit jobsAtRequested(t, JobStanding::Waiting);
    });
    menu->addAction(tr("List the jobs running at %1").arg(when), this, [this, t] {
        emit seekRequested(t);
        emit jobsAtRequested(t, JobStanding::Running);
    });
    if (window_) {
        menu->addSeparator();
        menu->addAction(tr("Zoom in here"), this, [this, t] { window_->zoomAbout(t, 0.25); });
        menu->addAction(tr("Whole trace"), this, [this] { window_->showAll(); })->setEnabled(window_->zoomed());
    }
    return menu;
}

bool TimelineView::applyRowStretch()
{
    // The rows' data areas in these proportions, each at least kMinRowDataHeight. QCustomPlot
    // shares the height out by the rows' whole (outer) rects, and the bottom one also holds the
    // time axis's labels: its stretch buys them on top of its share (with three rows its data
    // was half the others' share), its minimum holds them too (with six its data was ~12 px).
    // The margins are known once laid out; they are kept for the next result's rows, so that a
    // new result is laid out once (not a second time with the margins measured).
    // Returns whether anything changed.
    if (rects_.empty())
        return false;
    if (rects_.back()->margins().bottom() > 0) { // laid out
        if (rects_.size() > 1)
            rowMargins_px_ = rects_.front()->margins().top() + rects_.front()->margins().bottom();
        bottomRowMargins_px_ = rects_.back()->margins().top() + rects_.back()->margins().bottom();
        timeAxis_px_ = rects_.back()->margins().bottom();
    }
    bool changed = false;
    for (std::size_t i = 0; i < rects_.size(); ++i) {
        const int minimum = kMinRowDataHeight + (i + 1 == rects_.size() ? bottomRowMargins_px_ : rowMargins_px_);
        if (rects_[i]->minimumSize().height() != minimum) {
            rects_[i]->setMinimumSize(0, minimum);
            changed = true;
        }
    }
    QList<double> share{1.2, 1.0, 0.8};
    while (share.size() < static_cast<qsizetype>(rects_.size()))
        share << 0.9;
    share.resize(static_cast<qsizetype>(rects_.size()));
    double total = 0;
    for (const double s : share)
        total += s;
    const double dataHeight = std::max(1.0, static_cast<double>(plot_->height() - timeAxis_px_));
    QList<double> stretch;
    for (const double s : share)
        stretch << dataHeight * s / total;
    stretch.back() += timeAxis_px_;
    const auto old = plot_->plotLayout()->rowStretchFactors();
    for (qsizetype i = 0; i < stretch.size(); ++i)
        changed = changed || i >= old.size() || std::abs(old[i] - stretch[i]) > 0.5;
    plot_->plotLayout()->setRowStretchFactors(stretch);
    return changed;
}

bool TimelineView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == plot_ && event->type() == QEvent::Resize)
        applyRowStretch();
    if (watched == plot_ && current_ && current_->result && handleMouse(event))
        return true;
    return QWidget::eventFilter(watched, event);
}

bool TimelineView::handleMouse(QEvent* event)
{
    const auto clampedTime = [this](double x) { return std::clamp(timeAtPixel(x), current_->begin_s(), current_->end_s()); };
    switch (event->type()) {
    case QEvent::Wheel: {
        if (!window_)
            return false;
        auto* we = static_cast<QWheelEvent*>(event);
        const auto delta = we->angleDelta();
        if (delta.x() != 0 || (we->modifiers() & Qt::ShiftModifier)) { // sideways: pan a tenth per notch
            const int notches = delta.x() != 0 ? delta.x() : delta.y();
            window_->wheelPan(notches);
        } else if (delta.y() != 0) {
            window_->wheelZoom(timeAtPixel(we->position().x()), delta.y());
        }
        return true;
    }
    case QEvent::ContextMenu: {
        auto* ce = static_cast<QContextMenuEvent*>(event);
        const std::int64_t t = clickTime(ce->pos());
        emit seekRequested(t);
        if (const auto menu = contextMenu(t))
            menu->exec(ce->globalPos());
        return true;
    }
    case QEvent::MouseButtonDblClick:
        if (window_ && static_cast<QMouseEvent*>(event)->button() == Qt::LeftButton) {
            window_->showAll();
            return true;
        }
        return false;
    case QEvent::MouseButtonPress: {
        auto* me = static_cast<QMouseEvent*>(event);
        const double x = me->position().x();
        dragStartX_ = x;
        if (window_ && (me->button() == Qt::MiddleButton || (me->button() == Qt::LeftButton && (me->modifiers() & Qt::ControlModifier)))) {
            drag_ = Drag::Pan;
            dragStartFrom_ = window_->from();
        } else if (window_ && me->button() == Qt::LeftButton && (me->modifiers() & Qt::ShiftModifier)) {
            drag_ = Drag::Range;
            band_->setGeometry(QRect(QPoint(static_cast<int>(x), 0), QSize(1, plot_->height())));
            band_->show();
        } else if (me->button() == Qt::LeftButton) {
            drag_ = Drag::Seek;
            seekMoved_ = false;
            emit seekRequested(clickTime(me->position()));
        } else {
            return false;
        }
        return true;
    }
    case QEvent::MouseMove: {
        auto* me = static_cast<QMouseEvent*>(event);
        const double x = me->position().x();
        if (drag_ == Drag::Seek && (me->buttons() & Qt::LeftButton)) {
            // A hand's tremor during a click keeps the snapped time; a drag follows the mouse.
            seekMoved_ = seekMoved_ || std::abs(x - dragStartX_) >= QApplication::startDragDistance();
            if (seekMoved_)
                emit seekRequested(clampedTime(x));
        } else if (drag_ == Drag::Pan) {
            const double perPixel = static_cast<double>(timeAtPixel(dragStartX_ + 100) - timeAtPixel(dragStartX_)) / 100.0;
            const auto from = dragStartFrom_ - std::llround((x - dragStartX_) * perPixel);
            window_->show(from, from + window_->width());
        } else if (drag_ == Drag::Range) {
            const int a = static_cast<int>(std::min(x, dragStartX_)), b = static_cast<int>(std::max(x, dragStartX_));
            band_->setGeometry(QRect(a, 0, std::max(1, b - a), plot_->height()));
        } else {
            return false;
        }
        return true;
    }
    case QEvent::MouseButtonRelease: {
        const auto drag = std::exchange(drag_, Drag::None);
        if (drag == Drag::Range) {
            band_->hide();
            const double x = static_cast<QMouseEvent*>(event)->position().x();
            if (std::abs(x - dragStartX_) >= 4) // a click is not a range
                window_->show(clampedTime(std::min(x, dragStartX_)), clampedTime(std::max(x, dragStartX_)));
        }
        return drag != Drag::None;
    }
    default:
        return false;
    }
}

bool TimelineView::exportTo(const QString& path, int width, int height)
{
    return exportPlot(*plot_, path, QSize(width, height)).isEmpty();
}

} // namespace clens::ui
