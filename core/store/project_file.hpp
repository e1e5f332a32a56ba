#pragma once
// The .clens project file (docs/project-file.md "The project file (`.clens`)"): one SQLite
// database, schema version in PRAGMA user_version (docs/project-file.md "Versioning and upgrades").
#include "core/store/project.hpp"
#include "core/store/project_file_error.hpp"
#include "core/util/error.hpp"
#include "core/util/progress.hpp"

#include <cstdint>
#include <span>
#include <string>

namespace clens {

// Writes the whole project in one transaction to a temporary file beside path, syncs it and
// renames it over path: path is either the old file or the complete new one, never a mix.
// Throws ProjectSaveError (the old file is left as it was), Cancelled when progress says stop,
// ValueError when a result does not belong to the project's trace.
void saveProject(const std::string& path, const Project& project, const ProgressFn& progress = {});

// Reads the whole project in one read transaction; never writes to the file. Throws
// ProjectFileError (kind says why; the message names the file, and the table and row when
// relevant) or Cancelled.
Project loadProject(const std::string& path, const ProgressFn& progress = {});

namespace store {
struct Migration;
// loadProject as a build whose schema is `currentVersion`, reached from older files by `steps`
// (loadProject passes the real ones; tests exercise the upgrade path with made-up ones).
Project loadProjectAt(const std::string& path, const ProgressFn& progress, std::int64_t currentVersion,
                      std::span<const Migration> steps);
} // namespace store

} // namespace clens
