#include "ui/views/gantt_view.hpp"

#include "ui/models/resource_text.hpp"
#include "ui/style/heatmap_palette.hpp"
#include "ui/time/time_format.hpp"
#include "ui/time/time_window.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace clens::ui {
namespace {
constexpr int kLabelWidth = 130;
constexpr int kBarHeight = 30;                   // the rows choice, the count, the legend
constexpr int kAxisHeight = 18;                  // time labels under it
constexpr int kHeaderHeight = kBarHeight + kAxisHeight;

// A tick step of whole seconds, minutes, hours or days giving ticks about `want` seconds apart.
std::int64_t tickStep(double want)
{
    static const std::int64_t steps[] = {1,    5,    10,   30,        60,        300,       600,        1800,       3600,
                                         7200, 10800, 21600, 43200, 86400, 2 * 86400, 7 * 86400, 14 * 86400, 28 * 86400};
    for (const auto s : steps)
        if (static_cast<double>(s) >= want)
            return s;
    return steps[std::size(steps) - 1];
}
} // namespace

GanttView::GanttView(TimeWindow* window, QWidget* parent)
    : QWidget(parent)
    , window_(window)
    , rowsCombo_(new QComboBox(this))
    , count_(new QLabel(this))
    , scroll_(new QScrollBar(Qt::Vertical, this))
{
    setObjectName(QStringLiteral("gantt"));
    setMouseTracking(true);
    rowsCombo_->addItem(tr("Jobs by VC"), static_cast<int>(Rows::ByVc));
    rowsCombo_->addItem(tr("Jobs by submission"), static_cast<int>(Rows::ByJob));
    rowsCombo_->addItem(tr("GPUs by server"), static_cast<int>(Rows::ByGpu));
    rowsCombo_->setToolTip(tr("One row per job of the time window (under its VC, or in submission order), or one row per GPU"));
    count_->setStyleSheet(QStringLiteral("color: #4a5360;"));
    auto* legend = new QLabel(tr("<span style='color:#2f6fc7'>■</span> running &nbsp;"
                                 "<span style='color:#f09a1a'>■</span> held idle &nbsp; waiting for: "
                                 "<span style='color:%1'>■</span> fragmentation &nbsp;<span style='color:%2'>■</span> fair share &nbsp;"
                                 "<span style='color:%3'>■</span> capacity &nbsp;<span style='color:%4'>■</span> power")
                                  .arg(palette::cause(DelayCause::Fragmentation).name(), palette::cause(DelayCause::Fairshare).name(),
                                       palette::cause(DelayCause::Capacity).name(), palette::cause(DelayCause::Power).name()),
                              this);
    for (auto* label : {count_, legend}) // clipped, not widening the dock (1280-px screens)
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    legend->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, kAxisHeight + 2);
    bar->addWidget(rowsCombo_);
    bar->addWidget(count_, 1);
    bar->addWidget(legend);
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->addLayout(bar);
    v->addStretch(1);
    connect(rowsCombo_, &QComboBox::currentIndexChanged, this,
            [this](int i) { setRows(static_cast<Rows>(rowsCombo_->itemData(i).toInt())); });
    connect(scroll_, &QScrollBar::valueChanged, this, qOverload<>(&QWidget::update));
    connect(window_, &TimeWindow::changed, this, [this] {
        if (mode_ == Rows::ByGpu) { // the rows stay: every GPU
            update();
            return;
        }
        if (!isVisible()) { // hidden (another tab): listed again when shown, not on every move
            stale_ = true;
            return;
        }
        rebuildRows(); // the jobs of the new window
        update();
    });
    setToolTip(QString()); // tooltips come from event(): the bar under the mouse
}

void GanttView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (std::exchange(stale_, false)) {
        rebuildRows();
        scrollToFocus();
    }
}

void GanttView::setSnapshot(SnapshotPtr snapshot)
{
    snapshot_ = std::move(snapshot);
    rebuildRows();
    scrollToFocus();
    update();
}

void GanttView::setTime(std::int64_t t)
{
    if (t == time_)
        return;
    time_ = t;
    update();
}

void GanttView::setSelectedJob(std::int32_t job)
{
    if (job == selected_)
        return;
    selected_ = job;
    scrollToSelected();
    update();
}

