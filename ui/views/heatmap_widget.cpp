#include "ui/views/heatmap_widget.hpp"

#include "ui/views/power_cell.hpp"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace clens::ui {
namespace {

QRgb blend(QRgb c, QRgb toward, int percentToward)
{
    const auto mix = [&](int a, int b) { return (a * (100 - percentToward) + b * percentToward) / 100; };
    return qRgb(mix(qRed(c), qRed(toward)), mix(qGreen(c), qGreen(toward)), mix(qBlue(c), qBlue(toward)));
}

QRgb dim(QRgb c)
{
    return blend(c, palette::background().rgb(), 65);
}

// The part of a cell over which a stranded GPU is striped: all of an idle one, the free top of a
// shared one.
QRect strandedPart(const QRect& cell, int fill)
{
    if (fill >= 1000)
        return cell;
    const QRect filled = HeatmapLayout::filledPart(cell, fill);
    return filled.isEmpty() ? cell : QRect(cell.left(), cell.top(), cell.width(), filled.top() - cell.top());
}

// A GPU shared by jobs asking part of it (held whole: sharers == 0).
bool isShared(const ClusterState& s, std::size_t g)
{
    return g < s.sharers.size() && s.sharers[g] > 0 && g < s.used.size() && s.gpu[g] == GpuState::Busy;
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
    refreshCapacities();
    relayout();
    recolour();
}

void HeatmapWidget::setSnapshot(SnapshotPtr snapshot)
{
    snapshot_ = std::move(snapshot);
    refreshCapacities();
    recolour();
}

void HeatmapWidget::refreshCapacities()
{
    const bool ours = snapshot_ && snapshot_->result && snapshot_->result->cluster.get() == topology_.get();
    const auto defaults = ours ? snapshot_->result->scenario.resources.serverDefaults : Scenario::Resources::ServerDefaults{};
    capacities_ = topology_ ? serverCapacities(*topology_, defaults) : ServerCapacities{};
}

bool HeatmapWidget::showsGauges() const
{
    return layout_.showServerLabels() && layout_.cell() >= kGaugeCell && resourcesInPlay_;
}

void HeatmapWidget::setState(const ClusterState& state)
{
    state_ = state;
    recolour();
}

void HeatmapWidget::refreshResourcesInPlay()
{
    const auto positive = [](const std::vector<float>& v) { return std::any_of(v.begin(), v.end(), [](float x) { return x > 0; }); };
    resourcesInPlay_ = (snapshot_ && snapshot_->result && !snapshot_->result->reservations.empty()) ||
                       positive(state_.cpuReserved) || positive(state_.memReserved);
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
    emit legendChanged(); // the bars under server names come and go with the cell size
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

int HeatmapWidget::fillOfGpu(std::int32_t gpu) const
{
    return gpu >= 0 && static_cast<std::size_t>(gpu) < fills_.size() ? fills_[static_cast<std::size_t>(gpu)] : 1000;
}

bool HeatmapWidget::markedAsShared(std::int32_t gpu) const
{
    return gpu >= 0 && static_cast<std::size_t>(gpu) < marks_.size() && marks_[static_cast<std::size_t>(gpu)];
}

bool HeatmapWidget::markedAsStranded(std::int32_t gpu) const
{
    return gpu >= 0 && static_cast<std::size_t>(gpu) < stranded_.size() && stranded_[static_cast<std::size_t>(gpu)];
}

bool HeatmapWidget::serverNearlyFull(std::int32_t server) const
{
    const auto cpu = reservedFraction(server, ColorMode::CpuReserved);
    const auto mem = reservedFraction(server, ColorMode::MemoryReserved);
    return (cpu && *cpu >= kStrandedAt) || (mem && *mem >= kStrandedAt);
}

QColor HeatmapWidget::colourOfServerCell(std::int32_t server) const
{
    if (server < 0 || static_cast<std::size_t>(server) >= serverColours_.size())
        return palette::idle();
    return QColor(serverColours_[static_cast<std::size_t>(server)]);
}

int HeatmapWidget::fillOfServerCell(std::int32_t server) const
{
    return server >= 0 && static_cast<std::size_t>(server) < serverFills_.size() ? serverFills_[static_cast<std::size_t>(server)]
                                                                                 : 0;
}

std::optional<double> HeatmapWidget::reservedFraction(std::int32_t server, ColorMode resource) const
{
    const bool memory = reservedModeOf(resource) == ColorMode::MemoryReserved;
    const auto& capacity = memory ? capacities_.memGb : capacities_.cpuCores;
    const auto& reserved = memory ? state_.memReserved : state_.cpuReserved;
    const auto s = static_cast<std::size_t>(server);
    if (server < 0 || s >= capacity.size() || std::isnan(capacity[s]))
        return std::nullopt;
    const double used = s < reserved.size() ? reserved[s] : 0.0;
    if (capacity[s] <= 0)
        return used > 0 ? 1.0 : 0.0;
    return used / capacity[s];
}

void HeatmapWidget::recolour()
{
    const std::size_t n = topology_ ? static_cast<std::size_t>(topology_->gpuCount()) : 0;
    const std::size_t m = topology_ ? static_cast<std::size_t>(topology_->serverCount()) : 0;
    colours_.assign(n, palette::idle().rgb());
    fills_.assign(n, 1000);
    marks_.assign(n, 0);
    stranded_.assign(n, 0);
    usedFills_.assign(n, 0);
    power_.assign(n, 0);
    serverColours_.assign(m, palette::idle().rgb());
    serverFills_.assign(m, 0);
    serverUsedFills_.assign(m, 0);
    findSelection();
    findModelExclusions();
    refreshResourcesInPlay();
    if (topology_ && isUsedMode(mode_))
        colourByUse();
    else if (topology_ && isServerMode(mode_))
        colourByServer();
    else if (topology_)
        colourByHolder();
    if (topology_)
        markPower();
    if (selectionVisible_) {
        for (std::size_t g = 0; g < n; ++g)
            if (gpuDimmed(g))
                colours_[g] = dim(colours_[g]);
        for (std::size_t s = 0; s < m; ++s)
            if (serverDimmed(s))
                serverColours_[s] = dim(serverColours_[s]);
    }
    update();
    emit legendChanged();
}

void HeatmapWidget::colourByHolder()
{
    const std::size_t n = colours_.size();
    if (state_.gpu.size() == n && state_.job.size() == n) {
        // Two lvalues: a temporary as the other branch would copy every job of the trace on
        // each recolour (seconds per scrub step at 10M jobs).
        static const std::vector<Job> kNoJobs;
        const std::vector<Job>& jobs = trace_ ? trace_->jobs : kNoJobs;
        // Only where resources are in play can a server be full; once per server, not per GPU.
        std::vector<std::uint8_t> full(resourcesInPlay_ ? serverColours_.size() : 0, 0);
        for (std::size_t sv = 0; sv < full.size(); ++sv)
            full[sv] = serverNearlyFull(static_cast<std::int32_t>(sv)) ? 1 : 0;
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
                case ColorMode::Tenant:
                    c = static_cast<std::size_t>(job) < jobs.size() ? palette::tenant(jobs[static_cast<std::size_t>(job)].tenant)
                                                                    : palette::busy();
                    break;
                case ColorMode::Job: c = palette::job(job); break;
                case ColorMode::Utilization:
                    c = palette::utilization(g < state_.util.size() ? state_.util[g] : 0.0f);
                    break;
                default: c = palette::state(s); break;
                }
            }
            colours_[g] = c.rgb();
            if (isShared(state_, g)) {
                fills_[g] = std::min<std::uint16_t>(1000, state_.used[g]);
                marks_[g] = state_.sharers[g] > 1 ? 1 : 0;
            }
            // Free capacity (an idle GPU, the free part of a shared one) its server cannot feed.
            const bool free = s == GpuState::Idle || fills_[g] < 1000;
            if (free && !full.empty() && full[static_cast<std::size_t>(topology_->serverOfGpu(static_cast<std::int32_t>(g)))])
                stranded_[g] = 1;
        }
    }
    // A server without GPUs: a gauge of its CPU reserved (full when its capacity is unknown and
    // anything is reserved).
    for (std::size_t s = 0; s < serverColours_.size(); ++s) {
        if (topology_->servers()[s].gpus > 0)
            continue;
        serverColours_[s] = palette::cpuOnlyServer().rgb();
        const auto fraction = reservedFraction(static_cast<std::int32_t>(s), ColorMode::CpuReserved);
        const double reserved = s < state_.cpuReserved.size() ? state_.cpuReserved[s] : 0.0;
        const double f = fraction ? std::clamp(*fraction, 0.0, 1.0) : (reserved > 0 ? 1.0 : 0.0);
        serverFills_[s] = static_cast<std::uint16_t>(std::lround(f * 1000));
    }
}

