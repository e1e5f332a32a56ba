#include "ui/phases/phase_graph_view.hpp"

#include "ui/phases/phase_palette.hpp"
#include "ui/phases/phases_analysis.hpp"

#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QtMath>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

namespace clens::ui {

namespace {

constexpr double kMinLabelledProbability = 0.05;

struct NodeGeometry {
    QPointF centre;
    double radius = 0;
    QPointF outward; // unit vector from the layout centre
    bool textInside = false;          // its name and share inside it
    std::optional<QRectF> besideText; // else beside it (nullopt: no room for them there either)
};

QPointF unit(QPointF v)
{
    const double len = std::hypot(v.x(), v.y());
    return len > 0 ? v / len : QPointF(0, -1);
}

void drawArrowHead(QPainter& p, QPointF tip, QPointF direction, double size, const QColor& color)
{
    const QPointF d = unit(direction), n(-d.y(), d.x());
    const QPolygonF head{tip, tip - d * size + n * size * 0.5, tip - d * size - n * size * 0.5};
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawPolygon(head);
}

// A label of the graph, drawn after the nodes.
struct GraphLabel {
    QRectF box;
    QString text;
    bool backed; // on a white box (over lines)
};

// How far a box keeps clear of the nodes' circles: negative when it covers one.
double nodeClearance(const QRectF& box, const std::vector<NodeGeometry>& nodes)
{
    double least = 1e9;
    for (const NodeGeometry& n : nodes) {
        const QPointF nearest(std::clamp(n.centre.x(), box.left(), box.right()), std::clamp(n.centre.y(), box.top(), box.bottom()));
        least = std::min(least, std::hypot(nearest.x() - n.centre.x(), nearest.y() - n.centre.y()) - n.radius);
    }
    return least;
}

// How far a box keeps clear of the nodes and of the labels placed before it: negative when it
// covers some (a label overlap counts as worse than grazing a node).
double clearance(const QRectF& box, const std::vector<NodeGeometry>& nodes, const std::vector<GraphLabel>& placed)
{
    double least = nodeClearance(box, nodes);
    for (const GraphLabel& other : placed)
        if (other.box.intersects(box))
            least = std::min(least, -1000.0);
    return least;
}

// An arrow's label: at the middle of the arrow, beside it (offset along its normal), or the
// nearest place along it where no node or earlier label covers it; nullopt when every place is
// covered (a crowded graph: a label over a node or another label made both unreadable).
std::optional<QRectF> arrowLabelBox(const QPainterPath& path, QPointF normal, double offset, QSizeF text,
                                    const std::vector<NodeGeometry>& nodes, const std::vector<GraphLabel>& placed)
{
    QRectF box(QPointF(0, 0), text), best = box;
    double bestClearance = -1e9;
    for (const double away : {1.0, 2.0, 3.0}) // further from the arrow only when nothing nearer is clear
        for (const double at : {0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8})
            for (const double side : {1.0, -1.0}) {
                if (bestClearance > 1)
                    return best;
                box.moveCenter(path.pointAtPercent(at) + normal * offset * side * away);
                if (const double c = clearance(box, nodes, placed); c > bestClearance) {
                    bestClearance = c;
                    best = box;
                }
            }
    if (bestClearance < 0)
        return std::nullopt;
    return best;
}

void drawLabels(QPainter& p, const std::vector<GraphLabel>& labels)
{
    for (const auto& label : labels) {
        if (label.backed) {
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(255, 255, 255, 200));
            p.drawRoundedRect(label.box, 3, 3);
        }
        p.setPen(QColor(0x30, 0x30, 0x30));
        p.drawText(label.box, Qt::AlignCenter, label.text);
    }
}

// Node v's name and share: inside its circle when they fit, else beside it, towards the ring's
// centre (outside lie its loop and the loop's label) or, when another node is there (a name once
// sat on its neighbour, which it seemed to name), to either side; left out when no place is
// clear (the layout counts it hidden). Each place keeps 2 px clear of its own node.
void placeNodeText(std::vector<NodeGeometry>& nodes, std::size_t v, const QString& name, const QString& share, const QFont& nodeFont)
{
    auto& n = nodes[v];
    const QFontMetricsF nm(nodeFont);
    n.textInside = n.radius * 2 > std::max(nm.horizontalAdvance(share), nm.horizontalAdvance(name)) + 4 &&
                   n.radius * 2 > nm.height() * 2;
    n.besideText.reset();
    if (n.textInside)
        return;
    const QSizeF size(nm.horizontalAdvance(name + QLatin1Char(' ') + share) + 4, nm.height());
    const auto boxAt = [&](QPointF direction) { // just off the circle that way
        const double reach = n.radius + 2 + std::abs(direction.x()) * size.width() / 2 + std::abs(direction.y()) * size.height() / 2;
        const QPointF at = n.centre + direction * reach;
        return QRectF(at.x() - size.width() / 2, at.y() - size.height() / 2, size.width(), size.height());
    };
    const QPointF side(-n.outward.y(), n.outward.x());
    const std::array<QRectF, 3> candidates{boxAt(-n.outward), boxAt(side), boxAt(-side)};
    const auto clearOfNodes = [&](const QRectF& box) { return nodeClearance(box, nodes) >= 0; };
    if (const auto found = std::find_if(candidates.begin(), candidates.end(), clearOfNodes); found != candidates.end())
        n.besideText = *found;
}

// Each phase's circle in its colour, its name and share inside when they fit, else beside it.
void drawNodes(QPainter& p, const std::vector<NodeGeometry>& nodes, const std::vector<QString>& nodeText, const QFont& nodeFont)
{
    const int k = static_cast<int>(nodes.size());
    for (int v = 0; v < k; ++v) {
        const auto& n = nodes[static_cast<std::size_t>(v)];
        const QColor color = phaseColor(v, k);
        p.setPen(QPen(color.darker(140), 1.5));
        p.setBrush(color);
        p.drawEllipse(n.centre, n.radius, n.radius);
        const QString name = phaseName(v);
        const QString share = nodeText[static_cast<std::size_t>(v)];
        const QFontMetricsF nm(nodeFont);
        const double luminance = 0.299 * color.redF() + 0.587 * color.greenF() + 0.114 * color.blueF();
        p.setFont(nodeFont);
        if (n.textInside) {
            p.setPen(luminance > 0.6 ? Qt::black : Qt::white);
            p.drawText(QRectF(n.centre.x() - n.radius, n.centre.y() - nm.height(), 2 * n.radius, nm.height()),
                       Qt::AlignCenter, name);
            p.drawText(QRectF(n.centre.x() - n.radius, n.centre.y(), 2 * n.radius, nm.height()), Qt::AlignCenter, share);
        } else if (n.besideText) {
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(255, 255, 255, 200)); // over the arrows it sits on
            p.drawRoundedRect(*n.besideText, 3, 3);
            p.setPen(QColor(0x21, 0x21, 0x21));
            p.drawText(*n.besideText, Qt::AlignCenter, name + QLatin1Char(' ') + share);
        }
    }
}

