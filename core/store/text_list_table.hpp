#pragma once
// A list of strings in a table of (idx INTEGER PRIMARY KEY, <column> TEXT): import notes,
// user names, metric columns. Read back in order; a gap in idx is refused (TableReader).
#include "core/store/sqlite_db.hpp"

#include <string>
#include <vector>

namespace clens::store {

void writeTextList(Database& db, const std::string& table, const std::string& column, const std::vector<std::string>& items);
std::vector<std::string> readTextList(Database& db, const std::string& file, const std::string& table, const std::string& column);

} // namespace clens::store
