#include "core/store/text_list_table.hpp"

#include "core/store/table_reader.hpp"

namespace clens::store {

void writeTextList(Database& db, const std::string& table, const std::string& column, const std::vector<std::string>& items)
{
    Statement s(db, "INSERT INTO " + table + " (idx, " + column + ") VALUES (?, ?)");
    for (std::size_t i = 0; i < items.size(); ++i) {
        s.bindInt(1, static_cast<std::int64_t>(i));
        s.bindText(2, items[i]);
        s.run();
    }
}

std::vector<std::string> readTextList(Database& db, const std::string& file, const std::string& table, const std::string& column)
{
    std::vector<std::string> items;
    TableReader t(db, file, table, "SELECT idx, " + column + " FROM " + table + " ORDER BY idx");
    while (t.next()) {
        t.expectPosition(0, static_cast<std::int64_t>(items.size()));
        items.push_back(t.text(1));
    }
    return items;
}

} // namespace clens::store