void HeatmapWidget::colourByServer()
{
    const auto& servers = topology_->servers();
    for (std::size_t s = 0; s < servers.size(); ++s) {
        const auto fraction = reservedFraction(static_cast<std::int32_t>(s), mode_);
        const QRgb c = (fraction ? palette::reserved(*fraction) : palette::unknownCapacity()).rgb();
        serverColours_[s] = c;
        serverFills_[s] = 1000;
        const Server& server = servers[s];
        for (auto g = server.firstGpu; g < server.firstGpu + server.gpus; ++g) {
            const auto gi = static_cast<std::size_t>(g);
            const bool failed = gi < state_.gpu.size() && state_.gpu[gi] == GpuState::Failed;
            colours_[gi] = failed ? palette::failed().rgb() : c;
        }
    }
}

void HeatmapWidget::findSelection()
{
    const std::size_t n = colours_.size();
    selected_.assign(n, 0);
    selectedServers_.assign(serverColours_.size(), 0);
    selectionVisible_ = false;
    if (selectedJob_ < 0 || state_.gpu.size() != n)
        return;
    const std::int64_t t = state_.t_s;
    const bool fromResult = snapshot_ && snapshot_->result && snapshot_->result->cluster.get() == topology_.get();
    if (fromResult) {
        // Every GPU the job holds, also where it is not the first of several sharers.
        const auto& occupancy = snapshot_->result->occupancy;
        for (const auto i : snapshot_->jobIntervals.intervalsOf(selectedJob_))
            if (const GpuInterval& iv = occupancy[i]; iv.from_s <= t && t < iv.to_s && static_cast<std::size_t>(iv.gpu) < n)
                selected_[static_cast<std::size_t>(iv.gpu)] = 1;
        const auto& reservations = snapshot_->result->reservations;
        for (const auto i : snapshot_->jobReservations.of(selectedJob_)) {
            const ReservationInterval& r = reservations[i];
            if (r.from_s > t || t >= r.to_s || static_cast<std::size_t>(r.server) >= selectedServers_.size())
                continue;
            const Server& server = topology_->servers()[static_cast<std::size_t>(r.server)];
            bool holdsGpuThere = false;
            for (auto g = server.firstGpu; g < server.firstGpu + server.gpus; ++g)
                holdsGpuThere |= selected_[static_cast<std::size_t>(g)] != 0;
            if (!holdsGpuThere)
                selectedServers_[static_cast<std::size_t>(r.server)] = 1;
        }
    } else {
        for (std::size_t g = 0; g < n && g < state_.job.size(); ++g)
            selected_[g] = state_.job[g] == selectedJob_ ? 1 : 0;
    }
    selectionVisible_ = std::find(selected_.begin(), selected_.end(), 1) != selected_.end() ||
                        std::find(selectedServers_.begin(), selectedServers_.end(), 1) != selectedServers_.end();
}

