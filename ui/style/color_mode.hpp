#pragma once
// What the cluster map colours by. The GPU modes colour each GPU by what holds it; the server
// modes colour every cell of a server by the share of its CPU or memory reserved, or fill it as
// a gauge of what its jobs use inside what they reserve (the autoscaler, docs/autoscaling.md).
#include <QString>

#include <array>
#include <cstdint>
#include <optional>

namespace clens::ui {

enum class ColorMode : std::uint8_t { State, Tenant, Job, Utilization, CpuReserved, MemoryReserved, CpuUsed, MemoryUsed };

inline constexpr std::array<ColorMode, 8> kColorModes{ColorMode::State,         ColorMode::Tenant,         ColorMode::Job,
                                                      ColorMode::Utilization,   ColorMode::CpuReserved,    ColorMode::MemoryReserved,
                                                      ColorMode::CpuUsed,       ColorMode::MemoryUsed};

QString toDisplayString(ColorMode mode);
// The name on the command line (--color-by) and in the settings: state, tenant, job,
// utilization, cpu, memory, cpu-used, memory-used.
QString colorModeName(ColorMode mode);
// Also accepts the short forms vc, util and mem, and the mode's number as older settings
// stored it (0-3).
std::optional<ColorMode> colorModeFromName(const QString& name);
// The server modes colour whole servers.
bool isServerMode(ColorMode mode);
// CPU used / reserved and Memory used / reserved: each cell a gauge of the server's capacity.
bool isUsedMode(ColorMode mode);
// The resource a server mode shows: CpuReserved or MemoryReserved.
ColorMode reservedModeOf(ColorMode mode);
// The short text of the mode's button ("CPU", "CPU used", …) and its tooltip.
QString shortDisplayString(ColorMode mode);
QString modeToolTip(ColorMode mode);

} // namespace clens::ui
