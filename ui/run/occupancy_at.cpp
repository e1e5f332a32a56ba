#include "ui/run/occupancy_at.hpp"

#include <algorithm>

namespace clens::ui {

std::vector<GpuHolder> holdersAt(const SimSnapshot& snapshot, std::int32_t gpu, std::int64_t t)
{
    std::vector<GpuHolder> out;
    if (!snapshot.result)
        return out;
    const auto& occupancy = snapshot.result->occupancy;
    std::vector<const GpuInterval*> on;
    for (const auto i : snapshot.gpuIntervals.of(gpu))
        if (const GpuInterval& iv = occupancy[i]; iv.from_s <= t && t < iv.to_s)
            on.push_back(&iv);
    std::stable_sort(on.begin(), on.end(), [](const GpuInterval* a, const GpuInterval* b) {
        return a->from_s != b->from_s ? a->from_s < b->from_s : a->job < b->job;
    });
    for (const auto* iv : on)
        out.push_back({iv->job, iv->milli, iv->use});
    return out;
}

std::vector<ServerReservation> reservationsAt(const SimSnapshot& snapshot, std::int32_t server, std::int64_t t)
{
    std::vector<ServerReservation> out;
    if (!snapshot.result)
        return out;
    const auto& reservations = snapshot.result->reservations;
    std::vector<const ReservationInterval*> on;
    for (const auto i : snapshot.serverReservations.of(server))
        if (const ReservationInterval& r = reservations[i]; r.from_s <= t && t < r.to_s)
            on.push_back(&r);
    std::stable_sort(on.begin(), on.end(), [](const ReservationInterval* a, const ReservationInterval* b) {
        return a->from_s != b->from_s ? a->from_s < b->from_s : a->job < b->job;
    });
    for (const auto* r : on)
        out.push_back({r->job, static_cast<double>(r->cpuMilli) / 1000.0, static_cast<double>(r->memMib) / 1024.0});
    return out;
}

} // namespace clens::ui