bool HeatmapWidget::gpuDimmed(std::size_t gpu) const
{
    return selectionVisible_ && gpu < selected_.size() && !selected_[gpu];
}

bool HeatmapWidget::serverDimmed(std::size_t server) const
{
    return selectionVisible_ && server < selectedServers_.size() && !selectedServers_[server];
}

QRgb HeatmapWidget::restColour(bool dimmed) const
{
    return dimmed ? dim(palette::idle().rgb()) : palette::idle().rgb();
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
    const auto solid = [&](const QRect& cell, QRgb colour) {
        const QRect c = cell & bounds;
        for (int y = c.top(); y <= c.bottom(); ++y) {
            auto* line = reinterpret_cast<QRgb*>(frame_.scanLine(y));
            std::fill(line + c.left(), line + c.right() + 1, colour);
        }
    };
    const auto partly = [&](const QRect& cell, QRgb colour, int fill, QRgb rest) {
        solid(cell, rest);
        if (fill > 0)
            solid(HeatmapLayout::filledPart(cell, fill), colour);
    };
    // The used / reserved modes: use above the reservation red, the rest of the use dark.
    const auto usedPart = [&](const QRect& cell, int reserved, int used, bool dimmed) {
        const QRgb above = palette::usedAboveReserved().rgb(), within = palette::used().rgb();
        if (used > reserved)
            solid(HeatmapLayout::filledPart(cell, used), dimmed ? dim(above) : above);
        if (const int inside = std::min(used, reserved); inside > 0)
            solid(HeatmapLayout::filledPart(cell, inside), dimmed ? dim(within) : within);
    };
    const QRgb stripe = palette::stranded().rgb();
    const auto stripes = [&](const QRect& cell, int fill, bool dimmed) {
        const QRect c = strandedPart(cell, fill) & bounds;
        for (int y = c.top(); y <= c.bottom(); ++y) {
            auto* line = reinterpret_cast<QRgb*>(frame_.scanLine(y));
            for (int x = c.left(); x <= c.right(); ++x)
                if ((x + y) % 3 == 0)
                    line[x] = dimmed ? dim(stripe) : stripe;
        }
    };
    for (auto r : layout_.visibleRacks()) {
        const Rack& rack = topology_->racks()[static_cast<std::size_t>(r)];
        const auto gBegin = topology_->servers()[static_cast<std::size_t>(rack.firstServer)].firstGpu;
        for (auto g = gBegin; g < gBegin + rack.gpus; ++g) {
            const auto gi = static_cast<std::size_t>(g);
            if (power_[gi]) {
                writePowerPixels(frame_, layout_.gpuRect(g), power_[gi], gpuDimmed(gi));
                continue;
            }
            if (fills_[gi] >= 1000)
                solid(layout_.gpuRect(g), colours_[gi]);
            else
                partly(layout_.gpuRect(g), colours_[gi], fills_[gi], restColour(gpuDimmed(gi)));
            if (usedFills_[gi] > 0)
                usedPart(layout_.gpuRect(g), fills_[gi], usedFills_[gi], gpuDimmed(gi));
            if (stranded_[gi])
                stripes(layout_.gpuRect(g), fills_[gi], gpuDimmed(gi));
        }
        for (auto sv = rack.firstServer; sv < rack.firstServer + rack.serverCount; ++sv) {
            const auto si = static_cast<std::size_t>(sv);
            if (topology_->servers()[si].gpus > 0)
                continue;
            if (powerOfServer(sv) != kPoweredOn) {
                writePowerPixels(frame_, layout_.serverCellRect(sv), powerOfServer(sv), serverDimmed(si));
                continue;
            }
            partly(layout_.serverCellRect(sv), serverColours_[si], serverFills_[si], restColour(serverDimmed(si)));
            if (serverUsedFills_[si] > 0)
                usedPart(layout_.serverCellRect(sv), serverFills_[si], serverUsedFills_[si], serverDimmed(si));
        }
    }
    p.drawImage(0, 0, frame_);
}

