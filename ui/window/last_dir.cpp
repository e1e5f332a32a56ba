#include "ui/window/last_dir.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>

namespace clens::ui {
namespace {
const QString kLastDirKey = QStringLiteral("files/lastDir");
}

QString lastDir()
{
    return QSettings().value(kLastDirKey, QDir::homePath()).toString();
}

void rememberDir(const QString& filePath)
{
    QSettings().setValue(kLastDirKey, QFileInfo(filePath).absolutePath());
}

QString askSavePath(QWidget* parent, const QString& caption, const QString& name, const QString& filter, const QString& suffix)
{
    QString path = QFileDialog::getSaveFileName(parent, caption, QDir(lastDir()).filePath(name), filter);
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + suffix;
    return path;
}

} // namespace clens::ui
