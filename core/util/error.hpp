#pragma once
// The one family of errors core throws for a reason its caller can act on
// (docs/CONTRIBUTING.md "Errors"):
//   Error                      the root: catch it to report any of them
//   ├─ InputError              a file's content: file, line or record, field (input_error.hpp)
//   │   └─ ProjectFileError    a project file that cannot be read (core/store/project_file_error.hpp)
//   ├─ ValueError              a value handed to core (an option, a parameter, a setting) that
//   │                          breaks a rule, where no file and line are known
//   ├─ OutputFileError         a result file that cannot be written (atomic_file.hpp)
//   ├─ ProjectSaveError        a project that cannot be saved (core/store/project_file_error.hpp)
//   ├─ store::SqliteError      SQLite refused (core/store/sqlite_db.hpp)
//   └─ JobSetMismatch          two results of different jobs compared (core/analysis/comparison.hpp)
// std::logic_error and its kind are not in it: they report a bug in ClusterLens, never bad input.
#include <stdexcept>
#include <string>

namespace clens {

class Error : public std::runtime_error {
public:
    explicit Error(const std::string& what) : std::runtime_error(what) {}
};

class ValueError : public Error {
public:
    explicit ValueError(const std::string& reason) : ValueError("", reason) {}
    // what(): "field reason" ("jobs must be between 1 and 10000000"), or the reason alone. The
    // field is a plain name (no command-line spelling): the CLI or the UI says it their way.
    ValueError(std::string field, std::string reason)
        : Error(field.empty() ? reason : field + " " + reason), field_(std::move(field)), reason_(std::move(reason))
    {
    }
    const std::string& field() const noexcept { return field_; }
    const std::string& reason() const noexcept { return reason_; }

private:
    std::string field_;
    std::string reason_;
};

} // namespace clens