void GanttView::scrollToSelected()
{
    if (selected_ < 0)
        return;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        const Row& x = rows_[i];
        const bool its = x.kind == Row::Job ? x.id == selected_ : false;
        if (!its)
            continue;
        const int row = static_cast<int>(i);
        if (row < scroll_->value() || row >= scroll_->value() + scroll_->pageStep())
            scroll_->setValue(row - scroll_->pageStep() / 3);
        return;
    }
}

void GanttView::scrollToFocus()
{
    // The selected job's row; else the jobs at the cursor: the first job row running then, or
    // the first submitted after it (on a trace of months the view opened on jobs days away from
    // the red line, at the top of the first VC).
    if (selected_ >= 0 || mode_ == Rows::ByGpu) {
        scrollToSelected();
        return;
    }
    int after = -1;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        if (rows_[i].kind != Row::Job)
            continue;
        const auto from = jobFrom(rows_[i].id);
        const int row = static_cast<int>(i);
        if (from <= time_ && time_ <= jobTo(rows_[i].id)) {
            after = row;
            break;
        }
        if (after < 0 && from >= time_)
            after = row;
    }
    if (after >= 0 && (after < scroll_->value() || after >= scroll_->value() + scroll_->pageStep()))
        scroll_->setValue(after - 1); // the row at the top, under the one before it (its VC's name, often)
}

void GanttView::setRows(Rows rows)
{
    const int i = rowsCombo_->findData(static_cast<int>(rows));
    if (rowsCombo_->currentIndex() != i)
        rowsCombo_->setCurrentIndex(i); // comes back here
    if (rows == mode_ && !rows_.empty())
        return;
    mode_ = rows;
    scroll_->setValue(0);
    rebuildRows();
    scrollToFocus();
    update();
}

std::int64_t GanttView::jobFrom(std::int32_t job) const
{
    return snapshot_->result->trace->jobs[static_cast<std::size_t>(job)].submit_s;
}

std::int64_t GanttView::jobTo(std::int32_t job) const
{
    const SimResult& r = *snapshot_->result;
    return r.jobs[static_cast<std::size_t>(job)].end_s.value_or(snapshot_->end_s());
}

void GanttView::rebuildRows()
{
    stale_ = false;
    rows_.clear();
    jobsShown_ = 0;
    if (snapshot_ && snapshot_->result && snapshot_->result->trace) {
        const SimResult& r = *snapshot_->result;
        if (mode_ == Rows::ByGpu) {
            if (r.cluster)
                for (std::int32_t s = 0; s < r.cluster->serverCount(); ++s) {
                    const auto& server = r.cluster->servers()[static_cast<std::size_t>(s)];
                    if (server.gpus == 0)
                        continue;
                    rows_.push_back({Row::Server, s});
                    for (std::int32_t g = server.firstGpu; g < server.firstGpu + server.gpus; ++g)
                        rows_.push_back({Row::Gpu, g});
                }
        } else {
            std::vector<std::int32_t> jobs;
            for (const JobResult& jr : r.jobs)
                if (jr.simulated && jobTo(jr.job) >= window_->from() && jobFrom(jr.job) <= window_->to())
                    jobs.push_back(jr.job);
            const auto& trace = r.trace->jobs;
            std::stable_sort(jobs.begin(), jobs.end(), [&](std::int32_t a, std::int32_t b) {
                const auto& x = trace[static_cast<std::size_t>(a)];
                const auto& y = trace[static_cast<std::size_t>(b)];
                if (mode_ == Rows::ByVc && x.tenant != y.tenant)
                    return x.tenant < y.tenant;
                return x.submit_s < y.submit_s;
            });
            jobsShown_ = static_cast<std::int64_t>(jobs.size());
            for (std::size_t i = 0; i < jobs.size(); ++i) {
                const auto vc = trace[static_cast<std::size_t>(jobs[i])].tenant;
                if (mode_ == Rows::ByVc && (i == 0 || trace[static_cast<std::size_t>(jobs[i - 1])].tenant != vc))
                    rows_.push_back({Row::Vc, vc});
                rows_.push_back({Row::Job, jobs[i]});
            }
        }
    }
    count_->setText(countText());
    updateScroll();
}

