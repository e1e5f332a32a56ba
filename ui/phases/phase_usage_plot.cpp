#include "ui/phases/phase_usage_plot.hpp"

#include "ui/phases/container_table_model.hpp"
#include "ui/phases/interval_rects.hpp"
#include "ui/phases/phase_palette.hpp"
#include "ui/phases/phases_analysis.hpp"

#include <QDateTime>
#include <QTimeZone>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace clens::ui {

namespace {

const QColor kUsedColor(0x21, 0x21, 0x21);
const QColor kAllocColor(0x6A, 0x1B, 0x9A);
const QColor kUnderColor(0xD5, 0x00, 0x00);
constexpr int kBandAlpha = 70;
constexpr double kBytesPerGb = 1e9;

QSharedPointer<QCPAxisTickerTime> elapsedTicker(double span_s)
{
    auto ticker = QSharedPointer<QCPAxisTickerTime>::create();
    ticker->setTimeFormat(span_s >= 2 * 86400 ? QStringLiteral("%d d %h:%m") : QStringLiteral("%h:%m:%s"));
    return ticker;
}

// Step line values: value r holds from keys[r] to keys[r + 1]; the extra last point closes the step.
template <class ValueOf>
QVector<double> stepValues(std::size_t n, const ValueOf& valueOf)
{
    QVector<double> v(static_cast<qsizetype>(n) + 1);
    for (std::size_t r = 0; r < n; ++r)
        v[static_cast<qsizetype>(r)] = valueOf(r);
    v.back() = v[static_cast<qsizetype>(n) - 1];
    return v;
}

} // namespace

PhaseUsagePlot::PhaseUsagePlot(QWidget* parent)
    : QCustomPlot(parent)
{
    build();
    setMouseTracking(true);
}

void PhaseUsagePlot::build()
{
    setBackground(Qt::white);
    addLayer(QStringLiteral("bands"), layer(QStringLiteral("grid")), QCustomPlot::limBelow);

    // Layout: title, legend of the lines, legend of the phases, CPU panel, memory panel (the
    // default axis rect becomes the CPU panel).
    auto* grid = plotLayout();
    cpu_.rect = axisRect();
    cpu_.rect->insetLayout()->take(legend);
    for (int i = 0; i < 3; ++i)
        grid->insertRow(0);
    title_ = new QCPTextElement(this, QString(), QFont(font().family(), font().pointSize() + 1, QFont::Bold));
    title_->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    grid->addElement(0, 0, title_);
    phaseLegend_ = new QCPLegend;
    grid->addElement(1, 0, legend);
    grid->addElement(2, 0, phaseLegend_);
    mem_.rect = new QCPAxisRect(this);
    grid->addElement(4, 0, mem_.rect);
    for (int row = 0; row < 3; ++row)
        grid->setRowStretchFactor(row, 0.01);
    grid->setRowSpacing(2);

    for (QCPLegend* l : {legend, phaseLegend_}) {
        l->setVisible(true);
        l->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        l->setWrap(7);
        l->setBorderPen(Qt::NoPen);
        l->setBrush(Qt::NoBrush);
        l->setIconSize(22, 11);
        l->setMargins(QMargins(4, 0, 4, 0));
        l->setRowSpacing(0);
        l->setColumnSpacing(14);
        l->setLayer(QStringLiteral("legend"));
        l->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
    }
    phaseLegend_->setSelectableParts(QCPLegend::spNone);

    auto* margins = new QCPMarginGroup(this);
    for (Panel* p : {&cpu_, &mem_}) {
        p->x = p->rect->axis(QCPAxis::atBottom);
        p->y = p->rect->axis(QCPAxis::atLeft);
        p->rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
        p->rect->setRangeDrag(Qt::Horizontal);
        p->rect->setRangeZoom(Qt::Horizontal);
        p->rect->setRangeDragAxes(p->x, p->y);
        p->rect->setRangeZoomAxes(p->x, p->y);
        p->y->grid()->setPen(QPen(QColor(0, 0, 0, 40), 1, Qt::DotLine));
        p->x->grid()->setPen(QPen(QColor(0, 0, 0, 40), 1, Qt::DotLine));
        p->y->setPadding(4);
    }
    cpu_.y->setLabel(tr("CPU (cores)"));
    mem_.y->setLabel(tr("Memory (GB)"));
    cpu_.x->setTickLabels(false);
    mem_.x->setLabel(tr("time since the container's first sample (h:mm:ss)"));
    connect(cpu_.x, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), mem_.x, qOverload<const QCPRange&>(&QCPAxis::setRange));
    connect(mem_.x, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), cpu_.x, qOverload<const QCPRange&>(&QCPAxis::setRange));
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    clearContainer();
}

