#pragma once
// Which phases the simulated cluster's autoscaled jobs are in (docs/autoscaling.md), from
// SimResult::scaledRuns / scaledLevels: level k of a run spans scaledLevelSpan(r, run, k) and
// carries the demand's phase at that interval's end.
//   running      jobs running at t, by the phase of the interval covering t (a job spread over
//                several servers counts once);
//   transitions  [from][to]: consecutive intervals of one attempt of a job, counted once the
//                later interval has begun (its start <= t); an unknown phase (-1) is left out,
//                and a re-queued job's next attempt starts afresh (no transition across).
#include "core/sim/scaled_run_index.hpp"
#include "core/sim/sim_result.hpp"

#include <cstdint>
#include <vector>

namespace clens {

struct SimulatedPhases {
    std::vector<std::int32_t> running;                   // [phase]
    std::int32_t runningUnknown = 0;                      // running autoscaled jobs of phase -1
    std::vector<std::vector<std::int32_t>> transitions;   // [from][to]
    std::int64_t runningTotal() const;
    std::int64_t transitionTotal() const;
};

// Built once per result (linear in its levels, which it copies the phases of); at() then costs
// about the jobs running at t plus a bounded number of transitions.
class SimulatedPhaseIndex {
public:
    explicit SimulatedPhaseIndex(const SimResult& result);

    // The largest phase of any level + 1 (0 without phases).
    int phaseCount() const { return k_; }
    bool empty() const { return phases_.empty(); }
    // Sized to max(phaseCount(), minPhases) phases.
    SimulatedPhases at(std::int64_t t, int minPhases = 0) const;

private:
    struct Transition {
        std::int16_t from = 0, to = 0;
    };
    // One run per job attempt, its levels' phases in phases_ from the run's `first`.
    ScaledRunIndex attempts_;
    std::vector<std::int16_t> phases_;
    // Transitions happen at the autoscaler's ticks (a level after the first begins at one):
    // transitions_ by tick, those at tick m (origin_ + m * interval_) from byTick_[m].
    std::int64_t origin_ = 0, interval_ = 1;
    std::vector<std::uint32_t> byTick_;
    std::vector<Transition> transitions_;
    // The transition counts before transitions_[i * kCheckpoint], [i][from * k_ + to].
    std::vector<std::vector<std::int32_t>> checkpoints_;
    int k_ = 0;
};

// Running jobs per phase at `samples` instants evenly spaced over [from, to] (both ends
// included; one instant when from == to): the Phases page's chart of the simulated cluster.
struct SimulatedPhaseSeries {
    std::vector<std::int64_t> t;
    std::vector<std::vector<std::int32_t>> running; // [phase][sample]
};
SimulatedPhaseSeries simulatedPhaseSeries(const SimulatedPhaseIndex& index, std::int64_t from, std::int64_t to, int samples,
                                          int minPhases = 0);

// SimulatedPhaseIndex(result).at(t, minPhases).
SimulatedPhases simulatedPhasesAt(const SimResult& result, std::int64_t t, int minPhases = 0);

} // namespace clens
