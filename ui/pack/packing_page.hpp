#pragma once
// The Packing page (docs/gui.md "The Packing page"): the FGD packing experiment on the open cluster
// and trace (docs/packing.md). Pick placement policies, inflate and seeds; the experiments run in
// the background on all cores (progress, a newer request supersedes an older one); the curves of
// every policy share one chart, and two maps play two policies' fills side by side, arrival by
// arrival: shared GPUs filling up, free capacity stranded on servers out of CPU or memory striped
// red.
#include "ui/views/chart_export_dialog.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/pack/packing_grid.hpp"

#include <QWidget>

#include <atomic>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QSlider;
class QSpinBox;
class QTimer;
class QToolButton;

namespace clens::ui {

class HeatmapWidget;
class PackingChart;
class PackingMapPanel;
namespace analysis {
class LatestTaskRunner;
}

class PackingPage : public QWidget {
    Q_OBJECT
public:
    explicit PackingPage(QWidget* parent = nullptr);
    ~PackingPage() override;

    // The cluster and trace to pack (runs the experiments anew).
    void setInputs(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace);
    void setPolicies(const std::vector<PlacementPolicy>& policies);
    std::vector<PlacementPolicy> policies() const;
    void setInflate(double inflate);
    void setSeeds(int first, int count);
    // The arrival the map shows, as % of the cluster's GPU capacity arrived.
    void setArrivedPct(int pct);
    int arrivedPct() const;
    // The policy whose fill map `which` (0: left, 1: right) plays (one of the results).
    void showOnMap(int which, PlacementPolicy policy);

    bool busy() const;
    // The results shown (grid order: the policies as checked).
    const std::vector<PackGridCell>& cells() const { return cells_; }
    QString statusText() const;
    QString mapCaption(int which) const;
    HeatmapWidget* map(int which) const;
    // The right map is shown when two policies or more are checked.
    bool secondMapShown() const;
    PackingChart* chart() const { return chart_; }
    QString exportChart(const QString& path, QSize size = {});
    // Framed by the options' title and, when asked for, what was packed; the status line then says where it went.
    QString exportChart(const QString& path, const ChartExportOptions& options);
    QString exportCurves(const QString& path) const;

signals:
    void resultsReady(); // the views show a new result
    void failed(const QString& message);

private:
    struct Outcome;
    QWidget* buildControls();
    QWidget* buildMaps();
    void scheduleRun();
    void run();
    void onOutcome(std::shared_ptr<const Outcome> outcome);
    void refreshMap();
    void stepPlayback();
    void chooseExport(bool csv);

    std::shared_ptr<const Topology> cluster_;
    std::shared_ptr<const Trace> trace_;
    std::vector<PackGridCell> cells_;
    analysis::LatestTaskRunner* runner_;
    std::shared_ptr<std::atomic<int>> progress_ = std::make_shared<std::atomic<int>>(0);
    std::vector<std::pair<PlacementPolicy, QCheckBox*>> policyBoxes_;
    QDoubleSpinBox* inflate_;
    QSpinBox* firstSeed_;
    QSpinBox* seeds_;
    QCheckBox* shuffleNodes_;
    QProgressBar* progressBar_;
    QLabel* status_;
    QString runSummary_; // what the chart shows, for its export (the status line may say "Exported to …")
    QToolButton* export_;
    QComboBox* colourBy_;
    PackingMapPanel* maps_[2];
    QToolButton* play_;
    QSlider* slider_;
    PackingChart* chart_;
    QTimer* debounce_;
    QTimer* progressTimer_;
    QTimer* playTimer_;
};

} // namespace clens::ui
