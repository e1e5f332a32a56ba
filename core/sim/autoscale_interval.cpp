#include "core/sim/autoscale_interval.hpp"

#include <algorithm>
#include <limits>

namespace clens {

namespace {
constexpr double kMemSlackMib = kReservationSlackUnits;
constexpr double kCpuSlackCores = kReservationSlackUnits / 1000.0;
} // namespace

IntervalOutcome runInterval(DemandCursor& cursor, double cpu, double mem, double work_s, double upTo_s,
                            std::vector<double>* samples)
{
    IntervalOutcome o;
    double t = 0;
    cursor.walkFor(upTo_s, [&](double dt, const DemandStep& p) {
        if (samples) {
            samples->push_back(p.cpu);
            samples->push_back(p.mem);
        }
        o.peakMem = std::max(o.peakMem, p.mem);
        o.lastPhase = p.phase;
        if (p.mem > mem + kMemSlackMib) { // memory above the reservation: killed at once
            o.oomAt_s = t;
            o.memUnder = true;
            return false;
        }
        // Without branches: whether CPU is short is a coin toss step by step when the
        // reservation sits near the demand, and a mispredicted branch costs more than the division.
        const bool cpuShort = p.cpu > cpu + kCpuSlackCores;
        const double ratio = cpu / std::max(p.cpu, kCpuSlackCores);
        const double rate = cpuShort ? ratio : 1.0;
        o.cpuUnder |= cpuShort;
        const double cpuUsed = std::min(p.cpu, cpu);
        if (rate > 0 && o.progress_s + rate * dt >= work_s) { // the work runs out in this piece
            const double need = (work_s - o.progress_s) / rate;
            o.progress_s = work_s;
            o.cpuUsed_s += cpuUsed * need;
            o.memUsed_s += p.mem * need;
            t += need;
            o.endAt_s = t;
            return false;
        }
        o.progress_s += rate * dt;
        o.cpuUsed_s += cpuUsed * dt;
        o.memUsed_s += p.mem * dt;
        t += dt;
        return true;
    });
    o.elapsed_s = std::min(t, upTo_s);
    o.throttled_s = std::max(0.0, o.elapsed_s - o.progress_s);
    return o;
}

IntervalUsage usageOfSamples(const std::vector<double>& samples)
{
    IntervalUsage u;
    const auto n = samples.size() / 2;
    if (n == 0)
        return u;
    u.cpu = usageStats(samples.data(), n, 2);
    u.mem = usageStats(samples.data() + 1, n, 2);
    return u;
}

IntervalUsage usageAhead(DemandCursor cursor, double length_s, std::vector<double>& scratch)
{
    scratch.clear();
    cursor.walkFor(length_s, [&](double, const DemandStep& p) {
        scratch.push_back(p.cpu);
        scratch.push_back(p.mem);
        return true;
    });
    return usageOfSamples(scratch);
}

} // namespace clens
