#include "ui/views/job_gantt.hpp"

#include "ui/time/time_format.hpp"
#include "ui/style/heatmap_palette.hpp"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace clens::ui {

JobGantt::JobGantt(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setToolTip(tr("Waiting (by cause) and running stretches of the job; click to jump there"));
}

void JobGantt::setJob(SnapshotPtr snapshot, std::int32_t job)
{
    snapshot_ = std::move(snapshot);
    job_ = job;
    update();
}

void JobGantt::setTime(std::int64_t t)
{
    if (t == time_)
        return;
    time_ = t;
    update();
}

bool JobGantt::span(std::int64_t& from, std::int64_t& to) const
{
    if (!snapshot_ || !snapshot_->result || job_ < 0 || static_cast<std::size_t>(job_) >= snapshot_->result->jobs.size())
        return false;
    const SimResult& r = *snapshot_->result;
    const JobResult& jr = r.jobs[static_cast<std::size_t>(job_)];
    from = r.trace->jobs[static_cast<std::size_t>(job_)].submit_s;
    to = jr.end_s.value_or(std::max(from + 1, r.lastEvent_s));
    for (auto i : snapshot_->jobIntervals.intervalsOf(job_))
        to = std::max(to, r.occupancy[i].to_s);
    to = std::max(to, from + 1);
    return true;
}

QRect JobGantt::barRect() const
{
    return QRect(2, 4, width() - 4, 18);
}

void JobGantt::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    std::int64_t from = 0, to = 0;
    if (!span(from, to))
        return;
    const SimResult& r = *snapshot_->result;
    const JobResult& jr = r.jobs[static_cast<std::size_t>(job_)];
    const QRect bar = barRect();
    const auto x = [&](std::int64_t t) {
        return bar.left() + static_cast<int>(static_cast<double>(t - from) / static_cast<double>(to - from) * bar.width());
    };
    p.fillRect(bar, QColor(0xee, 0xf0, 0xf3));
    for (std::uint32_t k = 0; k < jr.waitCount && jr.firstWait + k < r.waits.size(); ++k) {
        const WaitInterval& w = r.waits[jr.firstWait + k];
        p.fillRect(QRect(QPoint(x(w.from_s), bar.top()), QPoint(std::max(x(w.from_s), x(w.to_s) - 1), bar.bottom())),
                   palette::cause(w.cause));
    }
    for (auto i : snapshot_->jobIntervals.intervalsOf(job_)) {
        const GpuInterval& iv = r.occupancy[i];
        const QColor c = iv.use == GpuUse::HeldIdle ? palette::heldIdle()
                         : iv.use == GpuUse::Trial  ? palette::running().lighter(150)
                                                    : palette::running();
        p.fillRect(QRect(QPoint(x(iv.from_s), bar.top() + 3), QPoint(std::max(x(iv.from_s), x(iv.to_s) - 1), bar.bottom() - 3)), c);
    }
    if (time_ >= from && time_ <= to) {
        p.setPen(QPen(QColor(0x11, 0x14, 0x18), 2));
        p.drawLine(x(time_), bar.top() - 3, x(time_), bar.bottom() + 3);
    }
    p.setPen(QColor(0x5a, 0x63, 0x70));
    const QRect labels(bar.left(), bar.bottom() + 3, bar.width(), fontMetrics().height());
    const TimeFormat tf(r.trace->meta.timeBase, r.firstSubmit_s);
    p.drawText(labels, Qt::AlignLeft, tr("submitted %1").arg(tf.instantShort(from)));
    p.drawText(labels, Qt::AlignRight, jr.end_s ? tr("ended %1").arg(tf.instantShort(*jr.end_s)) : tr("never finished"));
}

void JobGantt::mousePressEvent(QMouseEvent* e)
{
    std::int64_t from = 0, to = 0;
    if (e->button() != Qt::LeftButton || !span(from, to))
        return;
    const QRect bar = barRect();
    const double f = std::clamp((e->position().x() - bar.left()) / std::max(1, bar.width()), 0.0, 1.0);
    emit seekRequested(from + static_cast<std::int64_t>(f * static_cast<double>(to - from)));
}

} // namespace clens::ui
