#include "ui/app/last_dir.hpp"

#include <QDir>
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

} // namespace clens::ui
