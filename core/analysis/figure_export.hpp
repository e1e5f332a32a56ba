#pragma once
// Figures out of the process: CSV (one file per figure; header = column names, a missing
// value is an empty field) and JSON (metadata for an index, optionally with the data).
#include "core/analysis/figure.hpp"

#include <boost/json/object.hpp>

#include <ostream>
#include <string>

namespace clens {

// Whole numbers without a decimal point; others with 12 significant digits; NaN -> "".
std::string formatNumber(double v);

void writeFigureCsv(std::ostream& out, const Figure& f);
// Replaces the file atomically; throws store::OutputFileError (a std::runtime_error) when it
// cannot be written, leaving an existing file as it was.
void writeFigureCsvFile(const std::string& path, const Figure& f);

// name, title, kind, x/y axes, series_column, columns (name, unit), rows, notes.
boost::json::object figureMetaJson(const Figure& f);
// figureMetaJson plus "data": {column: [values...]} (null for missing).
boost::json::object figureJson(const Figure& f);

} // namespace clens
