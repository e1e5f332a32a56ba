#include "core/model/container_metrics.hpp"

namespace clens {

std::size_t ContainerMetrics::columnIndex(const std::string& name) const
{
    for (std::size_t i = 0; i < columns.size(); ++i)
        if (columns[i] == name)
            return i;
    return columns.size();
}

} // namespace clens
