#include "core/store/phase_tables.hpp"

#include "core/store/blob_codec.hpp"
#include "core/store/table_reader.hpp"
#include "core/store/text_list_table.hpp"

#include <algorithm>
#include <cmath>

namespace clens::store {

std::int64_t phaseRows(const std::optional<ProjectPhases>& phases)
{
    return phases && phases->metrics ? static_cast<std::int64_t>(phases->metrics->containers.size()) : 0;
}

void writePhases(Database& db, const std::optional<ProjectPhases>& phases, RowProgress& progress)
{
    if (!phases || !phases->metrics)
        return;
    const ContainerMetrics& m = *phases->metrics;
    {
        Statement s(db, "INSERT INTO phase_metrics (id, source, resample_step_s, model_json) VALUES (1, ?, ?, ?)");
        s.bindText(1, m.source);
        s.bindInt(2, m.resampleStep_s);
        s.bindText(3, phases->modelJson);
        s.run();
    }
    writeTextList(db, "phase_metric_columns", "name", m.columns);
    writeTextList(db, "phase_metric_notes", "note", m.notes);
    Statement s(db, "INSERT INTO containers (idx, pod_id, service, timestamps, metric_values, file_lines) VALUES (?, ?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < m.containers.size(); ++i) {
        const auto& c = m.containers[i];
        s.bindInt(1, static_cast<std::int64_t>(i));
        s.bindText(2, c.podId);
        s.bindText(3, c.service);
        s.bindBlob(4, encodeArray(c.timestamps));
        s.bindBlob(5, encodeArray(c.values));
        s.bindBlob(6, encodeArray(c.fileLines));
        s.run();
        progress.tick();
    }
}

std::optional<ProjectPhases> readPhases(Database& db, const std::string& file, RowProgress& progress)
{
    ProjectPhases phases;
    auto m = std::make_shared<ContainerMetrics>();
    {
        TableReader t(db, file, "phase_metrics", "SELECT source, resample_step_s, model_json FROM phase_metrics WHERE id = 1");
        if (!t.next()) {
            // No metrics: the other phase tables must be empty too.
            for (const char* table : {"containers", "phase_metric_columns", "phase_metric_notes"}) {
                TableReader rows(db, file, table, std::string("SELECT count(*) FROM ") + table);
                if (rows.next() && rows.integer(0) > 0)
                    throw ProjectFileError(ProjectFileError::Kind::BadContent, file, 0, table,
                                           std::string("table ") + table + " has rows but phase_metrics has none");
            }
            return std::nullopt;
        }
        m->source = t.text(0);
        m->resampleStep_s = t.integer(1, 0);
        phases.modelJson = t.text(2);
    }
    m->columns = readTextList(db, file, "phase_metric_columns", "name");
    m->notes = readTextList(db, file, "phase_metric_notes", "note");
    TableReader t(db, file, "containers",
                  "SELECT idx, pod_id, service, timestamps, metric_values, file_lines FROM containers ORDER BY idx");
    while (t.next()) {
        t.expectPosition(0, static_cast<std::int64_t>(m->containers.size()));
        ContainerSeries c;
        c.podId = t.text(1);
        c.service = t.text(2);
        c.timestamps = t.array<std::int64_t>(3);
        c.values = t.array<double>(4);
        c.fileLines = t.array<std::int64_t>(5);
        if (c.timestamps.empty())
            t.fail(3, "a container without rows");
        if (c.values.size() != c.timestamps.size() * m->columns.size())
            t.fail(4, std::to_string(c.values.size()) + " values for " + std::to_string(c.timestamps.size()) + " rows of "
                          + std::to_string(m->columns.size()) + " columns");
        if (c.fileLines.size() != c.timestamps.size())
            t.fail(5, std::to_string(c.fileLines.size()) + " file lines for " + std::to_string(c.timestamps.size()) + " rows");
        if (std::adjacent_find(c.timestamps.begin(), c.timestamps.end(), std::greater_equal<>()) != c.timestamps.end())
            t.fail(3, "timestamps do not strictly increase");
        if (std::any_of(c.values.begin(), c.values.end(), [](double v) { return !std::isfinite(v) || v < 0; }))
            t.fail(4, "a metric value is negative or not finite");
        m->containers.push_back(std::move(c));
        progress.tick();
    }
    if (m->containers.empty())
        throw ProjectFileError(ProjectFileError::Kind::BadContent, file, 0, "containers", "container metrics without containers");
    phases.metrics = std::move(m);
    return phases;
}

} // namespace clens::store
