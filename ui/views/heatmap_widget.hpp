#pragma once
// The cluster at one instant: racks -> servers -> GPUs, custom-painted. Colour by state,
// tenant, job or utilization; hover for a tooltip; click a GPU to select its job (its whole
// gang is outlined and the rest dimmed); double-click a rack to zoom into it.
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/cluster_state.hpp"
#include "ui/views/heatmap_layout.hpp"
#include "ui/views/heatmap_palette.hpp"

#include <QImage>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

namespace clens::ui {

struct LegendEntry {
    QColor colour;
    QString label;
};

class HeatmapWidget : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapWidget(QWidget* parent = nullptr);

    void setCluster(std::shared_ptr<const Topology> topology, std::shared_ptr<const Trace> trace);
    const Topology* topology() const { return topology_.get(); }
    // The state to show (copied; cheap next to a repaint).
    void setState(const ClusterState& state);
    const ClusterState& state() const { return state_; }

    ColorMode colorMode() const { return mode_; }
    std::int32_t selectedJob() const { return selectedJob_; }
    std::optional<std::int32_t> zoomRack() const { return zoomRack_; }
    const HeatmapLayout& layout() const { return layout_; }

    // What the view shows, for tests and the legend.
    QColor colourOfGpu(std::int32_t gpu) const;
    std::int32_t gpuAt(QPoint p) const { return layout_.gpuAt(p); }
    QString tooltipAt(QPoint p) const;
    std::vector<LegendEntry> legend() const;
    // Paints the whole map (also used by the repaint benchmark).
    void paintMap(QPainter& painter) const;

    QSize sizeHint() const override { return {800, 520}; }
    QSize minimumSizeHint() const override { return {240, 160}; }

public slots:
    void setColorMode(clens::ui::ColorMode mode);
    void setSelectedJob(std::int32_t job);
    void zoomToRack(std::int32_t rack); // -1: all racks

signals:
    void jobClicked(std::int32_t job); // -1: clicked an idle GPU or empty space
    void zoomChanged(std::int32_t rack); // -1: all racks
    void legendChanged();

protected:
    bool event(QEvent* e) override;
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    void leaveEvent(QEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void contextMenuEvent(QContextMenuEvent* e) override;

private:
    void relayout();
    void recolour();
    QString gpuLabel(std::int32_t gpu) const;
    void paintStatic(QPainter& p) const;    // background, rack boxes and labels
    void paintCellsFast(QPainter& p) const; // static part cached, cells written as pixels
    QFont smallFont() const;

    std::shared_ptr<const Topology> topology_;
    std::shared_ptr<const Trace> trace_;
    ClusterState state_;
    ColorMode mode_ = ColorMode::State;
    std::int32_t selectedJob_ = -1;
    bool selectionVisible_ = false;
    std::optional<std::int32_t> zoomRack_;
    std::int32_t hoveredServer_ = -1;
    HeatmapLayout layout_;
    std::vector<QRgb> colours_; // per GPU, what paintMap fills
    mutable QImage base_, frame_; // the fast path's cached static picture and the frame
    mutable bool baseStale_ = true;
};

} // namespace clens::ui