QString GanttView::countText() const
{
    if (!snapshot_ || !snapshot_->result)
        return QString();
    const QLocale locale;
    if (mode_ == Rows::ByGpu)
        return tr("%1 GPUs").arg(locale.toString(snapshot_->result->cluster ? snapshot_->result->cluster->gpuCount() : 0));
    return jobsShown_ == 1 ? tr("1 job in the time window") : tr("%1 jobs in the time window").arg(locale.toString(static_cast<qint64>(jobsShown_)));
}

int GanttView::rowHeight() const
{
    return mode_ == Rows::ByGpu ? 11 : 15;
}

QRect GanttView::chartRect() const
{
    return QRect(kLabelWidth, kHeaderHeight, std::max(1, width() - kLabelWidth - scroll_->sizeHint().width()),
                 std::max(1, height() - kHeaderHeight));
}

void GanttView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    const int w = scroll_->sizeHint().width();
    scroll_->setGeometry(width() - w, kHeaderHeight, w, std::max(0, height() - kHeaderHeight));
    updateScroll();
}

void GanttView::updateScroll()
{
    const int visible = chartRect().height() / rowHeight();
    scroll_->setRange(0, std::max(0, static_cast<int>(rows_.size()) - visible));
    scroll_->setPageStep(std::max(1, visible));
    scroll_->setSingleStep(3);
}

QRect GanttView::rowRect(int row) const
{
    const QRect chart = chartRect();
    return QRect(0, chart.top() + (row - scroll_->value()) * rowHeight(), chart.right() + 1, rowHeight());
}

double GanttView::xOf(std::int64_t t) const
{
    const QRect chart = chartRect();
    const double w = static_cast<double>(std::max<std::int64_t>(1, window_->width()));
    return chart.left() + static_cast<double>(t - window_->from()) / w * chart.width();
}

std::int64_t GanttView::timeAt(double x) const
{
    const QRect chart = chartRect();
    return window_->from() + std::llround((x - chart.left()) / std::max(1, chart.width()) * static_cast<double>(window_->width()));
}

QString GanttView::rowLabel(int row) const
{
    if (row < 0 || row >= rowCount() || !snapshot_)
        return QString();
    const SimResult& r = *snapshot_->result;
    const Row& x = rows_[static_cast<std::size_t>(row)];
    switch (x.kind) {
    case Row::Vc: return QString::fromStdString(r.trace->tenants[static_cast<std::size_t>(x.id)].name);
    case Row::Job: return QString::fromStdString(r.trace->jobs[static_cast<std::size_t>(x.id)].id);
    case Row::Server: return QString::fromStdString(r.cluster->servers()[static_cast<std::size_t>(x.id)].name);
    case Row::Gpu: {
        const auto server = r.cluster->serverOfGpu(x.id);
        const auto& s = r.cluster->servers()[static_cast<std::size_t>(server)];
        return QStringLiteral("%1 [%2]").arg(QString::fromStdString(s.name)).arg(x.id - s.firstGpu);
    }
    }
    return QString();
}

void GanttView::paintJobRow(QPainter& p, const QRect& r, std::int32_t job) const
{
    const SimResult& res = *snapshot_->result;
    const JobResult& jr = res.jobs[static_cast<std::size_t>(job)];
    const int top = r.top() + 2, bottom = r.bottom() - 2;
    const auto bar = [&](std::int64_t from, std::int64_t to, const QColor& c, int inset) {
        const double x0 = std::max<double>(xOf(from), chartRect().left()), x1 = std::min<double>(xOf(to), chartRect().right() + 1);
        if (x1 > x0)
            p.fillRect(QRectF(x0, top + inset, std::max(1.0, x1 - x0), bottom - top + 1 - 2 * inset), c);
    };
    for (std::uint32_t k = 0; k < jr.waitCount && jr.firstWait + k < res.waits.size(); ++k) {
        const WaitInterval& w = res.waits[jr.firstWait + k];
        bar(w.from_s, w.to_s, palette::cause(w.cause), 0);
    }
    std::int64_t lastFrom = -1, lastTo = -1;
    for (const auto i : snapshot_->jobIntervals.intervalsOf(job)) { // a gang's GPUs share their times
        const GpuInterval& iv = res.occupancy[i];
        if (iv.from_s == lastFrom && iv.to_s == lastTo)
            continue;
        lastFrom = iv.from_s;
        lastTo = iv.to_s;
        bar(iv.from_s, iv.to_s, iv.use == GpuUse::HeldIdle ? palette::heldIdle() : palette::running(), 0);
    }
    if (job == selected_) {
        p.setPen(QPen(QColor(0x11, 0x14, 0x18), 1.5));
        p.setBrush(Qt::NoBrush);
        const double x0 = std::max<double>(xOf(jobFrom(job)), chartRect().left()), x1 = std::min<double>(xOf(jobTo(job)), chartRect().right());
        p.drawRect(QRectF(x0, top - 1, std::max(2.0, x1 - x0), bottom - top + 2));
    }
}

