#include "ui/views/heatmap_widget.hpp"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cstring>
#include <map>

namespace clens::ui {
namespace {

QRgb blend(QRgb c, QRgb toward, int percentToward)
{
    const auto mix = [&](int a, int b) { return (a * (100 - percentToward) + b * percentToward) / 100; };
    return qRgb(mix(qRed(c), qRed(toward)), mix(qGreen(c), qGreen(toward)), mix(qBlue(c), qBlue(toward)));
}

QString stateName(GpuState s)
{
    switch (s) {
    case GpuState::Idle: return HeatmapWidget::tr("idle");
    case GpuState::Busy: return HeatmapWidget::tr("busy");
    case GpuState::HeldIdle: return HeatmapWidget::tr("held idle (gang waiting for GPUs)");
    case GpuState::Failed: return HeatmapWidget::tr("failed (server down)");
    }
    return {};
}

} // namespace

HeatmapWidget::HeatmapWidget(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::ClickFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setObjectName(QStringLiteral("heatmap"));
}

void HeatmapWidget::setCluster(std::shared_ptr<const Topology> topology, std::shared_ptr<const Trace> trace)
{
    const bool sameShape = topology_ && topology && topology_->gpuCount() == topology->gpuCount() &&
                           topology_->rackCount() == topology->rackCount();
    topology_ = std::move(topology);
    trace_ = std::move(trace);
    if (!sameShape)
        zoomRack_.reset();
    if (zoomRack_ && (!topology_ || *zoomRack_ >= topology_->rackCount()))
        zoomRack_.reset();
    state_ = ClusterState{};
    hoveredServer_ = -1;
    relayout();
    recolour();
}

void HeatmapWidget::setState(const ClusterState& state)
{
    state_ = state;
    recolour();
}

void HeatmapWidget::setColorMode(ColorMode mode)
{
    if (mode == mode_)
        return;
    mode_ = mode;
    recolour();
}

void HeatmapWidget::setSelectedJob(std::int32_t job)
{
    if (job == selectedJob_)
        return;
    selectedJob_ = job;
    recolour();
}

void HeatmapWidget::zoomToRack(std::int32_t rack)
{
    std::optional<std::int32_t> next;
    if (topology_ && rack >= 0 && rack < topology_->rackCount())
        next = rack;
    if (next == zoomRack_)
        return;
    zoomRack_ = next;
    relayout();
    update();
    emit zoomChanged(zoomRack_.value_or(-1));
}

void HeatmapWidget::relayout()
{
    baseStale_ = true;
    if (!topology_) {
        layout_ = HeatmapLayout();
        return;
    }
    const QFontMetrics fm(font());
    const QFontMetrics small(smallFont());
    int serverLabel = 0;
    for (const auto& s : topology_->servers())
        serverLabel = std::max(serverLabel, fm.horizontalAdvance(QString::fromStdString(s.name)));
    HeatmapLayoutParams params;
    params.viewport = size() - QSize(0, small.height() + 2); // the hint line at the bottom
    params.fontHeight = small.height();
    params.serverLabelWidth = std::min(serverLabel, 120);
    params.onlyRack = zoomRack_;
    params.maxCell = zoomRack_ ? 96 : 64;
    layout_ = HeatmapLayout::compute(*topology_, params);
    baseStale_ = true;
}

QColor HeatmapWidget::colourOfGpu(std::int32_t gpu) const
{
    if (gpu < 0 || static_cast<std::size_t>(gpu) >= colours_.size())
        return palette::idle();
    return QColor(colours_[static_cast<std::size_t>(gpu)]);
}

void HeatmapWidget::recolour()
{
    const std::size_t n = topology_ ? static_cast<std::size_t>(topology_->gpuCount()) : 0;
    colours_.assign(n, palette::idle().rgb());
    const bool haveState = state_.gpu.size() == n && state_.job.size() == n;
    selectionVisible_ = false;
    if (haveState) {
        const auto& jobs = trace_ ? trace_->jobs : std::vector<Job>{};
        for (std::size_t g = 0; g < n; ++g) {
            const GpuState s = state_.gpu[g];
            const auto job = state_.job[g];
            QColor c;
            if (s == GpuState::Failed) {
                c = palette::failed();
            } else if (s == GpuState::Idle || job < 0) {
                c = palette::idle();
            } else {
                switch (mode_) {
                case ColorMode::State: c = palette::state(s); break;
                case ColorMode::Tenant:
                    c = static_cast<std::size_t>(job) < jobs.size() ? palette::tenant(jobs[static_cast<std::size_t>(job)].vc)
                                                                    : palette::busy();
                    break;
                case ColorMode::Job: c = palette::job(job); break;
                case ColorMode::Utilization:
                    c = palette::utilization(g < state_.util.size() ? state_.util[g] : 0.0f);
                    break;
                }
            }
            colours_[g] = c.rgb();
            if (selectedJob_ >= 0 && job == selectedJob_)
                selectionVisible_ = true;
        }
        if (selectionVisible_)
            for (std::size_t g = 0; g < n; ++g)
                if (state_.job[g] != selectedJob_)
                    colours_[g] = blend(colours_[g], palette::background().rgb(), 65);
    }
    update();
    emit legendChanged();
}

void HeatmapWidget::paintStatic(QPainter& p) const
{
    p.fillRect(QRect(QPoint(0, 0), size()), palette::background());
    if (!topology_)
        return;
    const bool frames = layout_.cell() >= 3;
    const QColor rackFill = QColor(0xff, 0xff, 0xff);
    p.setPen(frames ? QPen(palette::rackFrame(), 1) : Qt::NoPen);
    p.setBrush(rackFill);
    for (auto r : layout_.visibleRacks()) {
        const QRect box = layout_.rackRect(r);
        if (frames)
            p.drawRect(box.adjusted(0, 0, -1, -1));
        else
            p.fillRect(box, rackFill);
    }
    if (layout_.showRackLabels()) {
        p.setPen(QColor(0x5a, 0x63, 0x70));
        p.save();
        p.setFont(smallFont());
        const QFontMetrics fm(p.font());
        for (auto r : layout_.visibleRacks()) {
            const QRect lr = layout_.rackLabelRect(r);
            p.drawText(lr, Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(QString::fromStdString(topology_->racks()[static_cast<std::size_t>(r)].name),
                                     Qt::ElideRight, lr.width()));
        }
        p.restore();
    }
}

void HeatmapWidget::paintCellsFast(QPainter& p) const
{
    if (base_.size() != size() || baseStale_) {
        base_ = QImage(size(), QImage::Format_RGB32);
        QPainter bp(&base_);
        paintStatic(bp);
        baseStale_ = false;
    }
    if (frame_.size() != base_.size())
        frame_ = QImage(base_.size(), QImage::Format_RGB32);
    std::memcpy(frame_.bits(), base_.constBits(), static_cast<std::size_t>(base_.sizeInBytes()));
    const QRect bounds = frame_.rect();
    for (auto r : layout_.visibleRacks()) {
        const Rack& rack = topology_->racks()[static_cast<std::size_t>(r)];
        const auto gBegin = topology_->servers()[static_cast<std::size_t>(rack.firstServer)].firstGpu;
        for (auto g = gBegin; g < gBegin + rack.gpus; ++g) {
            const QRect c = layout_.gpuRect(g) & bounds;
            const QRgb colour = colours_[static_cast<std::size_t>(g)];
            for (int y = c.top(); y <= c.bottom(); ++y) {
                auto* line = reinterpret_cast<QRgb*>(frame_.scanLine(y));
                std::fill(line + c.left(), line + c.right() + 1, colour);
            }
        }
    }
    p.drawImage(0, 0, frame_);
}

void HeatmapWidget::paintMap(QPainter& p) const
{
    // Tiny cells (tens of thousands of GPUs) on a raster device: write the pixels of a cached
    // image instead of one fillRect per GPU.
    const bool raster = p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster &&
                        p.device() && qFuzzyCompare(p.device()->devicePixelRatioF(), 1.0);
    if (raster && topology_ && layout_.cell() <= 4) {
        paintCellsFast(p);
    } else {
        paintStatic(p);
        if (!topology_)
            return;
        for (auto r : layout_.visibleRacks()) {
            const Rack& rack = topology_->racks()[static_cast<std::size_t>(r)];
            const auto gBegin = topology_->servers()[static_cast<std::size_t>(rack.firstServer)].firstGpu;
            for (auto g = gBegin; g < gBegin + rack.gpus; ++g)
                p.fillRect(layout_.gpuRect(g), QColor(colours_[static_cast<std::size_t>(g)]));
        }
    }
    const auto& servers = topology_->servers();
    const int cell = layout_.cell();
    if (layout_.showServerLabels()) {
        p.setPen(QColor(0x3a, 0x40, 0x48));
        for (auto r : layout_.visibleRacks()) {
            const Rack& rack = topology_->racks()[static_cast<std::size_t>(r)];
            for (auto s = rack.firstServer; s < rack.firstServer + rack.serverCount; ++s)
                p.drawText(layout_.serverLabelRect(s), Qt::AlignRight | Qt::AlignVCenter,
                           QString::fromStdString(servers[static_cast<std::size_t>(s)].name));
        }
    }
    const bool haveJobs = state_.job.size() == colours_.size();
    if (layout_.showCellLabels() && haveJobs && trace_) {
        QFont small = p.font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        p.setFont(small);
        const QFontMetrics fm(small);
        for (auto r : layout_.visibleRacks()) {
            const Rack& rack = topology_->racks()[static_cast<std::size_t>(r)];
            const auto gBegin = servers[static_cast<std::size_t>(rack.firstServer)].firstGpu;
            for (auto g = gBegin; g < gBegin + rack.gpus; ++g) {
                const auto job = state_.job[static_cast<std::size_t>(g)];
                if (job < 0 || static_cast<std::size_t>(job) >= trace_->jobs.size())
                    continue;
                const QColor bg(colours_[static_cast<std::size_t>(g)]);
                p.setPen(bg.lightness() > 150 ? QColor(0x20, 0x20, 0x20) : QColor(Qt::white));
                const QRect cr = layout_.gpuRect(g).adjusted(2, 2, -2, -2);
                p.drawText(cr, Qt::AlignCenter,
                           fm.elidedText(QString::fromStdString(trace_->jobs[static_cast<std::size_t>(job)].id),
                                         Qt::ElideRight, cr.width()));
            }
        }
    }
    if (selectionVisible_ && haveJobs) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(QColor(0x11, 0x14, 0x18), cell >= 6 ? 2 : 1));
        for (std::size_t g = 0; g < colours_.size(); ++g)
            if (state_.job[g] == selectedJob_) {
                const QRect r = layout_.gpuRect(static_cast<std::int32_t>(g));
                if (!r.isEmpty())
                    p.drawRect(cell >= 6 ? r.adjusted(1, 1, -1, -1) : r);
            }
    }
    if (hoveredServer_ >= 0) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(QColor(0x11, 0x14, 0x18, 140), 1));
        const QRect sr = layout_.serverRect(hoveredServer_);
        if (!sr.isEmpty())
            p.drawRect(sr.adjusted(-1, -1, 0, 0));
    }
}

void HeatmapWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paintMap(p);
    p.setPen(QColor(0x80, 0x88, 0x94));
    if (!topology_) {
        p.drawText(rect(), Qt::AlignCenter, tr("No cluster loaded"));
        return;
    }
    p.setFont(smallFont());
    if (selectedJob_ >= 0 && !selectionVisible_ && trace_ && static_cast<std::size_t>(selectedJob_) < trace_->jobs.size()) {
        p.setPen(QColor(0xb0, 0x60, 0x00));
        p.drawText(rect().adjusted(4, 0, -4, -2), Qt::AlignLeft | Qt::AlignBottom,
                   tr("Job %1 holds no GPU at this time (Go to start in the inspector)")
                       .arg(QString::fromStdString(trace_->jobs[static_cast<std::size_t>(selectedJob_)].id)));
        p.setPen(QColor(0x80, 0x88, 0x94));
    }
    p.drawText(rect().adjusted(4, 0, -4, -2), Qt::AlignRight | Qt::AlignBottom,
               zoomRack_ ? tr("double-click or Esc: back to all racks · click a GPU to inspect its job")
                         : tr("double-click a rack to zoom in · click a GPU to inspect its job"));
}

void HeatmapWidget::resizeEvent(QResizeEvent*)
{
    relayout();
}

