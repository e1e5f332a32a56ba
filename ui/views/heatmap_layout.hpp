#pragma once
// Where every rack, server and GPU of the heatmap goes. Racks are boxes in a grid; inside a
// rack each server is a row of GPU cells (rows wrap into sub-columns so a rack stays roughly
// square). The cell size is the largest that fits the view, so 16 GPUs get big labelled cells
// and 50,000 GPUs get 2-3 px cells without scrolling. When GPUs would be smaller than 2 px (a
// 200k-GPU cluster), each rack is one square "rack cell" instead (docs/gui.md "Rack cells"),
// and zooming into a rack shows its GPUs again. A server without GPUs gets one cell of its own
// (its "server cell"), so CPU-only servers are on the map too.
#include "core/model/topology.hpp"

#include <QPoint>
#include <QRect>
#include <QSize>

#include <cstdint>
#include <optional>
#include <vector>

namespace clens::ui {

struct HeatmapLayoutParams {
    QSize viewport;
    int fontHeight = 14;
    int serverLabelWidth = 0; // px of the longest server name (0: no server labels)
    std::optional<std::int32_t> onlyRack; // zoomed into one rack
    int maxCell = 64;
};

class HeatmapLayout {
public:
    static HeatmapLayout compute(const Topology& topology, const HeatmapLayoutParams& params);

    int cell() const { return cell_; }
    // Each rack drawn as one cell (rackRect), no server or GPU rects: GPUs would be under 2 px.
    bool rackCells() const { return rackCells_; }
    bool showRackLabels() const { return rackLabelHeight_ > 0; }
    bool showServerLabels() const { return serverLabelWidth_ > 0; }
    // Job names inside GPU cells.
    bool showCellLabels() const { return cell_ >= 30; }
    int rackColumns() const { return rackColumns_; }

    // Empty rects for what is not visible (other racks when zoomed).
    QRect gpuRect(std::int32_t gpu) const { return gpus_[static_cast<std::size_t>(gpu)]; }
    QRect serverRect(std::int32_t server) const { return servers_[static_cast<std::size_t>(server)]; }
    // The one cell of a server without GPUs (empty for servers with GPUs).
    QRect serverCellRect(std::int32_t server) const { return serverCells_[static_cast<std::size_t>(server)]; }
    QRect serverLabelRect(std::int32_t server) const;
    QRect rackRect(std::int32_t rack) const { return racks_[static_cast<std::size_t>(rack)]; }
    QRect rackLabelRect(std::int32_t rack) const;
    const std::vector<std::int32_t>& visibleRacks() const { return visibleRacks_; }
    std::int32_t gpuCount() const { return static_cast<std::int32_t>(gpus_.size()); }

    // Hit tests; -1 when nothing is there.
    std::int32_t rackAt(QPoint p) const;
    std::int32_t serverAt(QPoint p) const;
    std::int32_t gpuAt(QPoint p) const;
    // The server without GPUs whose cell is at p.
    std::int32_t serverCellAt(QPoint p) const;

    // The part of a cell drawn in the holder's colour when `milli` thousandths of it are used:
    // the bottom, as a level (at least one pixel row when anything is used); the rest is idle.
    static QRect filledPart(const QRect& cell, int milli);

private:
    // The racks as the largest squares that fit the view in rows (1-px gaps from 4-px squares).
    void placeRackCells(QSize viewport);

private:
    const Topology* topology_ = nullptr;
    int cell_ = 0;
    int rackLabelHeight_ = 0;
    int serverLabelWidth_ = 0;
    int rackColumns_ = 0;
    bool rackCells_ = false;
    std::vector<QRect> gpus_, servers_, serverCells_, racks_;
    std::vector<std::int32_t> visibleRacks_;
};

} // namespace clens::ui
