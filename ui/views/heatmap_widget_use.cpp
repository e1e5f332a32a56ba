// The cluster map with the autoscaler and node power (docs/autoscaling.md): the used / reserved
// modes (each cell of a server a gauge of its capacity: reserved light, used dark, use above the
// reservation red) and servers powered off or booting, drawn so in every mode.
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/power_cell.hpp"

#include <algorithm>
#include <cmath>

namespace clens::ui {
namespace {

std::uint16_t thousandths(double fraction)
{
    return static_cast<std::uint16_t>(std::lround(std::clamp(fraction, 0.0, 1.0) * 1000));
}

} // namespace

std::optional<double> HeatmapWidget::usedFraction(std::int32_t server, ColorMode resource) const
{
    const bool memory = reservedModeOf(resource) == ColorMode::MemoryReserved;
    const auto& capacity = memory ? capacities_.memGb : capacities_.cpuCores;
    const auto& used = memory ? state_.memUsed : state_.cpuUsed;
    const auto& reserved = memory ? state_.memReserved : state_.cpuReserved;
    const auto s = static_cast<std::size_t>(server);
    if (server < 0 || s >= capacity.size() || std::isnan(capacity[s]))
        return std::nullopt;
    // Without the autoscaler a state may carry no use: then what is used is what is reserved.
    const double u = s < used.size() ? used[s] : s < reserved.size() ? reserved[s] : 0.0;
    if (capacity[s] <= 0)
        return u > 0 ? 1.0 : 0.0;
    return u / capacity[s];
}

int HeatmapWidget::usedFillOfGpu(std::int32_t gpu) const
{
    return gpu >= 0 && static_cast<std::size_t>(gpu) < usedFills_.size() ? usedFills_[static_cast<std::size_t>(gpu)] : 0;
}

int HeatmapWidget::usedFillOfServerCell(std::int32_t server) const
{
    return server >= 0 && static_cast<std::size_t>(server) < serverUsedFills_.size()
               ? serverUsedFills_[static_cast<std::size_t>(server)]
               : 0;
}

std::uint8_t HeatmapWidget::powerOfGpu(std::int32_t gpu) const
{
    return gpu >= 0 && static_cast<std::size_t>(gpu) < power_.size() ? power_[static_cast<std::size_t>(gpu)] : kPoweredOn;
}

std::uint8_t HeatmapWidget::powerOfServer(std::int32_t server) const
{
    const auto s = static_cast<std::size_t>(server);
    return server >= 0 && s < state_.serverPower.size() ? state_.serverPower[s] : kPoweredOn;
}

void HeatmapWidget::colourByUse()
{
    const ColorMode resource = reservedModeOf(mode_);
    const auto& servers = topology_->servers();
    for (std::size_t s = 0; s < servers.size(); ++s) {
        const auto server = static_cast<std::int32_t>(s);
        const auto reserved = reservedFraction(server, resource);
        const auto used = usedFraction(server, resource);
        QRgb colour = palette::unknownCapacity().rgb();
        std::uint16_t fill = 1000, usedFill = 0;
        if (reserved && used) {
            colour = palette::reservedUnused().rgb();
            fill = thousandths(*reserved);
            usedFill = thousandths(*used);
        }
        serverColours_[s] = colour;
        serverFills_[s] = fill;
        serverUsedFills_[s] = usedFill;
        const Server& sv = servers[s];
        for (auto g = sv.firstGpu; g < sv.firstGpu + sv.gpus; ++g) {
            const auto gi = static_cast<std::size_t>(g);
            if (gi < state_.gpu.size() && state_.gpu[gi] == GpuState::Failed) {
                colours_[gi] = palette::failed().rgb();
                continue;
            }
            colours_[gi] = colour;
            fills_[gi] = fill;
            usedFills_[gi] = usedFill;
        }
    }
}

void HeatmapWidget::markPower()
{
    const auto& servers = topology_->servers();
    for (std::size_t s = 0; s < servers.size() && s < state_.serverPower.size(); ++s) {
        const std::uint8_t power = state_.serverPower[s];
        if (power == kPoweredOn)
            continue;
        serverColours_[s] = palette::poweredOff().rgb();
        serverFills_[s] = 1000;
        serverUsedFills_[s] = 0;
        const Server& sv = servers[s];
        for (auto g = sv.firstGpu; g < sv.firstGpu + sv.gpus; ++g) {
            const auto gi = static_cast<std::size_t>(g);
            if (gi < state_.gpu.size() && state_.gpu[gi] == GpuState::Failed)
                continue;
            colours_[gi] = palette::poweredOff().rgb();
            fills_[gi] = 1000;
            usedFills_[gi] = 0;
            marks_[gi] = 0;
            stranded_[gi] = 0;
            power_[gi] = power;
        }
    }
}

} // namespace clens::ui