QFont HeatmapWidget::smallFont() const
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.85);
    return f;
}

QString HeatmapWidget::gpuLabel(std::int32_t gpu) const
{
    const auto s = topology_->serverOfGpu(gpu);
    const Server& server = topology_->servers()[static_cast<std::size_t>(s)];
    return tr("%1 · GPU %2").arg(QString::fromStdString(server.name)).arg(gpu - server.firstGpu);
}

QString HeatmapWidget::tooltipAt(QPoint pos) const
{
    const auto gpu = layout_.gpuAt(pos);
    if (gpu < 0 || !topology_)
        return {};
    const auto s = topology_->serverOfGpu(gpu);
    const Server& server = topology_->servers()[static_cast<std::size_t>(s)];
    QString text = QStringLiteral("<b>%1</b> &nbsp;(rack %2%3)")
                       .arg(gpuLabel(gpu).toHtmlEscaped(),
                            QString::fromStdString(topology_->racks()[static_cast<std::size_t>(server.rack)].name).toHtmlEscaped(),
                            server.gpuModel.empty() ? QString() : QStringLiteral(", ") + QString::fromStdString(server.gpuModel));
    const auto g = static_cast<std::size_t>(gpu);
    if (g >= state_.gpu.size())
        return text;
    text += QStringLiteral("<br>") + tr("State: %1").arg(stateName(state_.gpu[g]));
    const auto job = g < state_.job.size() ? state_.job[g] : -1;
    if (job >= 0 && trace_ && static_cast<std::size_t>(job) < trace_->jobs.size()) {
        const Job& j = trace_->jobs[static_cast<std::size_t>(job)];
        const QString vc = static_cast<std::size_t>(j.vc) < trace_->tenants.size()
                               ? QString::fromStdString(trace_->tenants[static_cast<std::size_t>(j.vc)].name)
                               : QString();
        const QString user = static_cast<std::size_t>(j.user) < trace_->users.size()
                                 ? QString::fromStdString(trace_->users[static_cast<std::size_t>(j.user)])
                                 : QString();
        text += QStringLiteral("<br>") + tr("Job: <b>%1</b> (%2 GPUs)").arg(QString::fromStdString(j.id).toHtmlEscaped()).arg(j.gpus);
        text += QStringLiteral("<br>") + tr("VC: %1 &nbsp; user: %2").arg(vc.toHtmlEscaped(), user.toHtmlEscaped());
        if (g < state_.util.size() && state_.gpu[g] == GpuState::Busy)
            text += QStringLiteral("<br>") + tr("Utilization: %1%").arg(qRound(state_.util[g] * 100));
        text += QStringLiteral("<br><i>") + tr("Click to inspect the job") + QStringLiteral("</i>");
    }
    return text;
}

