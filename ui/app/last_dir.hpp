#pragma once
// The folder file dialogs start in: the last one a file was opened from or saved to (QSettings).
#include <QString>

namespace clens::ui {

QString lastDir();
void rememberDir(const QString& filePath);

} // namespace clens::ui
