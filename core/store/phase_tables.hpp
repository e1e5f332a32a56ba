#pragma once
// The Phases page's data in the phase_metrics, phase_metric_columns, phase_metric_notes and
// containers tables (schema 2): the container metrics as read (or resampled) and the phase model
// JSON text.
#include "core/store/project.hpp"
#include "core/store/row_progress.hpp"
#include "core/store/sqlite_db.hpp"

#include <optional>
#include <string>

namespace clens::store {

// Rows writePhases adds to the containers table (for progress).
std::int64_t phaseRows(const std::optional<ProjectPhases>& phases);
void writePhases(Database& db, const std::optional<ProjectPhases>& phases, RowProgress& progress);
// nullopt when the file holds no container metrics.
std::optional<ProjectPhases> readPhases(Database& db, const std::string& file, RowProgress& progress);

} // namespace clens::store
