// The map of a cluster too large for GPU cells (docs/gui.md "Rack cells"): each rack is one
// cell, its GPUs sorted into horizontal bands of the colours they have in the current mode —
// the most common colour at the bottom, powered-off and booting GPUs above the rest, the unused
// colour on top — so a rack cell reads like a GPU cell's fill level, and a mixed rack shows
// its mix. A double-click zooms into the rack, where GPUs are cells again.
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/power_cell.hpp"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace clens::ui {

namespace {

// A GPU (or a server without GPUs) counts as filled from half its cell.
constexpr int kFilledFrom = 500;

void addTo(std::vector<HeatmapWidget::RackBand>& bands, QRgb colour, std::uint8_t power)
{
    for (auto& b : bands)
        if (b.colour == colour && b.power == power) {
            ++b.count;
            return;
        }
    bands.push_back({colour, power, 1});
}

} // namespace

std::vector<HeatmapWidget::RackBand> HeatmapWidget::rackBands(std::int32_t rackIndex) const
{
    std::vector<RackBand> used, power, rest;
    const Rack& rack = topology_->racks()[static_cast<std::size_t>(rackIndex)];
    for (auto s = rack.firstServer; s < rack.firstServer + rack.serverCount; ++s) {
        const Server& server = topology_->servers()[static_cast<std::size_t>(s)];
        const auto si = static_cast<std::size_t>(s);
        if (server.gpus == 0) {
            if (const auto pw = powerOfServer(s); pw != kPoweredOn)
                addTo(power, 0, pw);
            else if (serverFills_[si] >= kFilledFrom)
                addTo(used, serverColours_[si], kPoweredOn);
            else
                addTo(rest, restColour(serverDimmed(si)), kPoweredOn);
        }
        for (auto g = server.firstGpu; g < server.firstGpu + server.gpus; ++g) {
            const auto gi = static_cast<std::size_t>(g);
            if (power_[gi])
                addTo(power, 0, power_[gi]);
            else if (fills_[gi] >= kFilledFrom)
                addTo(used, colours_[gi], kPoweredOn);
            else
                addTo(rest, restColour(gpuDimmed(gi)), kPoweredOn);
        }
    }
    std::sort(used.begin(), used.end(), [](const RackBand& a, const RackBand& b) {
        return a.count != b.count ? a.count > b.count : a.colour < b.colour;
    });
    std::sort(power.begin(), power.end(), [](const RackBand& a, const RackBand& b) { return a.power < b.power; });
    used.insert(used.end(), power.begin(), power.end());
    used.insert(used.end(), rest.begin(), rest.end());
    return used;
}

void HeatmapWidget::paintRackCells(QPainter& p) const
{
    p.fillRect(QRect(QPoint(0, 0), size()), palette::background());
    if (!topology_)
        return;
    for (auto r : layout_.visibleRacks()) {
        const QRect cell = layout_.rackRect(r);
        const auto bands = rackBands(r);
        int total = 0;
        for (const auto& b : bands)
            total += b.count;
        if (total == 0) {
            p.fillRect(cell, restColour(false));
            continue;
        }
        // Band edges from the bottom, rounded from the running count so the bands fill the cell.
        int below = 0, bottom = cell.bottom() + 1;
        for (const auto& b : bands) {
            below += b.count;
            const int top = cell.bottom() + 1 - static_cast<int>(std::lround(static_cast<double>(below) * cell.height() / total));
            const QRect band(cell.left(), top, cell.width(), bottom - top);
            if (band.height() > 0) {
                if (b.power != kPoweredOn)
                    paintPowerCell(p, band, b.power, false, false);
                else
                    p.fillRect(band, QColor(b.colour));
            }
            bottom = top;
        }
        if (cell.width() >= 6) {
            p.setPen(QPen(palette::rackFrame(), 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(cell.adjusted(0, 0, -1, -1));
        }
    }
}

} // namespace clens::ui
