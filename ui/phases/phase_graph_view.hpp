#pragma once
// The phase-transition graph, painted: phases on a circle (phase 0 at the top, clockwise by
// load), node area proportional to the phase's share of steps, an arrow a -> b as wide and as
// opaque as P(next = b | current = a), a loop with "stay x %" for a -> a. render() paints the
// same picture on any QPainter (export to PNG / PDF / SVG).
// With setSimulated() the same graph shows the simulated cluster instead: node area ∝ autoscaled
// jobs running in the phase at the cluster's time, arrows ∝ the jobs' transitions so far.
#include "core/sim/simulated_phases.hpp"

#include <QPointF>
#include <QPointer>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QWidget>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace clens::ui {

struct PhasesData;

// A transition's pen width in the phase graph, by its probability.
constexpr double phaseEdgeWidth(double probability) { return 0.8 + 7.0 * probability; }

class PhaseGraphView : public QWidget {
    Q_OBJECT
public:
    explicit PhaseGraphView(QWidget* parent = nullptr);

    void setData(std::shared_ptr<const PhasesData> data);
    // nullopt: the metrics' graph. `when` names the cluster time ("Oct 22 14:00").
    void setSimulated(std::optional<SimulatedPhases> simulated, const QString& when = {});
    bool showsSimulated() const { return simulated_.has_value(); }
    void render(QPainter& painter, const QRectF& area) const;
    // Where render() puts the labels in `area`: the names of nodes too small to hold them, then
    // the loops' and the arrows' labels. No two overlap and none lies on a node: the arrows'
    // labels are placed most probable first, and one with no place clear of the nodes and of
    // what is placed before it is left out.
    std::vector<QRectF> labelBoxes(const QRectF& area) const;
    // Where render() puts the nodes (centre, radius), in phase order.
    std::vector<std::pair<QPointF, double>> nodeCircles(const QRectF& area) const;
    // How many labels (nodes' names, loops' and arrows' labels) render() leaves out in `area`, and where it says so
    // (a line at the bottom, below the graph; nullopt when none is left out).
    int hiddenLabels(const QRectF& area) const;
    std::optional<QRectF> hiddenLabelsNoticeBox(const QRectF& area) const;
    QString hiddenLabelsNotice(int hidden) const;

    // Where a self-loop's label goes: beyond the loop (centre, radius, pen width) along the
    // node's outward direction, its nearest edge clear of the loop whatever the direction (a
    // label beside a loop on the left or right of the ring once overlapped it).
    static QRectF loopLabelBox(QPointF loopCentre, double loopRadius, double penWidth, QPointF outward, QSizeF text);
    // A node's self-loop (centre, radius): outside the node, away from the ring's centre.
    static std::pair<QPointF, double> selfLoop(QPointF nodeCentre, double nodeRadius, QPointF outward);
    static constexpr double kWidestEdge = phaseEdgeWidth(1.0);
    // Where the k nodes sit (on a ring, from the top, clockwise) and how large the largest may
    // be: the largest nodes (up to 11% of the plot's shorter side) on the largest ring that keeps
    // every node, its loop at its widest and the widest loop label inside the plot. Nodes shrink
    // (to a 10 px radius at least) before the ring falls below 18% of that side.
    struct RingLayout {
        double ring = 0;
        double maxRadius = 10;
    };
    static RingLayout ringLayout(const QRectF& plot, int k, QSizeF widestLoopLabel);
    static QPointF outwardOf(int node, int k);

    // The window a double-click opens: the same graph, large, kept in step with this one (null
    // until opened, and once closed).
    PhaseGraphView* enlargedView() const { return enlarged_; }
    void openEnlarged();

    QSize sizeHint() const override { return {420, 360}; }
    QSize minimumSizeHint() const override { return {240, 220}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    struct Layout;
    Layout layout(const QRectF& area) const;
    Layout layoutAbove(const QRectF& area, double bottom) const; // the graph kept above `bottom`
    QFont boldFont() const;
    QFont smallFont() const;

    std::shared_ptr<const PhasesData> data_;
    std::optional<SimulatedPhases> simulated_;
    QString when_;
    QPointer<PhaseGraphView> enlarged_;
    bool isEnlargedCopy_ = false;
};

} // namespace clens::ui
