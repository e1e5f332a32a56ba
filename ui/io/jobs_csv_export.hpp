#pragma once
// The job table's Export CSV… (docs/gui.md "The job table"): the jobs listed, written as the
// CLI's jobs.csv on a worker thread, all or nothing (an atomic replace), with throttled progress
// and a cancel. The result and the list are the caller's immutable copies, so the table may
// change or be re-simulated meanwhile; ten million rows take seconds, not a frozen window.
#include "core/sim/sim_result.hpp"

#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace clens::ui {

class JobsCsvExport : public QObject {
    Q_OBJECT
public:
    explicit JobsCsvExport(QObject* parent = nullptr) : QObject(parent) {}
    ~JobsCsvExport() override { cancel(); }

    bool busy() const { return cancel_ != nullptr; }
    // One export at a time: ignored while busy.
    void start(const QString& path, std::shared_ptr<const SimResult> result, std::vector<std::int32_t> jobs);
    // The file is left as it was.
    void cancel();

signals:
    void progressed(int percent); // every 100 ms while it runs
    void exported(const QString& path, qint64 jobs);
    void failed(const QString& message); // names the file and the reason
    void cancelled(const QString& path);

private:
    std::shared_ptr<std::atomic<bool>> cancel_;
};

} // namespace clens::ui