void HeatmapWidget::paintCells(QPainter& p) const
{
    const int cell = layout_.cell();
    const auto fillCell = [&](const QRect& r, QRgb colour, int fill, QRgb rest) {
        if (fill >= 1000) {
            p.fillRect(r, QColor(colour));
            return;
        }
        p.fillRect(r, QColor(rest));
        if (fill > 0)
            p.fillRect(HeatmapLayout::filledPart(r, fill), QColor(colour));
    };
    const auto usedPart = [&](const QRect& r, int reserved, int used, bool dimmed) {
        const QRgb above = palette::usedAboveReserved().rgb(), within = palette::used().rgb();
        if (used > reserved)
            p.fillRect(HeatmapLayout::filledPart(r, used), QColor(dimmed ? dim(above) : above));
        if (const int inside = std::min(used, reserved); inside > 0)
            p.fillRect(HeatmapLayout::filledPart(r, inside), QColor(dimmed ? dim(within) : within));
    };
    const int markSize = std::clamp(cell / 4, 3, 9);
    for (auto rk : layout_.visibleRacks()) {
        const Rack& rack = topology_->racks()[static_cast<std::size_t>(rk)];
        for (auto s = rack.firstServer; s < rack.firstServer + rack.serverCount; ++s) {
            const Server& server = topology_->servers()[static_cast<std::size_t>(s)];
            const auto si = static_cast<std::size_t>(s);
            if (server.gpus == 0) {
                const QRect r = layout_.serverCellRect(s);
                if (powerOfServer(s) != kPoweredOn) {
                    paintPowerCell(p, r, powerOfServer(s), serverDimmed(si));
                    continue;
                }
                fillCell(r, serverColours_[si], serverFills_[si], restColour(serverDimmed(si)));
                if (serverUsedFills_[si] > 0)
                    usedPart(r, serverFills_[si], serverUsedFills_[si], serverDimmed(si));
                if (!isServerMode(mode_) && cell >= 6) { // tells an empty CPU-only server from an idle GPU
                    p.setPen(QPen(QColor(serverColours_[si]), 1));
                    p.setBrush(Qt::NoBrush);
                    p.drawRect(r.adjusted(0, 0, -1, -1));
                }
            }
            for (auto g = server.firstGpu; g < server.firstGpu + server.gpus; ++g) {
                const auto gi = static_cast<std::size_t>(g);
                const QRect r = layout_.gpuRect(g);
                if (power_[gi]) {
                    paintPowerCell(p, r, power_[gi], gpuDimmed(gi), g == server.firstGpu);
                    continue;
                }
                fillCell(r, colours_[gi], fills_[gi], restColour(gpuDimmed(gi)));
                if (usedFills_[gi] > 0)
                    usedPart(r, fills_[gi], usedFills_[gi], gpuDimmed(gi));
                if (stranded_[gi]) {
                    const QColor stripe = gpuDimmed(gi) ? QColor(dim(palette::stranded().rgb())) : palette::stranded();
                    p.fillRect(strandedPart(r, fills_[gi]), QBrush(stripe, Qt::BDiagPattern));
                }
                if (marks_[gi] && cell >= 6) { // several jobs share it: a corner triangle
                    const QPoint tr = r.topRight() + QPoint(1, 0);
                    const QPoint corner[3] = {tr, tr + QPoint(-markSize, 0), tr + QPoint(0, markSize)};
                    p.setPen(Qt::NoPen);
                    p.setBrush(gpuDimmed(gi) ? QColor(dim(palette::shareMark().rgb())) : palette::shareMark());
                    p.drawPolygon(corner, 3);
                }
            }
        }
    }
}

