#pragma once
// Container CPU/memory time series (AI4DL CSV layout): one series per pod, rows in file order.
#include <cstdint>
#include <string>
#include <vector>

namespace clens {

struct ContainerSeries {
    std::string podId;
    std::string service;
    std::vector<std::int64_t> timestamps; // seconds, one per row
    std::vector<double> values;           // row-major: rows x ContainerMetrics::columns.size()
    std::vector<std::int64_t> fileLines;  // source line of each row (for error messages)

    std::size_t rows() const { return timestamps.size(); }
};

struct ContainerMetrics {
    std::string source;
    std::vector<std::string> columns; // numeric metric names in file order
    std::vector<ContainerSeries> containers; // order of first appearance

    std::size_t columnIndex(const std::string& name) const; // columns.size() when absent
    double value(const ContainerSeries& s, std::size_t row, std::size_t column) const
    {
        return s.values[row * columns.size() + column];
    }
};

} // namespace clens
