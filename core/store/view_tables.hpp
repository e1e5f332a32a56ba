#pragma once
// The GUI's view state in the view_state table (schema 7).
#include "core/store/project.hpp"
#include "core/store/sqlite_db.hpp"

#include <optional>
#include <string>

namespace clens::store {

void writeView(Database& db, const std::optional<ProjectView>& view);
// nullopt when the file holds none. A selected job outside the trace's jobCount is refused.
std::optional<ProjectView> readView(Database& db, const std::string& file, std::size_t jobCount);

} // namespace clens::store
