#include "ui/views/heatmap_layout.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace clens::ui {
namespace {

struct Metrics {
    int cell, gpuGap, serverGap, columnGap, pad, labelH, serverLabelW, rackGap;
};

// rackLabels: whether rack boxes get a title line (only from 7 px cells, and only when it fits).
Metrics metricsFor(int c, const HeatmapLayoutParams& p, bool rackLabels = true)
{
    Metrics m{};
    m.cell = c;
    m.gpuGap = c >= 6 ? 1 : 0;
    // Tiny cells: racks are told apart by their gaps, servers no longer are.
    m.serverGap = c >= 6 ? std::max(2, c / 5) : c >= 4 ? 1 : 0;
    m.columnGap = std::max(2, c / 2);
    m.pad = c >= 6 ? std::max(3, c / 4) : 1;
    m.labelH = rackLabels && c >= 7 ? p.fontHeight + 2 : 0;
    m.serverLabelW = (c >= 18 && p.serverLabelWidth > 0) ? p.serverLabelWidth + 8 : 0;
    m.rackGap = c >= 6 ? std::max(5, c / 2) : c >= 3 ? 3 : 2;
    return m;
}

// What the visible racks are made of.
struct Shapes {
    int maxGpus = 1;    // widest server
    int maxServers = 1; // most servers in a rack
    int subColumns = 1; // sub-columns of the widest servers (rack boxes roughly square)
    std::vector<int> rackGpus;    // widest server of each visible rack
    std::vector<int> rackServers; // servers of each visible rack
};

// One candidate cell size: every rack box has the same width; a rack of narrow servers
// wraps them into more sub-columns, so its box is shorter. Racks fill rows of `columns`;
// a row is as tall as its tallest box.
struct Packing {
    Metrics m;
    int boxW = 0;
    std::vector<int> subColumns, rows, boxH; // per visible rack

    Packing(const Metrics& metrics, const Shapes& s)
        : m(metrics)
    {
        const int innerW = s.subColumns * (m.serverLabelW + s.maxGpus * m.cell) + (s.subColumns - 1) * m.columnGap;
        boxW = 2 * m.pad + innerW;
        const auto n = s.rackGpus.size();
        subColumns.resize(n);
        rows.resize(n);
        boxH.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            const int slot = m.serverLabelW + s.rackGpus[i] * m.cell + m.columnGap;
            const int sc = std::clamp((innerW + m.columnGap) / std::max(1, slot), 1, std::max(1, s.rackServers[i]));
            subColumns[i] = sc;
            rows[i] = (s.rackServers[i] + sc - 1) / sc;
            boxH[i] = 2 * m.pad + m.labelH + rows[i] * m.cell + (rows[i] - 1) * m.serverGap;
        }
    }
    int maxColumns(int viewW) const { return std::max(1, (viewW + m.rackGap) / (boxW + m.rackGap)); }
    int width(int columns) const { return columns * boxW + (columns - 1) * m.rackGap; }
    int height(int columns) const
    {
        int h = 0;
        for (std::size_t first = 0; first < boxH.size(); first += static_cast<std::size_t>(columns)) {
            const auto last = std::min(boxH.size(), first + static_cast<std::size_t>(columns));
            h += *std::max_element(boxH.begin() + static_cast<std::ptrdiff_t>(first), boxH.begin() + static_cast<std::ptrdiff_t>(last));
            if (first > 0)
                h += m.rackGap;
        }
        return h;
    }
};

} // namespace

