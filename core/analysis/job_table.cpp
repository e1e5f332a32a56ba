#include "core/analysis/job_table.hpp"

namespace clens {

void JobTable::refreshFlags()
{
    hasDelays = hasDelayCauses = hasPlacement = hasUtil = hasLevels = false;
    for (const auto& j : jobs) {
        hasDelays |= j.queueDelay_s.has_value();
        hasDelayCauses |= j.fairshareDelay_s.has_value();
        hasPlacement |= j.servers.has_value();
        hasUtil |= !std::isnan(j.util);
        hasLevels |= j.level.has_value();
    }
}

} // namespace clens
