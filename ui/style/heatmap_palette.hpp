#pragma once
// Colours of the cluster heatmap and its legend. One place, so the legend and the cells agree.
#include "core/sim/cluster_state.hpp"
#include "ui/style/color_mode.hpp"

#include <QColor>

#include <cstdint>

namespace clens::ui {
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
// Share of a server's CPU or memory reserved: pale (0%) -> orange -> dark red (100%).
QColor reserved(double fraction);
// A server whose capacity is unknown (the cluster file does not say, no scenario default).
QColor unknownCapacity();
// The used / reserved modes: the part of a server's capacity its jobs use, the part reserved
// but not used, and use above the reservation (memory that gets OOM-killed).
QColor used();
QColor reservedUnused();
QColor usedAboveReserved();
// Node power (docs/autoscaling.md): a powered-off server is dark grey and cross-hatched, a
// booting one striped in the power colour; failed servers stay solid black.
QColor poweredOff();
QColor poweredOffHatch();
// The gauge of a server without GPUs in the GPU modes (its filled part: CPU reserved).
QColor cpuOnlyServer();
// The corner mark of a GPU shared by more than one job.
QColor shareMark();
// The stripes over an idle GPU whose server has (nearly) no CPU or memory left for it.
QColor stranded();
// Waiting causes, shared by the inspector and the summary.
QColor fairshare();
QColor fragmentation();
QColor capacity();
QColor power(); // waiting for servers to boot
QColor cause(DelayCause c); // one of the four above
QColor running();

} // namespace palette
} // namespace clens::ui
