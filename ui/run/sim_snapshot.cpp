#include "ui/run/sim_snapshot.hpp"

#include <QThreadPool>

#include <algorithm>
#include <future>
#include <stdexcept>

namespace clens::ui {

std::optional<std::pair<std::int64_t, std::int64_t>> SimSnapshot::jobView(std::int32_t job) const
{
    if (!result || !result->trace || job < 0 || static_cast<std::size_t>(job) >= result->jobs.size()
        || static_cast<std::size_t>(job) >= result->trace->jobs.size())
        return std::nullopt;
    const auto from = result->trace->jobs[static_cast<std::size_t>(job)].submit_s;
    const auto to = std::max(from, result->jobs[static_cast<std::size_t>(job)].end_s.value_or(end_s()));
    const auto margin = std::max<std::int64_t>(30, (to - from) / 20);
    return std::pair{from - margin, to + margin};
}

std::shared_ptr<SimSnapshot> makeSnapshot(const Engine& engine, std::shared_ptr<const SimResult> result)
{
    if (!engine.index)
        throw std::runtime_error("this build has no simulation engine");
    auto snapshot = std::make_shared<SimSnapshot>();
    snapshot->result = result;
    // The state index on a second thread while this one builds the interval indexes
    // (docs/gui.md "How it is built (for contributors)").
    auto states = std::async(std::launch::async, [&engine, result = std::move(result)] { return engine.index(result); });
    indexIntervals(*snapshot);
    // The Phases page's index here too (about as long as the state index after an autoscaled
    // run), so that page shows the new result with the others instead of a tenth of a second later.
    if (!snapshot->result->scaledRuns.empty())
        snapshot->phases = std::make_shared<const SimulatedPhaseIndex>(*snapshot->result);
    snapshot->states = states.get(); // rethrows what engine.index threw
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

void releaseInBackground(SnapshotPtr snapshot)
{
    if (snapshot)
        QThreadPool::globalInstance()->start([snapshot = std::move(snapshot)]() mutable { snapshot.reset(); });
}

} // namespace clens::ui
