#pragma once
// Everything about the selected job: what it asked for (GPUs or a share of one, CPU, memory,
// allowed GPU models), when it was submitted, started and ended, where it ran (servers, racks,
// locality level), how many attempts, and why it waited: one sentence plus each waiting
// interval with its cause and the resource it waited for; with the autoscaler what it reserved
// and used, its OOM kills and throttled time, with node power how long it waited for servers to
// boot (inspector_autoscaler.cpp).
#include "ui/run/sim_snapshot.hpp"

#include <QWidget>

class QFormLayout;
class QLabel;
class QPushButton;
class QTableView;

namespace clens::ui {

class JobGantt;
class WaitIntervalModel;

class InspectorPanel : public QWidget {
    Q_OBJECT
public:
    explicit InspectorPanel(QWidget* parent = nullptr);

    void setSnapshot(SnapshotPtr snapshot);
    void setJob(std::int32_t job);
    void setTime(std::int64_t t);
    std::int32_t job() const { return job_; }

    // For tests: the texts shown.
    QString title() const;
    QString whyText() const;
    QString fieldText(const QString& name) const;
    WaitIntervalModel* waitModel() const { return waits_; }

    // "Waited 42 min: 30 min fragmentation (...), 12 min capacity (...)."
    static QString explainWait(const SimResult& result, std::int32_t job);
    // " It was placed N times: a trial run first, 2 OOM kills, 1 preemption, 1 server failure."
    // after the first placement's restarts; empty for a job placed once.
    static QString restartsText(const SimResult& result, std::int32_t job);
    // "s12 [0,1,2,3], s13 [0,1,2,3]" for the job's last placement; for a job without GPUs the
    // servers it reserved on.
    static QString placementText(const SimSnapshot& snapshot, std::int32_t job);
    // "s301 (4 cores, 8 GB)" for the servers of the job's last reservation.
    static QString reservedServersText(const SimSnapshot& snapshot, std::int32_t job);
    // "CPU 12 core-h reserved, 8.1 used (2 of 20 intervals under) · memory … · 1 OOM kill ·
    // throttled 5 min"; empty when the autoscaler did not scale the job.
    static QString autoscalerText(const SimResult& result, std::int32_t job);
    // "waited 5 min for servers to boot"; empty when it did not.
    static QString powerText(const SimResult& result, std::int32_t job);
    // "queue 2 of 0–2 (attained ≥ 36,000 GPU-s)" under las, what the key means under sjf, srtf
    // and qssf (docs/queue-policies.md "The queue key"); empty under fifo and fair-share, or
    // when the job was never queued.
    static QString queueText(const SimResult& result, std::int32_t job);

signals:
    void seekRequested(std::int64_t t);
    void zoomRequested(std::int64_t from, std::int64_t to);

private:
    void refresh();

    SnapshotPtr snapshot_;
    std::int32_t job_ = -1;
    QLabel* title_;
    QLabel* subtitle_;
    QLabel* why_;
    QLabel* empty_;
    QWidget* details_;
    JobGantt* gantt_;
    QTableView* waitTable_;
    WaitIntervalModel* waits_;
    QPushButton* toStart_;
    QPushButton* toEnd_;
    QPushButton* zoom_;
    std::vector<std::pair<QString, QLabel*>> fields_;
    QFormLayout* form_ = nullptr;
};

} // namespace clens::ui