// What is drawn, from the metrics' graph or from the simulated cluster.
struct Picture {
    QString title, subtitle;
    std::vector<double> share;    // node area ∝ share
    std::vector<QString> nodeText; // under the phase's name
    struct Edge {
        int a = 0, b = 0;
        double weight = 0; // width and opacity, in [0, 1]
        QString label;     // "" = none
    };
    std::vector<Edge> edges;
};

Picture fromMetrics(const PhasesData& data)
{
    Picture pic;
    pic.title = QObject::tr("Phase transitions");
    pic.subtitle = QObject::tr("circle area ∝ share of steps · arrow ∝ P(next phase | phase)");
    const auto& g = data.graph;
    for (std::size_t v = 0; v < boost::num_vertices(g); ++v) {
        pic.share.push_back(g[v].share);
        pic.nodeText.push_back(QStringLiteral("%1 %").arg(100 * g[v].share, 0, 'f', 0));
    }
    for (const auto& e : boost::make_iterator_range(boost::edges(g))) {
        const auto a = static_cast<int>(boost::source(e, g)), b = static_cast<int>(boost::target(e, g));
        const double prob = g[e].probability;
        QString label;
        if (prob >= kMinLabelledProbability)
            label = a == b ? QObject::tr("stay %1 %").arg(100 * prob, 0, 'f', 0) : QStringLiteral("%1 %").arg(100 * prob, 0, 'f', 0);
        pic.edges.push_back({a, b, prob, label});
    }
    return pic;
}

