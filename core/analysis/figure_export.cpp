#include "core/analysis/figure_export.hpp"

#include "core/util/atomic_file.hpp"

#include "core/util/csv_writer.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <fstream>
#include <stdexcept>

namespace clens {

std::string formatNumber(double v)
{
    if (std::isnan(v))
        return {};
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    if (v == std::floor(v) && std::fabs(v) < 9.0e15)
        return std::to_string(static_cast<long long>(v));
    // 12 significant digits: drops floating-point noise (1739.9999999999995 -> 1740) and keeps
    // far more precision than any figure carries.
    char buf[64];
    const int n = std::snprintf(buf, sizeof buf, "%.12g", v);
    return std::string(buf, static_cast<std::size_t>(std::max(n, 0)));
}

void writeFigureCsv(std::ostream& out, const Figure& f)
{
    for (std::size_t c = 0; c < f.columns.size(); ++c) {
        if (c)
            out << ',';
        writeCsvField(out, f.columns[c].name);
    }
    out << '\n';
    const std::size_t rows = f.rowCount();
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t c = 0; c < f.columns.size(); ++c) {
            if (c)
                out << ',';
            const auto& col = f.columns[c];
            if (col.isText)
                writeCsvField(out, col.texts[r]);
            else
                out << formatNumber(col.numbers[r]);
        }
        out << '\n';
    }
}

void writeFigureCsvFile(const std::string& path, const Figure& f)
{
    // Written atomically (docs/cli.md "Output files").
    store::writeFileAtomically(path, [&](std::ostream& out) { writeFigureCsv(out, f); });
}

namespace {

boost::json::object axisJson(const FigureAxis& a)
{
    boost::json::array cols;
    for (const auto& c : a.columns)
        cols.emplace_back(c);
    return {{"label", a.label}, {"unit", a.unit}, {"columns", std::move(cols)}};
}

} // namespace

boost::json::object figureMetaJson(const Figure& f)
{
    boost::json::object o;
    o["name"] = f.name;
    o["title"] = f.title;
    o["kind"] = toString(f.kind);
    o["x"] = axisJson(f.x);
    o["y"] = axisJson(f.y);
    o["series_column"] = f.seriesColumn.empty() ? boost::json::value(nullptr) : boost::json::value(f.seriesColumn);
    boost::json::array cols;
    for (const auto& c : f.columns)
        cols.push_back(boost::json::object{{"name", c.name}, {"unit", c.unit}, {"type", c.isText ? "text" : "number"}});
    o["columns"] = std::move(cols);
    o["rows"] = f.rowCount();
    boost::json::array notes;
    for (const auto& n : f.notes)
        notes.emplace_back(n);
    o["notes"] = std::move(notes);
    return o;
}

boost::json::object figureJson(const Figure& f)
{
    auto o = figureMetaJson(f);
    boost::json::object data;
    for (const auto& c : f.columns) {
        boost::json::array values;
        values.reserve(c.size());
        if (c.isText)
            for (const auto& s : c.texts)
                values.emplace_back(s);
        else
            for (const double v : c.numbers)
                values.push_back(!std::isfinite(v)                                ? boost::json::value(nullptr)
                                 : v == std::floor(v) && std::fabs(v) < 9.0e15 ? boost::json::value(static_cast<std::int64_t>(v))
                                                                               : boost::json::value(v));
        data[c.name] = std::move(values);
    }
    o["data"] = std::move(data);
    return o;
}

} // namespace clens
