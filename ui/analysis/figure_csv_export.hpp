#pragma once
// Saving a figure's table (CSV); its chart is saved through ui/views/chart_export. Returns an
// empty string on success, else a message for the user.
#include "core/analysis/figure.hpp"
#include "ui/views/chart_export.hpp"

#include <QString>

namespace clens::ui::analysis {

// The figure's tidy table, raw values (the CLI's CSV).
QString exportFigureCsv(const Figure& figure, const QString& path);

} // namespace clens::ui::analysis
