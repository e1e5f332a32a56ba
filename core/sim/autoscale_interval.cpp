#include "core/sim/autoscale_interval.hpp"
#include "core/sim/autoscale_interval_walk.hpp"

#include <algorithm>
#include <limits>

namespace clens {

void runInterval(DemandCursor& cursor, double cpu, double mem, double work_s, double upTo_s, std::vector<double>* samples,
                 const PhaseWalkTable* table, IntervalSums& sums, IntervalStop& stop)
{
    if (table && cursor.walk.source() == DemandSource::Phases) {
        if (samples)
            detail::runIntervalImpl<true, true>(cursor, cpu, mem, work_s, upTo_s, samples, table, sums, stop);
        else
            detail::runIntervalImpl<false, true>(cursor, cpu, mem, work_s, upTo_s, nullptr, table, sums, stop);
    } else if (samples) {
        detail::runIntervalImpl<true, false>(cursor, cpu, mem, work_s, upTo_s, samples, nullptr, sums, stop);
    } else {
        detail::runIntervalImpl<false, false>(cursor, cpu, mem, work_s, upTo_s, nullptr, nullptr, sums, stop);
    }
}

IntervalOutcome runInterval(DemandCursor& cursor, double cpu, double mem, double work_s, double upTo_s,
                            std::vector<double>* samples, const PhaseWalkTable* table)
{
    IntervalOutcome o;
    runInterval(cursor, cpu, mem, work_s, upTo_s, samples, table, o, o);
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
    cursor.walkFor(length_s, [&](double, double cpu, double mem) {
        scratch.push_back(cpu);
        scratch.push_back(mem);
        return true;
    });
    return usageOfSamples(scratch);
}

} // namespace clens