Picture fromSimulation(const SimulatedPhases& sim, int k, const QString& when)
{
    Picture pic;
    pic.title = QObject::tr("Simulated cluster: jobs by phase at %1").arg(when);
    pic.subtitle = QObject::tr("circle ∝ jobs in the phase now · arrow ∝ phase changes so far");
    k = std::max(k, static_cast<int>(sim.running.size()));
    double total = 0;
    for (const auto n : sim.running)
        total += n;
    for (int v = 0; v < k; ++v) {
        const int n = v < static_cast<int>(sim.running.size()) ? sim.running[static_cast<std::size_t>(v)] : 0;
        pic.share.push_back(total > 0 ? n / total : 0.0);
        pic.nodeText.push_back(QLocale().toString(n)); // jobs
    }
    for (std::size_t a = 0; a < sim.transitions.size(); ++a) {
        double row = 0;
        for (const auto n : sim.transitions[a])
            row += n;
        for (std::size_t b = 0; b < sim.transitions[a].size(); ++b) {
            const auto n = sim.transitions[a][b];
            if (n == 0)
                continue;
            const QString count = QLocale().toString(n);
            pic.edges.push_back({static_cast<int>(a), static_cast<int>(b), n / row,
                                 n / row >= kMinLabelledProbability ? (a == b ? QObject::tr("stay %1").arg(count) : count) : QString()});
        }
    }
    return pic;
}

} // namespace

PhaseGraphView::PhaseGraphView(QWidget* parent)
    : QWidget(parent)
{
    setAutoFillBackground(false);
    setToolTip(tr("Double-click to open the graph in a window of its own"));
}

void PhaseGraphView::setData(std::shared_ptr<const PhasesData> data)
{
    data_ = data;
    if (enlarged_)
        enlarged_->setData(std::move(data));
    update();
}

void PhaseGraphView::setSimulated(std::optional<SimulatedPhases> simulated, const QString& when)
{
    simulated_ = simulated;
    when_ = when;
    if (enlarged_)
        enlarged_->setSimulated(std::move(simulated), when);
    update();
}

void PhaseGraphView::openEnlarged()
{
    if (!enlarged_) {
        enlarged_ = new PhaseGraphView(this);
        enlarged_->isEnlargedCopy_ = true;
        enlarged_->setWindowFlag(Qt::Window); // its own window, closed with the page
        enlarged_->setAttribute(Qt::WA_DeleteOnClose);
        enlarged_->setToolTip({});
        enlarged_->setWindowTitle(tr("Phase transitions"));
        enlarged_->resize(900, 700);
        enlarged_->setData(data_);
        enlarged_->setSimulated(simulated_, when_);
    }
    enlarged_->show();
    enlarged_->raise();
    enlarged_->activateWindow();
}

void PhaseGraphView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (isEnlargedCopy_)
        return QWidget::mouseDoubleClickEvent(event);
    openEnlarged();
}

void PhaseGraphView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    render(painter, rect());
}

// Where everything goes in `area`: the title and subtitle, the nodes, the arrows and the labels.
struct PhaseGraphView::Layout {
    Picture pic;
    QRectF titleRect, subtitleRect;
    std::vector<NodeGeometry> nodes;
    struct Arrow {
        QPainterPath path; // empty for a loop
        QPointF tip, direction;
        double head = 0, width = 0;
        QColor color;
        int node = 0; // a loop's node
    };
    std::vector<Arrow> arrows;
    std::vector<GraphLabel> labels;
    int hiddenLabels = 0; // nodes' names, loops' and arrows' labels left out for want of room
    QRectF noticeRect;    // where the view says so (empty when none is hidden)
};

QFont PhaseGraphView::boldFont() const // the title and the nodes' names
{
    QFont f = font();
    f.setBold(true);
    return f;
}

QFont PhaseGraphView::smallFont() const // the subtitle and the labels
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.9);
    return f;
}

PhaseGraphView::Layout PhaseGraphView::layout(const QRectF& area) const
{
    // A graph that leaves labels out says so on a line of its own at the bottom (laid out again
    // without that line's height; a user once read a missing count as "no such transition").
    auto out = layoutAbove(area, area.bottom());
    if (out.hiddenLabels == 0)
        return out;
    const double line = QFontMetricsF(smallFont()).height();
    out = layoutAbove(area, area.bottom() - line - 2);
    out.noticeRect = QRectF(area.left() + 8, area.bottom() - line - 4, area.width() - 16, line);
    return out;
}

