#pragma once
// What a result says was on one GPU or server at an instant: every job holding the GPU (with
// its part of it, for shared GPUs) and every job reserving CPU or memory on the server. For
// tooltips and the inspector; scans one GPU's or server's intervals.
#include "ui/run/sim_snapshot.hpp"

#include <cstdint>
#include <vector>

namespace clens::ui {

struct GpuHolder {
    std::int32_t job = -1;
    std::uint16_t milli = 1000; // its part of the GPU
    GpuUse use = GpuUse::Running;
};

struct ServerReservation {
    std::int32_t job = -1;
    double cpuCores = 0;
    double memGb = 0;
};

// Ordered by start, then by job.
std::vector<GpuHolder> holdersAt(const SimSnapshot& snapshot, std::int32_t gpu, std::int64_t t);
std::vector<ServerReservation> reservationsAt(const SimSnapshot& snapshot, std::int32_t server, std::int64_t t);

} // namespace clens::ui
