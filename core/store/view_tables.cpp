#include "core/store/view_tables.hpp"

#include "core/store/table_reader.hpp"

namespace clens::store {

void writeView(Database& db, const std::optional<ProjectView>& view)
{
    if (!view)
        return;
    Statement row(db, "INSERT INTO view_state (id, time_s, selected_job, color_mode, page, window_from_s, window_to_s) "
                      "VALUES (1, ?, ?, ?, ?, ?, ?)");
    row.bindOptionalInt(1, view->time_s);
    row.bindOptionalInt(2, view->selectedJob);
    row.bindText(3, view->colorMode);
    row.bindText(4, view->page);
    row.bindOptionalInt(5, view->windowFrom_s);
    row.bindOptionalInt(6, view->windowTo_s);
    row.run();
}

std::optional<ProjectView> readView(Database& db, const std::string& file, std::size_t jobCount)
{
    TableReader t(db, file, "view_state",
                  "SELECT time_s, selected_job, color_mode, page, window_from_s, window_to_s FROM view_state WHERE id = 1");
    if (!t.next())
        return std::nullopt;
    ProjectView v;
    v.time_s = t.optionalInteger(0);
    if (!t.isNull(1))
        v.selectedJob = t.integer(1, 0, static_cast<std::int64_t>(jobCount) - 1);
    v.colorMode = t.text(2);
    v.page = t.text(3);
    v.windowFrom_s = t.optionalInteger(4);
    v.windowTo_s = t.optionalInteger(5);
    if (v.windowFrom_s.has_value() != v.windowTo_s.has_value() || (v.windowFrom_s && *v.windowTo_s <= *v.windowFrom_s))
        t.fail(5, "a window needs both ends, the second after the first");
    return v;
}

} // namespace clens::store