QString PhaseUsagePlot::titleText() const { return title_->text(); }

void PhaseUsagePlot::clearContainer()
{
    data_.reset();
    scores_.reset();
    cpuUnder_ = memUnder_ = 0;
    hasAllocation_ = false;
    steps_.clear();
    phaseLegend_->clearItems(); // removing a plottable only clears it from the main legend
    clearPlottables();
    clearItems();
    title_->setText(tr("No container"));
    replot();
}

void PhaseUsagePlot::showContainer(std::shared_ptr<const PhasesData> data, std::shared_ptr<const PhasesScores> scores,
                                   std::size_t container, ScalingPolicy policy)
{
    if (!data || container >= data->metrics->containers.size()) {
        clearContainer();
        return;
    }
    const bool sameView = data_ == data && container_ == container;
    data_ = std::move(data);
    scores_ = scores && scores->data == data_ ? std::move(scores) : nullptr;
    container_ = container;
    policy_ = policy;
    cpuUnder_ = memUnder_ = 0;
    hasAllocation_ = scores_ != nullptr;
    steps_ = scores_ ? stepProvision(*scores_, policyIndex(policy_), container_) : std::vector<StepProvision>{};
    phaseLegend_->clearItems(); // removing a plottable only clears it from the main legend
    clearPlottables();
    clearItems();

    const auto& series = data_->metrics->containers[container];
    const auto& durations = data_->durations[container];
    endTime_ = static_cast<double>(series.timestamps.back() - series.timestamps.front()) + durations.back();
    drawPanel(cpu_, true, true);
    drawPanel(mem_, false, false);

    QString title = QString::fromStdString(series.podId);
    if (!series.service.empty())
        title += QStringLiteral(" (%1)").arg(QString::fromStdString(series.service));
    title += tr("  ·  %1 steps over %2  ·  from %3 UTC")
                 .arg(series.rows())
                 .arg(formatDuration(endTime_))
                 .arg(QDateTime::fromSecsSinceEpoch(series.timestamps.front(), QTimeZone::utc())
                          .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    if (scores_) {
        const auto& c = scores_->config;
        title += tr("\nAllocation: %1 (interval %2 s, σ %3, headroom %4 %)  ·  under-provisioned: CPU %5 of %6 steps, memory %7")
                     .arg(QString::fromUtf8(scalingPolicyName(policy_).data()))
                     .arg(c.interval_s)
                     .arg(c.sigma)
                     .arg(c.headroom * 100)
                     .arg(cpuUnder_)
                     .arg(series.rows())
                     .arg(memUnder_);
    }
    title_->setText(title);
    for (auto* axis : {cpu_.x, mem_.x})
        axis->setTicker(elapsedTicker(endTime_));
    if (sameView)
        fitValueAxes(); // keep the user's time zoom
    else
        resetRanges();
    replot();
}

void PhaseUsagePlot::drawPanel(Panel& panel, bool cpu, bool inLegend)
{
    const auto& series = data_->metrics->containers[container_];
    const auto n = series.rows();
    const auto t0 = series.timestamps.front();
    QVector<double> keys(static_cast<qsizetype>(n) + 1); // row r holds from keys[r] to keys[r + 1]
    for (std::size_t r = 0; r < n; ++r)
        keys[static_cast<qsizetype>(r)] = static_cast<double>(series.timestamps[r] - t0);
    keys.back() = endTime_;
    drawPhaseBands(panel, keys, inLegend);
    const double usedTop = drawUsage(panel, keys, cpu, inLegend);
    panel.top = usedTop > 0 ? usedTop * 1.1 : 1.0;
    if (!scores_)
        return;
    drawAllocation(panel, keys, cpu, inLegend);
    drawUnderProvisioned(panel, keys, cpu, inLegend);
    panel.top = allocationTop(panel, keys, cpu, usedTop);
}

QCPGraph* PhaseUsagePlot::addStepGraph(Panel& panel, const QVector<double>& keys, const QVector<double>& values, bool inLegend)
{
    // A step that repeats the previous value adds nothing to a step line: drop it (an allocation
    // changes once per interval, not once per row).
    QVector<double> k, v;
    for (qsizetype i = 0; i < values.size(); ++i)
        if (i == 0 || i + 1 == values.size() || !(values[i] == values[i - 1])) {
            k.push_back(keys[i]);
            v.push_back(values[i]);
        }
    auto* g = addGraph(panel.x, panel.y);
    g->setData(k, v, true);
    g->setLineStyle(QCPGraph::lsStepLeft);
    if (!inLegend)
        g->removeFromLegend();
    return g;
}

void PhaseUsagePlot::drawPhaseBands(Panel& panel, const QVector<double>& keys, bool inLegend)
{
    const auto& data = *data_;
    const auto& labels = data.phases.containers[container_].labels;
    const auto n = static_cast<std::size_t>(keys.size() - 1);
    // Phase bands: one rectangle per run of equal labels; colour 0 = no phase, p + 1 = phase p.
    const int k = data.phaseCount();
    std::vector<QColor> palette{noPhaseColor()};
    palette.front().setAlpha(60);
    for (int p = 0; p < k; ++p) {
        QColor c = phaseColor(p, k);
        c.setAlpha(kBandAlpha);
        palette.push_back(c);
    }
    std::vector<IntervalRects::Rect> bandRects;
    for (std::size_t r = 0; r < n;) {
        std::size_t end = r + 1;
        while (end < n && labels[end] == labels[r])
            ++end;
        bandRects.push_back({keys[static_cast<qsizetype>(r)], keys[static_cast<qsizetype>(end)], 0, 0, labels[r] + 1});
        r = end;
    }
    auto* bands = new IntervalRects(panel.x, panel.y, true);
    bands->setPalette(palette);
    bands->setRects(std::move(bandRects));
    bands->setLayer(QStringLiteral("bands"));
    bands->removeFromLegend();
    if (inLegend) {
        // Legend entries only: empty plottables with the phase's brush.
        const bool anyUnphased = std::find(labels.begin(), labels.end(), -1) != labels.end();
        for (int p = anyUnphased ? -1 : 0; p < k; ++p) {
            auto* entry = new IntervalRects(panel.x, panel.y, true);
            entry->setBrush(palette[static_cast<std::size_t>(p + 1)]);
            entry->removeFromLegend();
            entry->addToLegend(phaseLegend_);
            if (p < 0)
                entry->setName(tr("no phase yet (first %1 steps)").arg(data.phases.history));
            else
                entry->setName(tr("%1 · %2 % of steps").arg(phaseName(p)).arg(100.0 * data.graph[static_cast<std::size_t>(p)].share, 0, 'f', 0));
        }
    }
}

// The container's use, as a step line; returns its highest value.
double PhaseUsagePlot::drawUsage(Panel& panel, const QVector<double>& keys, bool cpu, bool inLegend)
{
    const auto& data = *data_;
    const auto& series = data.metrics->containers[container_];
    const auto& m = *data.metrics;
    const std::string& column = scores_ ? (cpu ? scores_->config.cpuColumn : scores_->config.memColumn)
                                        : (cpu ? std::string("cpu.usage.cores") : std::string("mem.working.set"));
    const auto col = m.columnIndex(column);
    const double scale = cpu ? 1.0 : 1.0 / kBytesPerGb;
    const auto usedValues = stepValues(series.rows(), [&](std::size_t r) {
        return col < m.columns.size() ? m.value(series, r, col) * scale : qQNaN();
    });
    auto* used = addStepGraph(panel, keys, usedValues, inLegend);
    used->setPen(QPen(kUsedColor, 1.0)); // wider pens leave Qt's fast stroker: 20,000 steps take 0.2 s
    used->setName(tr("used"));
    // From the values, not the graph: the graph drops repeated steps.
    double top = 0;
    for (const double v : usedValues)
        if (v > top)
            top = v;
    return top;
}

void PhaseUsagePlot::drawAllocation(Panel& panel, const QVector<double>& keys, bool cpu, bool inLegend)
{
    const auto& steps = steps_;
    auto* alloc = addStepGraph(panel, keys, stepValues(static_cast<std::size_t>(keys.size() - 1), [&](std::size_t r) { return cpu ? steps[r].cpuAlloc : steps[r].memAllocGb; }), inLegend);
    alloc->setPen(QPen(kAllocColor, 2.0));
    alloc->setAntialiased(false); // horizontal and vertical segments only; much faster to stroke
    alloc->setName(tr("allocated by %1").arg(QString::fromUtf8(scalingPolicyName(policy_).data())));
}

void PhaseUsagePlot::drawUnderProvisioned(Panel& panel, const QVector<double>& keys, bool cpu, bool inLegend)
{
    const auto& steps = steps_;
    const auto n = static_cast<std::size_t>(keys.size() - 1);
    const auto& durations = data_->durations[container_];
    // Unmet demand: the area between the allocation and a usage above it.
    std::vector<IntervalRects::Rect> unmetRects;
    for (std::size_t r = 0; r < n; ++r) {
        const bool under = steps[r].scored && (cpu ? steps[r].cpuUnder : steps[r].memUnder);
        if (under)
            unmetRects.push_back({keys[static_cast<qsizetype>(r)], keys[static_cast<qsizetype>(r) + 1],
                                  cpu ? steps[r].cpuAlloc : steps[r].memAllocGb, cpu ? steps[r].cpuUsed : steps[r].memUsedGb, 0});
    }
    auto* unmet = new IntervalRects(panel.x, panel.y, false);
    unmet->setPalette({QColor(kUnderColor.red(), kUnderColor.green(), kUnderColor.blue(), 110)});
    unmet->setRects(std::move(unmetRects));
    unmet->removeFromLegend();

    auto* markers = addGraph(panel.x, panel.y);
    QVector<double> mk, mv;
    for (std::size_t r = 0; r < n; ++r) {
        const bool under = steps[r].scored && (cpu ? steps[r].cpuUnder : steps[r].memUnder);
        if (!under)
            continue;
        mk.push_back(keys[static_cast<qsizetype>(r)] + durations[r] / 2);
        mv.push_back(cpu ? steps[r].cpuUsed : steps[r].memUsedGb);
    }
    (cpu ? cpuUnder_ : memUnder_) = static_cast<std::size_t>(mk.size());
    markers->setData(mk, mv, true);
    markers->setLineStyle(QCPGraph::lsNone);
    markers->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, QPen(Qt::white, 1), kUnderColor, 9));
    markers->setName(tr("under-provisioned step"));
    if (!inLegend)
        markers->removeFromLegend();
}

