#include "core/analysis/cluster_capacity.hpp"

#include <cmath>

namespace clens {
namespace {

double capacityOf(double own, const std::optional<double>& fallback)
{
    if (std::isfinite(own) && own > 0)
        return own;
    return fallback ? *fallback : std::nan("");
}

} // namespace

ServerCapacities serverCapacities(const Topology& cluster, const Scenario::Resources::ServerDefaults& defaults)
{
    ServerCapacities c;
    c.cpuCores.reserve(cluster.servers().size());
    c.memGb.reserve(cluster.servers().size());
    for (const auto& s : cluster.servers()) {
        c.cpuCores.push_back(capacityOf(s.cpuCores, defaults.cpuCores));
        c.memGb.push_back(capacityOf(s.memGb, defaults.memGb));
    }
    return c;
}

std::optional<double> totalCapacity(const std::vector<double>& perServer)
{
    if (perServer.empty())
        return std::nullopt;
    double sum = 0;
    for (const double v : perServer) {
        if (std::isnan(v))
            return std::nullopt;
        sum += v;
    }
    return sum;
}

} // namespace clens