void HeatmapWidget::paintLabels(QPainter& p) const
{
    const auto& servers = topology_->servers();
    if (layout_.showServerLabels()) {
        const bool gauges = showsGauges();
        for (auto r : layout_.visibleRacks()) {
            const Rack& rack = topology_->racks()[static_cast<std::size_t>(r)];
            for (auto s = rack.firstServer; s < rack.firstServer + rack.serverCount; ++s) {
                const QRect lr = layout_.serverLabelRect(s);
                p.setPen(QColor(0x3a, 0x40, 0x48));
                p.drawText(gauges ? lr.adjusted(0, 0, 0, -kGaugeHeight) : lr, Qt::AlignRight | Qt::AlignVCenter,
                           QString::fromStdString(servers[static_cast<std::size_t>(s)].name));
                if (gauges)
                    paintServerGauges(p, s);
            }
        }
    }
    if (!layout_.showCellLabels())
        return;
    QFont small = p.font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.setFont(small);
    const QFontMetrics fm(small);
    const auto label = [&](const QRect& cell, QRgb colour, int fill, const QString& text, const QString& suffix = {}) {
        const QColor bg(fill >= 500 ? colour : palette::idle().rgb());
        p.setPen(bg.lightness() > 150 ? QColor(0x20, 0x20, 0x20) : QColor(Qt::white));
        const QRect cr = cell.adjusted(2, 2, -2, -2);
        p.drawText(cr, Qt::AlignCenter,
                   fm.elidedText(text, Qt::ElideRight, cr.width() - fm.horizontalAdvance(suffix)) + suffix);
    };
    const bool haveJobs = state_.job.size() == colours_.size() && trace_;
    for (auto r : layout_.visibleRacks()) {
        const Rack& rack = topology_->racks()[static_cast<std::size_t>(r)];
        for (auto s = rack.firstServer; s < rack.firstServer + rack.serverCount; ++s) {
            const auto si = static_cast<std::size_t>(s);
            const Server& server = servers[si];
            if (server.gpus == 0 && !isServerMode(mode_))
                label(layout_.serverCellRect(s), serverColours_[si], serverFills_[si], tr("CPU"), {});
            for (auto g = server.firstGpu; haveJobs && g < server.firstGpu + server.gpus; ++g) {
                const auto gi = static_cast<std::size_t>(g);
                const auto job = state_.job[gi];
                if (job < 0 || static_cast<std::size_t>(job) >= trace_->jobs.size() || isServerMode(mode_))
                    continue;
                // "+N" more jobs on a shared GPU survives eliding the first job's name.
                const QString more = marks_[gi] ? QStringLiteral(" +%1").arg(state_.sharers[gi] - 1) : QString();
                label(layout_.gpuRect(g), colours_[gi], fills_[gi], QString::fromStdString(trace_->jobs[static_cast<std::size_t>(job)].id),
                      more);
            }
        }
    }
}