std::vector<LegendEntry> HeatmapWidget::legend() const
{
    std::vector<LegendEntry> out;
    const QLocale locale;
    std::array<std::int64_t, 4> counts{};
    for (auto s : state_.gpu)
        ++counts[static_cast<std::size_t>(s)];
    if (state_.gpu.empty() && topology_) // no result yet: the cluster is idle
        counts[static_cast<std::size_t>(GpuState::Idle)] = topology_->gpuCount();
    const auto count = [&](GpuState s) { return locale.toString(counts[static_cast<std::size_t>(s)]); };
    switch (mode_) {
    case ColorMode::State:
        out.push_back({palette::busy(), tr("Busy %1").arg(count(GpuState::Busy))});
        out.push_back({palette::heldIdle(), tr("Held idle %1").arg(count(GpuState::HeldIdle))});
        out.push_back({palette::idle(), tr("Idle %1").arg(count(GpuState::Idle))});
        out.push_back({palette::failed(), tr("Failed %1").arg(count(GpuState::Failed))});
        break;
    case ColorMode::Tenant: {
        std::map<std::int32_t, std::int64_t> byVc;
        if (trace_)
            for (std::size_t g = 0; g < state_.job.size(); ++g) {
                const auto job = state_.job[g];
                if (job >= 0 && static_cast<std::size_t>(job) < trace_->jobs.size() && state_.gpu[g] != GpuState::Failed)
                    ++byVc[trace_->jobs[static_cast<std::size_t>(job)].vc];
            }
        std::vector<std::pair<std::int32_t, std::int64_t>> sorted(byVc.begin(), byVc.end());
        std::stable_sort(sorted.begin(), sorted.end(), [](auto& a, auto& b) { return a.second > b.second; });
        for (const auto& [vc, n] : sorted) {
            const QString name = trace_ && static_cast<std::size_t>(vc) < trace_->tenants.size()
                                     ? QString::fromStdString(trace_->tenants[static_cast<std::size_t>(vc)].name)
                                     : tr("VC %1").arg(vc);
            out.push_back({palette::tenant(vc), QStringLiteral("%1 %2").arg(name, locale.toString(n))});
        }
        out.push_back({palette::idle(), tr("Idle %1").arg(count(GpuState::Idle))});
        break;
    }
    case ColorMode::Job: {
        std::vector<std::int32_t> jobs;
        for (auto j : state_.job)
            if (j >= 0)
                jobs.push_back(j);
        std::sort(jobs.begin(), jobs.end());
        const auto running = std::unique(jobs.begin(), jobs.end()) - jobs.begin();
        out.push_back({palette::job(0), tr("One colour per job: %1 jobs on GPUs").arg(locale.toString(static_cast<qint64>(running)))});
        out.push_back({palette::idle(), tr("Idle %1").arg(count(GpuState::Idle))});
        break;
    }
    case ColorMode::Utilization:
        for (int pct : {0, 25, 50, 75, 100})
            out.push_back({palette::utilization(static_cast<float>(pct) / 100.0f), QStringLiteral("%1%").arg(pct)});
        out.push_back({palette::idle(), tr("Idle")});
        break;
    }
    if (counts[static_cast<std::size_t>(GpuState::Failed)] > 0 && mode_ != ColorMode::State)
        out.push_back({palette::failed(), tr("Failed %1").arg(count(GpuState::Failed))});
    return out;
}