// The value axis' top: the allocations fit; a request far above them gets a label instead.
double PhaseUsagePlot::allocationTop(Panel& panel, const QVector<double>& keys, bool cpu, double usedTop)
{
    const auto& steps = steps_;
    const auto n = static_cast<std::size_t>(keys.size() - 1);
    double top = usedTop;
    double request = 0;
    std::size_t requestEnd = 0;
    for (std::size_t r = 0; r < n; ++r) {
        const double a = cpu ? steps[r].cpuAlloc : steps[r].memAllocGb;
        if (steps[r].request) {
            request = std::max(request, a);
            requestEnd = r + 1;
        } else {
            top = std::max(top, a);
        }
    }
    top = top > 0 ? top * 1.1 : 1.0;
    if (request > top * 1.6) {
        auto* label = new QCPItemText(this);
        label->setClipToAxisRect(true);
        label->setClipAxisRect(panel.rect);
        label->position->setAxes(panel.x, panel.y);
        label->position->setAxisRect(panel.rect);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(keys[static_cast<qsizetype>(requestEnd)] / 2, 0.02);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        label->setText(cpu ? tr("↑ request %1 cores").arg(request, 0, 'g', 3) : tr("↑ request %1 GB").arg(request, 0, 'g', 3));
        label->setColor(kAllocColor);
        label->setBrush(QColor(255, 255, 255, 210));
        label->setPadding(QMargins(3, 1, 3, 1));
    } else {
        top = std::max(top, request * 1.05);
    }
    return top;
}

