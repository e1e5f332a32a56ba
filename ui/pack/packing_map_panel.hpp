#pragma once
// One map of the Packing page: the cluster after the arrivals up to a percent of its GPU capacity,
// under the placement policy picked above it (its run of the first seed), with the legend and a
// caption of the numbers at that point. The page shows two side by side to compare policies.
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/pack/packing_grid.hpp"

#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;

namespace clens::ui {

class HeatmapWidget;
class LegendWidget;
enum class ColorMode : std::uint8_t;

class PackingMapPanel : public QWidget {
    Q_OBJECT
public:
    explicit PackingMapPanel(QWidget* parent = nullptr);

    void setCluster(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace);
    // The results to pick from: the policy shown stays when it is among them, else `preferred`
    // is shown (else the first). The cells must outlive the next call.
    void setCells(const std::vector<PackGridCell>* cells, PlacementPolicy preferred);
    void showPolicy(PlacementPolicy policy);
    // The state after the arrivals up to pct % of the GPU capacity; seed names the run.
    void showArrived(int pct, std::uint64_t seed);
    void setColorMode(ColorMode mode);

    const PackGridCell* cell() const;
    HeatmapWidget* map() const { return map_; }
    QString caption() const;

private:
    void refresh();

    std::shared_ptr<const Topology> cluster_;
    const std::vector<PackGridCell>* cells_ = nullptr;
    int pct_ = 100;
    std::uint64_t seed_ = 0;
    QComboBox* policy_;
    HeatmapWidget* map_;
    LegendWidget* legend_;
    QLabel* caption_;
};

} // namespace clens::ui