// About 110 lines: the largest cell size that fits, then racks, servers and GPUs placed in one
// pass; the pieces share the sizes found first.
HeatmapLayout HeatmapLayout::compute(const Topology& topology, const HeatmapLayoutParams& params)
{
    HeatmapLayout out;
    out.topology_ = &topology;
    out.gpus_.assign(static_cast<std::size_t>(topology.gpuCount()), QRect());
    out.servers_.assign(static_cast<std::size_t>(topology.serverCount()), QRect());
    out.serverCells_.assign(static_cast<std::size_t>(topology.serverCount()), QRect());
    out.racks_.assign(static_cast<std::size_t>(topology.rackCount()), QRect());
    const bool oneRack = params.onlyRack && *params.onlyRack >= 0 && *params.onlyRack < topology.rackCount();
    if (oneRack)
        out.visibleRacks_.push_back(*params.onlyRack);
    else
        for (std::int32_t r = 0; r < topology.rackCount(); ++r)
            out.visibleRacks_.push_back(r);
    if (out.visibleRacks_.empty() || params.viewport.isEmpty())
        return out;

    Shapes shapes;
    for (auto r : out.visibleRacks_) {
        const Rack& rack = topology.racks()[static_cast<std::size_t>(r)];
        int widest = 1;
        for (std::int32_t s = rack.firstServer; s < rack.firstServer + rack.serverCount; ++s)
            widest = std::max(widest, topology.servers()[static_cast<std::size_t>(s)].gpus);
        shapes.rackGpus.push_back(widest);
        shapes.rackServers.push_back(std::max(1, rack.serverCount));
        shapes.maxGpus = std::max(shapes.maxGpus, widest);
        shapes.maxServers = std::max(shapes.maxServers, rack.serverCount);
    }
    // Sub-columns that bring the largest rack closest to square (in cells).
    double bestAspect = 1e18;
    for (int sc = 1; sc <= shapes.maxServers; ++sc) {
        const int rows = (shapes.maxServers + sc - 1) / sc;
        const double aspect = std::abs(std::log(static_cast<double>(sc * shapes.maxGpus) / rows));
        if (aspect < bestAspect - 1e-9) {
            bestAspect = aspect;
            shapes.subColumns = sc;
        }
    }

    // The largest cell size for which some number of rack columns fits the view (with rack
    // titles if they fit, else without: bigger cells beat titles, which the tooltip also gives);
    // among the column counts that fit, the one that fills the view most evenly.
    const int vw = params.viewport.width(), vh = params.viewport.height();
    const int racks = static_cast<int>(out.visibleRacks_.size());
    std::optional<Packing> chosen;
    int columns = 1;
    for (int c = std::max(1, params.maxCell); c >= 1 && !chosen; --c) {
        for (const bool titles : {true, false}) {
            if (!titles && c < 7) // below 7 px there are no titles to drop
                break;
            Packing p(metricsFor(c, params, titles), shapes);
            const int kMax = std::min(racks, p.maxColumns(vw));
            if (p.width(kMax) > vw || p.height(kMax) > vh) // more columns never lowers a shelf packing much
                continue;
            double bestFill = 1e18;
            for (int k = kMax; k >= 1; --k) {
                const int h = p.height(k);
                if (h > vh)
                    break;
                const double fill = std::max(static_cast<double>(p.width(k)) / vw, static_cast<double>(h) / vh);
                if (fill < bestFill) {
                    bestFill = fill;
                    columns = k;
                }
            }
            chosen.emplace(std::move(p));
            break;
        }
    }
    if (!oneRack && (!chosen || chosen->m.cell < 2)) {
        out.placeRackCells(params.viewport);
        return out;
    }
    if (!chosen) { // one rack too large even at 1 px: fill the width and let the bottom clip
        chosen.emplace(metricsFor(1, params), shapes);
        columns = std::min(racks, chosen->maxColumns(vw));
    }

    const Packing& pk = *chosen;
    const Metrics& m = pk.m;
    const int gridW = pk.width(columns), gridH = pk.height(columns);
    const int x0 = std::max(0, (vw - gridW) / 2), y0 = std::max(0, (vh - gridH) / 2);
    out.cell_ = m.cell;
    out.rackLabelHeight_ = m.labelH;
    out.serverLabelWidth_ = m.serverLabelW;
    out.rackColumns_ = columns;

    int rowTop = y0, rowHeight = 0;
    for (int i = 0; i < racks; ++i) {
        const auto ui = static_cast<std::size_t>(i);
        if (i % columns == 0 && i > 0) {
            rowTop += rowHeight + m.rackGap;
            rowHeight = 0;
        }
        if (i % columns == 0) // height of this row of racks
            for (int j = i; j < std::min(racks, i + columns); ++j)
                rowHeight = std::max(rowHeight, pk.boxH[static_cast<std::size_t>(j)]);
        const auto r = out.visibleRacks_[ui];
        const Rack& rack = topology.racks()[static_cast<std::size_t>(r)];
        const QPoint origin(x0 + (i % columns) * (pk.boxW + m.rackGap), rowTop);
        out.racks_[static_cast<std::size_t>(r)] = QRect(origin, QSize(pk.boxW, pk.boxH[ui]));
        const int slotW = m.serverLabelW + shapes.rackGpus[ui] * m.cell + m.columnGap;
        for (std::int32_t k = 0; k < rack.serverCount; ++k) {
            const auto s = rack.firstServer + k;
            const Server& server = topology.servers()[static_cast<std::size_t>(s)];
            const int col = k / pk.rows[ui], row = k % pk.rows[ui];
            const int sx = origin.x() + m.pad + col * slotW;
            const int sy = origin.y() + m.pad + m.labelH + row * (m.cell + m.serverGap);
            out.servers_[static_cast<std::size_t>(s)] = QRect(sx, sy, m.serverLabelW + std::max(1, server.gpus) * m.cell, m.cell);
            if (server.gpus == 0)
                out.serverCells_[static_cast<std::size_t>(s)] =
                    QRect(sx + m.serverLabelW, sy, m.cell - m.gpuGap, m.cell - m.gpuGap);
            for (std::int32_t g = 0; g < server.gpus; ++g)
                out.gpus_[static_cast<std::size_t>(server.firstGpu + g)] =
                    QRect(sx + m.serverLabelW + g * m.cell, sy, m.cell - m.gpuGap, m.cell - m.gpuGap);
        }
    }
    return out;
}

