#pragma once
// One finished simulation as the views see it: immutable, shared between the GUI thread and
// whoever still holds it (the baseline, a view being repainted).
#include "core/sim/sim_result.hpp"
#include "core/sim/simulated_phases.hpp"
#include "ui/run/engine.hpp"
#include "ui/run/interval_index.hpp"
#include "ui/run/job_occupancy_index.hpp"

#include <QMetaType>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>

namespace clens::ui {

struct SimSnapshot {
    // Which request of the run controller published it last: a kept result shown again
    // (ResultCache) is published under the new request's number. Read and written on the GUI
    // thread only, while other threads may read the rest of a published snapshot.
    mutable std::uint64_t generation = 0;
    std::shared_ptr<const SimResult> result;
    std::shared_ptr<const StateSource> states;
    JobOccupancyIndex jobIntervals;
    IntervalIndex gpuIntervals;       // SimResult::occupancy by GPU
    IntervalIndex serverReservations; // SimResult::reservations by server
    IntervalIndex jobReservations;    // SimResult::reservations by job
    // Which phases the autoscaled jobs are in over time (the Phases page's simulated cluster);
    // null without autoscaled runs, or when the snapshot was not made by makeSnapshot.
    std::shared_ptr<const SimulatedPhaseIndex> phases;
    double runSeconds = 0; // wall time of simulate + index

    // The span a user can scrub: first submission to the last event.
    std::int64_t begin_s() const { return result ? result->firstSubmit_s : 0; }
    std::int64_t end_s() const { return result ? std::max(result->lastEvent_s, result->firstSubmit_s) : 0; }
    // Where a new trace opens: the first instant a job holds a GPU (the occupancy is sorted by
    // start), else the first submission. A trace whose first jobs ask no GPU (the Kubernetes
    // sample's system pods, five days before its GPU jobs) opened on an empty cluster.
    std::int64_t firstActivity_s() const
    {
        return result && !result->occupancy.empty() ? std::clamp(result->occupancy.front().from_s, begin_s(), end_s()) : begin_s();
    }
    // The timelines' window when a new trace opens: the whole span, unless the first activity
    // comes after a quiet lead-in of more than a tenth of it (a Kubernetes export's system pods,
    // started days before the GPU jobs); then from a twentieth of the rest before the first
    // activity to the end, so the first jobs' rise shows at the left.
    std::pair<std::int64_t, std::int64_t> openingWindow() const
    {
        const auto first = firstActivity_s(), span = end_s() - begin_s();
        if ((first - begin_s()) * 10 <= span)
            return {begin_s(), end_s()};
        return {std::max(begin_s(), first - (end_s() - first) / 20), end_s()};
    }
    // What "zoom to job" shows: its submission to its end (the span's end while unfinished),
    // with a twentieth more on each side so both ends of its bars show. Nullopt: no such job.
    std::optional<std::pair<std::int64_t, std::int64_t>> jobView(std::int32_t job) const;
};

using SnapshotPtr = std::shared_ptr<const SimSnapshot>;

// Indexes a finished result for the views (engine.index, the intervals per job, GPU and
// server). Slow for large results: call it on a worker thread. Throws what engine.index throws.
std::shared_ptr<SimSnapshot> makeSnapshot(const Engine& engine, std::shared_ptr<const SimResult> result);
// The per-job, per-GPU and per-server indexes alone (makeSnapshot calls it).
void indexIntervals(SimSnapshot& snapshot);
// Drops this reference on a worker thread: when it is the last one, the snapshot is freed there
// and not on the GUI thread (freeing takes about 50 ms a gigabyte; a 10M-job result is several).
void releaseInBackground(SnapshotPtr snapshot);

} // namespace clens::ui

Q_DECLARE_METATYPE(clens::ui::SnapshotPtr)
