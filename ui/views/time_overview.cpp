#include "ui/views/time_overview.hpp"

#include "ui/style/heatmap_palette.hpp"
#include "ui/time/time_window.hpp"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace clens::ui {
namespace {
constexpr double kGrip_px = 5; // how near an edge of the box a press takes that edge
} // namespace

TimeOverview::TimeOverview(TimeWindow* window, QWidget* parent)
    : QWidget(parent)
    , window_(window)
{
    setObjectName(QStringLiteral("timeOverview"));
    setMouseTracking(true);
    setToolTip(tr("The whole trace: allocated GPUs (blue) and queued jobs (orange)\n"
                  "Drag the box to move the time window, its edges to resize it; click to centre it there\n"
                  "Wheel: zoom · double-click: the whole trace"));
    connect(window_, &TimeWindow::changed, this, qOverload<>(&QWidget::update));
}

void TimeOverview::setSnapshot(SnapshotPtr snapshot)
{
    snapshot_ = std::move(snapshot);
    rebin();
    update();
}

void TimeOverview::setTime(std::int64_t t)
{
    if (t == time_)
        return;
    time_ = t;
    update();
}

double TimeOverview::pixelOf(std::int64_t t) const
{
    const auto span = window_->spanEnd() - window_->spanBegin();
    if (span <= 0)
        return 0;
    return static_cast<double>(t - window_->spanBegin()) / static_cast<double>(span) * width();
}

std::int64_t TimeOverview::timeAt(double x) const
{
    const auto span = window_->spanEnd() - window_->spanBegin();
    const double f = std::clamp(x / std::max(1, width()), 0.0, 1.0);
    return window_->spanBegin() + std::llround(f * static_cast<double>(span));
}

void TimeOverview::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    rebin();
}

void TimeOverview::rebin()
{
    const auto columns = static_cast<std::size_t>(std::max(0, width()));
    allocated_.assign(columns, 0.0f);
    queued_.assign(columns, 0.0f);
    if (!snapshot_ || !snapshot_->result || columns == 0) {
        paintTrace();
        return;
    }
    const SimResult& r = *snapshot_->result;
    const auto& s = r.series;
    const double gpus = r.cluster ? std::max(1, r.cluster->gpuCount()) : 1;
    const double peakQueued = s.queuedJobs.empty() ? 0.0 : static_cast<double>(*std::max_element(s.queuedJobs.begin(), s.queuedJobs.end()));
    for (std::size_t i = 0; i < s.t_s.size(); ++i) {
        // A sample holds until the next one: it reaches every column it covers.
        const auto next = i + 1 < s.t_s.size() ? s.t_s[i + 1] : s.t_s[i];
        const auto first = static_cast<std::size_t>(std::clamp(pixelOf(s.t_s[i]), 0.0, static_cast<double>(columns - 1)));
        const auto last = static_cast<std::size_t>(std::clamp(pixelOf(next), 0.0, static_cast<double>(columns - 1)));
        const auto alloc = i < s.allocatedGpus.size() ? static_cast<float>(static_cast<double>(s.allocatedGpus[i]) / gpus) : 0.0f;
        const auto queued = i < s.queuedJobs.size() && peakQueued > 0 ? static_cast<float>(static_cast<double>(s.queuedJobs[i]) / peakQueued) : 0.0f;
        for (auto c = first; c <= last; ++c) {
            allocated_[c] = std::max(allocated_[c], alloc);
            queued_[c] = std::max(queued_[c], queued);
        }
    }
    paintTrace();
}

