#pragma once
// Container CPU/memory time series (AI4DL CSV layout): one series per pod, rows in file order.
#include <cstdint>
#include <string>
#include <vector>

namespace clens {

struct ContainerSeries {
    std::string podId;
    std::string service;
    std::vector<std::int64_t> timestamps; // seconds, one per row, strictly increasing
    std::vector<double> values;           // row-major: rows x ContainerMetrics::columns.size()
    std::vector<std::int64_t> fileLines;  // source line of each row (for error messages)

    std::size_t rows() const { return timestamps.size(); }
};

struct ContainerMetrics {
    std::string source;
    std::vector<std::string> columns;        // numeric metric names (reader order)
    std::vector<ContainerSeries> containers; // order of first appearance
    std::int64_t resampleStep_s = 0;         // 0 = raw rows; else rows are every step seconds
    std::vector<std::string> notes;          // things the user should know (e.g. single-row containers)

    std::size_t columnIndex(const std::string& name) const; // columns.size() when absent
    // Column index; throws InputError(source, 0, name, ...) when the column is absent.
    std::size_t requireColumn(const std::string& name) const;
    double value(const ContainerSeries& s, std::size_t row, std::size_t column) const
    {
        return s.values[row * columns.size() + column];
    }
    std::size_t totalRows() const;
};

} // namespace clens
