#pragma once
// The packing experiment's curves (docs/packing.md "The curve"): for each placement policy, the
// GPU capacity allocated (solid) and fragmented (dashed) against the capacity arrived, all in %
// of the cluster's GPUs, beside the line where every pod would fit; a vertical line marks the
// arrival shown on the map.
#include "core/pack/packing_curve.hpp"

#include <qcustomplot.h>

#include <vector>

namespace clens::ui {

class PackingChart : public QCustomPlot {
    Q_OBJECT
public:
    struct Series {
        QString name;
        QColor colour;
        std::vector<PackPoint> curve;
    };

    explicit PackingChart(QWidget* parent = nullptr);
    void setSeries(const std::vector<Series>& series);
    void setCursor(int arrivedPct);
    double cursor() const { return cursorPct_; }
    // The graph of a policy's allocated (or fragmented) curve; null when not shown.
    QCPGraph* allocatedGraph(const QString& name) const;
    QCPGraph* fragmentedGraph(const QString& name) const;

private:
    QCPItemStraightLine* cursor_;
    double cursorPct_ = 0;
};

} // namespace clens::ui