void HeatmapLayout::placeRackCells(QSize viewport)
{
    rackCells_ = true;
    cell_ = 1;
    const int n = static_cast<int>(visibleRacks_.size());
    const int vw = viewport.width(), vh = viewport.height();
    int size = 1, gap = 0, columns = std::max(1, vw);
    for (int c = std::min(vw, vh); c >= 1; --c) {
        const int g = c >= 4 ? 1 : 0;
        const int cols = std::max(1, (vw + g) / (c + g));
        const int rows = (n + cols - 1) / cols;
        if (rows * (c + g) - g <= vh) {
            size = c;
            gap = g;
            columns = cols;
            break;
        }
    }
    columns = std::min(columns, std::max(1, n));
    rackColumns_ = columns;
    const int rows = (n + columns - 1) / columns;
    const int x0 = std::max(0, (vw - (columns * (size + gap) - gap)) / 2);
    const int y0 = std::max(0, (vh - (rows * (size + gap) - gap)) / 2);
    for (int i = 0; i < n; ++i)
        racks_[static_cast<std::size_t>(visibleRacks_[static_cast<std::size_t>(i)])] =
            QRect(x0 + (i % columns) * (size + gap), y0 + (i / columns) * (size + gap), size, size);
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

std::int32_t HeatmapLayout::serverCellAt(QPoint p) const
{
    const auto s = serverAt(p);
    if (s < 0)
        return -1;
    const QRect c = serverCells_[static_cast<std::size_t>(s)];
    return !c.isEmpty() && c.adjusted(0, 0, 1, 1).contains(p) ? s : -1;
}

QRect HeatmapLayout::filledPart(const QRect& cell, int milli)
{
    if (milli >= 1000 || cell.isEmpty())
        return cell;
    if (milli <= 0)
        return {};
    const int h = std::clamp(static_cast<int>(std::lround(cell.height() * milli / 1000.0)), 1, cell.height());
    return QRect(cell.left(), cell.bottom() - h + 1, cell.width(), h);
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
