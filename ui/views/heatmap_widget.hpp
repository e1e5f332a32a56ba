#pragma once
// The cluster at one instant: racks -> servers -> GPUs, custom-painted. Colour by state,
// tenant, job or utilization (a GPU shared by jobs asking part of it is filled up to the part
// in use, with a corner mark when several jobs share it), or colour whole servers by the share
// of their CPU or memory reserved. A server without GPUs is one cell showing its CPU use; free
// GPU capacity (an idle GPU, the free part of a shared one) on a server with (nearly) no CPU or
// memory left is striped red: it cannot be used.
// With large cells, two bars under each server's name show its CPU and memory reserved.
// The used / reserved modes fill each cell of a server to its reserved share of capacity and
// the used part dark. A server powered off (cross-hatched grey) or booting (striped) reads so
// in every mode.
// Hover for a tooltip; click a GPU to select its job (its whole gang is outlined and the rest
// dimmed); double-click a rack to zoom into it.
#include "core/analysis/cluster_capacity.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/cluster_state.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/views/heatmap_layout.hpp"
#include "ui/style/heatmap_palette.hpp"

#include <QFontMetrics>
#include <QImage>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

namespace clens::ui {

struct LegendEntry {
    QColor colour; // invalid: a text-only entry (a heading)
    QString label;
    int fill = 1000;      // thousandths of the swatch filled (from the bottom), as in a shared GPU's cell
    bool mark = false;    // the corner mark of a GPU held by several jobs
    bool outline = false; // the outline of a server without GPUs
    bool stripes = false; // free GPU capacity stranded by its server's CPU or memory
    bool bars = false;    // the CPU and memory bars under a server's name
    std::uint8_t power = 0; // a powered-off (1) or booting (2) server's texture
    int usedFill = 0;       // thousandths drawn dark from the bottom (the used / reserved modes)
};

// Free GPU capacity is stranded when its server has reserved at least this share of its CPU or
// memory.
inline constexpr double kStrandedAt = 0.95;

class HeatmapWidget : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapWidget(QWidget* parent = nullptr);

    void setCluster(std::shared_ptr<const Topology> topology, std::shared_ptr<const Trace> trace);
    const Topology* topology() const { return topology_.get(); }
    // The result the states come from: tooltips list every job on a GPU from it, the server
    // modes take missing capacities from its scenario (resources.server_defaults).
    void setSnapshot(SnapshotPtr snapshot);
    // The state to show (copied; cheap next to a repaint).
    void setState(const ClusterState& state);
    const ClusterState& state() const { return state_; }

    ColorMode colorMode() const { return mode_; }
    std::int32_t selectedJob() const { return selectedJob_; }
    std::optional<std::int32_t> zoomRack() const { return zoomRack_; }
    const HeatmapLayout& layout() const { return layout_; }

    // What the view shows, for tests and the legend.
    QColor colourOfGpu(std::int32_t gpu) const;
    int fillOfGpu(std::int32_t gpu) const;       // thousandths drawn in colourOfGpu (the rest idle)
    bool markedAsShared(std::int32_t gpu) const; // held by more than one job
    // A server with GPUs of a model the selected job may not use (it asks for other models).
    bool excludedByModels(std::int32_t server) const;
    // Idle or partly free, on a server whose CPU or memory is (nearly) full.
    bool markedAsStranded(std::int32_t gpu) const;
    // The cell of a server without GPUs.
    QColor colourOfServerCell(std::int32_t server) const;
    int fillOfServerCell(std::int32_t server) const;
    // Reserved ÷ capacity of a server at the shown instant; nullopt when its capacity is unknown.
    std::optional<double> reservedFraction(std::int32_t server, ColorMode resource) const;
    // Used ÷ capacity (the autoscaler's jobs' use; the reservation without it).
    std::optional<double> usedFraction(std::int32_t server, ColorMode resource) const;
    // Thousandths of a GPU's cell drawn as used (the used / reserved modes; 0 otherwise).
    int usedFillOfGpu(std::int32_t gpu) const;
    int usedFillOfServerCell(std::int32_t server) const;
    // 0 drawn as usual, 1 as powered off, 2 as booting.
    std::uint8_t powerOfGpu(std::int32_t gpu) const;
    std::uint8_t powerOfServer(std::int32_t server) const;
    std::int32_t gpuAt(QPoint p) const { return layout_.gpuAt(p); }
    // The bar under a server's name showing its CPU (CpuReserved) or memory reserved; drawn when
    // cells are at least kGaugeCell px.
    QRect gaugeRect(std::int32_t server, ColorMode resource) const;
    static constexpr int kGaugeCell = 24;
    static constexpr int kGaugeHeight = 10;
    QString tooltipAt(QPoint p) const;
    std::vector<LegendEntry> legend() const;
    // Paints the whole map (also used by the repaint benchmark).
    void paintMap(QPainter& painter) const;

