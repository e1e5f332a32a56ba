#pragma once
// The job table with its filters (text, VC, status, waited for a cause, waiting or running at
// the cursor) and a row count. Selecting a row selects the job everywhere.
#include "core/sim/job_moment.hpp"
#include "ui/run/sim_snapshot.hpp"

#include <QElapsedTimer>

#include <functional>
#include <vector>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QTimer;
class QToolButton;

namespace clens::ui {

class JobFilterProxy;
class JobTableModel;
class JobsCsvExport;

class JobTablePanel : public QWidget {
    Q_OBJECT
public:
    explicit JobTablePanel(QWidget* parent = nullptr);

    void setSnapshot(SnapshotPtr snapshot);
    void selectJob(std::int32_t job);
    // The cursor time: shown in the "At cursor" column and used by its filter. While the clock
    // plays, applied at most every kCursorEvery_ms (100k rows refiltered at every frame would
    // stall playback); the last time is always applied.
    void setTime(std::int64_t t);
    static constexpr int kCursorEvery_ms = 250;
    // Lists only the jobs standing so at the cursor (Absent: all), with the cursor time applied now.
    void showOnlyAtCursor(JobStanding standing);

    JobTableModel* model() const { return model_; }
    JobFilterProxy* proxy() const { return proxy_; }
    QTableView* view() const { return view_; }
    QLineEdit* filterEdit() const { return filter_; }
    QComboBox* atCursorFilter() const { return atCursor_; }
    // The jobs listed, as filtered and sorted (trace rows).
    std::vector<std::int32_t> listedJobs() const;
    // Writes the listed jobs as the CLI's jobs.csv (docs/simulation.md "Outputs"), atomically,
    // on a worker (JobsCsvExport): exported() says how it goes and how it ended.
    void startExport(const QString& path);

signals:
    void jobSelected(std::int32_t job);
    void exported(const QString& message); // Export CSV…'s progress and outcome, for the status bar

private:
    void refreshVcs();
    void refreshCount();
    void applyTime();
    void refilter(const std::function<void()>& change);

    JobTableModel* model_;
    JobFilterProxy* proxy_;
    JobsCsvExport* export_;
    QToolButton* exportButton_;
    QTableView* view_;
    QLineEdit* filter_;
    QComboBox* vc_;
    QComboBox* status_;
    QComboBox* cause_;
    QComboBox* atCursor_;
    QTimer* cursorTimer_;
    QElapsedTimer sinceApplied_;
    std::int64_t pendingTime_ = 0;
    QLabel* count_;
    std::int32_t selected_ = -1;
    bool selecting_ = false;
};

} // namespace clens::ui
