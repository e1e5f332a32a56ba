#pragma once
// The GUI's sweep in the sweep and sweep_runs tables (schema 7).
#include "core/store/project.hpp"
#include "core/store/sqlite_db.hpp"

#include <optional>
#include <string>

namespace clens::store {

void writeSweep(Database& db, const std::optional<ProjectSweep>& sweep);
// nullopt when the file holds no sweep (or predates them).
std::optional<ProjectSweep> readSweep(Database& db, const std::string& file);

} // namespace clens::store