    // A rack cell's bands (docs/gui.md "Rack cells"), bottom first: a colour of the current
    // mode (or a power state) and how many GPUs, or servers without GPUs, have it.
    struct RackBand {
        QRgb colour;
        std::uint8_t power; // kPoweredOn: colour; else the power state's texture
        int count;
    };
    std::vector<RackBand> rackBands(std::int32_t rack) const;

    QSize sizeHint() const override { return {800, 520}; }
    QSize minimumSizeHint() const override { return {240, 160}; }

public slots:
    void setColorMode(clens::ui::ColorMode mode);
    void setSelectedJob(std::int32_t job);
    // Whether the last paint drew the usage hint ("double-click a rack…") at the bottom right.
    bool hintShown() const { return hintShown_; }
    // Whether the hint fits on the bottom row beside the last of the notices about the selected job.
    static bool hintFitsBeside(const QFontMetrics& metrics, const QStringList& notices, const QString& hint, int width);
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
    void refreshCapacities();
    void refreshResourcesInPlay();
    void recolour();
    void colourByHolder();   // the GPU modes
    void colourByServer();   // the reserved modes
    void colourByUse();      // the used / reserved modes
    void markPower();        // powered-off and booting servers, over any mode
    void findSelection();    // selected_, selectedServers_, selectionVisible_
    QString gpuLabel(std::int32_t gpu) const;
    QString gpuTooltip(std::int32_t gpu) const;
    QString serverCellTooltip(std::int32_t server) const;
    QString serverResourceLines(std::int32_t server) const;
    QString serverPowerLine(std::int32_t server) const;
    bool serverNearlyFull(std::int32_t server) const;
    QString jobLine(std::int32_t job, const QString& part) const;
    void legendForServers(std::vector<LegendEntry>& out) const;
    void legendForGpuModes(std::vector<LegendEntry>& out) const;
    void legendForUse(std::vector<LegendEntry>& out) const;
    void legendForPower(std::vector<LegendEntry>& out) const;
    void paintStatic(QPainter& p) const;    // background, rack boxes and labels
    void paintCellsFast(QPainter& p) const; // static part cached, cells written as pixels
    void paintCells(QPainter& p) const;
    void paintRackCells(QPainter& p) const; // every rack one cell (layout_.rackCells())
    QString rackTooltip(std::int32_t rack) const;
    void paintLabels(QPainter& p) const;
    void paintSelection(QPainter& p) const;
    void paintModelExclusions(QPainter& p) const;
    void findModelExclusions();
    // Under a server's name (large cells): its CPU and memory reserved as two thin bars.
    void paintServerGauges(QPainter& p, std::int32_t server) const;
    // The bars are drawn: large cells, and jobs of this result reserve CPU or memory.
    bool showsGauges() const;
    QRgb restColour(bool dimmed) const;     // the unused part of a partly filled cell
    bool gpuDimmed(std::size_t gpu) const;
    bool serverDimmed(std::size_t server) const;
    QFont smallFont() const;

    std::shared_ptr<const Topology> topology_;
    std::shared_ptr<const Trace> trace_;
    SnapshotPtr snapshot_;
    ServerCapacities capacities_;
    bool resourcesInPlay_ = false; // the result reserves CPU or memory somewhere (or the state does now)
    ClusterState state_;
    ColorMode mode_ = ColorMode::State;
    std::int32_t selectedJob_ = -1;
    bool selectionVisible_ = false;
    bool hintShown_ = false;
    std::optional<std::int32_t> zoomRack_;
    std::int32_t hoveredServer_ = -1;
    HeatmapLayout layout_;
    // Per GPU: what paintMap fills, how much of the cell, the several-jobs mark, the stranded
    // stripes, whether the selected job holds it.
    std::vector<QRgb> colours_;
    std::vector<std::uint16_t> fills_;
    std::vector<std::uint8_t> marks_, stranded_, selected_;
    std::vector<std::uint16_t> usedFills_; // the used / reserved modes: the dark part
    std::vector<std::uint8_t> power_;      // the server's power state when drawn as such
    // Per server: the cell of a server without GPUs; whether the selected job reserves on it
    // without holding a GPU there.
    std::vector<QRgb> serverColours_;
    std::vector<std::uint16_t> serverFills_, serverUsedFills_;
    std::vector<std::uint8_t> selectedServers_;
    std::vector<std::uint8_t> modelExcluded_; // per server, for the selected job
    QString allowedModels_;                   // the selected job's models ("" = any)
    mutable QImage base_, frame_; // the fast path's cached static picture and the frame
    mutable bool baseStale_ = true;
};

} // namespace clens::ui