void GanttView::paintGpuRow(QPainter& p, const QRect& r, std::int32_t gpu) const
{
    const SimResult& res = *snapshot_->result;
    const QRect chart = chartRect();
    for (const auto i : snapshot_->gpuIntervals.of(gpu)) {
        const GpuInterval& iv = res.occupancy[i];
        if (iv.to_s < window_->from() || iv.from_s > window_->to())
            continue;
        const double x0 = std::max<double>(xOf(iv.from_s), chart.left()), x1 = std::min<double>(xOf(iv.to_s), chart.right() + 1);
        const QRectF box(x0, r.top() + 1, std::max(1.0, x1 - x0), r.height() - 2);
        p.fillRect(box, iv.use == GpuUse::HeldIdle ? palette::heldIdle() : palette::job(iv.job));
        if (iv.job == selected_) {
            p.setPen(QPen(QColor(0x11, 0x14, 0x18), 1.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(box);
        }
    }
}

void GanttView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QRect chart = chartRect();
    p.fillRect(QRect(0, chart.top(), width(), chart.height()), Qt::white);
    if (!snapshot_ || !snapshot_->result || rows_.empty()) {
        p.setPen(QColor(0x6a, 0x73, 0x80));
        p.drawText(chart, Qt::AlignCenter, snapshot_ ? tr("No job in the time window") : QString());
        return;
    }
    paintAxis(p);
    p.save();
    p.setClipRect(QRect(0, chart.top(), chart.right() + 1, chart.height()));
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.setFont(small);
    const int first = scroll_->value();
    const int last = std::min(rowCount() - 1, first + chart.height() / rowHeight() + 1);
    for (int row = first; row <= last; ++row) {
        const QRect r = rowRect(row);
        const Row& x = rows_[static_cast<std::size_t>(row)];
        const bool header = x.kind == Row::Vc || x.kind == Row::Server;
        if (header)
            p.fillRect(r, QColor(0xee, 0xf1, 0xf5));
        QFont f = small;
        f.setBold(header);
        p.setFont(f);
        p.setPen(header && x.kind == Row::Vc ? palette::tenant(x.id).darker(130) : QColor(0x30, 0x36, 0x3e));
        p.drawText(QRect(4, r.top(), kLabelWidth - 8, r.height()), Qt::AlignVCenter | Qt::AlignLeft,
                   QFontMetrics(f).elidedText(rowLabel(row), Qt::ElideRight, kLabelWidth - 8));
        if (x.kind == Row::Job)
            paintJobRow(p, r, x.id);
        else if (x.kind == Row::Gpu)
            paintGpuRow(p, r, x.id);
    }
    p.restore();
    if (time_ >= window_->from() && time_ <= window_->to()) {
        p.setPen(QPen(QColor(0xd0, 0x20, 0x20), 1.5));
        p.drawLine(QPointF(xOf(time_), chart.top() - 4), QPointF(xOf(time_), chart.bottom()));
    }
    p.setPen(QColor(0xd0, 0xd5, 0xdc));
    p.drawLine(chart.left() - 1, chart.top(), chart.left() - 1, chart.bottom());
}

void GanttView::paintAxis(QPainter& p) const
{
    // Ticks at whole steps: from the first submission on relative traces, from UTC midnight on
    // dated ones (as the clock shows their instants); a grid line down the chart at each.
    const QRect chart = chartRect();
    const SimResult& r = *snapshot_->result;
    const TimeFormat tf(r.trace->meta.timeBase, r.firstSubmit_s);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.setFont(small);
    const int labelWidth = QFontMetrics(small).horizontalAdvance(tf.instantShort(window_->to())) + 16;
    const auto step = tickStep(static_cast<double>(window_->width()) * labelWidth / std::max(1, chart.width()));
    const auto origin = tf.dated() ? std::int64_t{0} : r.firstSubmit_s;
    auto t = origin + (window_->from() - origin + step - 1) / step * step;
    if (t - step >= window_->from()) // negative offsets round toward zero
        t -= step;
    const int top = chart.top() - kAxisHeight;
    for (; t <= window_->to(); t += step) {
        const double x = xOf(t);
        p.setPen(QColor(0xe3, 0xe7, 0xec));
        p.drawLine(QPointF(x, chart.top()), QPointF(x, chart.bottom()));
        p.setPen(QColor(0x4a, 0x53, 0x60));
        p.drawLine(QPointF(x, top + kAxisHeight - 4), QPointF(x, top + kAxisHeight));
        p.drawText(QRectF(x - labelWidth / 2.0, top, labelWidth, kAxisHeight - 3), Qt::AlignCenter, tf.instantShort(t));
    }
}

std::int32_t GanttView::jobAt(QPoint pos) const
{
    const QRect chart = chartRect();
    if (!snapshot_ || !chart.contains(pos))
        return -1;
    const int row = scroll_->value() + (pos.y() - chart.top()) / rowHeight();
    if (row < 0 || row >= rowCount())
        return -1;
    const Row& x = rows_[static_cast<std::size_t>(row)];
    const auto t = timeAt(pos.x());
    if (x.kind == Row::Job)
        return x.id;
    if (x.kind == Row::Gpu)
        for (const auto i : snapshot_->gpuIntervals.of(x.id)) {
            const GpuInterval& iv = snapshot_->result->occupancy[i];
            if (iv.from_s <= t && t < iv.to_s)
                return iv.job;
        }
    return -1;
}

void GanttView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !chartRect().contains(event->position().toPoint()))
        return;
    if (const auto job = jobAt(event->position().toPoint()); job >= 0)
        emit jobClicked(job);
    emit seekRequested(std::clamp(timeAt(event->position().x()), window_->from(), window_->to()));
}