QString PhaseGraphView::hiddenLabelsNotice(int hidden) const
{
    // Spelt out: "%n label(s)" stays as written without a translation loaded.
    const QString labels = hidden == 1 ? tr("1 label hidden") : tr("%1 labels hidden").arg(hidden);
    return isEnlargedCopy_ ? tr("%1 for room: enlarge the window, or export").arg(labels)
                           : tr("%1 for room: double-click to enlarge, or export").arg(labels);
}

PhaseGraphView::Layout PhaseGraphView::layoutAbove(const QRectF& area, double bottom) const
{
    Layout out;
    const QFontMetricsF titleMetrics(boldFont());
    out.titleRect = QRectF(area.left() + 8, area.top() + 4, area.width() - 16, titleMetrics.height());
    const int modelPhases = data_ ? static_cast<int>(boost::num_vertices(data_->graph)) : 0;
    out.pic = simulated_ ? fromSimulation(*simulated_, modelPhases, when_) : data_ ? fromMetrics(*data_) : Picture{};
    const Picture& pic = out.pic;
    const QFontMetricsF smallMetrics(smallFont());
    out.subtitleRect = QRectF(out.titleRect.left(), out.titleRect.bottom(), out.titleRect.width(), smallMetrics.height());
    if (pic.share.empty())
        return out;

    const int k = static_cast<int>(pic.share.size());
    const QRectF plot = area.adjusted(8, out.subtitleRect.bottom() - area.top() + 4, -8, bottom - area.bottom() - 8);
    const QPointF centre = plot.center();
    const QSizeF widestLoopLabel(smallMetrics.horizontalAdvance(QObject::tr("stay %1 %").arg(100)) + 4, smallMetrics.height());
    const auto [ring, maxRadius] = ringLayout(plot, k, widestLoopLabel);
    const double minRadius = std::max(6.0, maxRadius * 0.3);
    double maxShare = 0;
    for (const double share : pic.share)
        maxShare = std::max(maxShare, share);

    auto& nodes = out.nodes;
    nodes.resize(static_cast<std::size_t>(k));
    const QFont nodeFont = boldFont();
    for (int v = 0; v < k; ++v) {
        auto& n = nodes[static_cast<std::size_t>(v)];
        n.outward = outwardOf(v, k);
        n.centre = centre + n.outward * ring;
        const double share = pic.share[static_cast<std::size_t>(v)];
        n.radius = maxShare > 0 ? minRadius + (maxRadius - minRadius) * std::sqrt(share / maxShare) : minRadius;
    }
    for (int v = 0; v < k; ++v)
        placeNodeText(nodes, static_cast<std::size_t>(v), phaseName(v), pic.nodeText[static_cast<std::size_t>(v)], nodeFont);

    // The loops' labels have their one place: the arrows' labels are placed around them and the
    // nodes' names, the most probable arrows first (in a crowded graph the others go without).
    auto& labels = out.labels;
    std::vector<GraphLabel> taken; // the nodes' names beside them, then the labels
    const auto clear = [&](const QRectF& box) {
        return std::none_of(taken.begin(), taken.end(), [&](const GraphLabel& l) { return l.box.intersects(box); });
    };
    for (auto& n : nodes) { // a small node's name, unless a name placed before it is there
        if (n.besideText && !clear(*n.besideText))
            n.besideText.reset();
        if (n.besideText)
            taken.push_back({*n.besideText, {}, false});
        else if (!n.textInside)
            ++out.hiddenLabels;
    }
    for (const auto& e : pic.edges)
        if (e.a == e.b && !e.label.isEmpty()) {
            const auto& n = nodes[static_cast<std::size_t>(e.a)];
            const auto [loopCentre, loopR] = selfLoop(n.centre, n.radius, n.outward);
            const QRectF box = loopLabelBox(loopCentre, loopR, phaseEdgeWidth(e.weight), n.outward,
                                            QSizeF(smallMetrics.horizontalAdvance(e.label) + 4, smallMetrics.height()));
            if (!clear(box) || nodeClearance(box, nodes) < 0) {
                ++out.hiddenLabels;
                continue;
            }
            labels.push_back({box, e.label, false});
            taken.push_back(labels.back());
        }
    struct Pending {
        std::size_t arrow;
        double weight, offset;
        QPointF normal;
        QString label;
    };
    std::vector<Pending> pending;
    for (const auto& e : pic.edges) {
        const auto a = static_cast<std::size_t>(e.a), b = static_cast<std::size_t>(e.b);
        Layout::Arrow arrow;
        arrow.color = phaseColor(e.a, k).darker(130);
        arrow.color.setAlphaF(static_cast<float>(0.25 + 0.75 * e.weight));
        arrow.width = phaseEdgeWidth(e.weight);
        arrow.node = e.a;
        const auto& na = nodes[a];
        if (a == b) {
            out.arrows.push_back(arrow);
            continue;
        }
        const auto& nb = nodes[b];
        const QPointF chord = nb.centre - na.centre;
        const QPointF normal = unit(QPointF(-chord.y(), chord.x()));
        const QPointF control = (na.centre + nb.centre) / 2 + normal * std::hypot(chord.x(), chord.y()) * 0.2;
        const QPointF start = na.centre + unit(control - na.centre) * na.radius;
        arrow.head = 6.0 + 1.5 * arrow.width;
        arrow.direction = unit(nb.centre - control);
        arrow.tip = nb.centre - arrow.direction * nb.radius;
        arrow.path = QPainterPath(start);
        arrow.path.quadTo(control, arrow.tip - arrow.direction * arrow.head * 0.8);
        if (!e.label.isEmpty())
            pending.push_back({out.arrows.size(), e.weight, arrow.width / 2 + smallMetrics.height() * 0.45, normal, e.label});
        out.arrows.push_back(arrow);
    }
    std::stable_sort(pending.begin(), pending.end(), [](const Pending& x, const Pending& y) { return x.weight > y.weight; });
    for (const auto& l : pending) {
        const QSizeF text(smallMetrics.horizontalAdvance(l.label) + 6, smallMetrics.height());
        if (const auto box = arrowLabelBox(out.arrows[l.arrow].path, l.normal, l.offset, text, nodes, taken)) {
            labels.push_back({*box, l.label, true});
            taken.push_back(labels.back());
        } else {
            ++out.hiddenLabels;
        }
    }
    return out;
}