void TimeOverview::paintTrace()
{
    const qreal dpr = devicePixelRatioF();
    trace_ = QPixmap(size() * dpr);
    trace_.setDevicePixelRatio(dpr);
    if (trace_.isNull())
        return;
    QPainter p(&trace_);
    const QRectF area = QRectF(rect()).adjusted(0, 1, 0, -1);
    p.fillRect(rect(), QColor(0xf4, 0xf6, 0xf8));
    const double h = area.height();
    for (std::size_t c = 0; c < allocated_.size(); ++c) { // allocated: an area from the bottom
        const double a = allocated_[c] * h;
        if (a > 0)
            p.fillRect(QRectF(static_cast<double>(c), area.bottom() - a, 1.0, a), QColor(0x2f, 0x6f, 0xc7, 110));
    }
    QPolygonF queued;
    for (std::size_t c = 0; c < queued_.size(); ++c)
        queued << QPointF(static_cast<double>(c) + 0.5, area.bottom() - queued_[c] * (h - 1));
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(QColor(0xe0, 0x7b, 0x20), 1.2));
    p.drawPolyline(queued);
}

void TimeOverview::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    if (trace_.size() != size() * devicePixelRatioF()) // not laid out yet when the result came
        paintTrace();
    p.drawPixmap(0, 0, trace_);
    if (window_->spanEnd() > window_->spanBegin()) {
        const double x0 = pixelOf(window_->from()), x1 = std::max(x0 + 2, pixelOf(window_->to()));
        if (window_->zoomed()) { // outside the window: dimmed
            p.fillRect(QRectF(0, 0, x0, height()), QColor(0x20, 0x24, 0x2a, 40));
            p.fillRect(QRectF(x1, 0, width() - x1, height()), QColor(0x20, 0x24, 0x2a, 40));
        }
        p.setPen(QPen(QColor(0x1f, 0x4e, 0x9a), window_->zoomed() ? 2 : 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(x0, 0.5, x1 - x0, height() - 1.5));
        const double xc = pixelOf(time_);
        p.setPen(QPen(QColor(0xd0, 0x20, 0x20), 1.5));
        p.drawLine(QPointF(xc, 0), QPointF(xc, height()));
    }
}

TimeOverview::Grip TimeOverview::gripAt(double x) const
{
    const double x0 = pixelOf(window_->from()), x1 = pixelOf(window_->to());
    if (!window_->zoomed())
        return Grip::None;
    if (std::abs(x - x0) <= kGrip_px)
        return Grip::From;
    if (std::abs(x - x1) <= kGrip_px)
        return Grip::To;
    return x > x0 && x < x1 ? Grip::Move : Grip::None;
}

void TimeOverview::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const double x = event->position().x();
    grip_ = gripAt(x);
    if (grip_ == Grip::None) { // elsewhere: the window (or the cursor, unzoomed) goes there
        if (window_->zoomed()) {
            window_->centreOn(timeAt(x));
            grip_ = Grip::Move;
        } else {
            emit seekRequested(timeAt(x));
        }
    }
    pressX_ = x;
    pressFrom_ = window_->from();
    pressTo_ = window_->to();
}

void TimeOverview::mouseMoveEvent(QMouseEvent* event)
{
    const double x = event->position().x();
    if (!(event->buttons() & Qt::LeftButton)) {
        const auto g = gripAt(x);
        setCursor(g == Grip::From || g == Grip::To ? Qt::SizeHorCursor : g == Grip::Move ? Qt::OpenHandCursor : Qt::ArrowCursor);
        return;
    }
    const auto dt = timeAt(x) - timeAt(pressX_);
    switch (grip_) {
    case Grip::Move: window_->show(pressFrom_ + dt, pressTo_ + dt); break;
    case Grip::From: window_->show(std::min(pressFrom_ + dt, pressTo_ - TimeWindow::kMinWidth_s), pressTo_); break;
    case Grip::To: window_->show(pressFrom_, std::max(pressTo_ + dt, pressFrom_ + TimeWindow::kMinWidth_s)); break;
    case Grip::None: emit seekRequested(timeAt(x)); break;
    }
}

void TimeOverview::mouseReleaseEvent(QMouseEvent*)
{
    grip_ = Grip::None;
}

void TimeOverview::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        window_->showAll();
}

void TimeOverview::wheelEvent(QWheelEvent* event)
{
    const int notches = event->angleDelta().y();
    if (notches != 0)
        window_->wheelZoom(timeAt(event->position().x()), notches);
    event->accept();
}

} // namespace clens::ui
