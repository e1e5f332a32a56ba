#pragma once
// The interval walk itself (runInterval's body), for the engine's tick to inline: it runs once per
// running job at every tick, and the call cost a few per cent of the autoscaler benchmark.
#include "core/sim/autoscale_interval.hpp"

#include <algorithm>
#include <vector>

namespace clens {

namespace detail {
inline constexpr double kMemSlackMib = kReservationSlackUnits;
inline constexpr double kCpuSlackCores = kReservationSlackUnits / 1000.0;

// The walk and the evaluation in one loop, the state in locals (a lambda's captured outcome lived
// in memory); the same operations in the same order as DemandCursor::walkFor and a piece each.
template <bool kSamples, bool kTable>
[[gnu::always_inline]] inline void runIntervalImpl(DemandCursor& cursor, double cpu, double mem, double work_s, double upTo_s, std::vector<double>* samples,
                     const PhaseWalkTable* table, IntervalSums& o, IntervalStop& stop)
{
    const double memLimit = mem + kMemSlackMib;
    const double cpuLimit = cpu + kCpuSlackCores;
    DemandWalk walk = cursor.walk; // in registers, not behind the reference
    DemandStep p{0, cursor.cpu, cursor.mem, cursor.phase};
    double left = cursor.stepLeft;
    double t = 0, progress = 0, cpuUsedS = 0, memUsedS = 0, peak = 0;
    bool cpuUnder = false;
    // Every field of `o` is set below (zeroing the whole outcome first cost a tenth of the walk).
    stop.endAt_s.reset();
    stop.oomAt_s.reset();
    o.memUnder = false;
    while (t < upTo_s) {
        if (left <= 0) {
            if constexpr (kTable)
                p = walk.nextRun(*table);
            else
                p = walk.next();
            left = p.duration_s;
        }
        const double dt = std::min(left, upTo_s - t);
        left -= dt;
        if constexpr (kSamples) {
            samples->push_back(p.cpu);
            samples->push_back(p.mem);
        }
        peak = std::max(peak, p.mem);
        if (p.mem > memLimit) { // memory above the reservation: killed at once
            stop.oomAt_s = t;
            o.memUnder = true;
            break;
        }
        double rate = 1.0;
        if (p.cpu > cpuLimit) [[unlikely]] { // CPU short: the job runs at reservation / demand
            rate = cpu / std::max(p.cpu, kCpuSlackCores);
            cpuUnder = true;
        }
        const double cpuUsed = std::min(p.cpu, cpu);
        if (progress + rate * dt >= work_s && rate > 0) { // the work runs out in this piece (rarely: tested first)
            const double need = (work_s - progress) / rate;
            progress = work_s;
            cpuUsedS += cpuUsed * need;
            memUsedS += p.mem * need;
            t += need;
            stop.endAt_s = t;
            break;
        }
        progress += rate * dt;
        cpuUsedS += cpuUsed * dt;
        memUsedS += p.mem * dt;
        t += dt;
    }
    cursor.walk = walk;
    cursor.cpu = p.cpu;
    cursor.mem = p.mem;
    cursor.phase = p.phase;
    cursor.stepLeft = left;
    o.progress_s = progress;
    o.cpuUsed_s = cpuUsedS;
    o.memUsed_s = memUsedS;
    o.peakMem = peak;
    o.cpuUnder = cpuUnder;
    o.lastPhase = upTo_s > 0 ? p.phase : -1; // the last piece's (none when nothing was walked)
    o.elapsed_s = std::min(t, upTo_s);
    o.throttled_s = std::max(0.0, o.elapsed_s - o.progress_s);
}
} // namespace detail

} // namespace clens
