#include "ui/io/save_text.hpp"

#include <QCoreApplication>
#include <QSaveFile>

namespace clens::ui {

QString saveTextAtomically(const QString& path, const std::string& bytes)
{
    QSaveFile file(path);
    const auto size = static_cast<qint64>(bytes.size());
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes.data(), size) != size || !file.commit())
        return QCoreApplication::translate("saveTextAtomically", "Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

} // namespace clens::ui
