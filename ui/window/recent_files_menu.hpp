#pragma once
// File → Open Recent: the last eight traces (each with its cluster file) and projects opened,
// kept in QSettings ("files/recent"; an entry is "TRACE\nCLUSTER" or a project's path).
#include <QObject>
#include <QString>

class QMenu;

namespace clens::ui {

class RecentFilesMenu : public QObject {
    Q_OBJECT
public:
    RecentFilesMenu(QMenu* menu, QObject* parent);

    void addTrace(const QString& trace, const QString& cluster);
    void addProject(const QString& path);
    // Rebuilds the menu from the settings.
    void refresh();

signals:
    void openTraceRequested(const QString& trace, const QString& cluster);
    void openProjectRequested(const QString& path);

private:
    QMenu* menu_;
};

} // namespace clens::ui
