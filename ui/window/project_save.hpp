#pragma once
// File → Save Project: the session's immutable snapshots are written to a .clens file on a
// worker (docs/project-file.md), with progress polled for the status bar and a cancel that
// leaves the file on disk as it was (the write goes to a temporary file renamed at the end).
#include "ui/io/project_io.hpp"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace clens::ui {

class ProjectSave : public QObject {
    Q_OBJECT
public:
    explicit ProjectSave(QObject* parent = nullptr) : QObject(parent) {}

    bool busy() const { return busy_; }
    // Starts writing path (absolute). One save at a time: the caller checks busy().
    void start(const QString& path, SessionContents contents);
    // Stops the save in progress, if any: cancelled() follows, and the file stays as it was.
    void cancel();

signals:
    void progressed(int percent); // at most every 50 ms while writing
    void saved(const QString& path);
    void failed(const QString& message);
    void cancelled(const QString& path);

private:
    bool busy_ = false;
    std::shared_ptr<std::atomic<bool>> cancel_;
};

} // namespace clens::ui
