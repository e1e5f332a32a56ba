#pragma once
// The folder file dialogs start in: the last one a file was opened from or saved to (QSettings).
#include <QString>

class QWidget;

namespace clens::ui {

QString lastDir();
void rememberDir(const QString& filePath);

// A save dialog starting at `name` in lastDir() (an absolute name stands as it is); a name typed
// without a suffix gets `suffix` ("csv"). Empty when cancelled.
QString askSavePath(QWidget* parent, const QString& caption, const QString& name, const QString& filter, const QString& suffix);

} // namespace clens::ui
