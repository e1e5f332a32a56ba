#include "core/store/sweep_tables.hpp"

#include "core/sim/sim_summary.hpp"
#include "core/store/table_reader.hpp"
#include "core/util/json_text.hpp"

#include <boost/json.hpp>

namespace clens::store {

void writeSweep(Database& db, const std::optional<ProjectSweep>& sweep)
{
    if (!sweep)
        return;
    Statement head(db, "INSERT INTO sweep (id, grid_json) VALUES (1, ?)");
    head.bindText(1, sweep->gridJson);
    head.run();
    Statement run(db, "INSERT INTO sweep_runs (idx, back, ok, error, summary_json) VALUES (?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < sweep->runs.size(); ++i) {
        const auto& r = sweep->runs[i];
        run.bindInt(1, static_cast<std::int64_t>(i));
        run.bindInt(2, i < sweep->back.size() && sweep->back[i] ? 1 : 0);
        run.bindInt(3, r.ok ? 1 : 0);
        run.bindText(4, r.error);
        if (r.ok)
            run.bindText(5, toJsonText(summaryToJson(r.summary)));
        else
            run.bindNull(5);
        run.run();
    }
}

std::optional<ProjectSweep> readSweep(Database& db, const std::string& file)
{
    ProjectSweep sweep;
    {
        TableReader t(db, file, "sweep", "SELECT grid_json FROM sweep WHERE id = 1");
        if (!t.next())
            return std::nullopt;
        sweep.gridJson = t.text(0);
    }
    TableReader t(db, file, "sweep_runs", "SELECT idx, back, ok, error, summary_json FROM sweep_runs ORDER BY idx");
    while (t.next()) {
        t.expectPosition(0, static_cast<std::int64_t>(sweep.runs.size()));
        SweepRun r;
        const bool back = t.boolean(1);
        r.ok = t.boolean(2);
        r.error = t.text(3);
        if (r.ok) {
            const auto text = t.optionalText(4);
            if (!text)
                t.fail(4, "a run that succeeded has no summary");
            boost::system::error_code ec;
            const auto v = boost::json::parse(*text, ec);
            if (ec || !v.is_object())
                t.fail(4, "not a summary JSON object");
            r.summary = summaryFromJson(v.get_object());
        }
        sweep.runs.push_back(std::move(r));
        sweep.back.push_back(back ? 1 : 0);
    }
    return sweep;
}

} // namespace clens::store
