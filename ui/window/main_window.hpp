#pragma once
// The ClusterLens main window (docs/gui.md "The window"). Pages in the centre: Cluster (the map
// with time controls; results and the job inspector on the right, timelines and the job table at
// the bottom), Analysis, Compare and Phases; the scenario knobs on the left drive all of them. A
// thin layer: the Session holds the state, views display it.
#include "core/io/import_options.hpp"
#include "core/store/project.hpp"
#include "ui/run/engine.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/window/window_page.hpp"

#include <QMainWindow>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QActionGroup;
class QDockWidget;
class QButtonGroup;
class QComboBox;
class QLabel;
class QMenu;
class QProgressBar;
class QProgressDialog;
class QToolButton;
class QTabWidget;

namespace clens::ui {

class ClusterExports;
class RecentFilesMenu;
class ReportExport;
class PageDocks;
class ProjectSave;
class GanttView;
class HeatmapWidget;
class InspectorPanel;
class JobTablePanel;
class LegendWidget;
class NotesButton;
struct OpenedProject;
class PackingPage;
class PhasesPage;
class ScenarioHistory;
class SweepPage;
namespace analysis {
class AnalysisPage;
class ComparePage;
} // namespace analysis
class ScenarioPanel;
class Session;
class SummaryPanel;
class TimeControls;
class TimeOverview;
class TimelineView;
enum class ColorMode : std::uint8_t;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // The pages of the central area, in tab order.
    using Page = WindowPage;