bool HeatmapWidget::event(QEvent* e)
{
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const QString text = tooltipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(e);
}

void HeatmapWidget::mouseMoveEvent(QMouseEvent* e)
{
    const auto s = layout_.serverAt(e->position().toPoint());
    if (s != hoveredServer_) {
        hoveredServer_ = s;
        update();
    }
}

void HeatmapWidget::leaveEvent(QEvent*)
{
    if (hoveredServer_ != -1) {
        hoveredServer_ = -1;
        update();
    }
}

void HeatmapWidget::mousePressEvent(QMouseEvent* e)
{
    if (e->button() != Qt::LeftButton)
        return;
    const auto gpu = layout_.gpuAt(e->position().toPoint());
    const auto job = gpu >= 0 && static_cast<std::size_t>(gpu) < state_.job.size() ? state_.job[static_cast<std::size_t>(gpu)] : -1;
    emit jobClicked(job);
}

void HeatmapWidget::mouseDoubleClickEvent(QMouseEvent* e)
{
    if (e->button() != Qt::LeftButton)
        return;
    if (zoomRack_)
        zoomToRack(-1);
    else
        zoomToRack(layout_.rackAt(e->position().toPoint()));
}

void HeatmapWidget::keyPressEvent(QKeyEvent* e)
{
    if ((e->key() == Qt::Key_Escape || e->key() == Qt::Key_Backspace) && zoomRack_) {
        zoomToRack(-1);
        return;
    }
    QWidget::keyPressEvent(e);
}

void HeatmapWidget::contextMenuEvent(QContextMenuEvent* e)
{
    QMenu menu(this);
    const auto rack = layout_.rackAt(e->pos());
    if (zoomRack_)
        menu.addAction(tr("Show all racks"), this, [this] { zoomToRack(-1); });
    else if (rack >= 0)
        menu.addAction(tr("Zoom to rack %1").arg(QString::fromStdString(topology_->racks()[static_cast<std::size_t>(rack)].name)),
                       this, [this, rack] { zoomToRack(rack); });
    if (selectedJob_ >= 0)
        menu.addAction(tr("Clear selection"), this, [this] { emit jobClicked(-1); });
    if (!menu.isEmpty())
        menu.exec(e->globalPos());
}

} // namespace clens::ui
