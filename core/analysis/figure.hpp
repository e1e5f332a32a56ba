#pragma once
// A figure of the study as plain data: a tidy table (one row per plotted point or bar) plus
// what a plot needs to draw it — title, axes with units, and the column that splits rows into
// series. The CLI writes the table as CSV, the GUI plots it, tests check it: one definition.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace clens {

enum class FigureKind : std::uint8_t {
    Cdf,        // x = value, y = cumulative fraction, one line per series
    Bars,       // x = category, y = value, one bar group per series
    Table,      // rows of numbers, no natural plot
    TimeSeries, // x = time, one line per y column
};

std::string_view toString(FigureKind k);

struct FigureAxis {
    std::string label; // "Queueing delay"
    std::string unit;  // "s", "%", "GPUs", "" for a plain count or fraction
    // Table columns plotted on this axis: x uses the first; y may list several (grouped or
    // stacked bars, several lines of a time series; each column carries its own unit).
    std::vector<std::string> columns;
};

// One column: numbers (NaN = missing) or text.
struct FigureColumn {
    std::string name;
    std::string unit;
    bool isText = false;
    std::vector<double> numbers;
    std::vector<std::string> texts;

    std::size_t size() const { return isText ? texts.size() : numbers.size(); }
};

// A cell for appendRow: text, a number, or missing.
using FigureCell = std::variant<std::monostate, double, std::string>;
FigureCell cell(std::optional<double> v); // nullopt or NaN -> missing

struct Figure {
    std::string name;  // file-name-safe identifier ("queue_delay_cdf_by_size")
    std::string title; // human title
    FigureKind kind = FigureKind::Table;
    FigureAxis x;
    FigureAxis y;
    std::string seriesColumn; // "" = a single series
    std::vector<FigureColumn> columns;
    std::vector<std::string> notes; // caveats a reader must see (definitions, missing data)

    void addNumberColumn(std::string name, std::string unit = {});
    void addTextColumn(std::string name);
    // Appends one row; cells match columns in order.
    void appendRow(const std::vector<FigureCell>& cells);

    std::size_t rowCount() const { return columns.empty() ? 0 : columns.front().size(); }
    const FigureColumn* column(std::string_view name) const;
    // Number at (row, column name); NaN when missing. Throws std::out_of_range on a bad name.
    double number(std::size_t row, std::string_view column) const;
    const std::string& text(std::size_t row, std::string_view column) const;
    // First row whose text column equals value (tests and lookups).
    std::optional<std::size_t> findRow(std::string_view column, std::string_view value) const;
};

} // namespace clens