std::vector<std::pair<QPointF, double>> PhaseGraphView::nodeCircles(const QRectF& area) const
{
    std::vector<std::pair<QPointF, double>> circles;
    for (const auto& n : layout(area).nodes)
        circles.emplace_back(n.centre, n.radius);
    return circles;
}

int PhaseGraphView::hiddenLabels(const QRectF& area) const
{
    return layout(area).hiddenLabels;
}

std::optional<QRectF> PhaseGraphView::hiddenLabelsNoticeBox(const QRectF& area) const
{
    const Layout l = layout(area);
    if (l.hiddenLabels == 0)
        return std::nullopt;
    return l.noticeRect;
}

std::vector<QRectF> PhaseGraphView::labelBoxes(const QRectF& area) const
{
    const Layout l = layout(area);
    std::vector<QRectF> boxes;
    for (const auto& n : l.nodes)
        if (n.besideText)
            boxes.push_back(*n.besideText);
    for (const auto& label : l.labels)
        boxes.push_back(label.box);
    return boxes;
}

void PhaseGraphView::render(QPainter& p, const QRectF& area) const
{
    const Layout l = layout(area);
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(area, Qt::white);
    p.setFont(boldFont());
    p.setPen(QColor(0x21, 0x21, 0x21));
    p.drawText(l.titleRect, Qt::AlignLeft | Qt::AlignVCenter, l.pic.title.isEmpty() ? QObject::tr("Phase transitions") : l.pic.title);
    const QFont small = smallFont();
    p.setFont(small);
    p.setPen(QColor(0x61, 0x61, 0x61));
    p.drawText(l.subtitleRect, Qt::AlignLeft | Qt::AlignVCenter, l.pic.subtitle);
    if (l.nodes.empty()) {
        p.drawText(area, Qt::AlignCenter, QObject::tr("No phases yet"));
        p.restore();
        return;
    }
    // Edges first, so nodes sit on top of their ends; the labels last, so that no node hides one.
    for (const auto& arrow : l.arrows) {
        if (arrow.path.isEmpty()) { // a loop
            const auto& n = l.nodes[static_cast<std::size_t>(arrow.node)];
            const auto [loopCentre, loopR] = selfLoop(n.centre, n.radius, n.outward);
            p.setPen(QPen(arrow.color, arrow.width));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(loopCentre, loopR, loopR);
            continue;
        }
        p.setPen(QPen(arrow.color, arrow.width, Qt::SolidLine, Qt::FlatCap));
        p.setBrush(Qt::NoBrush);
        p.drawPath(arrow.path);
        drawArrowHead(p, arrow.tip, arrow.direction, arrow.head, arrow.color);
    }
    drawNodes(p, l.nodes, l.pic.nodeText, boldFont());
    p.setFont(small);
    drawLabels(p, l.labels);
    if (l.hiddenLabels > 0) {
        p.setPen(QColor(0x61, 0x61, 0x61));
        const QString notice = QFontMetricsF(small).elidedText(hiddenLabelsNotice(l.hiddenLabels), Qt::ElideRight, l.noticeRect.width());
        p.drawText(l.noticeRect, Qt::AlignLeft | Qt::AlignVCenter, notice);
    }
    p.restore();
}

