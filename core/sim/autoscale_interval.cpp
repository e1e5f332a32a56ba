#include "core/sim/autoscale_interval.hpp"

#include <algorithm>

namespace clens {

namespace {
constexpr double kMemSlackMib = kReservationSlackUnits;
constexpr double kCpuSlackCores = kReservationSlackUnits / 1000.0;
} // namespace

void AutoscaleInterval::fill(DemandWalk& walk, DemandStep& current, double& carry, double length_s)
{
    pieces_.clear();
    length_ = length_s;
    double t = 0;
    while (t < length_s) {
        if (carry <= 0) {
            current = walk.next();
            carry = current.duration_s;
        }
        const double dt = std::min(carry, length_s - t);
        pieces_.push_back({dt, current.cpu, current.mem, current.phase});
        t += dt;
        carry -= dt;
    }
}

IntervalOutcome AutoscaleInterval::evaluate(double cpu, double mem, double work_s, double upTo_s) const
{
    IntervalOutcome o;
    double t = 0;
    for (const auto& p : pieces_) {
        if (t >= upTo_s)
            break;
        if (p.mem > mem + kMemSlackMib) { // memory above the reservation: killed at once
            o.oomAt_s = t;
            o.memUnder = true;
            o.peakMem = std::max(o.peakMem, p.mem);
            o.lastPhase = p.phase;
            break;
        }
        const double dt = std::min(p.duration_s, upTo_s - t);
        const bool cpuShort = p.cpu > cpu + kCpuSlackCores;
        const double rate = cpuShort ? cpu / p.cpu : 1.0;
        o.cpuUnder = o.cpuUnder || cpuShort;
        o.peakMem = std::max(o.peakMem, p.mem);
        o.lastPhase = p.phase;
        if (rate > 0 && o.progress_s + rate * dt >= work_s) { // the work runs out in this piece
            const double need = (work_s - o.progress_s) / rate;
            o.progress_s = work_s;
            o.cpuUsed_s += std::min(p.cpu, cpu) * need;
            o.memUsed_s += p.mem * need;
            t += need;
            o.endAt_s = t;
            break;
        }
        o.progress_s += rate * dt;
        o.cpuUsed_s += std::min(p.cpu, cpu) * dt;
        o.memUsed_s += p.mem * dt;
        t += dt;
    }
    o.elapsed_s = std::min(t, upTo_s);
    o.throttled_s = std::max(0.0, o.elapsed_s - o.progress_s);
    return o;
}

IntervalUsage AutoscaleInterval::usage() const
{
    IntervalUsage u;
    if (pieces_.empty())
        return u;
    scratch_.clear();
    for (const auto& p : pieces_) {
        scratch_.push_back(p.cpu);
        scratch_.push_back(p.mem);
    }
    u.cpu = usageStats(scratch_.data(), pieces_.size(), 2);
    u.mem = usageStats(scratch_.data() + 1, pieces_.size(), 2);
    return u;
}

} // namespace clens
