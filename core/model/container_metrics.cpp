#include "core/model/container_metrics.hpp"

#include "core/util/input_error.hpp"

namespace clens {

std::size_t ContainerMetrics::columnIndex(const std::string& name) const
{
    for (std::size_t i = 0; i < columns.size(); ++i)
        if (columns[i] == name)
            return i;
    return columns.size();
}

std::size_t ContainerMetrics::requireColumn(const std::string& name) const
{
    const auto i = columnIndex(name);
    if (i == columns.size())
        throw InputError(source, 0, name, "the metrics have no column '" + name + "'");
    return i;
}

std::size_t ContainerMetrics::totalRows() const
{
    std::size_t n = 0;
    for (const auto& c : containers)
        n += c.rows();
    return n;
}

} // namespace clens
