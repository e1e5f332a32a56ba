#include "ui/run/sim_snapshot.hpp"

#include <stdexcept>

namespace clens::ui {

std::shared_ptr<SimSnapshot> makeSnapshot(const Engine& engine, std::shared_ptr<const SimResult> result)
{
    if (!engine.index)
        throw std::runtime_error("this build has no simulation engine");
    auto snapshot = std::make_shared<SimSnapshot>();
    snapshot->states = engine.index(result);
    snapshot->result = std::move(result);
    indexIntervals(*snapshot);
    return snapshot;
}

void indexIntervals(SimSnapshot& s)
{
    const SimResult& r = *s.result;
    s.jobIntervals = JobOccupancyIndex(r);
    const auto gpus = r.cluster ? static_cast<std::size_t>(r.cluster->gpuCount()) : 0;
    const auto servers = r.cluster ? static_cast<std::size_t>(r.cluster->serverCount()) : 0;
    s.gpuIntervals = IntervalIndex::build(r.occupancy, gpus, [](const GpuInterval& iv) { return iv.gpu; });
    s.serverReservations =
        IntervalIndex::build(r.reservations, servers, [](const ReservationInterval& v) { return v.server; });
    s.jobReservations =
        IntervalIndex::build(r.reservations, r.jobs.size(), [](const ReservationInterval& v) { return v.job; });
}

} // namespace clens::ui
