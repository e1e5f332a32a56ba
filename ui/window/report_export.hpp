#pragma once
// File → Export Report (PDF): the figures and the comparison are computed on a worker, which
// cancel() stops between two figures; the pages are then drawn on the GUI thread (QCustomPlot
// draws there) by ReportWriter (docs/gui.md "The PDF report").
#include "ui/analysis/report_writer.hpp"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace clens::ui {

class ReportExport : public QObject {
    Q_OBJECT
public:
    explicit ReportExport(QObject* parent = nullptr) : QObject(parent) {}

    bool busy() const { return busy_; }
    // Starts writing path (absolute). One report at a time: the caller checks busy().
    void start(const QString& path, analysis::ReportInput input);
    // Stops the report in progress, if any: cancelled() follows, and no file is written.
    void cancel();

signals:
    void writing(const QString& path); // the figures are ready, the pages are being drawn
    void written(const QString& path);
    void failed(const QString& message);
    void cancelled();

private:
    bool busy_ = false;
    std::shared_ptr<std::atomic<bool>> cancel_;
};

} // namespace clens::ui