void GanttView::wheelEvent(QWheelEvent* event)
{
    const int dy = event->angleDelta().y();
    if (event->modifiers() & Qt::ControlModifier)
        window_->wheelZoom(timeAt(event->position().x()), dy);
    else if ((event->modifiers() & Qt::ShiftModifier) || event->angleDelta().x() != 0)
        window_->wheelPan(dy != 0 ? dy : event->angleDelta().x());
    else
        scroll_->setValue(scroll_->value() - dy / 40);
    event->accept();
}

bool GanttView::event(QEvent* event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const auto job = jobAt(help->pos());
    if (job < 0 || !snapshot_) {
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    const SimResult& r = *snapshot_->result;
    const Job& j = r.trace->jobs[static_cast<std::size_t>(job)];
    const JobResult& jr = r.jobs[static_cast<std::size_t>(job)];
    const TimeFormat tf(r.trace->meta.timeBase, r.firstSubmit_s);
    QString text = tr("<b>%1</b> · VC %2 · %3<br>submitted %4")
                       .arg(QString::fromStdString(j.id).toHtmlEscaped(), QString::fromStdString(r.trace->tenants[static_cast<std::size_t>(j.tenant)].name).toHtmlEscaped())
                       .arg(resource_text::gpus(j.gpus, r.resourcesOf(static_cast<std::size_t>(job)).gpuMilli))
                       .arg(tf.instantShort(j.submit_s));
    if (jr.start_s)
        text += tr(" · started %1 (waited %2)").arg(tf.instantShort(*jr.start_s), TimeFormat::duration(jr.queueDelay_s));
    text += jr.end_s ? tr(" · ended %1").arg(tf.instantShort(*jr.end_s)) : tr(" · never finished");
    text += tr("<br>click to inspect it");
    QToolTip::showText(help->globalPos(), text, this);
    return true;
}

} // namespace clens::ui