void PhaseUsagePlot::resetRanges()
{
    for (const Panel* p : {&cpu_, &mem_})
        p->x->setRange(0, std::max(endTime_, 1.0));
    fitValueAxes();
}

void PhaseUsagePlot::fitValueAxes()
{
    for (const Panel* p : {&cpu_, &mem_})
        p->y->setRange(0, p->top);
}

void PhaseUsagePlot::mouseDoubleClickEvent(QMouseEvent* event)
{
    QCustomPlot::mouseDoubleClickEvent(event);
    if (data_) {
        resetRanges();
        replot();
    }
}

void PhaseUsagePlot::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    if (!data_ || event->buttons() != Qt::NoButton)
        return;
    const QPointF pos = event->position();
    const Panel* panel = cpu_.rect->rect().contains(pos.toPoint()) ? &cpu_
                         : mem_.rect->rect().contains(pos.toPoint()) ? &mem_
                                                                      : nullptr;
    if (!panel) {
        QToolTip::hideText();
        return;
    }
    const auto& series = data_->metrics->containers[container_];
    const double key = panel->x->pixelToCoord(pos.x());
    const auto t0 = series.timestamps.front();
    auto it = std::upper_bound(series.timestamps.begin(), series.timestamps.end(), t0 + static_cast<std::int64_t>(std::floor(key)));
    if (it == series.timestamps.begin() || key > endTime_) {
        QToolTip::hideText();
        return;
    }
    const auto row = static_cast<std::size_t>(it - series.timestamps.begin()) - 1;
    const int phase = data_->phases.containers[container_].labels[row];
    QString text = tr("<b>step %1</b> at %2<br>phase: %3")
                       .arg(row)
                       .arg(QDateTime::fromSecsSinceEpoch(series.timestamps[row], QTimeZone::utc()).toString(QStringLiteral("HH:mm:ss")))
                       .arg(phase < 0 ? tr("none (history warm-up)") : phaseName(phase));
    if (scores_) {
        const auto& s = steps_[row];
        const auto mark = [](bool under) { return under ? QStringLiteral(" <span style='color:#D50000'>▲ under</span>") : QString(); };
        text += tr("<br>CPU: %1 used / %2 allocated cores%3<br>Memory: %4 used / %5 allocated GB%6")
                    .arg(s.cpuUsed, 0, 'f', 3)
                    .arg(s.cpuAlloc, 0, 'f', 3)
                    .arg(mark(s.scored && s.cpuUnder))
                    .arg(s.memUsedGb, 0, 'f', 3)
                    .arg(s.memAllocGb, 0, 'f', 3)
                    .arg(mark(s.scored && s.memUnder));
        if (!s.scored)
            text += tr("<br><i>not scored (first interval skipped)</i>");
    }
    QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

} // namespace clens::ui
