#include "ui/window/recent_files_menu.hpp"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QStringList>

namespace clens::ui {

namespace {
constexpr int kMaxRecent = 8;
const QString kRecentKey = QStringLiteral("files/recent");

void pushRecent(const QString& entry)
{
    QSettings s;
    QStringList recent = s.value(kRecentKey).toStringList();
    recent.removeAll(entry);
    recent.prepend(entry);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    s.setValue(kRecentKey, recent);
}
} // namespace

RecentFilesMenu::RecentFilesMenu(QMenu* menu, QObject* parent) : QObject(parent), menu_(menu) {}

void RecentFilesMenu::addTrace(const QString& trace, const QString& cluster)
{
    pushRecent(QFileInfo(trace).absoluteFilePath() + QLatin1Char('\n') + QFileInfo(cluster).absoluteFilePath());
    refresh();
}

void RecentFilesMenu::addProject(const QString& path)
{
    pushRecent(QFileInfo(path).absoluteFilePath());
    refresh();
}

void RecentFilesMenu::refresh()
{
    menu_->clear();
    const QStringList recent = QSettings().value(kRecentKey).toStringList();
    for (const QString& entry : recent) {
        const QString path = entry.section(QLatin1Char('\n'), 0, 0);
        const bool project = !entry.contains(QLatin1Char('\n'));
        const QFileInfo info(path);
        QAction* a = menu_->addAction(QStringLiteral("%1  —  %2").arg(info.fileName(), QDir::toNativeSeparators(info.absolutePath())));
        if (project) {
            a->setToolTip(tr("ClusterLens project"));
            connect(a, &QAction::triggered, this, [this, path] { emit openProjectRequested(path); });
        } else {
            const QString cluster = entry.section(QLatin1Char('\n'), 1, 1);
            a->setToolTip(tr("cluster: %1").arg(cluster));
            connect(a, &QAction::triggered, this, [this, path, cluster] { emit openTraceRequested(path, cluster); });
        }
    }
    menu_->setEnabled(!recent.isEmpty());
}

} // namespace clens::ui
