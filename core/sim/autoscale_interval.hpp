#pragma once
// One autoscaler interval of one running job (docs/autoscaling.md): its demand walked piece by
// piece under a fixed reservation — how much work gets done (CPU demand above the reservation
// slows the job to reservation ÷ demand), when the work runs out (the run ends), when memory
// demand first exceeds the reservation (the attempt is OOM-killed), what was used — and the
// usage statistics the policies read.
#include "core/phases/scaling_policy.hpp"
#include "core/sim/demand_model.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace clens {

// Reservations are whole millicores and MiB, rounded up with this tolerance (so that 3 x 1.1
// cores is 3,300 millicores, not 3,301): one made from a demand can lie this far below it, and
// demand within it of the reservation counts as met (else a job would be OOM-killed at the very
// peak its next reservation was made to hold, on every attempt).
inline constexpr double kReservationSlackUnits = 1e-6; // of a millicore or a MiB

// What an interval's walk sums up (what closing the interval reads).
struct IntervalSums {
    double elapsed_s = 0;   // wall time evaluated (to the cut, the end or the OOM)
    double progress_s = 0;  // work done, in full-speed seconds
    double throttled_s = 0; // elapsed - progress
    double cpuUsed_s = 0;   // core-seconds used (demand, capped by the reservation)
    double memUsed_s = 0;   // MiB-seconds used
    double peakMem = 0;     // MiB
    std::int32_t lastPhase = -1; // the phase at the end of what was evaluated
    bool cpuUnder = false;  // some CPU demand above the reservation
    bool memUnder = false;
};
// Where the walk stopped early, if it did (what planning the interval reads).
struct IntervalStop {
    std::optional<double> endAt_s; // offset from the interval start where the work ran out
    std::optional<double> oomAt_s; // offset where memory demand first exceeded the reservation
};
struct IntervalOutcome : IntervalSums, IntervalStop {};

// Walks the demand of [0, upTo_s) from `cursor` under a reservation of cpu cores and mem MiB,
// with `work_s` full-speed seconds of work left, stopping early at the end of the work or an OOM
// (the cursor is left where the walk stopped). With `samples`, appends each piece's (cpu, mem).
// With `table` (the profile's, packed), a phase walk draws through it: the same demand, faster.
IntervalOutcome runInterval(DemandCursor& cursor, double cpu, double mem, double work_s, double upTo_s,
                            std::vector<double>* samples = nullptr, const PhaseWalkTable* table = nullptr);
// The same, written into `sums` and `stop` (the engine keeps the sums where a tick reads them).
void runInterval(DemandCursor& cursor, double cpu, double mem, double work_s, double upTo_s, std::vector<double>* samples,
                 const PhaseWalkTable* table, IntervalSums& sums, IntervalStop& stop);

// Usage statistics over (cpu, mem) samples (one per piece), for the policies.
IntervalUsage usageOfSamples(const std::vector<double>& samples);

// The usage statistics of [0, length_s) from `cursor` (a copy is walked): what the oracles read.
IntervalUsage usageAhead(DemandCursor cursor, double length_s, std::vector<double>& scratch);

} // namespace clens