QRect HeatmapWidget::gaugeRect(std::int32_t server, ColorMode resource) const
{
    const QRect lr = layout_.serverLabelRect(server);
    const int width = std::min(lr.width(), 3 * layout_.cell() / 2);
    const int top = lr.bottom() - kGaugeHeight + 2 + (resource == ColorMode::MemoryReserved ? 4 : 0);
    return QRect(lr.right() - width + 1, top, width, 3);
}

void HeatmapWidget::paintServerGauges(QPainter& p, std::int32_t server) const
{
    for (const auto resource : {ColorMode::CpuReserved, ColorMode::MemoryReserved}) {
        const QRect track = gaugeRect(server, resource);
        const auto f = reservedFraction(server, resource);
        p.fillRect(track, f ? palette::rackFrame() : palette::unknownCapacity().lighter(125));
        if (f && *f > 0)
            p.fillRect(QRect(track.left(), track.top(), std::max(1, static_cast<int>(std::lround(track.width() * std::min(1.0, *f)))),
                             track.height()),
                       palette::reserved(std::max(*f, 0.25))); // an almost empty server still shows a bar
    }
}

void HeatmapWidget::paintSelection(QPainter& p) const
{
    if (layout_.rackCells()) { // the racks where the selected job holds something
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(QColor(0x11, 0x14, 0x18), 2));
        for (auto r : layout_.visibleRacks()) {
            const Rack& rack = topology_->racks()[static_cast<std::size_t>(r)];
            bool holds = false;
            for (auto s = rack.firstServer; s < rack.firstServer + rack.serverCount && !holds; ++s) {
                const Server& server = topology_->servers()[static_cast<std::size_t>(s)];
                const auto si = static_cast<std::size_t>(s);
                holds = si < selectedServers_.size() && selectedServers_[si] != 0;
                for (auto g = server.firstGpu; g < server.firstGpu + server.gpus && !holds; ++g)
                    holds = static_cast<std::size_t>(g) < selected_.size() && selected_[static_cast<std::size_t>(g)] != 0;
            }
            if (holds)
                p.drawRect(layout_.rackRect(r).adjusted(-1, -1, 0, 0));
        }
        return;
    }
    const int cell = layout_.cell();
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(0x11, 0x14, 0x18), cell >= 6 ? 2 : 1));
    for (std::size_t g = 0; g < selected_.size(); ++g)
        if (selected_[g]) {
            const QRect r = layout_.gpuRect(static_cast<std::int32_t>(g));
            if (!r.isEmpty())
                p.drawRect(cell >= 6 ? r.adjusted(1, 1, -1, -1) : r);
        }
    // Servers where it reserves CPU or memory without a GPU (a CPU-only job): the whole row.
    for (std::size_t s = 0; s < selectedServers_.size(); ++s)
        if (selectedServers_[s]) {
            const auto server = static_cast<std::int32_t>(s);
            const QRect r = topology_->servers()[s].gpus == 0 ? layout_.serverCellRect(server) : layout_.serverRect(server);
            if (!r.isEmpty())
                p.drawRect(cell >= 6 ? r.adjusted(1, 1, -1, -1) : r);
        }
}

void HeatmapWidget::findModelExclusions()
{
    modelExcluded_.assign(topology_ ? static_cast<std::size_t>(topology_->serverCount()) : 0, 0);
    allowedModels_.clear();
    if (!topology_ || !trace_ || selectedJob_ < 0 || static_cast<std::size_t>(selectedJob_) >= trace_->jobs.size())
        return;
    const Job& job = trace_->jobs[static_cast<std::size_t>(selectedJob_)];
    if (job.gpuModels <= 0 || job.gpus <= 0 || static_cast<std::size_t>(job.gpuModels) >= trace_->gpuModelSets.size())
        return;
    const auto& set = trace_->gpuModelSets[static_cast<std::size_t>(job.gpuModels)];
    const auto allowed = splitGpuModels(set);
    allowedModels_ = QString::fromStdString(set).replace(QLatin1Char('|'), QStringLiteral(", "));
    for (std::size_t s = 0; s < modelExcluded_.size(); ++s) {
        const auto& server = topology_->servers()[s];
        modelExcluded_[s] = server.gpus > 0 && std::find(allowed.begin(), allowed.end(), server.gpuModel) == allowed.end();
    }
}

