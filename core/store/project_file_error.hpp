#pragma once
// Typed errors of the project file (.clens). Reading problems are InputErrors (the CLI exits 2,
// the UI shows where): the file is named, and for bad content the record is "table row N"
// (1-based) with field "table.column". Saving problems are ProjectSaveError (exit 1).
#include "core/util/input_error.hpp"
#include "core/util/text_escape.hpp"

#include <stdexcept>
#include <string>

namespace clens {

class ProjectFileError : public InputError {
public:
    enum class Kind {
        CannotOpen,   // missing, unreadable, a directory, ...
        NotAProject,  // not an SQLite database, or an SQLite database that is not a ClusterLens project
        NewerVersion, // written by a newer ClusterLens (schema version above what this build reads)
        OldVersion,   // a schema version too old to upgrade (0 = never stamped)
        Corrupt,      // SQLite reports a malformed or truncated database
        BadContent,   // a well-formed database whose content breaks the schema's rules
    };
    ProjectFileError(Kind kind, const std::string& file, std::int64_t row, const std::string& field,
                     const std::string& reason)
        : InputError(file, row, field, reason), kind_(kind)
    {
    }
    Kind kind() const noexcept { return kind_; }

private:
    Kind kind_;
};

class ProjectSaveError : public Error {
public:
    ProjectSaveError(const std::string& file, const std::string& reason)
        : Error(escapeControlChars(file + ": cannot save project: " + reason)), file_(file)
    {
    }
    const std::string& file() const noexcept { return file_; }

private:
    std::string file_;
};

} // namespace clens