QPointF PhaseGraphView::outwardOf(int node, int k)
{
    const double angle = -M_PI / 2 + 2 * M_PI * node / k;
    return {std::cos(angle), std::sin(angle)};
}

std::pair<QPointF, double> PhaseGraphView::selfLoop(QPointF nodeCentre, double nodeRadius, QPointF outward)
{
    const double loopR = std::max(nodeRadius * 0.45, 7.0);
    return {nodeCentre + outward * (nodeRadius + loopR * 0.6), loopR};
}

namespace {
// The largest ring on which every node (radius up to maxRadius), its widest loop and the widest
// loop label stay inside the plot: each node's boxes move along its outward direction as the
// ring grows, and the ring stops where the first reaches the plot's edge.
double fittingRing(const QRectF& plot, int k, double maxRadius, QSizeF widestLoopLabel)
{
    double ring = std::numeric_limits<double>::infinity();
    const QPointF centre = plot.center();
    for (int v = 0; v < k; ++v) {
        const QPointF out = PhaseGraphView::outwardOf(v, k);
        const auto [loopCentre, loopR] = PhaseGraphView::selfLoop(centre, maxRadius, out);
        const QRectF box = PhaseGraphView::loopLabelBox(loopCentre, loopR, PhaseGraphView::kWidestEdge, out, widestLoopLabel)
                               .united(QRectF(centre - QPointF(maxRadius, maxRadius), QSizeF(2 * maxRadius, 2 * maxRadius)));
        constexpr double kTiny = 1e-9;
        if (out.x() > kTiny)
            ring = std::min(ring, (plot.right() - box.right()) / out.x());
        if (out.x() < -kTiny)
            ring = std::min(ring, (plot.left() - box.left()) / out.x());
        if (out.y() > kTiny)
            ring = std::min(ring, (plot.bottom() - box.bottom()) / out.y());
        if (out.y() < -kTiny)
            ring = std::min(ring, (plot.top() - box.top()) / out.y());
    }
    return ring;
}
} // namespace

PhaseGraphView::RingLayout PhaseGraphView::ringLayout(const QRectF& plot, int k, QSizeF widestLoopLabel)
{
    constexpr double kSmallest = 10;
    const double side = std::min(plot.width(), plot.height());
    RingLayout layout;
    layout.maxRadius = std::max(kSmallest, std::min(side * 0.11, k > 1 ? side * 0.3 * M_PI / k * 0.75 : side * 0.2));
    if (k <= 1)
        return layout;
    // The ring on which neighbours of that radius just do not touch.
    const auto apart = [k](double radius) { return (radius + 1) / std::sin(M_PI / k); };
    const double crowded = side * 0.18;
    layout.ring = fittingRing(plot, k, layout.maxRadius, widestLoopLabel);
    while (layout.ring < std::max(crowded, apart(layout.maxRadius)) && layout.maxRadius > kSmallest) {
        layout.maxRadius = std::max(kSmallest, layout.maxRadius * 0.9);
        layout.ring = fittingRing(plot, k, layout.maxRadius, widestLoopLabel);
    }
    // A plot too small for the labels: at least no node covers another.
    layout.ring = std::max(layout.ring, apart(layout.maxRadius));
    return layout;
}

QRectF PhaseGraphView::loopLabelBox(QPointF loopCentre, double loopRadius, double penWidth, QPointF outward, QSizeF text)
{
    // The box's half-extent along `outward`, plus a small gap beyond the loop's outer edge.
    const double reach = std::abs(outward.x()) * text.width() / 2 + std::abs(outward.y()) * text.height() / 2;
    QRectF box(QPointF(0, 0), text);
    box.moveCenter(loopCentre + outward * (loopRadius + penWidth / 2 + 3 + reach));
    return box;
}

} // namespace clens::ui
