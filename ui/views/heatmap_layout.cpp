#include "ui/views/heatmap_layout.hpp"

#include <algorithm>
#include <cmath>

namespace clens::ui {
namespace {

struct Metrics {
    int cell, gpuGap, serverGap, columnGap, pad, labelH, serverLabelW, rackGap;
};

struct RackShape {
    int maxGpus = 1;    // widest server
    int maxServers = 1; // tallest rack
    int subColumns = 1; // server rows wrap into this many columns
    int rows = 1;
};

Metrics metricsFor(int c, const HeatmapLayoutParams& p)
{
    Metrics m{};
    m.cell = c;
    m.gpuGap = c >= 6 ? 1 : 0;
    m.serverGap = c >= 6 ? std::max(2, c / 5) : 1;
    m.columnGap = std::max(2, c / 2);
    m.pad = c >= 6 ? std::max(3, c / 4) : 1;
    m.labelH = c >= 5 ? p.fontHeight + 2 : 0;
    m.serverLabelW = (c >= 18 && p.serverLabelWidth > 0) ? p.serverLabelWidth + 8 : 0;
    m.rackGap = c >= 6 ? std::max(5, c / 2) : 3;
    return m;
}

QSize boxSize(const Metrics& m, const RackShape& s)
{
    const int w = 2 * m.pad + s.subColumns * (m.serverLabelW + s.maxGpus * m.cell) + (s.subColumns - 1) * m.columnGap;
    const int h = 2 * m.pad + m.labelH + s.rows * m.cell + (s.rows - 1) * m.serverGap;
    return {w, h};
}

} // namespace

HeatmapLayout HeatmapLayout::compute(const Topology& topology, const HeatmapLayoutParams& params)
{
    HeatmapLayout out;
    out.topology_ = &topology;
    out.gpus_.assign(static_cast<std::size_t>(topology.gpuCount()), QRect());
    out.servers_.assign(static_cast<std::size_t>(topology.serverCount()), QRect());
    out.racks_.assign(static_cast<std::size_t>(topology.rackCount()), QRect());
    if (params.onlyRack && *params.onlyRack >= 0 && *params.onlyRack < topology.rackCount())
        out.visibleRacks_.push_back(*params.onlyRack);
    else
        for (std::int32_t r = 0; r < topology.rackCount(); ++r)
            out.visibleRacks_.push_back(r);
    if (out.visibleRacks_.empty() || params.viewport.isEmpty())
        return out;

    RackShape shape;
    for (auto r : out.visibleRacks_) {
        const Rack& rack = topology.racks()[static_cast<std::size_t>(r)];
        shape.maxServers = std::max(shape.maxServers, rack.serverCount);
        for (std::int32_t s = rack.firstServer; s < rack.firstServer + rack.serverCount; ++s)
            shape.maxGpus = std::max(shape.maxGpus, topology.servers()[static_cast<std::size_t>(s)].gpus);
    }
    // Sub-columns that bring a rack closest to square (in cells).
    double bestAspect = 1e18;
    for (int sc = 1; sc <= shape.maxServers; ++sc) {
        const int rows = (shape.maxServers + sc - 1) / sc;
        const double aspect = std::abs(std::log(static_cast<double>(sc * shape.maxGpus) / rows));
        if (aspect < bestAspect - 1e-9) {
            bestAspect = aspect;
            shape.subColumns = sc;
        }
    }
    shape.rows = (shape.maxServers + shape.subColumns - 1) / shape.subColumns;

    const int racks = static_cast<int>(out.visibleRacks_.size());
    const int vw = params.viewport.width(), vh = params.viewport.height();
    Metrics chosen = metricsFor(1, params);
    int columns = 1;
    bool found = false;
    for (int c = std::max(1, params.maxCell); c >= 1 && !found; --c) {
        const Metrics m = metricsFor(c, params);
        const QSize box = boxSize(m, shape);
        double bestFill = 1e18;
        for (int k = 1; k <= racks; ++k) {
            const int rows = (racks + k - 1) / k;
            const int w = k * box.width() + (k - 1) * m.rackGap;
            const int h = rows * box.height() + (rows - 1) * m.rackGap;
            if (w > vw)
                break;
            if (h > vh)
                continue;
            const double fill = std::max(static_cast<double>(w) / vw, static_cast<double>(h) / vh);
            if (fill < bestFill) {
                bestFill = fill;
                columns = k;
                chosen = m;
                found = true;
            }
        }
    }
    if (!found) { // too many GPUs even at 1 px: fill the width and let the bottom clip
        const QSize box = boxSize(chosen, shape);
        columns = std::max(1, std::min(racks, (vw + chosen.rackGap) / (box.width() + chosen.rackGap)));
    }

    const Metrics& m = chosen;
    const QSize box = boxSize(m, shape);
    const int gridRows = (racks + columns - 1) / columns;
    const int gridW = columns * box.width() + (columns - 1) * m.rackGap;
    const int gridH = gridRows * box.height() + (gridRows - 1) * m.rackGap;
    const int x0 = std::max(0, (vw - gridW) / 2), y0 = std::max(0, (vh - gridH) / 2);
    out.cell_ = m.cell;
    out.rackLabelHeight_ = m.labelH;
    out.serverLabelWidth_ = m.serverLabelW;
    out.rackColumns_ = columns;

    for (int i = 0; i < racks; ++i) {
        const auto r = out.visibleRacks_[static_cast<std::size_t>(i)];
        const Rack& rack = topology.racks()[static_cast<std::size_t>(r)];
        const QPoint origin(x0 + (i % columns) * (box.width() + m.rackGap), y0 + (i / columns) * (box.height() + m.rackGap));
        out.racks_[static_cast<std::size_t>(r)] = QRect(origin, box);
        for (std::int32_t k = 0; k < rack.serverCount; ++k) {
            const auto s = rack.firstServer + k;
            const Server& server = topology.servers()[static_cast<std::size_t>(s)];
            const int col = k / shape.rows, row = k % shape.rows;
            const int sx = origin.x() + m.pad + col * (m.serverLabelW + shape.maxGpus * m.cell + m.columnGap);
            const int sy = origin.y() + m.pad + m.labelH + row * (m.cell + m.serverGap);
            out.servers_[static_cast<std::size_t>(s)] = QRect(sx, sy, m.serverLabelW + server.gpus * m.cell, m.cell);
            for (std::int32_t g = 0; g < server.gpus; ++g)
                out.gpus_[static_cast<std::size_t>(server.firstGpu + g)] =
                    QRect(sx + m.serverLabelW + g * m.cell, sy, m.cell - m.gpuGap, m.cell - m.gpuGap);
        }
    }
    return out;
}

QRect HeatmapLayout::serverLabelRect(std::int32_t server) const
{
    const QRect r = serverRect(server);
    return QRect(r.left(), r.top(), std::max(0, serverLabelWidth_ - 6), r.height());
}

QRect HeatmapLayout::rackLabelRect(std::int32_t rack) const
{
    const QRect r = rackRect(rack);
    const int pad = std::max(3, cell_ / 4);
    return QRect(r.left() + pad, r.top() + 1, r.width() - 2 * pad, rackLabelHeight_);
}

std::int32_t HeatmapLayout::rackAt(QPoint p) const
{
    for (auto r : visibleRacks_)
        if (racks_[static_cast<std::size_t>(r)].contains(p))
            return r;
    return -1;
}

std::int32_t HeatmapLayout::serverAt(QPoint p) const
{
    const auto r = rackAt(p);
    if (r < 0 || !topology_)
        return -1;
    const Rack& rack = topology_->racks()[static_cast<std::size_t>(r)];
    for (std::int32_t s = rack.firstServer; s < rack.firstServer + rack.serverCount; ++s)
        if (servers_[static_cast<std::size_t>(s)].contains(p))
            return s;
    return -1;
}

std::int32_t HeatmapLayout::gpuAt(QPoint p) const
{
    const auto s = serverAt(p);
    if (s < 0)
        return -1;
    const Server& server = topology_->servers()[static_cast<std::size_t>(s)];
    for (std::int32_t g = server.firstGpu; g < server.firstGpu + server.gpus; ++g)
        if (gpus_[static_cast<std::size_t>(g)].contains(p))
            return g;
    // The gap pixel right of / below a cell still belongs to it.
    for (std::int32_t g = server.firstGpu; g < server.firstGpu + server.gpus; ++g)
        if (gpus_[static_cast<std::size_t>(g)].adjusted(0, 0, 1, 1).contains(p))
            return g;
    return -1;
}

} // namespace clens::ui
