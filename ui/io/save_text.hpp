#pragma once
// Writes a text export (a CSV) all or nothing: the file is the old one or the complete new one.
#include <QString>

#include <string>

namespace clens::ui {

// "" on success, else a message for the user naming the file and the reason.
QString saveTextAtomically(const QString& path, const std::string& bytes);

} // namespace clens::ui