bool HeatmapWidget::excludedByModels(std::int32_t server) const
{
    return server >= 0 && static_cast<std::size_t>(server) < modelExcluded_.size() && modelExcluded_[static_cast<std::size_t>(server)];
}

void HeatmapWidget::paintModelExclusions(QPainter& p) const
{
    p.setPen(Qt::NoPen);
    p.setBrush(QBrush(QColor(0x30, 0x30, 0x30, 150), Qt::BDiagPattern));
    for (std::size_t s = 0; s < modelExcluded_.size(); ++s)
        if (modelExcluded_[s]) {
            const QRect r = layout_.serverRect(static_cast<std::int32_t>(s));
            if (!r.isEmpty())
                p.drawRect(r);
        }
}

void HeatmapWidget::paintMap(QPainter& p) const
{
    // Tiny cells (tens of thousands of GPUs) on a raster device: write the pixels of a cached
    // image instead of one fillRect per GPU.
    const bool raster = p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster &&
                        p.device() && qFuzzyCompare(p.device()->devicePixelRatioF(), 1.0);
    if (topology_ && layout_.rackCells()) {
        paintRackCells(p);
    } else if (raster && topology_ && layout_.cell() <= 4) {
        paintCellsFast(p);
    } else {
        paintStatic(p);
        if (!topology_)
            return;
        paintCells(p);
    }
    paintLabels(p);
    if (!allowedModels_.isEmpty())
        paintModelExclusions(p);
    if (selectionVisible_)
        paintSelection(p);
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
    QStringList lines;
    if (selectedJob_ >= 0 && trace_ && static_cast<std::size_t>(selectedJob_) < trace_->jobs.size()) {
        const auto id = QString::fromStdString(trace_->jobs[static_cast<std::size_t>(selectedJob_)].id);
        if (!allowedModels_.isEmpty())
            lines << tr("Job %1 may use only %2 GPUs: hatched servers have other models").arg(id, allowedModels_);
        if (!selectionVisible_)
            lines << tr("Job %1 holds nothing at this time (Go to start in the inspector)").arg(id);
    }
    if (!lines.isEmpty()) {
        p.setPen(QColor(0xb0, 0x60, 0x00));
        p.drawText(rect().adjusted(4, 0, -4, -2), Qt::AlignLeft | Qt::AlignBottom, lines.join(QLatin1Char('\n')));
        p.setPen(QColor(0x80, 0x88, 0x94));
    }
    const QString hint = zoomRack_             ? tr("double-click or Esc: back to all racks · click a GPU to inspect its job")
                         : layout_.rackCells() ? tr("one cell per rack (its GPUs would be under 2 px) · double-click a rack to see its GPUs")
                                               : tr("double-click a rack to zoom in · click a GPU to inspect its job");
    // The hint gives way to what is said about the selected job when both do not fit.
    hintShown_ = hintFitsBeside(QFontMetrics(p.font()), lines, hint, width() - 8);
    if (hintShown_)
        p.drawText(rect().adjusted(4, 0, -4, -2), Qt::AlignRight | Qt::AlignBottom, hint);
}

bool HeatmapWidget::hintFitsBeside(const QFontMetrics& metrics, const QStringList& notices, const QString& hint, int width)
{
    const int gap = metrics.horizontalAdvance(QStringLiteral("    "));
    const QString last = notices.isEmpty() ? QString() : notices.back(); // the bottom line shares the hint's row
    return (last.isEmpty() ? 0 : metrics.horizontalAdvance(last) + gap) + metrics.horizontalAdvance(hint) <= width;
}

void HeatmapWidget::resizeEvent(QResizeEvent*)
{
    relayout();
    emit legendChanged();
}

QFont HeatmapWidget::smallFont() const
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.85);
    return f;
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
