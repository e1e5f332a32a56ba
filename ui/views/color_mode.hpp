#pragma once
// What the cluster map colours by. The GPU modes colour each GPU by what holds it; the server
// modes colour every cell of a server by the share of its CPU or memory reserved.
#include <QString>

#include <array>
#include <cstdint>
#include <optional>

namespace clens::ui {

enum class ColorMode : std::uint8_t { State, Tenant, Job, Utilization, CpuReserved, MemoryReserved };

inline constexpr std::array<ColorMode, 6> kColorModes{ColorMode::State, ColorMode::Tenant,      ColorMode::Job,
                                                      ColorMode::Utilization, ColorMode::CpuReserved,
                                                      ColorMode::MemoryReserved};

QString toDisplayString(ColorMode mode);
// The name on the command line (--color-by) and in the settings: state, tenant, job,
// utilization, cpu, memory.
QString colorModeName(ColorMode mode);
// Also accepts the short forms vc, util and mem, and the mode's number as older settings
// stored it (0-3).
std::optional<ColorMode> colorModeFromName(const QString& name);
// CPU reserved and Memory reserved colour whole servers.
bool isServerMode(ColorMode mode);

} // namespace clens::ui
