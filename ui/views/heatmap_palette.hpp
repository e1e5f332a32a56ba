#pragma once
// Colours of the cluster heatmap and its legend. One place, so the legend and the cells agree.
#include "core/sim/cluster_state.hpp"

#include <QColor>
#include <QString>

#include <cstdint>

namespace clens::ui {

enum class ColorMode : std::uint8_t { State, Tenant, Job, Utilization };

QString toDisplayString(ColorMode mode);

namespace palette {

QColor background();
QColor rackFrame();
QColor idle();
QColor busy();
QColor heldIdle();
QColor failed();
QColor state(GpuState s);
QColor tenant(std::int32_t vc);
QColor job(std::int32_t job);
// Red (0%) -> amber (50%) -> green (100%).
QColor utilization(float u);
// Waiting causes, shared by the inspector and the summary.
QColor fairshare();
QColor fragmentation();
QColor capacity();
QColor power(); // waiting for servers to boot
QColor running();

} // namespace palette
} // namespace clens::ui