    explicit MainWindow(Engine engine, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Where the bundled teaching demo lives (sample_traces/demo).
    void setDemoDir(const QString& dir) { demoDir_ = dir; }
    // false: never open dialogs (tests); errors only go to the status bar and loadFailed.
    void setInteractive(bool interactive) { interactive_ = interactive; }
    // Slurm/Kubernetes import options for every trace opened from now on (start-up options).
    void setImportOptions(const ImportOptions& options) { importOptions_ = options; }
    // A file of the tenants' GPU quotas applied to the scenario when a trace is opened (`--quotas`).
    void setImportQuotas(const QString& path) { importQuotasPath_ = path; }

    void openDemo();
    // Loads in the background (progress + cancel); asks for the cluster file when it is not
    // given and not found next to the trace.
    void openTrace(const QString& tracePath, const QString& clusterPath = {});
    // Opens a .clens project in the background (progress + cancel): its data, knobs and stored
    // results are shown without simulating. On error the current session stays (loadFailed).
    void openProject(const QString& path);
    // Saves the session as a .clens project in the background; the GUI stays usable.
    // projectSaved or saveFailed tell the outcome.
    void saveProject(const QString& path);
    // The open project's file ("" when the data came from a trace).
    const QString& projectPath() const { return projectPath_; }
    bool isSaving() const;
    // Stops a save or a report in progress (the status bar's Cancel beside its progress): the
    // file on disk stays as it was, and saveFailed or reportFailed says "cancelled".
    void cancelSave();
    // Writes the PDF report of the current result (knobs, metrics against the baseline, the
    // main figures): the figures are computed in the background, the pages drawn on return.
    // reportWritten or reportFailed tell the outcome ("cancelled" when the Cancel stopped it).
    void exportReport(const QString& path);
    // Applies a scenario JSON file to the knobs (re-simulates). False (and a message) on error.
    bool applyScenarioFile(const QString& path);
    // Shows these knobs everywhere (scenario panel, Phases page) and re-simulates if needed: one
    // step to undo, named `what` ("Apply preset …"; empty: after the knobs it changed).
    void applyScenario(const Scenario& scenario, const QString& what = {});
    // Undo / redo of the knobs (Edit menu, the platform's Undo and Redo keys).
    ScenarioHistory* history() const { return history_; }
    // The presets combo's first item: "Presets…", or the preset last applied and whether a knob
    // has changed since ("Preset: Strict locality · changed").
    QString presetMarker() const;
    // Named scenarios kept in the project (offered under Presets…, saved with the project).
    // "current" is reserved for the project's own knobs: false for it or an empty name.
    bool keepScenarioAs(const QString& name);
    bool applyNamedScenario(const QString& name);
    const std::vector<NamedScenario>& namedScenarios() const { return projectScenarios_; }
    // AI4DL container metrics for the Phases page (loaded and labelled in the background).
    void openMetrics(const QString& path);
    void showPage(Page page);
    // A page's name as --tab and the project's view state spell it ("cluster", "sweep", …).
    static QString pageName(Page page);
    static std::optional<Page> pageFromName(const QString& name);
    Page currentPage() const;
    void setColorMode(ColorMode mode);
    // Selects the job with this id in the current trace; false when there is none.
    bool selectJobById(const QString& id);
    // Zooms the cluster map into the rack with this name; false when there is none.
    bool zoomToRack(const QString& name);
    // The Cluster page's exports (timelines, their data, the map), behind the File menu.
    ClusterExports* exports() const { return exports_; }

    Session* session() const { return session_; }
    HeatmapWidget* heatmap() const { return heatmap_; }
    LegendWidget* legend() const { return legend_; }
    TimeControls* timeControls() const { return timeControls_; }
    TimeOverview* timeOverview() const { return overview_; }
    GanttView* gantt() const { return gantt_; }
    TimelineView* timelines() const { return timelines_; }
    ScenarioPanel* scenarioPanel() const { return scenario_; }
    InspectorPanel* inspector() const { return inspector_; }
    JobTablePanel* jobTable() const { return jobs_; }
    SummaryPanel* summary() const { return summary_; }
    QTabWidget* pages() const { return pages_; }
    // Timelines / Jobs under the map.
    QTabWidget* bottomTabs() const { return bottomTabs_; }
    PhasesPage* phasesPage() const { return phases_; }
    PackingPage* packingPage() const { return packing_; }
    SweepPage* sweepPage() const { return sweep_; }
    analysis::AnalysisPage* analysisPage() const { return analysis_; }
    analysis::ComparePage* comparePage() const { return compare_; }
    QString statusText() const;
    // Remarks from importing the current data (shown behind a status-bar button).
    const QStringList& importNotes() const { return importNotes_; }
    const QStringList& runNotes() const; // what the current result left out (the "Run notes" button)

signals:
    void dataLoaded(); // a trace or a project was opened
    void loadFailed(const QString& message);
    void projectOpened(const QString& path);
    void projectSaved(const QString& path);
    void saveFailed(const QString& message);
    void reportWritten(const QString& path);
    void reportFailed(const QString& message);
    // Every view shows the result of this generation (emitted right after they were updated).
    void viewsUpdated(std::uint64_t generation);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildCentral();
    QWidget* buildClusterPage();
    void onPageChanged(int index);
    void connectPhases();
    // The Phases page's metrics and model are the cluster's demand: hand them to the runs.
    void onPhasesReady();
    // A scenario whose autoscaler needs a demand, with none on the Phases page: opens the bundled
    // AI4DL sample there (when it is found next to the demo).
    void openPhasesSampleIfNeeded(const Scenario& scenario);
    void connectAnalysis();
    // The Analysis and Compare pages follow the session while they are shown (and catch up when
    // shown): their work is off the GUI thread, but a hidden page need not compete with a run.
    void refreshShownPage();
    void onCompareJobActivated(int job);
    // The Sweep page's data, base scenario and reference star (pinned baseline, else current).
    void connectSweep();
    void refreshSweepInputs();
    void buildDocks();
    QDockWidget* addPageDock(const QString& title, const QString& name, QWidget* content, Qt::DockWidgetArea area);
    QDockWidget* buildScenarioDock();
    void buildClusterDocks(QDockWidget* scenarioDock);
    void buildStatusBar();
    void connectReports();
    void connectProjectSave();
    void reportFailedBecause(const QString& message);
    void buildMenus();
    void buildFileMenu();
    void buildEditMenu();
    void buildViewMenu();
    void buildSimulationMenu();
    void buildHelpMenu();
    void connectSession();
    void restoreSettings();
    void saveSettings();

    void onSnapshot(SnapshotPtr snapshot);
    void onInputChanged();
    void showError(const QString& title, const QString& message);
    void chooseProjectToOpen();
    void saveProjectInteractively(bool askForName);
    void chooseReportFile();
    void onProjectOpened(const QString& path, const OpenedProject& opened);
    // The start of a background open (trace or project): supersedes any open still running,
    // and when interactive shows a cancellable progress dialog fed from `progress` (percent).
    struct OpenInFlight {
        std::shared_ptr<std::atomic<bool>> cancel;
        std::shared_ptr<std::atomic<int>> progress;
        int ticket = 0;              // still the newest open while ticket == loading_
        QProgressDialog* dialog = nullptr; // endOpening() it when the open ends
    };
    OpenInFlight startOpening(const QString& label);
    // Gone at once, not later: an error box shown next runs its own event loop, in which a
    // dialog only scheduled for deletion would still show itself over the box.
    static void endOpening(QProgressDialog* dialog);
    // The end of a background open: ends its dialog, and false when a newer open superseded it,
    // or it was cancelled or failed (each said in the status bar or a box, and by loadFailed).
    bool openSucceeded(int ticket, QProgressDialog* dialog, bool cancelled, const QString& error, const QString& cancelledText,
                       const QString& errorTitle);
    void setProjectPath(const QString& path);
    void markModified();
    void updateTitle();
    void refreshPresets();
    void loadScenarioFile();
    void saveScenarioFile();
    void refreshZoomLabel(std::int32_t rack);

    Engine engine_;
    Session* session_;
    HeatmapWidget* heatmap_ = nullptr;
    LegendWidget* legend_ = nullptr;
    TimeControls* timeControls_ = nullptr;
    TimeOverview* overview_ = nullptr;
    GanttView* gantt_ = nullptr;
    TimelineView* timelines_ = nullptr;
    ScenarioPanel* scenario_ = nullptr;
    InspectorPanel* inspector_ = nullptr;
    JobTablePanel* jobs_ = nullptr;
    SummaryPanel* summary_ = nullptr;
    QTabWidget* bottomTabs_ = nullptr;
    QTabWidget* pages_ = nullptr;
    PhasesPage* phases_ = nullptr;
    analysis::AnalysisPage* analysis_ = nullptr;
    analysis::ComparePage* compare_ = nullptr;
    PackingPage* packing_ = nullptr;
    SweepPage* sweep_ = nullptr;
    ScenarioHistory* history_ = nullptr;
    ClusterExports* exports_ = nullptr;
    QString presetName_;      // the preset (or project scenario) last applied; "" none
    Scenario presetScenario_; // what it set
    void showScenario(const Scenario& scenario); // everywhere, no undo step
    void refreshPresetMarker();
    bool analysisStale_ = true;
    bool compareStale_ = true;
    bool packingStale_ = true;
    bool sweepStale_ = true;
    std::unique_ptr<PageDocks> pageDocks_;
    std::vector<std::pair<Page, QWidget*>> pageTabs_; // the tab of each page
    Page shownPage_ = Page::Cluster;
    QButtonGroup* modeButtons_ = nullptr;
    QActionGroup* modeActions_ = nullptr;
    QComboBox* presets_ = nullptr;
    QLabel* clusterInfo_ = nullptr;
    QLabel* zoomLabel_ = nullptr;
    QToolButton* zoomOut_ = nullptr;
    QLabel* banner_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* runInfo_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QToolButton* cancelRun_ = nullptr;
    RecentFilesMenu* recent_ = nullptr;
    NotesButton* notesButton_ = nullptr;
    NotesButton* runNotesButton_ = nullptr;
    QStringList importNotes_;
    QString demoDir_;
    bool interactive_ = true;
    ImportOptions importOptions_;
    QString importQuotasPath_;
    std::shared_ptr<std::atomic<bool>> loadCancel_;
    int loading_ = 0;
    QString projectPath_;
    std::vector<NamedScenario> projectScenarios_; // named scenarios of the open project, saved again
    bool adoptDemandAfterOpen_ = false; // an opened project's result already used its phases' demand
    std::uint64_t keptGeneration_ = 0; // the last request answered by a kept result
    std::optional<ProjectView> pendingView_; // an opened project's view, applied once its result shows
    void applyView(const ProjectView& view);
    ProjectView currentView() const;
    ProjectSave* projectSave_ = nullptr;
    bool closeAfterSave_ = false;
    ReportExport* reports_ = nullptr;
    QProgressBar* saveProgress_ = nullptr;
    QToolButton* cancelSave_ = nullptr;
};

} // namespace clens::ui
