#pragma once
// The ClusterLens main window (DESIGN §8): the cluster map with time controls in the centre,
// the scenario knobs on the left, results and the job inspector on the right, timelines and
// the job table at the bottom. A thin layer: the Session holds the state, views display it.
#include "ui/run/engine.hpp"
#include "ui/run/sim_snapshot.hpp"

#include <QMainWindow>
#include <QStringList>

#include <atomic>
#include <memory>

class QActionGroup;
class QButtonGroup;
class QLabel;
class QMenu;
class QProgressBar;
class QToolButton;
class QTabWidget;

namespace clens::ui {

class HeatmapWidget;
class InspectorPanel;
class JobTablePanel;
class LegendWidget;
class ScenarioPanel;
class Session;
class SummaryPanel;
class TimeControls;
class TimelineView;
enum class ColorMode : std::uint8_t;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(Engine engine, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Where the bundled teaching demo lives (sample_traces/demo).
    void setDemoDir(const QString& dir) { demoDir_ = dir; }
    // false: never open dialogs (tests); errors only go to the status bar and loadFailed.
    void setInteractive(bool interactive) { interactive_ = interactive; }

    void openDemo();
    // Loads in the background (progress + cancel); asks for the cluster file when it is not
    // given and not found next to the trace.
    void openTrace(const QString& tracePath, const QString& clusterPath = {});
    // Applies a scenario JSON file to the knobs (re-simulates). False (and a message) on error.
    bool applyScenarioFile(const QString& path);
    void setColorMode(ColorMode mode);
    // Selects the job with this id in the current trace; false when there is none.
    bool selectJobById(const QString& id);

    Session* session() const { return session_; }
    HeatmapWidget* heatmap() const { return heatmap_; }
    LegendWidget* legend() const { return legend_; }
    TimeControls* timeControls() const { return timeControls_; }
    TimelineView* timelines() const { return timelines_; }
    ScenarioPanel* scenarioPanel() const { return scenario_; }
    InspectorPanel* inspector() const { return inspector_; }
    JobTablePanel* jobTable() const { return jobs_; }
    SummaryPanel* summary() const { return summary_; }
    QString statusText() const;
    // Remarks from importing the current data (shown behind a status-bar button).
    const QStringList& importNotes() const { return importNotes_; }

signals:
    void dataLoaded();
    void loadFailed(const QString& message);
    // Every view shows the result of this generation (emitted right after they were updated).
    void viewsUpdated(std::uint64_t generation);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildCentral();
    void buildDocks();
    void buildMenus();
    void connectSession();
    void restoreSettings();
    void saveSettings();

    void onSnapshot(SnapshotPtr snapshot);
    void onInputChanged();
    void showError(const QString& title, const QString& message);
    void addRecent(const QString& trace, const QString& cluster);
    void refreshRecentMenu();
    void loadScenarioFile();
    void saveScenarioFile();
    void exportTimelines();
    void exportHeatmap();
    void refreshZoomLabel(std::int32_t rack);

    Engine engine_;
    Session* session_;
    HeatmapWidget* heatmap_ = nullptr;
    LegendWidget* legend_ = nullptr;
    TimeControls* timeControls_ = nullptr;
    TimelineView* timelines_ = nullptr;
    ScenarioPanel* scenario_ = nullptr;
    InspectorPanel* inspector_ = nullptr;
    JobTablePanel* jobs_ = nullptr;
    SummaryPanel* summary_ = nullptr;
    QTabWidget* bottomTabs_ = nullptr;
    QButtonGroup* modeButtons_ = nullptr;
    QActionGroup* modeActions_ = nullptr;
    QLabel* clusterInfo_ = nullptr;
    QLabel* zoomLabel_ = nullptr;
    QToolButton* zoomOut_ = nullptr;
    QLabel* banner_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* runInfo_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QToolButton* cancelRun_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QToolButton* notesButton_ = nullptr;
    QStringList importNotes_;
    QString demoDir_;
    bool interactive_ = true;
    std::shared_ptr<std::atomic<bool>> loadCancel_;
    int loading_ = 0;
};

} // namespace clens::ui
